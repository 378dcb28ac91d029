//! The errors of the harness. Setup and usage problems exit with status 2; a side that does not
//! behave as declared is not an error but a failed result in the report.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum HarnessError {
    #[error("usage: {0}")]
    Usage(String),
    #[error("cannot {action} {path}: {source}")]
    Io {
        action: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot run `{command}`: {source}")]
    Spawn {
        command: String,
        source: std::io::Error,
    },
    #[error("`{command}` failed ({status}); last lines of its output:\n{tail}")]
    Command {
        command: String,
        status: String,
        tail: String,
    },
    #[error("example {example}: {message}")]
    Example { example: String, message: String },
    #[error("kernel configuration: {0}")]
    Config(String),
    #[error(
        "the kernel in {0} is not built yet: run `cargo run --release -p qemu-harness -- setup`"
    )]
    KernelMissing(PathBuf),
    #[error("cannot write the report: {0}")]
    Report(#[from] serde_json::Error),
    #[error("{0}")]
    Setup(String),
}

impl HarnessError {
    pub fn io(action: &'static str, path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        HarnessError::Io {
            action,
            path: path.into(),
            source,
        }
    }
}

pub type Result<T, E = HarnessError> = std::result::Result<T, E>;
