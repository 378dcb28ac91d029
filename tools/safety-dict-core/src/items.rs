//! Items of safety text with their place in a source file, for tools that point at them (the
//! linter).
//!
//! The split into items and sentences is [`split_units`], the one `safety-dict expand`
//! uses, so a tool reads exactly the items `expand` shows. This module adds two things around
//! it. Before the split, a `*` bullet is passed as `-` (the lines come without comment markers,
//! so a leading `*` is a bullet, not the `*` of a block comment, which `split_units` would
//! drop), and what `split_units` leaves out as no prose (fenced code, link reference
//! definitions) is blanked, so that none of its words is searched for. After the split, each
//! item is found again, word by word, in the lines it came from, which gives its byte range and
//! whether it was a list item.

use std::ops::Range;

use crate::expand::{split_units, Lead, ListPlace, MarkdownBlocks, Position};

/// One line of text, its comment markers already removed, and the byte offset of its first
/// byte in the source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line<'a> {
    pub text: &'a str,
    pub offset: usize,
}

/// Whether an item was a Markdown list item or a sentence of prose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Listed,
    Sentence,
}

/// One item as [`split_units`] gives it, with where its words stand in the source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    /// The item's text (whitespace folded), as `expand` reads it.
    pub text: String,
    pub position: Position,
    pub shape: Shape,
    /// Source range from the item's first word to the end of its last.
    pub span: Range<usize>,
    /// How the item stands to the introductions of lists (`Unit::place`).
    pub place: ListPlace,
    /// (offset in `text`, offset in the source, length) of each word; empty when the item could
    /// not be found again (then every range is `span`).
    words: Vec<(usize, usize, usize)>,
}

impl Located {
    /// How the item stands to a list's introduction, as the core reads it.
    pub fn lead(&self) -> Lead<'_> {
        self.place.lead()
    }

    /// The source offset of a byte offset in [`Located::text`].
    pub fn source_offset(&self, at: usize) -> usize {
        let idx = self.words.partition_point(|&(start, _, _)| start <= at);
        match idx.checked_sub(1).and_then(|i| self.words.get(i)) {
            Some(&(start, src, len)) => src + (at - start).min(len),
            None => self.span.start,
        }
    }

    /// The source range of a byte range of [`Located::text`].
    pub fn source_range(&self, r: Range<usize>) -> Range<usize> {
        if self.words.is_empty() {
            return self.span.clone();
        }
        let start = self.source_offset(r.start);
        let end = self.source_offset(r.end).max(start);
        start..end
    }
}

pub use crate::expand::is_fence;

