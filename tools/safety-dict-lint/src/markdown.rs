//! Just enough Markdown for safety documentation: headings, list items and sentences, each
//! with its byte range in the Rust source it came from.

use std::ops::Range;

/// One line of comment text and the byte offset of its first byte in the source file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextLine {
    pub text: String,
    pub offset: usize,
}

impl TextLine {
    pub fn new(text: impl Into<String>, offset: usize) -> TextLine {
        TextLine {
            text: text.into(),
            offset,
        }
    }

    fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }

    /// Source range of the non-blank part of the line.
    fn trimmed_range(&self) -> Range<usize> {
        let lead = self.text.len() - self.text.trim_start().len();
        let end = self.text.trim_end().len();
        self.offset + lead..self.offset + end.max(lead)
    }
}

/// Text assembled from pieces of several lines, remembering where each piece came from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Joined {
    pub text: String,
    /// (offset in `text`, offset in the source, length) of each piece.
    pieces: Vec<(usize, usize, usize)>,
}

impl Joined {
    /// Appends a piece, separated from the previous one by a space.
    pub fn push(&mut self, piece: &str, source_offset: usize) {
        if piece.is_empty() {
            return;
        }
        if !self.text.is_empty() {
            self.text.push(' ');
        }
        self.pieces
            .push((self.text.len(), source_offset, piece.len()));
        self.text.push_str(piece);
    }

    /// Source offset of a byte offset in `text`.
    pub fn source_offset(&self, at: usize) -> usize {
        let idx = self.pieces.partition_point(|&(start, _, _)| start <= at);
        match idx.checked_sub(1).and_then(|i| self.pieces.get(i)) {
            Some(&(start, src, len)) => src + (at - start).min(len),
            None => self.pieces.first().map_or(0, |&(_, src, _)| src),
        }
    }

    pub fn source_range(&self, r: Range<usize>) -> Range<usize> {
        let start = self.source_offset(r.start);
        let end = self.source_offset(r.end).max(start);
        start..end
    }

    /// Source range of the whole text.
    pub fn span(&self) -> Range<usize> {
        self.source_range(0..self.text.len())
    }
}

/// A heading and the lines under it, up to the next heading of the same or a higher level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    pub title: String,
    /// Number of `#`.
    pub level: usize,
    /// Source range of the heading line.
    pub heading: Range<usize>,
    pub body: Vec<TextLine>,
}

fn is_fence(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("```") || t.starts_with("~~~")
}

fn heading(line: &str) -> Option<(usize, &str)> {
    let t = line.trim_start();
    if line.len() - t.len() > 3 {
        return None;
    }
    let level = t.chars().take_while(|&c| c == '#').count();
    if level == 0 || level > 6 {
        return None;
    }
    let rest = &t[level..];
    if !(rest.is_empty() || rest.starts_with(' ') || rest.starts_with('\t')) {
        return None;
    }
    Some((level, rest.trim().trim_end_matches('#').trim()))
}

/// All sections of a doc comment, in order (nested sections appear inside their parents' bodies
/// and again on their own).
pub fn sections(lines: &[TextLine]) -> Vec<Section> {
    let mut heads = Vec::new();
    let mut in_fence = false;
    for (i, line) in lines.iter().enumerate() {
        if is_fence(&line.text) {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        if let Some((level, title)) = heading(&line.text) {
            heads.push((i, level, title.to_string()));
        }
    }
    // Where each section ends: at the next heading of the same or a higher level, found for all
    // headings in one backward pass with a stack (a search per heading is quadratic).
    let mut ends = vec![lines.len(); heads.len()];
    let mut after: Vec<(usize, usize)> = Vec::new(); // (level, line) of later headings
    for (n, (i, level, _)) in heads.iter().enumerate().rev() {
        while after.last().is_some_and(|(l, _)| l > level) {
            after.pop();
        }
        if let Some((_, j)) = after.last() {
            ends[n] = *j;
        }
        after.push((*level, *i));
    }
    let mut out = Vec::new();
    for (n, (i, level, title)) in heads.iter().enumerate() {
        let end = ends[n];
        out.push(Section {
            title: title.clone(),
            level: *level,
            heading: lines[*i].trimmed_range(),
            body: lines[i + 1..end].to_vec(),
        });
    }
    out
}

/// Finds the first section with this title (case-insensitive), at any level.
pub fn find_section<'a>(sections: &'a [Section], title: &str) -> Option<&'a Section> {
    sections
        .iter()
        .find(|s| s.title.eq_ignore_ascii_case(title))
}

/// One list item or sentence, its text with whitespace folded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub text: String,
    pub span: Range<usize>,
    pub joined: Joined,
}

impl Item {
    fn from_joined(joined: Joined) -> Item {
        Item {
            text: joined.text.clone(),
            span: joined.span(),
            joined,
        }
    }
}

