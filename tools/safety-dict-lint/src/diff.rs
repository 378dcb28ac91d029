//! A patch as a reviewer receives it (a unified diff, or a `git format-patch` mail whose body
//! holds one): which lines of which files it adds, so that findings can be limited to the code
//! the patch adds or changes and quoted under the patch lines they concern.

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

use crate::finding::Finding;

/// Why a patch could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DiffError {
    #[error("{source_name}:{line}:1: malformed hunk header `{text}`")]
    BadHunk {
        source_name: String,
        line: usize,
        text: String,
    },
    #[error("{source_name}: no file diff found (expected `--- a/…` and `+++ b/…` lines)")]
    Empty { source_name: String },
}

/// One line of a hunk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HunkLine {
    /// ' ', '+' or '-'.
    pub kind: char,
    pub text: String,
    /// Its line number in the new file (none for a removed line).
    pub new_line: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hunk {
    /// The `@@ … @@` line.
    pub header: String,
    pub lines: Vec<HunkLine>,
}

/// The changes to one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilePatch {
    /// The new file's path, without git's `b/` prefix.
    pub path: PathBuf,
    pub hunks: Vec<Hunk>,
    pub added: BTreeSet<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Patch {
    pub files: Vec<FilePatch>,
}

/// `+c,d` of a hunk header: the new file's first line.
fn new_start(header: &str) -> Option<usize> {
    let plus = header.split_whitespace().find(|w| w.starts_with('+'))?;
    plus[1..].split(',').next()?.parse().ok()
}

impl Patch {
    /// Reads a unified diff or a mail holding one (text outside file diffs is ignored).
    /// `source_name` names the patch in errors.
    pub fn parse(text: &str, source_name: &str) -> Result<Patch, DiffError> {
        let mut files: Vec<FilePatch> = Vec::new();
        let mut next_new: usize = 0;
        let mut in_hunk = false;
        let lines: Vec<&str> = text.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i].strip_suffix('\r').unwrap_or(lines[i]);
            if line.starts_with("--- ") && lines.get(i + 1).is_some_and(|n| n.starts_with("+++ ")) {
                let new = lines[i + 1][4..].split('\t').next().unwrap_or("").trim();
                let path = new.strip_prefix("b/").unwrap_or(new);
                files.push(FilePatch {
                    path: PathBuf::from(path),
                    hunks: Vec::new(),
                    added: BTreeSet::new(),
                });
                in_hunk = false;
                i += 2;
                continue;
            }
            if line.starts_with("@@") {
                let Some(file) = files.last_mut() else {
                    i += 1;
                    continue;
                };
                let Some(start) = new_start(line) else {
                    return Err(DiffError::BadHunk {
                        source_name: source_name.to_string(),
                        line: i + 1,
                        text: line.to_string(),
                    });
                };
                file.hunks.push(Hunk {
                    header: line.to_string(),
                    lines: Vec::new(),
                });
                next_new = start;
                in_hunk = true;
                i += 1;
                continue;
            }
            if in_hunk {
                let (kind, rest) = match line.chars().next() {
                    Some(c @ ('+' | '-' | ' ')) => (c, &line[1..]),
                    None => (' ', ""),
                    // `\ No newline at end of file`, or the end of the diff (a mail signature).
                    Some('\\') => {
                        i += 1;
                        continue;
                    }
                    Some(_) => {
                        in_hunk = false;
                        i += 1;
                        continue;
                    }
                };
                // A mail's signature separator ends the diff.
                if line == "-- " {
                    in_hunk = false;
                    i += 1;
                    continue;
                }
                if let Some(file) = files.last_mut() {
                    let new_line = (kind != '-').then_some(next_new);
                    if kind == '+' {
                        file.added.insert(next_new);
                    }
                    if kind != '-' {
                        next_new += 1;
                    }
                    if let Some(h) = file.hunks.last_mut() {
                        h.lines.push(HunkLine {
                            kind,
                            text: rest.to_string(),
                            new_line,
                        });
                    }
                }
            }
            i += 1;
        }
        files.retain(|f| f.path != Path::new("/dev/null"));
        if files.is_empty() {
            return Err(DiffError::Empty {
                source_name: source_name.to_string(),
            });
        }
        Ok(Patch { files })
    }

    /// The file diff for a linted path: the one whose path is a suffix of it (the patch names
    /// `rust/kernel/x.rs`; the tree may be linted as `~/linux/rust`).
    pub fn file_for(&self, path: &Path) -> Option<&FilePatch> {
        let parts = |p: &Path| -> Vec<String> {
            p.components()
                .filter_map(|c| match c {
                    Component::Normal(s) => Some(s.to_string_lossy().into_owned()),
                    _ => None,
                })
                .collect()
        };
        let have = parts(path);
        self.files
            .iter()
            .filter(|f| {
                let want = parts(&f.path);
                !want.is_empty() && have.ends_with(&want)
            })
            .max_by_key(|f| f.path.components().count())
    }

    /// Whether a finding concerns lines the patch adds: its span (first to last line) holds
    /// an added line.
    pub fn touches(&self, f: &Finding, end_line: usize) -> bool {
        self.file_for(&f.file).is_some_and(|fp| {
            fp.added
                .range(f.line..=end_line.max(f.line))
                .next()
                .is_some()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PATCH: &str = "From 1 Mon Sep 17 00:00:00 2001\nSubject: [PATCH] x\n\n---\n rust/kernel/x.rs | 2 ++\n\ndiff --git a/rust/kernel/x.rs b/rust/kernel/x.rs\nindex 1..2 100644\n--- a/rust/kernel/x.rs\n+++ b/rust/kernel/x.rs\n@@ -1,3 +1,5 @@ fn f()\n fn f() {\n+    // SAFETY: ok.\n+    unsafe { g() };\n     h();\n-    old();\n }\n-- \n2.47.0\n";

    #[test]
    fn reads_a_format_patch_mail() {
        let p = Patch::parse(PATCH, "x.patch").expect("parses");
        assert_eq!(p.files.len(), 1);
        let f = &p.files[0];
        assert_eq!(f.path, PathBuf::from("rust/kernel/x.rs"));
        assert_eq!(f.added.iter().copied().collect::<Vec<_>>(), [2, 3]);
        assert_eq!(f.hunks[0].lines.len(), 6);
        assert!(p
            .file_for(Path::new("/home/me/linux/rust/kernel/x.rs"))
            .is_some());
        assert!(p
            .file_for(Path::new("/home/me/linux/rust/kernel/y.rs"))
            .is_none());
    }

    #[test]
    fn errors_name_the_patch() {
        assert_eq!(
            Patch::parse("hello\n", "mail.eml").map(|_| ()),
            Err(DiffError::Empty {
                source_name: "mail.eml".into()
            })
        );
        let bad = "--- a/x.rs\n+++ b/x.rs\n@@ nonsense @@\n";
        assert_eq!(
            Patch::parse(bad, "p.diff")
                .map(|_| ())
                .map_err(|e| e.to_string()),
            Err("p.diff:3:1: malformed hunk header `@@ nonsense @@`".to_string())
        );
    }
}
