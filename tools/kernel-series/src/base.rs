//! The files of Debian's linux-source-6.12 that the series edits, read once from the tarball
//! and kept under `~/.cache/safety-dict/kernel-series/base/`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::error::{Result, SeriesError};

/// Debian's kernel source tarball.
pub const TARBALL: &str = "/usr/src/linux-source-6.12.tar.xz";
/// The directory every path of the tarball starts with.
pub const TOP: &str = "linux-source-6.12";

/// The files of the base tree that the series inserts lines into.
pub const EDITED: &[&str] = &[
    "Documentation/rust/index.rst",
    "MAINTAINERS",
    "samples/rust/Kconfig",
    "samples/rust/Makefile",
];

/// `$XDG_CACHE_HOME/safety-dict/kernel-series` or `~/.cache/safety-dict/kernel-series`: the
/// series' unpacked trees and builds, outside the repository.
pub fn cache_dir() -> Result<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .ok_or_else(|| SeriesError::Check("neither XDG_CACHE_HOME nor HOME is set".into()))?;
    Ok(base.join("safety-dict").join("kernel-series"))
}

/// A stamp that changes when the tarball does (its size and modification time).
pub fn tarball_stamp(tarball: &Path) -> Result<String> {
    let meta = std::fs::metadata(tarball).map_err(|_| SeriesError::Tarball(tarball.into()))?;
    let mtime = meta
        .modified()
        .ok()
        .and_then(|m| m.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_secs());
    Ok(format!("{} {mtime}\n", meta.len()))
}

/// The text of each file of [`EDITED`] in the base tree.
pub fn edited_files(tarball: &Path) -> Result<BTreeMap<String, String>> {
    let stamp = tarball_stamp(tarball)?;
    let dir = cache_dir()?.join("base");
    let stamp_file = dir.join(".stamp");
    let fresh = std::fs::read_to_string(&stamp_file).is_ok_and(|s| s == stamp)
        && EDITED.iter().all(|p| dir.join(TOP).join(p).is_file());
    if !fresh {
        if dir.exists() {
            std::fs::remove_dir_all(&dir).map_err(|e| SeriesError::io("remove", &dir, e))?;
        }
        std::fs::create_dir_all(&dir).map_err(|e| SeriesError::io("create", &dir, e))?;
        let mut tar = Command::new("tar");
        tar.arg("-xJf").arg(tarball).arg("-C").arg(&dir);
        for p in EDITED {
            tar.arg(format!("{TOP}/{p}"));
        }
        crate::run::checked(&mut tar)?;
        std::fs::write(&stamp_file, &stamp)
            .map_err(|e| SeriesError::io("write", &stamp_file, e))?;
    }
    let mut out = BTreeMap::new();
    for p in EDITED {
        let path = dir.join(TOP).join(p);
        let text = std::fs::read_to_string(&path).map_err(|e| SeriesError::io("read", &path, e))?;
        out.insert((*p).to_string(), text);
    }
    Ok(out)
}
