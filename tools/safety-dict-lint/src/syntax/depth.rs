//! A cheap estimate of how deep the parser will recurse on a text, so that absurd nesting is
//! reported and skipped instead of exhausting the stack.

/// Nesting estimate: maximal bracket depth (outside comments and strings), plus the longest
/// run of prefix operators, plus the number of `else if` (each nests the parser once more).
pub fn nesting_estimate(text: &str) -> usize {
    let b = text.as_bytes();
    let mut depth: usize = 0;
    let mut max_depth = 0;
    let mut run = 0;
    let mut max_run = 0;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                // Block comments nest in Rust.
                let mut level = 0usize;
                while i < b.len() {
                    if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                        level += 1;
                        i += 2;
                    } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                        level -= 1;
                        i += 2;
                        if level == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
                continue;
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                max_depth = max_depth.max(depth);
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if matches!(c, b'-' | b'!' | b'*' | b'&' | b'<') {
            run += 1;
            max_run = max_run.max(run);
        } else if !c.is_ascii_whitespace() {
            run = 0;
        }
        i += 1;
    }
    max_depth + max_run + text.matches("else if").count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates() {
        assert_eq!(nesting_estimate("fn f() { g(a[1]) }"), 3);
        assert_eq!(nesting_estimate("// ((((\n\"((((\" /* (( /* ( */ */ x"), 0);
        assert_eq!(nesting_estimate("- - - - !x"), 5);
        assert!(nesting_estimate(&"{".repeat(100)) >= 100);
    }
}
