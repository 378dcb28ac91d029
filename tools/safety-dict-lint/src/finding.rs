//! One finding: a code, a level, a place in a file, a message and where to read more.

use std::ops::Range;
use std::path::PathBuf;

use serde::Serialize;

use crate::code::{Code, Level};

/// A located problem in the checked tree.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub code: Code,
    pub level: Level,
    pub file: PathBuf,
    /// 1-based.
    pub line: usize,
    /// 1-based, in characters.
    pub column: usize,
    /// Byte range in the file.
    pub span: Range<usize>,
    /// One line, what is wrong.
    pub message: String,
    /// Short text shown under the caret.
    pub label: String,
    /// Extra lines (`= note: ...`): nearest entries, the preferred form, the callee's list.
    pub notes: Vec<String>,
    /// The dictionary entry or book chapter to read.
    pub help_url: String,
}

impl Finding {
    /// Orders findings by file, position, then code.
    pub fn sort_key(&self) -> (&PathBuf, usize, usize, Code, &str) {
        (
            &self.file,
            self.span.start,
            self.span.end,
            self.code,
            &self.message,
        )
    }
}
