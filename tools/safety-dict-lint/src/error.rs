//! Typed errors of the linter: only what stops a file (or the whole run) from being linted.

use std::path::PathBuf;

/// Why a path could not be linted. Findings about code are never errors: they are
/// [`crate::Finding`]s.
#[derive(Debug, thiserror::Error)]
pub enum LintError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot walk {path}: {message}")]
    Walk { path: PathBuf, message: String },
    #[error("{path} does not exist")]
    Missing { path: PathBuf },
}

impl LintError {
    /// The path the error is about.
    pub fn path(&self) -> &std::path::Path {
        match self {
            LintError::Read { path, .. }
            | LintError::Walk { path, .. }
            | LintError::Missing { path } => path,
        }
    }
}