/// The shape of a block of Markdown: its list items, and any text that is not in a list.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Blocks {
    pub items: Vec<Item>,
    /// Paragraphs outside any list item.
    pub prose: Vec<Joined>,
}

/// The marker length of a list item line (`- `, `* `, `+ `, `1. `, `1) `), after indentation.
fn list_marker(t: &str) -> Option<usize> {
    let b = t.as_bytes();
    match b.first() {
        Some(b'-' | b'*' | b'+') if matches!(b.get(1), Some(b' ' | b'\t') | None) => {
            Some(if b.len() > 1 { 2 } else { 1 })
        }
        Some(c) if c.is_ascii_digit() => {
            let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
            if digits <= 9 && matches!(b.get(digits), Some(b'.' | b')')) {
                match b.get(digits + 1) {
                    Some(b' ' | b'\t') => Some(digits + 2),
                    None => Some(digits + 1),
                    _ => None,
                }
            } else {
                None
            }
        }
        _ => None,
    }
}

/// A link reference definition (``[`lock`]: Backend::lock``): it defines a link target and shows
/// nothing, so it is neither prose nor part of an item.
fn is_link_definition(t: &str) -> bool {
    let Some(rest) = t.strip_prefix('[') else {
        return false;
    };
    let Some(close) = rest.find("]:") else {
        return false;
    };
    close > 0 && !rest[..close].contains(']') && !rest[close + 2..].trim().is_empty()
}

/// Splits lines into top-level list items and prose paragraphs. Nested list items belong to
/// their parent item; fenced code and link reference definitions (after a blank line, since
/// one cannot interrupt a paragraph) are skipped.
pub fn blocks(lines: &[TextLine]) -> Blocks {
    let mut out = Blocks::default();
    let mut item: Option<(usize, Joined)> = None; // (content indent, text)
    let mut para: Option<Joined> = None;
    let mut blank_before = false;
    let mut in_fence = false;
    let mut base_indent: Option<usize> = None;
    for line in lines {
        if is_fence(&line.text) {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        if line.is_blank() {
            blank_before = true;
            if let Some(p) = para.take() {
                out.prose.push(p);
            }
            continue;
        }
        let t = line.text.trim_start();
        let indent = line.text.len() - t.len();
        let content_start = line.offset + indent;
        let starts_block = blank_before || (item.is_none() && para.is_none());
        if starts_block && is_link_definition(t) {
            continue;
        }
        if let Some(m) = list_marker(t) {
            let base = *base_indent.get_or_insert(indent);
            let nested = item.as_ref().is_some_and(|(ci, _)| indent >= *ci) || indent > base + 1;
            if !nested || item.is_none() {
                if let Some((_, j)) = item.take() {
                    out.items.push(Item::from_joined(j));
                }
                if let Some(p) = para.take() {
                    out.prose.push(p);
                }
                let mut j = Joined::default();
                let body = t[m..].trim();
                let lead = t[m..].len() - t[m..].trim_start().len();
                j.push(body, content_start + m + lead);
                item = Some((indent + m, j));
                blank_before = false;
                continue;
            }
        }
        let body = t.trim_end();
        match (&mut item, &mut para) {
            (Some((ci, j)), None) if !blank_before || indent >= *ci => {
                j.push(body, content_start);
            }
            (_, Some(p)) => p.push(body, content_start),
            (_, None) => {
                if let Some((_, j)) = item.take() {
                    out.items.push(Item::from_joined(j));
                }
                let mut p = Joined::default();
                p.push(body, content_start);
                para = Some(p);
            }
        }
        blank_before = false;
    }
    if let Some((_, j)) = item.take() {
        out.items.push(Item::from_joined(j));
    }
    if let Some(p) = para.take() {
        out.prose.push(p);
    }
    out
}

/// Splits prose into sentences: at `.`, `!` or `?` followed by a space and a capital letter,
/// a backtick or the end, outside backticks; `e.g.` and `i.e.` do not end a sentence.
pub fn sentences(joined: &Joined) -> Vec<Item> {
    let text = &joined.text;
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    let mut in_code = false;
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'`' {
            in_code = !in_code;
        } else if !in_code && matches!(c, b'.' | b'!' | b'?') {
            let next = bytes.get(i + 1).copied();
            let after = bytes.get(i + 2).copied();
            let ends = match next {
                None => true,
                Some(b' ') => {
                    matches!(after, Some(a) if a.is_ascii_uppercase() || a == b'`' || a == b'[')
                }
                _ => false,
            };
            let abbrev = {
                // Only the last few bytes matter (lowering the whole sentence at every period
                // is quadratic in its length).
                let tail = &bytes[start.max(i.saturating_sub(3))..=i];
                let lower = tail.to_ascii_lowercase();
                lower.ends_with(b"e.g.") || lower.ends_with(b"i.e.") || lower.ends_with(b" vs.")
            };
            if ends && !abbrev {
                push_sentence(joined, start, i + 1, &mut out);
                start = i + 1;
            }
        }
        i += 1;
    }
    push_sentence(joined, start, text.len(), &mut out);
    out
}

