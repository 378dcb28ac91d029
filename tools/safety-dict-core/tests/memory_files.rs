//! Loading from files in memory (what the installed `safety-dict` embeds) goes through the
//! loader used for a repository on disk: on every fixture, and on the real dictionary, the
//! result is the same, every diagnostic naming the same file, line and column.

use std::path::{Path, PathBuf};

use safety_dict::files::Files;
use safety_dict::{Dictionary, LoadError};

fn all_files(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("readable fixture directory")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            all_files(root, &p, out);
        } else if let Ok(text) = std::fs::read_to_string(&p) {
            let rel = p.strip_prefix(root).expect("under root");
            out.push((rel.to_string_lossy().into_owned(), text));
        }
    }
}

/// What a load gave, comparable across the two sources.
fn outcome(r: Result<Dictionary, LoadError>) -> Result<(usize, usize, String), Vec<String>> {
    match r {
        Ok(d) => Ok((
            d.entries().len(),
            d.examples().len(),
            d.site_url().to_string(),
        )),
        Err(LoadError::Invalid(diags)) => Err(diags
            .0
            .iter()
            .map(|d| {
                format!(
                    "{}:{}:{}: {} ({:?})",
                    d.file.display(),
                    d.line,
                    d.column,
                    d.message,
                    d.hint
                )
            })
            .collect()),
        Err(e) => Err(vec![format!("other error: {e}")]),
    }
}

fn check(root: &Path) {
    let mut files = Vec::new();
    for part in ["dictionary", "examples"] {
        if root.join(part).is_dir() {
            all_files(root, &root.join(part), &mut files);
        }
    }
    if let Ok(book) = std::fs::read_to_string(root.join("book.toml")) {
        files.push(("book.toml".to_string(), book));
    }
    let memory = Files::memory(
        "<memory>",
        files.iter().map(|(p, t)| (p.as_str(), t.as_str())),
    );
    let from_disk = outcome(Dictionary::load(root));
    let from_memory = outcome(Dictionary::load_from(&memory));
    assert_eq!(from_disk, from_memory, "{}", root.display());
}

#[test]
fn every_fixture_loads_the_same_from_memory() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).expect("fixtures") {
        let p = e.expect("entry").path();
        if p.join("dictionary").is_dir() {
            check(&p);
            n += 1;
        }
    }
    assert!(n >= 20, "expected the fixtures, found {n}");
}

#[test]
fn the_real_dictionary_loads_the_same_from_memory() {
    check(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."));
}
