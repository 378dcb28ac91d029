//! Just enough Markdown for safety documentation: lines with their source offsets, and the
//! sections under headings. Splitting a section or a comment into items and sentences is the
//! core's (`safety_dict::items`, the split `safety-dict expand` uses); [`items`] hands the lines
//! to it.

use std::ops::Range;

use safety_dict::items::{self as core_items, Line, Located};

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

    /// Source range of the non-blank part of the line.
    fn trimmed_range(&self) -> Range<usize> {
        let lead = self.text.len() - self.text.trim_start().len();
        let end = self.text.trim_end().len();
        self.offset + lead..self.offset + end.max(lead)
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
        if core_items::is_fence(&line.text) {
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

/// The items of some lines (a section's body, a comment's text), each with its source range,
/// exactly as `safety-dict expand` splits the same text.
pub fn items(lines: &[TextLine]) -> Vec<Located> {
    let lines: Vec<Line<'_>> = lines
        .iter()
        .map(|l| Line {
            text: &l.text,
            offset: l.offset,
        })
        .collect();
    core_items::split_lines(&lines)
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
    core_items::sentences(text)
        .iter()
        .enumerate()
        .filter(|(i, s)| {
            let lower = s.to_lowercase();
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
    fn explanations_are_not_further_requirements() {
        assert_eq!(
            sentence_count("`p` is aligned. That is, its address is a multiple of 8."),
            1
        );
        assert_eq!(sentence_count("`p` is aligned. `q` is valid."), 2);
    }
}