/// A list marker word (`-`, `*`, `+`, `1.`, `1)`), as `split_units` recognises one.
fn is_list_marker(word: &str) -> bool {
    matches!(word, "-" | "*" | "+")
        || word
            .strip_suffix(['.', ')'])
            .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// The lines as `split_units` should see them: what it would leave out as no prose
/// (fenced code, link reference definitions) blanked here already, so that no word of it is
/// searched for, and a `*` bullet written `-` (same length, so offsets still hold).
fn prepared(lines: &[Line<'_>]) -> Vec<String> {
    let mut out = Vec::with_capacity(lines.len());
    let mut blocks = MarkdownBlocks::default();
    for line in lines {
        let text = line.text;
        if blocks.hides(text) {
            out.push(String::new());
            continue;
        }
        let t = text.trim_start();
        if t == "*" || t.starts_with("* ") || t.starts_with("*\t") {
            let at = text.len() - t.len();
            out.push(format!("{}-{}", &text[..at], &text[at + 1..]));
        } else {
            out.push(text.to_string());
        }
    }
    out
}

/// A word of the prepared lines: its text, source offset, and whether it is the first word of
/// its line and a list marker.
struct Word<'a> {
    text: &'a str,
    offset: usize,
    marker: bool,
}

fn words_of<'a>(prepared: &'a [String], lines: &[Line<'_>]) -> Vec<Word<'a>> {
    let mut out = Vec::new();
    for (text, line) in prepared.iter().zip(lines) {
        let mut first = true;
        // Words as `str::split_whitespace` (and so `fold_whitespace`) cuts them, with offsets.
        let mut start = None;
        for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
            match (c.is_whitespace(), start) {
                (false, None) => start = Some(i),
                (true, Some(s)) => {
                    let w = &text[s..i];
                    out.push(Word {
                        text: w,
                        offset: line.offset + s,
                        marker: first && is_list_marker(w),
                    });
                    first = false;
                    start = None;
                }
                _ => {}
            }
        }
    }
    out
}

/// Where the words of `item` stand in `words`: the first index at or after `from` where they
/// all follow one another.
fn find_words(words: &[Word<'_>], item: &[&str], from: usize) -> Option<usize> {
    let first = *item.first()?;
    (from..words.len().saturating_sub(item.len() - 1)).find(|&k| {
        words[k].text == first
            && item
                .iter()
                .zip(&words[k..])
                .all(|(want, have)| *want == have.text)
    })
}

/// Splits lines (comment markers removed) into items exactly as `safety-dict expand` would
/// split the same text, each with its source range.
pub fn split_lines(lines: &[Line<'_>]) -> Vec<Located> {
    let prepared = prepared(lines);
    let items = split_units(&prepared.join("\n"));
    let words = words_of(&prepared, lines);
    let whole = match (words.first(), words.last()) {
        (Some(a), Some(b)) => a.offset..b.offset + b.text.len(),
        _ => lines.first().map_or(0..0, |l| l.offset..l.offset),
    };
    let mut cursor = 0;
    let mut out = Vec::with_capacity(items.len());
    for unit in items {
        let (position, text) = (unit.position, unit.text);
        let place = unit.place;
        let item_words: Vec<&str> = text.split_whitespace().collect();
        // Items come in document order; the search from the start is a fallback.
        let at =
            find_words(&words, &item_words, cursor).or_else(|| find_words(&words, &item_words, 0));
        let Some(at) = at else {
            out.push(Located {
                text,
                position,
                shape: Shape::Sentence,
                span: whole.clone(),
                place,
                words: Vec::new(),
            });
            continue;
        };
        cursor = at + item_words.len();
        let mut map = Vec::with_capacity(item_words.len());
        let mut text_at = 0;
        for w in &words[at..cursor] {
            // `text` is folded: words one space apart.
            map.push((text_at, w.offset, w.text.len()));
            text_at += w.text.len() + 1;
        }
        let first = &words[at];
        let last = &words[cursor - 1];
        let shape = if at > 0 && words[at - 1].marker && !first.marker {
            Shape::Listed
        } else {
            Shape::Sentence
        };
        out.push(Located {
            text,
            position,
            shape,
            span: first.offset..last.offset + last.text.len(),
            place,
            words: map,
        });
    }
    out
}

/// The sentences of one item's text, as `split_units` splits prose.
pub fn sentences(text: &str) -> Vec<String> {
    split_units(text).into_iter().map(|u| u.text).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<Line<'_>> {
        let mut off = 0;
        text.split('\n')
            .map(|l| {
                let line = Line {
                    text: l,
                    offset: off,
                };
                off += l.len() + 1;
                line
            })
            .collect()
    }

    fn texts(items: &[Located]) -> Vec<&str> {
        items.iter().map(|i| i.text.as_str()).collect()
    }

    #[test]
    fn the_items_are_those_of_split_units() {
        for input in [
            "- `ptr` is valid\n  for reads.\n- `len` is small.",
            "`p` is valid. `q` is aligned.",
            "Some prose.\n\n- one\n- two\n\nTrailing prose.",
            "Some prose. If `T` is a ZST:\n\n- one\n\n  - two\n\nOtherwise:\n- three",
            "1. one\n2) two",
        ] {
            let got = split_lines(&lines(input));
            let want = split_units(input);
            assert_eq!(
                texts(&got),
                want.iter().map(|u| u.text.as_str()).collect::<Vec<_>>(),
                "{input:?}"
            );
            let leads: Vec<_> = got.iter().map(Located::lead).collect();
            assert_eq!(leads, want.iter().map(|u| u.lead()).collect::<Vec<_>>());
        }
    }

    #[test]
    fn spans_point_into_the_source() {
        let src = "- `ptr` is valid\n  for reads.\n- `len` is small.";
        let got = split_lines(&lines(src));
        assert_eq!(&src[got[0].span.clone()], "`ptr` is valid\n  for reads.");
        assert_eq!(&src[got[1].span.clone()], "`len` is small.");
        // A part of the text maps to its words in the source, across the line break.
        let r = got[0].source_range(15..24);
        assert_eq!(&src[r], "for reads");
        assert!(got.iter().all(|i| i.shape == Shape::Listed));
    }

    #[test]
    fn prose_after_a_list_is_found_where_it_stands() {
        let src = "Intro:\n\n- one\n- two\n\nTrailing prose.";
        let got = split_lines(&lines(src));
        assert_eq!(texts(&got), ["Intro:", "one", "two", "Trailing prose."]);
        assert_eq!(got[0].shape, Shape::Sentence);
        assert_eq!(got[3].shape, Shape::Sentence);
        assert_eq!(&src[got[3].span.clone()], "Trailing prose.");
        assert_eq!(&src[got[2].span.clone()], "two");
    }

    #[test]
    fn code_link_definitions_and_star_bullets() {
        let src = "* `p` is valid.\n\n```\nlet x = 1;\n```\n\n[`lock`]: Backend::lock";
        let got = split_lines(&lines(src));
        assert_eq!(texts(&got), ["`p` is valid."]);
        assert_eq!(got[0].shape, Shape::Listed);
        assert_eq!(&src[got[0].span.clone()], "`p` is valid.");
    }

    #[test]
    fn offsets_are_the_lines_offsets() {
        let l = [
            Line {
                text: " `a` is ok.",
                offset: 100,
            },
            Line {
                text: " `b` is ok.",
                offset: 200,
            },
        ];
        let got = split_lines(&l);
        assert_eq!(texts(&got), ["`a` is ok.", "`b` is ok."]);
        assert_eq!(got[0].span, 101..111);
        assert_eq!(got[1].span, 201..211);
        assert!(got.iter().all(|i| i.shape == Shape::Sentence));
    }

    #[test]
    fn sentences_of_an_item() {
        assert_eq!(
            sentences("`p` is aligned. That is, it is a multiple of 8."),
            ["`p` is aligned.", "That is, it is a multiple of 8."]
        );
    }
}
