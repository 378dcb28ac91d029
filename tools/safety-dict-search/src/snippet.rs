//! Snippets: the part of an entry's summary or meaning that matched, with the matched words
//! marked.

use std::collections::BTreeMap;

use serde::Serialize;
use tantivy::schema::Field;
use tantivy::snippet::SnippetGenerator;
use tantivy::tokenizer::TextAnalyzer;

/// At most this many characters of text in a snippet.
pub const MAX_CHARS: usize = 160;

/// A fragment of text and the byte ranges in it that matched the query.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Snippet {
    pub text: String,
    /// Byte ranges `[start, end)` of `text`, sorted and not overlapping.
    pub highlights: Vec<[usize; 2]>,
}

impl Snippet {
    /// The text with every highlight wrapped in `open` and `close`, e.g. `**` and `**`, or the
    /// ANSI bold escapes.
    pub fn marked(&self, open: &str, close: &str) -> String {
        let mut out = String::with_capacity(self.text.len() + 8 * self.highlights.len());
        let mut at = 0;
        for &[start, end] in &self.highlights {
            let (Some(before), Some(word)) = (self.text.get(at..start), self.text.get(start..end))
            else {
                continue;
            };
            out.push_str(before);
            out.push_str(open);
            out.push_str(word);
            out.push_str(close);
            at = end;
        }
        out.push_str(self.text.get(at..).unwrap_or_default());
        out
    }
}

/// Makes snippets for the words of one query.
pub struct Snippets {
    summary: SnippetGenerator,
    meaning: SnippetGenerator,
}

impl Snippets {
    /// `terms` are the lowercase indexed words to mark, each with a weight (rarer words weigh
    /// more); `tokenizer` is the analyser of the summary and meaning fields.
    pub fn new(
        terms: BTreeMap<String, f32>,
        tokenizer: TextAnalyzer,
        summary: Field,
        meaning: Field,
    ) -> Snippets {
        Snippets {
            summary: SnippetGenerator::new(terms.clone(), tokenizer.clone(), summary, MAX_CHARS),
            meaning: SnippetGenerator::new(terms, tokenizer, meaning, MAX_CHARS),
        }
    }

    /// The best snippet of the summary, or of the meaning when only it matched, or the start
    /// of the summary when neither did.
    pub fn make(&self, summary: &str, meaning: &str) -> Snippet {
        let s = self.summary.snippet(summary);
        if !s.highlighted().is_empty() {
            return convert(&s, summary);
        }
        let m = self.meaning.snippet(meaning);
        if !m.highlighted().is_empty() {
            return convert(&m, meaning);
        }
        Snippet {
            text: head(summary, MAX_CHARS),
            highlights: Vec::new(),
        }
    }
}

/// Our snippet of tantivy's, with `…` where the fragment cuts the text of `len` bytes.
/// Punctuation that the fragment left out at either end is put back.
fn convert(s: &tantivy::snippet::Snippet, source: &str) -> Snippet {
    let range = s.fragment_range();
    let before = source.get(..range.start).unwrap_or_default();
    let after = source.get(range.end..).unwrap_or_default();
    let words = |t: &str| t.chars().any(char::is_alphanumeric);
    let lead = if words(before) { ELLIPSIS } else { before };
    let trail = if words(after) { ELLIPSIS } else { after };
    let shift = lead.len();
    let text = format!("{lead}{}{trail}", s.fragment());
    Snippet {
        text,
        highlights: s
            .highlighted()
            .iter()
            .map(|r| [r.start + shift, r.end + shift])
            .collect(),
    }
}

const ELLIPSIS: &str = "…";

/// The first `max` characters of `text`, cut at a word boundary, with `…` when cut.
fn head(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let cut: String = text.chars().take(max).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(a, _)| a);
    format!("{}…", cut.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_highlights() {
        let s = Snippet {
            text: "valid for reads".into(),
            highlights: vec![[0, 5], [10, 15]],
        };
        assert_eq!(s.marked("**", "**"), "**valid** for **reads**");
    }

    #[test]
    fn bad_ranges_are_skipped() {
        let s = Snippet {
            text: "abc".into(),
            highlights: vec![[2, 9]],
        };
        assert_eq!(s.marked("[", "]"), "abc");
    }

    #[test]
    fn head_cuts_at_words() {
        assert_eq!(head("one two three", 9), "one two…");
        assert_eq!(head("short", 9), "short");
    }
}
