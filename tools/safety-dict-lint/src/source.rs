//! A file's text with fast byte-offset → line/column lookup.

use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One file being linted.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The path as the user gave it (or as found by walking a directory they gave).
    pub path: PathBuf,
    pub text: Arc<str>,
    line_starts: Vec<usize>,
    /// Byte offsets of the characters longer than one byte, and before each the number of
    /// extra bytes (length − 1) of those before it: a column is a byte count less the extra
    /// bytes in between, found by two binary searches (counting characters from the start of
    /// the line made many findings on one long line quadratic).
    wide_chars: Vec<usize>,
    extra_before: Vec<usize>,
}

impl SourceFile {
    pub fn new(path: impl Into<PathBuf>, text: impl Into<Arc<str>>) -> SourceFile {
        let text: Arc<str> = text.into();
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        let mut wide_chars = Vec::new();
        let mut extra_before = vec![0];
        if !text.is_ascii() {
            for (i, c) in text.char_indices().filter(|(_, c)| !c.is_ascii()) {
                wide_chars.push(i);
                let total = extra_before.last().copied().unwrap_or(0);
                extra_before.push(total + c.len_utf8() - 1);
            }
        }
        SourceFile {
            path: path.into(),
            text,
            line_starts,
            wide_chars,
            extra_before,
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// 1-based line and 1-based column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_starts.partition_point(|&s| s <= offset);
        let start = self.line_starts[line.saturating_sub(1)];
        let extra = |at: usize| self.extra_before[self.wide_chars.partition_point(|&w| w < at)];
        let column = offset - start - (extra(offset) - extra(start)) + 1;
        (line.max(1), column)
    }

    /// Byte range of the 1-based line `line`, without its newline.
    pub fn line_range(&self, line: usize) -> std::ops::Range<usize> {
        let idx = line.saturating_sub(1).min(self.line_starts.len() - 1);
        let start = self.line_starts[idx];
        let end = self
            .line_starts
            .get(idx + 1)
            .map_or(self.text.len(), |&next| next - 1);
        start..end.max(start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_is_one_based_in_chars() {
        let f = SourceFile::new("a.rs", "ab\ncé d\n");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(3), (2, 1));
        assert_eq!(f.line_col(7), (2, 4));
        assert_eq!(f.line_col(999), (3, 1));
        assert_eq!(f.line_range(2), 3..8);
    }

    #[test]
    fn columns_count_characters_of_any_width() {
        let text = "é🐧x\nab€c d\n";
        let f = SourceFile::new("a.rs", text);
        for (i, _) in text.char_indices() {
            let start = text[..i].rfind('\n').map_or(0, |n| n + 1);
            let line = text[..i].matches('\n').count() + 1;
            assert_eq!(
                f.line_col(i),
                (line, text[start..i].chars().count() + 1),
                "at {i}"
            );
        }
    }
}
