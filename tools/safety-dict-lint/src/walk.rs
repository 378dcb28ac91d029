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

/// The crate root directory of a file: the nearest ancestor directory holding `lib.rs` or
/// `main.rs`, looking no higher than a directory with `Cargo.toml` or `.git` (the project's
/// edge) and at most [`MAX_CRATE_CLIMB`] levels up.
pub fn crate_root(file: &Path) -> Option<PathBuf> {
    let mut dir = file.parent()?;
    for _ in 0..MAX_CRATE_CLIMB {
        if dir.join("lib.rs").is_file() || dir.join("main.rs").is_file() {
            return Some(dir.to_path_buf());
        }
        if dir.join("Cargo.toml").exists() || dir.join(".git").exists() {
            return None;
        }
        dir = dir.parent()?;
    }
    None
}

/// How far up [`crate_root`] looks.
pub const MAX_CRATE_CLIMB: usize = 8;

/// The other Rust files of the crates the given files belong to, sorted.
pub fn crate_context(files: &[PathBuf]) -> Vec<PathBuf> {
    let given: std::collections::HashSet<PathBuf> = files
        .iter()
        .map(|f| std::fs::canonicalize(f).unwrap_or_else(|_| f.clone()))
        .collect();
    let mut roots: Vec<PathBuf> = files.iter().filter_map(|f| crate_root(f)).collect();
    roots.sort();
    roots.dedup();
    let mut ignored = Vec::new();
    let mut out: Vec<PathBuf> = rust_files(&roots, &mut ignored)
        .into_iter()
        .filter(|p| !given.contains(&std::fs::canonicalize(p).unwrap_or_else(|_| p.clone())))
        .collect();
    out.sort();
    out.dedup();
    out
}
