//! Where the dictionary's files come from: a repository on disk, or the same files held in
//! memory (the set `safety-dict` embeds when it is built). The loader reads both the same way,
//! so every check runs and every diagnostic names the file (relative to the repository root)
//! whichever it is.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A set of files addressed by paths relative to the repository root.
#[derive(Debug, Clone)]
pub enum Files {
    /// The repository at this root.
    Disk(PathBuf),
    /// Files in memory, by relative path (`dictionary/grammar.toml`, `book.toml`, …), with a
    /// name for messages.
    Memory {
        name: String,
        files: Arc<BTreeMap<PathBuf, Arc<str>>>,
    },
}

impl Files {
    /// Files in memory from (relative path, text) pairs.
    pub fn memory<'a>(name: &str, files: impl IntoIterator<Item = (&'a str, &'a str)>) -> Files {
        Files::Memory {
            name: name.to_string(),
            files: Arc::new(
                files
                    .into_iter()
                    .map(|(p, t)| (PathBuf::from(p), Arc::from(t)))
                    .collect(),
            ),
        }
    }

    /// The path a message shows for `rel`: on disk, the full path; in memory, the set's name
    /// followed by `rel`.
    pub fn display_path(&self, rel: &Path) -> PathBuf {
        match self {
            Files::Disk(root) => root.join(rel),
            Files::Memory { name, .. } => Path::new(name).join(rel),
        }
    }

    pub fn read(&self, rel: &Path) -> io::Result<String> {
        match self {
            Files::Disk(root) => crate::load::read_text(&root.join(rel)),
            Files::Memory { files, .. } => files
                .get(rel)
                .map(|t| t.to_string())
                .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no such file")),
        }
    }

    pub fn is_file(&self, rel: &Path) -> bool {
        match self {
            Files::Disk(root) => root.join(rel).is_file(),
            Files::Memory { files, .. } => files.contains_key(rel),
        }
    }

    pub fn is_dir(&self, rel: &Path) -> bool {
        match self {
            Files::Disk(root) => root.join(rel).is_dir(),
            Files::Memory { files, .. } => files
                .range(rel.to_path_buf()..)
                .next()
                .is_some_and(|(p, _)| p != rel && p.starts_with(rel)),
        }
    }

    /// The entries of a directory, sorted, as relative paths, each with whether it is a
    /// directory.
    pub fn list_dir(&self, rel: &Path) -> io::Result<Vec<(PathBuf, bool)>> {
        match self {
            Files::Disk(root) => {
                let dir = root.join(rel);
                let mut out = Vec::new();
                for e in std::fs::read_dir(&dir)? {
                    let e = e?;
                    let path = e.path();
                    // From the listing itself where the file system tells, so without a
                    // `stat` per entry.
                    let is_dir = match e.file_type() {
                        Ok(t) if !t.is_symlink() => t.is_dir(),
                        _ => path.is_dir(),
                    };
                    out.push((rel.join(e.file_name()), is_dir));
                }
                out.sort();
                Ok(out)
            }
            Files::Memory { files, .. } => {
                let mut out: Vec<(PathBuf, bool)> = Vec::new();
                for p in files.keys().filter(|p| p.starts_with(rel) && *p != rel) {
                    let Ok(rest) = p.strip_prefix(rel) else {
                        continue;
                    };
                    let mut parts = rest.components();
                    let Some(first) = parts.next() else { continue };
                    let child = rel.join(first);
                    let is_dir = parts.next().is_some();
                    if out.last().is_none_or(|(last, _)| *last != child) {
                        out.push((child, is_dir));
                    }
                }
                if out.is_empty() && !self.is_dir(rel) {
                    return Err(io::Error::new(io::ErrorKind::NotFound, "no such directory"));
                }
                Ok(out)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_lists_like_a_directory() {
        let f = Files::memory(
            "<embedded>",
            [
                ("book.toml", "x"),
                ("dictionary/grammar.toml", "g"),
                ("dictionary/requirement/a.toml", "a"),
                ("dictionary/requirement/b.toml", "b"),
                ("examples/e/good.rs", "fn f() {}"),
            ],
        );
        let d = Path::new("dictionary");
        assert!(f.is_dir(d));
        assert!(!f.is_dir(Path::new("dictionary/grammar.toml")));
        assert!(f.is_file(Path::new("dictionary/grammar.toml")));
        assert_eq!(
            f.list_dir(d).expect("listed"),
            [
                (PathBuf::from("dictionary/grammar.toml"), false),
                (PathBuf::from("dictionary/requirement"), true)
            ]
        );
        assert_eq!(f.read(Path::new("book.toml")).expect("read"), "x");
        assert!(f.list_dir(Path::new("nothing")).is_err());
        assert_eq!(
            f.display_path(Path::new("book.toml")),
            PathBuf::from("<embedded>/book.toml")
        );
    }
}
