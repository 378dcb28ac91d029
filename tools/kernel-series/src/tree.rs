//! The files a patch touches, and their unified diff against the tree the patch applies to.
//!
//! A patch only ever adds files or inserts lines next to a line it names (its anchor), so the
//! diff of an insertion is one hunk with the anchor's context: no diff algorithm is needed.

use std::collections::BTreeMap;

use crate::blob;
use crate::error::{Result, SeriesError};

/// One change of one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// A new file.
    Create { path: String, content: String },
    /// Lines inserted into an existing file, right before or after the first line equal to
    /// `anchor`.
    Insert {
        path: String,
        anchor: String,
        before: bool,
        lines: String,
    },
}

impl Change {
    pub fn path(&self) -> &str {
        match self {
            Change::Create { path, .. } | Change::Insert { path, .. } => path,
        }
    }
}

/// The text of the files the series has seen: the base files it edits, then each patch's
/// result.
#[derive(Debug, Default, Clone)]
pub struct Tree {
    files: BTreeMap<String, String>,
}

impl Tree {
    pub fn new(files: BTreeMap<String, String>) -> Tree {
        Tree { files }
    }

    pub fn get(&self, path: &str) -> Option<&str> {
        self.files.get(path).map(String::as_str)
    }

    /// Applies `change` and returns its `diff --git` text.
    pub fn apply(&mut self, change: &Change) -> Result<String> {
        match change {
            Change::Create { path, content } => {
                let diff = create_diff(path, content);
                self.files.insert(path.clone(), content.clone());
                Ok(diff)
            }
            Change::Insert {
                path,
                anchor,
                before,
                lines,
            } => {
                let old = self
                    .files
                    .get(path)
                    .ok_or_else(|| SeriesError::Unknown {
                        what: "base file",
                        id: path.clone(),
                    })?
                    .clone();
                let old_lines: Vec<&str> = old.lines().collect();
                let at = old_lines.iter().position(|l| *l == anchor).ok_or_else(|| {
                    SeriesError::Anchor {
                        path: path.clone(),
                        anchor: anchor.clone(),
                    }
                })?;
                let at = if *before { at } else { at + 1 };
                let added: Vec<&str> = lines.lines().collect();
                let mut new_lines = old_lines.clone();
                new_lines.splice(at..at, added.iter().copied());
                let mut new = new_lines.join("\n");
                new.push('\n');
                let diff = insert_diff(path, &old, &new, &old_lines, at, &added);
                self.files.insert(path.clone(), new);
                Ok(diff)
            }
        }
    }
}

fn count(start: usize, n: usize) -> String {
    if n == 1 {
        format!("{start}")
    } else {
        format!("{start},{n}")
    }
}

/// The diff of a new file.
pub fn create_diff(path: &str, content: &str) -> String {
    let lines: Vec<&str> = content.lines().collect();
    let mut d = format!(
        "diff --git a/{path} b/{path}\nnew file mode 100644\nindex 000000000000..{}\n--- /dev/null\n+++ b/{path}\n@@ -0,0 +{} @@\n",
        &blob::blob_id(content.as_bytes())[..12],
        count(1, lines.len())
    );
    for l in lines {
        d.push('+');
        d.push_str(l);
        d.push('\n');
    }
    d
}

/// The diff of lines inserted at line index `at` of `old_lines`, with three lines of context.
fn insert_diff(
    path: &str,
    old: &str,
    new: &str,
    old_lines: &[&str],
    at: usize,
    added: &[&str],
) -> String {
    let start = at.saturating_sub(3);
    let end = (at + 3).min(old_lines.len());
    let old_n = end - start;
    let mut d = format!(
        "diff --git a/{path} b/{path}\nindex {}..{} 100644\n--- a/{path}\n+++ b/{path}\n@@ -{} +{} @@\n",
        &blob::blob_id(old.as_bytes())[..12],
        &blob::blob_id(new.as_bytes())[..12],
        count(start + 1, old_n),
        count(start + 1, old_n + added.len()),
    );
    for l in &old_lines[start..at] {
        d.push_str(&format!(" {l}\n"));
    }
    for l in added {
        d.push_str(&format!("+{l}\n"));
    }
    for l in &old_lines[at..end] {
        d.push_str(&format!(" {l}\n"));
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insertion_is_one_hunk_with_context() {
        let mut files = BTreeMap::new();
        files.insert("f".to_string(), "a\nb\nc\nd\ne\nf\ng\n".to_string());
        let mut t = Tree::new(files);
        let d = t
            .apply(&Change::Insert {
                path: "f".into(),
                anchor: "d".into(),
                before: false,
                lines: "new\n".into(),
            })
            .unwrap_or_default();
        assert!(
            d.ends_with("@@ -2,6 +2,7 @@\n b\n c\n d\n+new\n e\n f\n g\n"),
            "{d}"
        );
        assert_eq!(t.get("f"), Some("a\nb\nc\nd\nnew\ne\nf\ng\n"));
        let missing = t.apply(&Change::Insert {
            path: "f".into(),
            anchor: "zz".into(),
            before: true,
            lines: "x\n".into(),
        });
        assert!(matches!(missing, Err(SeriesError::Anchor { .. })));
    }

    #[test]
    fn new_file_diff() {
        let d = create_diff("x/y", "one\n");
        assert!(d.contains("new file mode 100644\n"));
        assert!(
            d.ends_with("--- /dev/null\n+++ b/x/y\n@@ -0,0 +1 @@\n+one\n"),
            "{d}"
        );
    }
}
