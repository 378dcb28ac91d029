//! Embeds the dictionary in the binary: every file under the repository's `dictionary/` and
//! `examples/`, and `book.toml` (the site URL), so that an installed `safety-dict` works from any
//! directory. The files are embedded as they are, whatever their fields; the core loads and
//! validates them at run time with the loader it uses for a repository on disk.
//!
//! Also sets `SAFETY_DICT_EMBEDDED_ENTRIES` (the number of entry files) and
//! `SAFETY_DICT_EMBEDDED_HASH` (FNV-1a 64 over every embedded path and text) for `--version`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn collect(repo: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        // Hidden files are editors' and tools' state, not content.
        if name.as_deref().is_none_or(|n| n.starts_with('.')) {
            continue;
        }
        if path.is_dir() {
            collect(repo, &path, out);
        } else if let Ok(rel) = path.strip_prefix(repo) {
            let rel: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            out.push((rel.join("/"), path.clone()));
        }
    }
}

fn fnv1a(hash: &mut u64, bytes: &[u8]) {
    for b in bytes {
        *hash ^= u64::from(*b);
        *hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let repo = manifest.join("../..");
    let mut files = Vec::new();
    for dir in ["dictionary", "examples"] {
        let d = repo.join(dir);
        // Cargo scans a directory given here for changes below it.
        println!("cargo::rerun-if-changed={}", d.display());
        collect(&repo, &d, &mut files);
    }
    let book = repo.join("book.toml");
    println!("cargo::rerun-if-changed={}", book.display());
    if book.is_file() {
        files.push(("book.toml".to_string(), book));
    }
    files.sort();

    let mut code =
        String::from("/// Every embedded file: (path relative to the repository root, text).\n");
    code.push_str("pub static FILES: &[(&str, &str)] = &[\n");
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut entries = 0;
    for (rel, path) in &files {
        // Only text is embedded (the loader reads nothing else); a binary file left in
        // `examples/` by a build is not content.
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        fnv1a(&mut hash, rel.as_bytes());
        fnv1a(&mut hash, &[0]);
        fnv1a(&mut hash, text.as_bytes());
        fnv1a(&mut hash, &[0]);
        let parts: Vec<&str> = rel.split('/').collect();
        if parts.len() == 3 && parts[0] == "dictionary" && rel.ends_with(".toml") {
            entries += 1;
        }
        let abs = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
        let _ = writeln!(
            code,
            "    ({rel:?}, include_str!({:?})),",
            abs.display().to_string()
        );
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo")).join("embedded.rs");
    if let Err(e) = std::fs::write(&out, code) {
        panic!("cannot write {}: {e}", out.display());
    }
    println!("cargo::rustc-env=SAFETY_DICT_EMBEDDED_ENTRIES={entries}");
    println!("cargo::rustc-env=SAFETY_DICT_EMBEDDED_HASH={hash:016x}");
}
