//! Which files a run lints: the files given, and every `*.rs` under the directories given
//! (sorted, skipping hidden directories and `target/`).

use std::path::{Path, PathBuf};

use crate::error::LintError;

fn skipped_dir(name: &str) -> bool {
    name == "target" || (name.starts_with('.') && name != "." && name != "..")
}

/// Expands paths into the list of Rust files to lint, in a stable order.
pub fn rust_files(paths: &[PathBuf], errors: &mut Vec<LintError>) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        match std::fs::metadata(p) {
            Ok(m) if m.is_dir() => walk_dir(p, &mut out, errors),
            Ok(_) => out.push(p.clone()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                errors.push(LintError::Missing { path: p.clone() })
            }
            Err(source) => errors.push(LintError::Read {
                path: p.clone(),
                source,
            }),
        }
    }
    out
}

fn walk_dir(dir: &Path, out: &mut Vec<PathBuf>, errors: &mut Vec<LintError>) {
    let walker = walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| {
            e.depth() == 0
                || !e.file_type().is_dir()
                || !skipped_dir(&e.file_name().to_string_lossy())
        });
    for entry in walker {
        match entry {
            Ok(e) => {
                if e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "rs") {
                    out.push(e.into_path());
                }
            }
            Err(e) => errors.push(LintError::Walk {
                path: e
                    .path()
                    .map_or_else(|| dir.to_path_buf(), Path::to_path_buf),
                message: e.to_string(),
            }),
        }
    }
}
