//! Generates the series from the repository and checks its shape: numbered subjects, a
//! sign-off on every patch, diffs whose hunks add up and that `git apply` accepts on the base
//! files, and a Kconfig with one symbol per example side.
//!
//! It needs Debian's linux-source-6.12 (the base files come from its tarball): without it the
//! test says so and passes, except under CI=true, where it fails.

use std::path::{Path, PathBuf};
use std::process::Command;

use kernel_series::{base, generate, samples, Options};
use safety_dict::report::SideName;

fn root() -> PathBuf {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    here.ancestors()
        .nth(2)
        .map_or(here.clone(), Path::to_path_buf)
}

/// `None` (and a note) when the tarball is missing outside CI; a failure inside CI.
fn tarball_or_skip() -> Option<PathBuf> {
    let t = PathBuf::from(base::TARBALL);
    if t.is_file() {
        return Some(t);
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "{} is missing (cargo xtask setup installs linux-source-6.12)",
        t.display()
    );
    eprintln!("skipped: {} is missing", t.display());
    None
}

/// Checks that every hunk's counts match its lines; returns the paths the diff touches.
fn check_hunks(patch: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let diff_start = patch.find("\ndiff --git ").expect("the patch has a diff");
    let body = &patch[diff_start + 1..];
    let body = body.split("\n-- \n").next().unwrap_or(body);
    let mut lines = body.lines().peekable();
    while let Some(line) = lines.next() {
        if let Some(rest) = line.strip_prefix("diff --git a/") {
            paths.push(rest.split(" b/").next().unwrap_or("").to_string());
            continue;
        }
        let Some(h) = line.strip_prefix("@@ -") else {
            continue;
        };
        let counts = |s: &str| -> usize {
            s.split(',')
                .nth(1)
                .map_or(1, |n| n.parse().unwrap_or(usize::MAX))
        };
        let mut parts = h.split(' ');
        let old = counts(parts.next().unwrap_or(""));
        let new = counts(parts.next().unwrap_or("").trim_start_matches('+'));
        let (mut o, mut n) = (0, 0);
        while o < old || n < new {
            let l = lines
                .next()
                .unwrap_or_else(|| panic!("hunk `{line}` ends early"));
            match l.chars().next() {
                Some(' ') => {
                    o += 1;
                    n += 1;
                }
                Some('-') => o += 1,
                Some('+') => n += 1,
                _ => panic!("hunk `{line}`: unexpected line `{l}`"),
            }
        }
        assert_eq!((o, n), (old, new), "hunk `{line}` does not add up");
        if let Some(next) = lines.peek() {
            assert!(
                next.starts_with("diff --git ") || next.starts_with("@@ "),
                "hunk `{line}` is followed by `{next}`"
            );
        }
    }
    paths
}

#[test]
fn the_series_has_the_shape_of_format_patch_and_applies() {
    let Some(tarball) = tarball_or_skip() else {
        return;
    };
    let root = root();
    let mut opts = Options::new(&root);
    opts.signoff = Some("Test Person <test@example.org>".into());
    opts.tarball = tarball.clone();
    let series = generate(&opts).expect("the series generates");
    let m = series.patches.len();
    assert!(m >= 2, "a documentation patch and a samples patch");
    assert_eq!(series.files.len(), m + 1);
    assert_eq!(series.files[0].0, "0000-cover-letter.patch");
    assert!(series.files[0]
        .1
        .contains(&format!("\nSubject: [PATCH 0/{m}] ")));

    let tmp = tempfile::tempdir().expect("temp dir");
    // The base files the series edits, where `git apply` finds them.
    for (path, text) in base::edited_files(&tarball).expect("base files") {
        let p = tmp.path().join(path);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, text).expect("write");
    }
    for (i, (name, text)) in series.files.iter().enumerate().skip(1) {
        assert!(name.starts_with(&format!("{i:04}-")), "{name}");
        assert!(name.ends_with(".patch"));
        assert!(
            text.contains(&format!("\nSubject: [PATCH {i}/{m}] ")),
            "{name}: subject not numbered"
        );
        let (message, rest) = text.split_once("\n---\n").expect("a --- separator");
        assert!(
            message.ends_with("\nSigned-off-by: Test Person <test@example.org>"),
            "{name}: no sign-off"
        );
        let body = message.split_once("\n\n").map_or("", |(_, b)| b);
        assert!(
            body.len() > 200,
            "{name}: the body does not explain the patch"
        );
        assert!(!check_hunks(rest).is_empty());
        let file = tmp.path().join(name);
        std::fs::write(&file, text).expect("write patch");
        let out = Command::new("git")
            .args(["apply", "--verbose"])
            .arg(&file)
            .current_dir(tmp.path())
            .output()
            .expect("git runs");
        assert!(
            out.status.success(),
            "{name} does not apply: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    // One Kconfig symbol per side, each built by the Makefile; the bad sides in their menu.
    let dir = tmp.path().join(samples::DIR);
    let kconfig = std::fs::read_to_string(dir.join("Kconfig")).expect("Kconfig");
    let makefile = std::fs::read_to_string(dir.join("Makefile")).expect("Makefile");
    let dict = safety_dict::Dictionary::load(&root).expect("dictionary");
    let symbols: Vec<&str> = kconfig
        .lines()
        .filter_map(|l| l.strip_prefix("config SAMPLE_RUST_SAFETY_"))
        .collect();
    assert_eq!(symbols.len(), 2 * dict.examples().len());
    let bad_menu = kconfig
        .find(&format!("menuconfig {}\n", samples::BAD_MENU))
        .expect("the bad sides' menu");
    assert!(kconfig[bad_menu..].contains("\tdepends on KASAN\n"));
    assert!(kconfig[bad_menu..].contains("crashes the kernel on purpose"));
    for x in dict.examples() {
        for side in [SideName::Good, SideName::Bad] {
            let sym = samples::symbol(&x.id, side);
            assert_eq!(
                kconfig.matches(&format!("config {sym}\n")).count(),
                1,
                "{sym}"
            );
            let at = kconfig.find(&format!("config {sym}\n")).unwrap_or(0);
            assert_eq!(
                at > bad_menu,
                side == SideName::Bad,
                "{sym} is in the wrong menu"
            );
            assert!(makefile.contains(&format!(
                "obj-$(CONFIG_{sym})\t+= {}.o",
                samples::object(&x.id, side)
            )));
            assert!(dir
                .join(format!("{}.rs", samples::object(&x.id, side)))
                .is_file());
        }
    }
    let docs = tmp.path().join("Documentation/rust/safety-standard");
    for page in [
        "index",
        "requirements",
        "justifications",
        "guarantees",
        "type-invariants",
        "examples",
        "dictionary",
    ] {
        assert!(docs.join(format!("{page}.rst")).is_file(), "{page}.rst");
    }
    let index = std::fs::read_to_string(tmp.path().join("Documentation/rust/index.rst"))
        .expect("index.rst");
    assert!(index.contains("\n    safety-standard/index\n"));
}
