//! The safety documentation of a module source: `# Safety`, `# Guarantees` and `# Invariants`
//! sections of doc comments, and `// SAFETY:` / `// INVARIANT:` comments. Used to check that
//! every item in the good sides expands with the dictionary.

/// Which kind of safety documentation a block is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocKind {
    SafetySection,
    GuaranteesSection,
    InvariantsSection,
    SafetyComment,
    InvariantComment,
}

/// One block of safety documentation, with its comment markers still in place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocBlock {
    pub kind: DocKind,
    /// 1-based line of the heading or tag.
    pub line: usize,
    pub text: String,
}

fn section_kind(heading: &str) -> Option<DocKind> {
    match heading.trim_start_matches('#').trim() {
        "Safety" => Some(DocKind::SafetySection),
        "Guarantees" => Some(DocKind::GuaranteesSection),
        "Invariants" => Some(DocKind::InvariantsSection),
        _ => None,
    }
}

/// Every safety documentation block of `code`, in order.
pub fn blocks(code: &str) -> Vec<DocBlock> {
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let t = lines[i].trim_start();
        if let Some(doc) = t.strip_prefix("///") {
            let doc = doc.trim();
            if doc.starts_with('#') {
                if let Some(kind) = section_kind(doc) {
                    let start = i;
                    let mut text = Vec::new();
                    i += 1;
                    while i < lines.len() {
                        let l = lines[i].trim_start();
                        match l.strip_prefix("///") {
                            Some(d) if !d.trim().starts_with('#') => text.push(d.trim()),
                            _ => break,
                        }
                        i += 1;
                    }
                    out.push(DocBlock {
                        kind,
                        line: start + 1,
                        text: text.join("\n").trim().to_owned(),
                    });
                    continue;
                }
            }
        } else if let Some(c) = t.strip_prefix("//") {
            let c = c.trim_start();
            let kind = if c.starts_with("SAFETY:") {
                Some(DocKind::SafetyComment)
            } else if c.starts_with("INVARIANT:") {
                Some(DocKind::InvariantComment)
            } else {
                None
            };
            if let Some(kind) = kind {
                let start = i;
                let mut text = vec![c];
                i += 1;
                while i < lines.len() {
                    let l = lines[i].trim_start();
                    match l.strip_prefix("//") {
                        Some(d) if !d.starts_with('/') => text.push(d.trim()),
                        _ => break,
                    }
                    i += 1;
                }
                out.push(DocBlock {
                    kind,
                    line: start + 1,
                    text: text.join("\n"),
                });
                continue;
            }
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_sections_and_comments() {
        let code = "\
/// Reads.
///
/// # Safety
///
/// - `ptr` is valid for reads.
/// - `ptr` is aligned.
///
/// # Examples
/// nothing
unsafe fn f(ptr: *const u8) {
    // SAFETY:
    // - `ptr` is valid for reads by function requirements.
    unsafe { ptr.read() };
    // INVARIANT: `x` is fine by the check above.
    let y = 1; // not a block
}
";
        let b = blocks(code);
        assert_eq!(b.len(), 3);
        assert_eq!(b[0].kind, DocKind::SafetySection);
        assert_eq!(b[0].line, 3);
        assert_eq!(
            b[0].text,
            "- `ptr` is valid for reads.\n- `ptr` is aligned."
        );
        assert_eq!(b[1].kind, DocKind::SafetyComment);
        assert_eq!(
            b[1].text,
            "SAFETY:\n- `ptr` is valid for reads by function requirements."
        );
        assert_eq!(b[2].kind, DocKind::InvariantComment);
        assert_eq!(b[2].line, 14);
    }
}
