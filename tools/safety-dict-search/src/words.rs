//! Words: how queries, phrasings and safety-tag names are cut into searchable tokens.
//!
//! The index uses tantivy's default analyser (split on anything that is not alphanumeric,
//! then lowercase); the functions here cut query text the same way so that the terms built
//! programmatically match the indexed ones, and never pass text to a query parser.

/// Lowercase alphanumeric words of `text`, exactly as tantivy's default analyser cuts them.
pub fn tokens(text: &str) -> Vec<String> {
    raw_words(text).map(str::to_lowercase).collect()
}

/// The alphanumeric runs of `text`, case kept.
fn raw_words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
}

/// The humps of a CamelCase word: `ValidCStr` → `Valid`, `C`, `Str`; `NonNull` → `Non`,
/// `Null`. A word without inner capitals is one hump.
pub fn camel_parts(word: &str) -> Vec<&str> {
    let chars: Vec<(usize, char)> = word.char_indices().collect();
    let mut parts = Vec::new();
    let mut start = 0;
    for i in 1..chars.len() {
        let (pos, c) = chars[i];
        let prev = chars[i - 1].1;
        let next_lower = chars.get(i + 1).is_some_and(|(_, n)| n.is_lowercase());
        let boundary = c.is_uppercase()
            && (prev.is_lowercase()
                || prev.is_ascii_digit()
                || (prev.is_uppercase() && next_lower));
        if boundary {
            parts.push(&word[start..pos]);
            start = pos;
        }
    }
    parts.push(&word[start..]);
    parts
}

/// The text indexed for one safety-tag name: the name itself (`ValidCStr`, which lowercases
/// to `validcstr`), and every run of consecutive humps (`Valid C Str`, `ValidC`, `CStr`), so
/// that `ValidCStr`, `valid c str` and `cstr` all find it.
pub fn tag_text(tag: &str) -> String {
    let mut out = vec![tag.to_string()];
    for word in raw_words(tag) {
        let parts = camel_parts(word);
        for len in 1..parts.len() {
            for window in parts.windows(len) {
                out.push(window.concat());
            }
        }
    }
    out.join(" ")
}

/// One word of a query: the lowercase word and, for a CamelCase word, its lowercase humps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryWord {
    pub text: String,
    pub parts: Vec<String>,
}

/// Longer words are dropped by tantivy's default analyser (`RemoveLongFilter`), so they can
/// match nothing; a query ignores them too rather than build a huge fuzzy automaton.
pub const MAX_WORD_BYTES: usize = 40;

/// A query keeps at most this many words, which bounds the cost of a search.
pub const MAX_QUERY_WORDS: usize = 32;

/// The words of a query. Syntax characters of any query language are plain separators here.
pub fn query_words(query: &str) -> Vec<QueryWord> {
    raw_words(query)
        .filter(|w| w.len() <= MAX_WORD_BYTES)
        .take(MAX_QUERY_WORDS)
        .map(|w| {
            let parts = camel_parts(w);
            QueryWord {
                text: w.to_lowercase(),
                parts: if parts.len() > 1 {
                    parts.iter().map(|p| p.to_lowercase()).collect()
                } else {
                    Vec::new()
                },
            }
        })
        .collect()
}

/// Normal forms of a phrasing for exact matching: its words joined by single spaces, and the
/// same with every code span (`` `ptr` ``) replaced by `_`, so that `` `p` is valid for
/// reads `` equals `` `ptr` is valid for reads. ``.
pub fn normal_forms(text: &str) -> Vec<String> {
    let plain = tokens(text).join(" ");
    let mut masked = String::new();
    for (i, piece) in text.split('`').enumerate() {
        if i % 2 == 1 {
            masked.push_str(" _ ");
        } else {
            masked.push_str(piece);
        }
    }
    let mut forms = vec![plain];
    if masked.contains('_') {
        let masked = masked
            .split(|c: char| !c.is_alphanumeric() && c != '_')
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect::<Vec<_>>()
            .join(" ");
        forms.push(masked);
    }
    forms.retain(|f| !f.is_empty());
    forms.dedup();
    forms
}

/// Optimal-string-alignment distance (Levenshtein with adjacent transpositions costing one),
/// the metric of tantivy's fuzzy queries with `transposition_cost_one`.
pub fn osa_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev2 = vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                cur[j] = cur[j].min(prev2[j - 2] + 1);
            }
        }
        prev2 = std::mem::replace(&mut prev, cur);
    }
    prev[b.len()]
}

/// The edit distance allowed for a query word of this many characters: none for short
/// words (too many neighbours), one from 3, two from 8.
pub fn fuzzy_distance(word: &str) -> u8 {
    match word.chars().count() {
        0..=2 => 0,
        3..=7 => 1,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn camel() {
        assert_eq!(camel_parts("ValidCStr"), ["Valid", "C", "Str"]);
        assert_eq!(camel_parts("NonNull"), ["Non", "Null"]);
        assert_eq!(camel_parts("ValidPtr"), ["Valid", "Ptr"]);
        assert_eq!(camel_parts("valid"), ["valid"]);
        assert_eq!(camel_parts("UTF8String"), ["UTF8", "String"]);
    }

    #[test]
    fn tag_text_has_all_runs() {
        assert_eq!(tag_text("ValidCStr"), "ValidCStr Valid C Str ValidC CStr");
        assert_eq!(tag_text("Init"), "Init");
    }

    #[test]
    fn query_words_split_syntax_and_camel() {
        let w = query_words("title:\"ValidCStr\" (x)");
        let texts: Vec<_> = w.iter().map(|w| w.text.as_str()).collect();
        assert_eq!(texts, ["title", "validcstr", "x"]);
        assert_eq!(w[1].parts, ["valid", "c", "str"]);
        let long = format!("{} ok", "x".repeat(MAX_WORD_BYTES + 1));
        assert_eq!(query_words(&long).len(), 1);
        assert_eq!(query_words(&"w ".repeat(100)).len(), MAX_QUERY_WORDS);
    }

    #[test]
    fn normal_forms_mask_code() {
        assert_eq!(
            normal_forms("`ptr` is valid for reads."),
            ["ptr is valid for reads", "_ is valid for reads"]
        );
        assert_eq!(normal_forms("valid-for-reads"), ["valid for reads"]);
        assert!(normal_forms("  ").is_empty());
    }

    #[test]
    fn osa() {
        assert_eq!(osa_distance("vaild", "valid"), 1);
        assert_eq!(osa_distance("raeds", "reads"), 1);
        assert_eq!(osa_distance("abc", "abc"), 0);
        assert_eq!(osa_distance("", "ab"), 2);
    }
}
