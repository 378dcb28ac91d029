//! Located problems in the dictionary's source files.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One problem, located in a source file, with a hint on what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Path as given to the loader (relative to the repository root when it was given one).
    pub file: PathBuf,
    /// 1-based.
    pub line: usize,
    /// 1-based, in characters.
    pub column: usize,
    /// Byte range in `source`.
    pub span: Range<usize>,
    pub message: String,
    pub hint: Option<String>,
    /// The whole text of the file, so that a renderer can show a snippet without reading again.
    pub source: Arc<str>,
}

impl Diagnostic {
    pub fn new(
        file: &Path,
        source: &Arc<str>,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> Self {
        let start = span.start.min(source.len());
        let (line, column) = line_col(source, start);
        Diagnostic {
            file: file.to_path_buf(),
            line,
            column,
            span: start..span.end.clamp(start, source.len()),
            message: message.into(),
            hint: None,
            source: Arc::clone(source),
        }
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file.display(),
            self.line,
            self.column,
            self.message
        )?;
        if let Some(hint) = &self.hint {
            write!(f, " (hint: {hint})")?;
        }
        Ok(())
    }
}

/// 1-based line and character column of a byte offset.
pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(source.len());
    while !source.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = source[line_start..offset].chars().count() + 1;
    (line, column)
}

/// Everything wrong with a dictionary, sorted by file and position.
#[derive(Debug, Clone, Default, thiserror::Error)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.0 {
            writeln!(f, "{d}")?;
        }
        write!(f, "{} problem(s) found", self.0.len())
    }
}

impl Diagnostics {
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn sort(&mut self) {
        self.0.sort_by(|a, b| {
            (&a.file, a.line, a.column, &a.message).cmp(&(&b.file, b.line, b.column, &b.message))
        });
        self.0
            .dedup_by(|a, b| a.file == b.file && a.span == b.span && a.message == b.message);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_are_one_based_in_characters() {
        let s = "ab\ncé d\n";
        assert_eq!(line_col(s, 0), (1, 1));
        assert_eq!(line_col(s, 3), (2, 1));
        // 'd' is after a two-byte 'é' and a space.
        assert_eq!(line_col(s, 7), (2, 4));
    }
}
