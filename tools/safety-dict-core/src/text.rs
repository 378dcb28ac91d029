//! Backticked spans: how variables are written in phrases, meanings and bindings.

use indexmap::IndexMap;

/// A piece of Markdown text: plain words or the content of one backticked span.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Segment<'a> {
    Plain(&'a str),
    Code(&'a str),
}

/// Splits text at single-backtick code spans. An unmatched backtick stays plain text.
pub fn segments(text: &str) -> Vec<Segment<'_>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('`') {
        let after = &rest[open + 1..];
        match after.find('`') {
            Some(close) => {
                if open > 0 {
                    out.push(Segment::Plain(&rest[..open]));
                }
                out.push(Segment::Code(&after[..close]));
                rest = &after[close + 1..];
            }
            None => break,
        }
    }
    if !rest.is_empty() {
        out.push(Segment::Plain(rest));
    }
    out
}

/// The contents of every backticked span, in order.
pub fn code_spans(text: &str) -> Vec<&str> {
    segments(text)
        .into_iter()
        .filter_map(|s| match s {
            Segment::Code(c) => Some(c),
            Segment::Plain(_) => None,
        })
        .collect()
}

/// Replaces every backticked span whose content is a bound variable by its value
/// (the value is Markdown and carries its own backticks when it is code).
pub fn substitute(template: &str, bindings: &IndexMap<String, String>) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    for seg in segments(template) {
        match seg {
            Segment::Plain(p) => out.push_str(p),
            Segment::Code(c) => push_span(&mut out, c, bindings.get(c).map(String::as_str)),
        }
    }
    out
}

/// Writes a backticked span of a template: its bound value, or the span itself when unbound.
pub(crate) fn push_span(out: &mut String, code: &str, value: Option<&str>) {
    match value {
        Some(v) => out.push_str(v),
        None => {
            out.push('`');
            out.push_str(code);
            out.push('`');
        }
    }
}

/// Looks like a meta variable name: a lowercase identifier, a lifetime or `$name`.
/// Capitalised names (`T`, `Self`) are type names, and anything else is an expression.
pub fn looks_like_variable(code: &str) -> bool {
    let body = code
        .strip_prefix('\'')
        .or_else(|| code.strip_prefix('$'))
        .unwrap_or(code);
    let mut chars = body.chars();
    match chars.next() {
        Some(c) if c.is_ascii_lowercase() || c == '_' => {}
        _ => return false,
    }
    chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// Case folding of literal text, as `(?i)` of the regex (simple one-to-one folding).
pub fn fold_char(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    if c == '\u{17F}' {
        return 's';
    }
    let mut l = c.to_lowercase();
    match (l.next(), l.next()) {
        (Some(one), None) => one,
        _ => c,
    }
}

/// ASCII whitespace as `char::is_whitespace` sees it (which, unlike `u8::is_ascii_whitespace`,
/// includes the vertical tab).
fn is_ascii_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r' | b' ')
}

/// Collapses runs of whitespace (including newlines) to one space and trims.
pub fn fold_whitespace(text: &str) -> String {
    let b = text.as_bytes();
    // Most text is already folded: single spaces between words, nothing at either end.
    let folded = text.is_ascii()
        && b.first().is_none_or(|&c| !is_ascii_space(c))
        && b.last().is_none_or(|&c| !is_ascii_space(c))
        && b.windows(2).all(|w| {
            !(is_ascii_space(w[0]) && (w[0] != b' ' || is_ascii_space(w[1])))
                && !(is_ascii_space(w[1]) && w[1] != b' ')
        });
    if folded {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_code_spans() {
        assert_eq!(
            segments("`ptr` is valid for `'a`."),
            vec![
                Segment::Code("ptr"),
                Segment::Plain(" is valid for "),
                Segment::Code("'a"),
                Segment::Plain(".")
            ]
        );
        assert_eq!(segments("a ` b"), vec![Segment::Plain("a ` b")]);
    }

    #[test]
    fn substitutes_only_bound_spans() {
        let mut b = IndexMap::new();
        b.insert("ptr".to_string(), "`buf`".to_string());
        b.insert("'a".to_string(), "this function call".to_string());
        assert_eq!(
            substitute("`ptr` is valid for `size_of::<T>()` bytes for `'a`.", &b),
            "`buf` is valid for `size_of::<T>()` bytes for this function call."
        );
    }

    #[test]
    fn folding_whitespace_keeps_folded_text_and_folds_the_rest() {
        for (text, want) in [
            ("a b", "a b"),
            ("", ""),
            (" a", "a"),
            ("a ", "a"),
            ("a  b", "a b"),
            ("a\tb", "a b"),
            ("a\x0bb", "a b"),
            ("a\u{a0}b", "a b"),
            ("\n", ""),
            ("é b", "é b"),
        ] {
            assert_eq!(fold_whitespace(text), want, "{text:?}");
        }
    }

    #[test]
    fn variable_shapes() {
        assert!(looks_like_variable("ptr"));
        assert!(looks_like_variable("'a"));
        assert!(looks_like_variable("$ret"));
        assert!(!looks_like_variable("T"));
        assert!(!looks_like_variable("size_of::<T>()"));
        assert!(!looks_like_variable("NUL"));
    }
}
