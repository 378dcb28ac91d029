//! The errors of generating and checking the series.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum SeriesError {
    #[error("cannot {action} {path}: {source}")]
    Io {
        action: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the dictionary does not load: {0}")]
    Dictionary(String),
    #[error("book.toml: {0}")]
    Config(#[from] safety_dict::config::ConfigError),
    #[error("line {line}: {message}")]
    Chapter { line: usize, message: String },
    #[error("book/{file}: {source}")]
    InChapter {
        file: String,
        source: Box<SeriesError>,
    },
    #[error("{0}")]
    Link(String),
    #[error("unknown {what} `{id}`")]
    Unknown { what: &'static str, id: String },
    #[error("the base tree has no `{anchor}` in {path}, where the series inserts its lines")]
    Anchor { path: String, anchor: String },
    #[error(
        "no sign-off identity: pass --signoff 'Name <email>' or set git's user.name and user.email"
    )]
    NoIdentity,
    #[error("the kernel source tarball {0} is missing: install Debian's linux-source-6.12 (cargo xtask setup)")]
    Tarball(PathBuf),
    #[error("`{command}` failed ({status}):\n{tail}")]
    Command {
        command: String,
        status: String,
        tail: String,
    },
    #[error("{0}")]
    Check(String),
    #[error(transparent)]
    Harness(#[from] qemu_harness::error::HarnessError),
}

impl SeriesError {
    pub fn io(action: &'static str, path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        SeriesError::Io {
            action,
            path: path.into(),
            source,
        }
    }
}

pub type Result<T, E = SeriesError> = std::result::Result<T, E>;