fn push_sentence(joined: &Joined, start: usize, end: usize, out: &mut Vec<Item>) {
    let raw = &joined.text[start..end];
    let lead = raw.len() - raw.trim_start().len();
    let s = raw.trim();
    if s.is_empty() {
        return;
    }
    let r = start + lead..start + lead + s.len();
    let mut j = Joined::default();
    j.push(s, joined.source_offset(r.start));
    out.push(Item {
        text: s.to_string(),
        span: joined.source_range(r),
        joined: j,
    });
}

/// How a sentence that explains the one before it begins: it adds no requirement.
const EXPLANATIONS: &[&str] = &[
    "that is",
    "i.e.",
    "in other words",
    "this means",
    "for example",
    "e.g.",
    "note that",
];

/// Number of sentences in a piece of text that state something (for "one requirement per
/// item"): a sentence that explains the previous one ("That is, …") does not count.
pub fn sentence_count(text: &str) -> usize {
    let mut j = Joined::default();
    j.push(text, 0);
    sentences(&j)
        .iter()
        .enumerate()
        .filter(|(i, s)| {
            let lower = s.text.to_lowercase();
            *i == 0 || !EXPLANATIONS.iter().any(|e| lower.starts_with(e))
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<TextLine> {
        let mut off = 0;
        text.split('\n')
            .map(|l| {
                let t = TextLine::new(l, off);
                off += l.len() + 1;
                t
            })
            .collect()
    }

    #[test]
    fn finds_sections_outside_fences() {
        let l = lines("Does it.\n\n# Safety\n\n- a\n```\n# not\n```\n# Examples\nx");
        let s = sections(&l);
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].title, "Safety");
        assert_eq!(s[0].body.len(), 5);
        assert_eq!(s[1].title, "Examples");
    }

    #[test]
    fn nested_headings_end_at_same_level() {
        let l = lines("# Guarantees\n- g\n## Invariants\n- i\n# Safety\n- s");
        let s = sections(&l);
        let g = find_section(&s, "guarantees").map(|s| s.body.len());
        assert_eq!(g, Some(3));
        assert_eq!(
            find_section(&s, "Invariants").map(|s| s.body.len()),
            Some(1)
        );
    }

    #[test]
    fn splits_list_items_with_continuations() {
        let l =
            lines("- `ptr` is valid\n  for reads.\n- `len` is small.\n  - nested\n\nProse here.");
        let b = blocks(&l);
        assert_eq!(b.items.len(), 2);
        assert_eq!(b.items[0].text, "`ptr` is valid for reads.");
        assert_eq!(b.items[1].text, "`len` is small. - nested");
        assert_eq!(b.prose.len(), 1);
        assert_eq!(b.prose[0].text, "Prose here.");
        assert_eq!(&"- `ptr` is valid"[b.items[0].span.start..][..5], "`ptr`");
    }

    #[test]
    fn link_definitions_after_a_list_are_not_prose() {
        let b = blocks(&lines(
            "- `p` is valid.\n\n[`lock`]: Backend::lock\n[x]: https://e.org",
        ));
        assert_eq!(b.items.len(), 1);
        assert!(b.prose.is_empty(), "{:?}", b.prose);
        // Inside a paragraph it is text: a definition cannot interrupt one.
        let b = blocks(&lines("Some prose\n[a]: b"));
        assert_eq!(b.prose.len(), 1);
        assert_eq!(b.prose[0].text, "Some prose [a]: b");
    }

    #[test]
    fn explanations_are_not_further_requirements() {
        assert_eq!(
            sentence_count("`p` is aligned. That is, its address is a multiple of 8."),
            1
        );
        assert_eq!(sentence_count("`p` is aligned. `q` is valid."), 2);
    }

    #[test]
    fn numbered_lists() {
        let b = blocks(&lines("1. one\n2) two"));
        assert_eq!(b.items.len(), 2);
        assert!(b.prose.is_empty());
    }

    #[test]
    fn sentences_respect_code_and_abbreviations() {
        let mut j = Joined::default();
        j.push("`a. B` is fine, e.g. Here. Then `x` works. Last", 10);
        let s = sentences(&j);
        let texts: Vec<_> = s.iter().map(|i| i.text.as_str()).collect();
        assert_eq!(
            texts,
            ["`a. B` is fine, e.g. Here.", "Then `x` works.", "Last"]
        );
        assert_eq!(s[1].span, 10 + 27..10 + 42);
    }

    #[test]
    fn joined_maps_offsets_across_lines() {
        let mut j = Joined::default();
        j.push("ab", 100);
        j.push("cd", 200);
        assert_eq!(j.text, "ab cd");
        assert_eq!(j.source_offset(3), 200);
        assert_eq!(j.source_range(1..5), 101..202);
    }
}
