//! Runs the linter over the real kernel tree: `rust/` of Debian's `linux-source-6.12`, unpacked
//! once from `/usr/src/linux-source-6.12.tar.xz` into `~/.cache/safety-dict/linux-rust-6.12/`
//! (override with `SAFETY_DICT_KERNEL_RUST=<dir holding rust/>`). Skipped, with a message,
//! only when neither the tarball nor an unpacked tree is there.

use std::path::{Path, PathBuf};
use std::process::Command;

use safety_dict_lint::render::summary;
use safety_dict_lint::{lint_paths, Code, LintOptions};

const TARBALL: &str = "/usr/src/linux-source-6.12.tar.xz";

fn cache_dir() -> PathBuf {
    let home = std::env::var_os("HOME").map_or_else(|| PathBuf::from("/tmp"), PathBuf::from);
    home.join(".cache/safety-dict/linux-rust-6.12")
}

/// The directory that holds `rust/`, unpacking it first if needed.
fn kernel_root() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SAFETY_DICT_KERNEL_RUST") {
        return Some(PathBuf::from(dir));
    }
    let cache = cache_dir();
    let root = cache.join("linux-source-6.12");
    if root.join("rust/kernel/lib.rs").is_file() {
        return Some(root);
    }
    if !Path::new(TARBALL).is_file() {
        return None;
    }
    // Unpack into a fresh directory, then move it in place, so a concurrent run never sees half.
    let tmp = cache.with_extension(format!("tmp-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("create the cache directory");
    let status = Command::new("tar")
        .arg("-xJf")
        .arg(TARBALL)
        .arg("-C")
        .arg(&tmp)
        .arg("--wildcards")
        .arg("*/rust/*")
        .status()
        .expect("run tar");
    assert!(status.success(), "tar failed on {TARBALL}");
    std::fs::create_dir_all(&cache).expect("create the cache directory");
    if !root.exists() {
        let _ = std::fs::rename(tmp.join("linux-source-6.12"), &root);
    }
    let _ = std::fs::remove_dir_all(&tmp);
    Some(root)
}

#[test]
fn kernel_rust_tree() {
    let Some(root) = kernel_root() else {
        eprintln!(
            "SKIPPED kernel_rust_tree: {TARBALL} is absent (apt-get install linux-source-6.12)"
        );
        return;
    };
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dict = safety_dict::Dictionary::load(&repo).expect("the real dictionary loads");
    let started = std::time::Instant::now();
    let report = lint_paths(&[root.join("rust")], &dict, &LintOptions::default());
    let elapsed = started.elapsed();
    let text = summary::render(&report);
    eprintln!("kernel rust/ tree, linted in {elapsed:.2?}:\n{text}");
    let out = repo.join("target/safety-dict-lint");
    let _ = std::fs::create_dir_all(&out);
    let _ = std::fs::write(out.join("kernel-summary.txt"), &text);

    let s = &report.stats;
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert!(s.files >= 60, "{} files", s.files);
    assert!(s.bytes > 500_000, "{} bytes", s.bytes);
    assert_eq!(s.files_with_syntax_errors, 0, "the kernel parses cleanly");
    assert!(s.unsafe_blocks > 400 && s.unsafe_blocks < 1000);
    assert!(s.unsafe_blocks_with_safety * 100 >= s.unsafe_blocks * 95);
    assert!(s.unsafe_impls > 50);
    assert!(s.safety_sections > 80);
    assert!(s.safety_comments > 400);
    assert!(s.invariant_comments > 40);
    assert!(s.items > 800);
    assert!(s.items_recognised > 0 && s.items_recognised < s.items);
    let by = report.counts_by_code();
    assert!(by.get(&Code::Sd0001).copied().unwrap_or(0) < 20, "{by:?}");
    assert!(by.get(&Code::Sd0003).copied().unwrap_or(0) < 20, "{by:?}");
    for f in &report.findings {
        let src = &report.sources[&f.file];
        assert!(f.span.end <= src.len() && f.span.start <= f.span.end);
    }
}
