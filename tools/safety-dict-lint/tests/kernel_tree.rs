//! Runs the linter over the real kernel tree: `rust/` of Debian's `linux-source-6.12`, unpacked
//! once from `/usr/src/linux-source-6.12.tar.xz` into `~/.cache/safety-dict/linux-rust-6.12/`
//! (override with `SAFETY_DICT_KERNEL_RUST=<dir holding rust/>`). When neither the tarball nor
//! an unpacked tree is there, each test fails under `CI=true` (CI installs the tree, so its
//! absence is a broken setup, not a reason to pass) and is skipped with a message elsewhere.

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
    let Some(root) = kernel_root_or_fail("kernel_rust_tree") else {
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
    assert!(s.invariants_sections > 20 && s.guarantees_sections > 5);
    assert!(s.items > 800);
    assert!(s.items_recognised > 0 && s.items_recognised < s.items);
    let by = report.counts_by_code();
    assert!(by.get(&Code::Sd0001).copied().unwrap_or(0) < 20, "{by:?}");
    assert!(by.get(&Code::Sd0003).copied().unwrap_or(0) < 20, "{by:?}");
    for f in &report.findings {
        let src = &report.sources[&f.file];
        assert!(f.span.end <= src.len() && f.span.start <= f.span.end);
    }
    // Fields declared `Opaque<...>` are no pointers: "`inner` is valid" (`TagSet`) and "`self.0`
    // is valid" (`Task`) are not read as `valid-pointer` there.
    for (file, line) in [("block/mq/tag_set.rs", 82), ("task.rs", 149)] {
        assert!(
            report.findings.iter().any(|f| f.file.ends_with(file)
                && f.line == line
                && f.notes.iter().any(|n| n.contains("is declared `Opaque<"))),
            "{file}:{line}: no refusal by the declared type"
        );
    }
}

/// The tree, or a failure under CI (where it must be there) and a skip message elsewhere.
fn kernel_root_or_fail(test: &str) -> Option<PathBuf> {
    let root = kernel_root();
    if root.is_none() {
        assert!(
            std::env::var_os("CI").is_none_or(|v| v != "true"),
            "{test}: the kernel's rust/ tree is missing under CI=true: neither {TARBALL} nor \
             an unpacked tree in {} (nor SAFETY_DICT_KERNEL_RUST) is there; install it with \
             `cargo xtask test --only tools` or `apt-get install linux-source-6.12`",
            cache_dir().display()
        );
        eprintln!("SKIPPED {test}: {TARBALL} is absent (apt-get install linux-source-6.12)");
    }
    root
}

fn copy_tree(from: &Path, to: &Path) {
    for e in walkdir::WalkDir::new(from) {
        let e = e.expect("walk the kernel tree");
        let rel = e.path().strip_prefix(from).expect("below the root");
        let dest = to.join(rel);
        if e.file_type().is_dir() {
            std::fs::create_dir_all(&dest).expect("mkdir");
        } else if e.file_type().is_file() {
            std::fs::copy(e.path(), &dest).expect("copy");
        }
    }
}

/// A patch made from a real kernel file, as a reviewer gets it by mail: `--diff` keeps only
/// the findings on the lines it adds (the tree has others), and `--format review` quotes the
/// patch lines above each finding.
#[test]
fn review_of_a_patch_to_a_kernel_file() {
    use clap::Parser;
    use safety_dict_lint::cli::{run, LintArgs};

    #[derive(Parser)]
    struct Wrapper {
        #[command(flatten)]
        lint: LintArgs,
    }

    let Some(root) = kernel_root_or_fail("review_of_a_patch_to_a_kernel_file") else {
        return;
    };
    let work = std::env::temp_dir().join(format!("sdl-review-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    copy_tree(&root.join("rust"), &work.join("rust"));
    // Add an undocumented unsafe block after line 20 of `rust/kernel/list.rs`.
    let file = work.join("rust/kernel/list.rs");
    let old = std::fs::read_to_string(&file).expect("list.rs");
    let lines: Vec<&str> = old.lines().collect();
    let added = [
        "",
        "fn patched(p: *const u8) -> u8 {",
        "    unsafe { *p }",
        "}",
    ];
    let mut new: Vec<&str> = lines[..20].to_vec();
    new.extend(added);
    new.extend(&lines[20..]);
    std::fs::write(&file, new.join("\n") + "\n").expect("write");
    let mut patch = String::from(
        "From 0 Mon Sep 17 00:00:00 2001\nSubject: [PATCH] rust: list: add patched()\n\n---\n\
         diff --git a/rust/kernel/list.rs b/rust/kernel/list.rs\n\
         --- a/rust/kernel/list.rs\n+++ b/rust/kernel/list.rs\n@@ -18,6 +18,10 @@\n",
    );
    for l in &lines[17..20] {
        patch.push_str(&format!(" {l}\n"));
    }
    for l in added {
        patch.push_str(&format!("+{l}\n"));
    }
    for l in &lines[20..23] {
        patch.push_str(&format!(" {l}\n"));
    }
    patch.push_str("-- \n2.47.0\n");
    let patch_file = work.join("0001-patched.patch");
    std::fs::write(&patch_file, &patch).expect("write the patch");

    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dict = safety_dict::Dictionary::load(&repo).expect("the real dictionary loads");
    let tree = work.join("rust").display().to_string();
    let patch_arg = patch_file.display().to_string();
    let w = Wrapper::try_parse_from([
        "lint", "--diff", &patch_arg, "--format", "review", "--deny", "error", &tree,
    ])
    .expect("arguments parse");
    let mut out = Vec::new();
    let code = run(&dict, &w.lint, &mut out).expect("writes to a Vec");
    let text = String::from_utf8(out).expect("UTF-8");
    let _ = std::fs::remove_dir_all(&work);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("> +    unsafe { *p }"), "{text}");
    assert!(
        text.contains("error[SD0001]: unsafe block without a `// SAFETY:` comment"),
        "{text}"
    );
    assert!(text.contains("rust/kernel/list.rs:23:5"), "{text}");
    assert!(text.contains("  See http"), "{text}");
    assert!(
        text.ends_with("1 finding(s) on the lines this patch adds\n"),
        "{text}"
    );
}
