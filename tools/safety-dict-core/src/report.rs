//! The proof report of a QEMU run of the examples: written by the harness,
//! read by the site. One JSON file per run.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::model::Outcome;

/// Where the harness writes its latest report, relative to the repository root.
pub const DEFAULT_REPORT_PATH: &str = "target/qemu-examples/report.json";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SideName {
    Good,
    Bad,
}

impl SideName {
    pub fn as_str(self) -> &'static str {
        match self {
            SideName::Good => "good",
            SideName::Bad => "bad",
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Report {
    /// e.g. `6.12.118`
    pub kernel_version: String,
    /// Hash of the kernel configuration the modules were built against.
    pub config_hash: String,
    /// RFC 3339 UTC time the run finished.
    pub finished_at: String,
    pub sides: Vec<SideResult>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SideResult {
    pub example: String,
    pub side: SideName,
    pub expected: Outcome,
    /// What the log showed, in the same vocabulary as `expected`; `None` when it matched nothing
    /// (e.g. the VM hung).
    pub observed: Option<Outcome>,
    /// The report kind / error actually seen (`slab-out-of-bounds`, `E0133`, ...).
    #[serde(default)]
    pub observed_detail: Option<String>,
    pub pass: bool,
    /// Why it failed, in one sentence, when `pass` is false.
    #[serde(default)]
    pub failure: Option<String>,
    /// The decisive log lines.
    pub excerpt: Vec<String>,
    pub build_seconds: f64,
    /// `None` for sides that were not booted (`build-fails`).
    pub boot_seconds: Option<f64>,
}

#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("cannot read report {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("report {path} is not valid: {source}")]
    Parse {
        path: String,
        source: serde_json::Error,
    },
}

impl Report {
    /// Reads a report; `Ok(None)` when there is none (the site then says the examples were not
    /// verified in this build).
    pub fn load(path: &Path) -> Result<Option<Report>, ReportError> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => {
                return Err(ReportError::Io {
                    path: path.display().to_string(),
                    source,
                })
            }
        };
        serde_json::from_str(&text)
            .map(Some)
            .map_err(|source| ReportError::Parse {
                path: path.display().to_string(),
                source,
            })
    }

    pub fn side(&self, example: &str, side: SideName) -> Option<&SideResult> {
        self.sides
            .iter()
            .find(|s| s.example == example && s.side == side)
    }
}
