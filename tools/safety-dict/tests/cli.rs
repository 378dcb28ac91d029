//! The real `safety-dict` binary on the real dictionary and on the fixture dictionaries.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../safety-dict-core/tests/fixtures")
        .join(name)
}

/// The binary, run outside the repository so that nothing is found by accident.
fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_safety-dict"));
    c.current_dir(std::env::temp_dir())
        .env_remove("SAFETY_DICT_ROOT");
    c
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("the binary runs")
}

/// Runs on the real dictionary.
fn real(args: &[&str]) -> Output {
    let root = repo_root();
    let mut all = vec!["--root", root.to_str().expect("utf-8 path")];
    all.extend_from_slice(args);
    run(&all)
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8 stdout")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8 stderr")
}

#[track_caller]
fn assert_exit(o: &Output, code: i32) {
    assert_eq!(
        o.status.code(),
        Some(code),
        "stdout:\n{}\nstderr:\n{}",
        stdout(o),
        stderr(o)
    );
}

/// The site URL the binary uses for the real dictionary (book.toml's site-url).
fn real_site_url() -> String {
    safety_dict::config::site_url(&repo_root()).expect("book.toml is readable")
}

const BUF: &str = "`buf` is valid for reads and writes.";

#[test]
fn check_passes_on_the_real_dictionary() {
    let root = repo_root();
    let o = run(&["check", root.to_str().expect("utf-8")]);
    assert_exit(&o, 0);
    assert!(stdout(&o).starts_with("ok: "), "{}", stdout(&o));
}

#[test]
fn expand_shows_both_halves_and_every_plain_condition_with_links() {
    let o = real(&["expand", BUF]);
    assert_exit(&o, 0);
    let out = stdout(&o);
    let site = real_site_url();
    for needle in [
        "`buf` is valid for reads. ".to_string(),
        "`buf` is valid for writes. ".to_string(),
        "`size_of::<T>()`".to_string(),
        "`buf` is non-null.".to_string(),
        "`align_of::<T>()`".to_string(),
        format!("({site}dictionary/valid-for-reads-and-writes.html)"),
        format!("({site}dictionary/valid-for-reads.html)"),
        format!("({site}dictionary/valid-for-writes.html)"),
        format!("({site}dictionary/non-null.html)"),
        format!("({site}dictionary/aligned.html)"),
    ] {
        assert!(out.contains(&needle), "missing {needle:?} in\n{out}");
    }
    assert!(out.to_lowercase().contains("aligned"), "{out}");
    // Every variable was substituted.
    assert!(!out.contains("`ptr`"), "{out}");
}

#[test]
fn site_url_option_moves_every_link() {
    let o = real(&["--site-url", "https://mirror.example/s", "expand", BUF]);
    assert_exit(&o, 0);
    let out = stdout(&o);
    assert!(
        out.contains("(https://mirror.example/s/dictionary/valid-for-reads.html)"),
        "{out}"
    );
    let site = real_site_url();
    if site != "https://mirror.example/s/" {
        assert!(!out.contains(&site), "{out}");
    }
}

#[test]
fn expand_json_parses() {
    let o = real(&["expand", "--format", "json", BUF]);
    assert_exit(&o, 0);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("valid JSON");
    let st = &v["items"][0]["statements"][0];
    assert_eq!(st["status"], "recognised");
    assert_eq!(st["entry"], "valid-for-reads-and-writes");
    assert_eq!(st["bindings"]["ptr"], "`buf`");
    let children = st["expansion"]["children"].as_array().expect("children");
    let ids: Vec<&str> = children
        .iter()
        .filter_map(|c| c["entry"].as_str())
        .collect();
    assert_eq!(ids, ["valid-for-reads", "valid-for-writes"]);
    assert_eq!(v["site_url"], real_site_url());
}

#[test]
fn expand_reads_stdin_and_file() {
    let mut child = bin()
        .args(["--root", repo_root().to_str().expect("utf-8"), "expand"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(
            b"/// # Safety\n///\n/// - `a` is valid for reads.\n/// - `b` is valid for writes.\n",
        )
        .expect("write stdin");
    let o = child.wait_with_output().expect("wait");
    assert_exit(&o, 0);
    let out = stdout(&o);
    assert!(out.contains("1. `a` is valid for reads."), "{out}");
    assert!(out.contains("2. `b` is valid for writes."), "{out}");

    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("comment.rs");
    std::fs::write(
        &file,
        "// SAFETY: `p` is valid for reads by function requirements.\n",
    )
    .expect("write");
    let o = real(&["expand", "--file", file.to_str().expect("utf-8")]);
    assert_exit(&o, 0);
    let out = stdout(&o);
    assert!(out.contains("`p` is valid for reads. ("), "{out}");
    assert!(out.contains("**by** "), "{out}");
    assert!(
        out.contains("dictionary/function-requirements.html"),
        "{out}"
    );
}

#[test]
fn expand_unknown_phrase_exits_1_with_suggestions() {
    let o = real(&["expand", "`p` is valid for reeds."]);
    assert_exit(&o, 1);
    let out = stdout(&o);
    assert!(out.contains("not in the dictionary"), "{out}");
    assert!(out.contains("nearest:"), "{out}");
    assert!(out.contains("dictionary/valid-for-reads.html"), "{out}");
}

#[test]
fn expand_of_text_with_no_item_of_its_own_says_why() {
    for text in [
        "Hence, it is safe to reconstruct the `Box`.",
        "Specifically:",
        "(See above.)",
        "// SAFETY: Specifically:",
        "// SAFETY:\n// (See above.)",
    ] {
        let o = real(&["expand", text]);
        assert_exit(&o, 2);
        let err = stderr(&o);
        assert!(err.contains("nothing to expand"), "{text}: {err}");
        assert!(err.contains("paste those too"), "{text}: {err}");
    }
}

#[test]
fn expand_of_a_bare_tag_reports_a_placeholder() {
    for (text, tag) in [
        ("// SAFETY:", "SAFETY:"),
        ("// SAFETY:\n//", "SAFETY:"),
        ("    // INVARIANT:  ", "INVARIANT:"),
    ] {
        let o = real(&["expand", text]);
        assert_exit(&o, 0);
        let out = stdout(&o);
        assert!(
            out.contains(&format!("a placeholder, not a reason: \"{tag}\"")),
            "{text}: {out}"
        );
        assert!(!out.contains("not in the dictionary"), "{text}: {out}");
    }
}

#[test]
fn link_prints_the_stable_url() {
    let o = real(&["link", "valid for reads"]);
    assert_exit(&o, 0);
    assert_eq!(
        stdout(&o),
        format!("{}dictionary/valid-for-reads.html\n", real_site_url())
    );
    let o = real(&[
        "link",
        "--site-url",
        "https://x.test/",
        "`q` is valid for reads.",
    ]);
    assert_exit(&o, 0);
    assert_eq!(
        stdout(&o),
        "https://x.test/dictionary/valid-for-reads.html\n"
    );
    let o = real(&["link", "frobnicated beyond any recognition"]);
    assert_exit(&o, 1);
}

#[test]
fn show_an_entry() {
    let o = real(&["show", "valid-for-reads"]);
    assert_exit(&o, 0);
    let out = stdout(&o);
    assert!(out.starts_with("# `ptr` is valid for reads.\n"), "{out}");
    assert!(
        out.contains(&format!(
            "<{}dictionary/valid-for-reads.html>",
            real_site_url()
        )),
        "{out}"
    );
    assert!(out.contains("Meaning:"), "{out}");
    assert!(out.contains("Full expansion:"), "{out}");
    let o = real(&["show", "valid-for-raeds"]);
    assert_exit(&o, 1);
    assert!(
        stderr(&o).contains("did you mean `valid-for-reads`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn list_one_kind() {
    let o = real(&["list", "--kind", "requirement"]);
    assert_exit(&o, 0);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() >= 20, "{out}");
    assert!(lines.iter().all(|l| l.starts_with("requirement ")), "{out}");
    assert!(lines
        .iter()
        .any(|l| l.split_whitespace().nth(1) == Some("valid-for-reads")));
    let o = real(&["list", "--kind", "requirement", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(v.as_array().map(Vec::len), Some(lines.len()));
    let o = real(&["list", "--kind", "requirements"]);
    assert_exit(&o, 2);
}

#[test]
fn check_reports_file_line_column_and_hint_with_exit_1() {
    let o = run(&["check", fixture("unknown-binding").to_str().expect("utf-8")]);
    assert_exit(&o, 1);
    let err = stderr(&o);
    assert!(
        err.contains("error: `non-null` has no variable `size`"),
        "{err}"
    );
    assert!(
        err.contains("--> dictionary/requirement/valid-for-reads.toml:6:49"),
        "{err}"
    );
    assert!(err.contains("help: its variables are `ptr`"), "{err}");
    assert!(
        err.contains("error: 1 problem(s) found; nothing was written"),
        "{err}"
    );

    // Problems without a source line are still located.
    let o = run(&["check", fixture("stray-files").to_str().expect("utf-8")]);
    assert_exit(&o, 1);
    let err = stderr(&o);
    assert!(err.contains("note: dictionary/notes.txt:1:1"), "{err}");
    assert!(err.contains("error: 3 problem(s) found"), "{err}");
}

#[test]
fn check_json_lists_every_problem() {
    let o = run(&[
        "check",
        fixture("missing-binding").to_str().expect("utf-8"),
        "--format",
        "json",
    ]);
    assert_exit(&o, 1);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let p = v["problems"].as_array().expect("problems");
    let located: Vec<(String, u64, u64)> = p
        .iter()
        .map(|p| {
            (
                p["file"].as_str().unwrap_or_default().to_string(),
                p["line"].as_u64().unwrap_or(0),
                p["column"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    let f = "dictionary/requirement/valid-for-reads.toml".to_string();
    assert_eq!(located, [(f.clone(), 6, 32), (f, 7, 13)]);
    assert!(p.iter().all(|p| p["hint"].is_string()));
}

#[test]
fn check_a_valid_fixture_exits_0() {
    let o = run(&["check", fixture("valid").to_str().expect("utf-8")]);
    assert_exit(&o, 0);
    assert_eq!(
        stdout(&o),
        "ok: 12 entries, 1 examples and 0 API-specific phrasings, no problems\n"
    );
}

#[test]
fn check_reports_problems_of_the_api_specific_list() {
    let o = run(&[
        "check",
        fixture("api-specific-problems").to_str().expect("utf-8"),
    ]);
    assert_exit(&o, 1);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("api-specific.toml:18:8"), "{err}");
    assert!(err.contains("recognises this phrasing"), "{err}");
    assert!(err.contains("3 problem(s) found"), "{err}");
}

fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).expect("readable") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                out.insert(p.clone(), Vec::new());
                todo.push(p);
            } else {
                let bytes = std::fs::read(&p).expect("readable");
                out.insert(p, bytes);
            }
        }
    }
    out
}

#[test]
fn check_writes_nothing() {
    for name in ["many-problems", "cycle", "valid"] {
        let dir = fixture(name);
        let before = snapshot(&dir);
        let o = run(&["check", dir.to_str().expect("utf-8")]);
        assert!(o.status.code().is_some_and(|c| c <= 1), "{}", stderr(&o));
        assert_eq!(snapshot(&dir), before, "check changed fixture `{name}`");
    }
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &[][..],
        &["frobnicate"][..],
        &["show"][..],
        &["expand", "--format", "yaml", "x"][..],
        &["expand", "x", "--file", "y"][..],
    ] {
        let o = run(args);
        assert_exit(&o, 2);
        assert!(!stderr(&o).is_empty(), "{args:?}");
    }
    // Help is not an error.
    for sub in ["check", "list", "show", "expand", "link"] {
        let o = run(&[sub, "--help"]);
        assert_exit(&o, 0);
        assert!(stdout(&o).contains("Usage: safety-dict"), "{sub}");
    }
}

#[test]
fn io_errors_exit_2() {
    let missing = std::env::temp_dir().join("safety-dict-no-such-dir");
    let o = run(&["check", missing.to_str().expect("utf-8")]);
    assert_exit(&o, 2);
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
    let o = run(&["--root", missing.to_str().expect("utf-8"), "list"]);
    assert_exit(&o, 2);
    let o = real(&["expand", "--file", missing.to_str().expect("utf-8")]);
    assert_exit(&o, 2);
    // Other subcommands refuse a broken dictionary.
    let o = run(&["--root", fixture("cycle").to_str().expect("utf-8"), "list"]);
    assert_exit(&o, 2);
    assert!(
        stderr(&o).contains("run `safety-dict check`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_closed_stdout_is_not_a_crash() {
    // Far more output than a pipe buffers, so the writer must meet the closed pipe.
    let input: String = (0..200)
        .map(|i| format!("- `p{i}` is valid for reads and writes.\n"))
        .collect();
    hang_up_after_one_byte(&["expand", "--format", "json", "--", &input]);
    // The lint writes its report in one go, through its own error handling. Its tree is made
    // here, so the report's size does not depend on what else lies in the checkout.
    let tree = tempfile::tempdir().expect("tempdir");
    let source: String = (0..2000)
        .map(|i| format!("pub fn f{i}(p: *const u8) -> u8 {{\n    unsafe {{ *p }}\n}}\n"))
        .collect();
    std::fs::write(tree.path().join("lib.rs"), source).expect("write lib.rs");
    let tree = tree.path().to_str().expect("utf-8 temp path");
    hang_up_after_one_byte(&["lint", "--format", "json", tree]);
}

#[test]
fn a_failed_write_is_an_error_not_a_panic() {
    // `/dev/full` refuses every write with ENOSPC.
    let Ok(full) = std::fs::File::options().write(true).open("/dev/full") else {
        eprintln!("SKIPPED: no /dev/full here");
        return;
    };
    let out = Command::new(env!("CARGO_BIN_EXE_safety-dict"))
        .args(["show", "valid-for-reads"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::from(full))
        .stderr(Stdio::piped())
        .output()
        .expect("run safety-dict");
    let err = stderr(&out);
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.contains("error: cannot write the output"), "{err}");
    assert_exit(&out, 2);
}

/// Runs the CLI, reads one byte of its output and hangs up, as `| head -c1` does; the command
/// must leave quietly with 0.
fn hang_up_after_one_byte(args: &[&str]) {
    use std::io::Read;
    use std::process::{Command, Stdio};
    // A pipe holds 64 KiB: a smaller output would be written whole and never meet the hang-up,
    // and the test would pass whatever the command does with a closed pipe.
    let whole = Command::new(env!("CARGO_BIN_EXE_safety-dict"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run safety-dict");
    assert!(
        whole.stdout.len() > 4 * 64 * 1024,
        "{args:?} writes only {} bytes, too few to fill a pipe",
        whole.stdout.len()
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_safety-dict"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn safety-dict");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut one = [0u8; 1];
    stdout.read_exact(&mut one).expect("first byte");
    drop(stdout);
    let out = child.wait_with_output().expect("wait");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
}

/// Outside any repository the binary uses the dictionary built into it: the same entries as the
/// repository's, links to the same site, and `--version` names its entry count and hash.
#[test]
fn built_in_dictionary_outside_the_repository() {
    let o = run(&["check"]);
    assert_exit(&o, 0);
    let entries = real(&["list", "--format", "json"]);
    assert_exit(&entries, 0);
    let built_in = run(&["list", "--format", "json"]);
    assert_exit(&built_in, 0);
    assert_eq!(stdout(&built_in), stdout(&entries));
    let n = serde_json::from_str::<serde_json::Value>(&stdout(&entries))
        .expect("json")
        .as_array()
        .map(Vec::len)
        .expect("a list");
    assert!(
        stdout(&o).contains(&format!("ok: {n} entries")),
        "{}",
        stdout(&o)
    );

    let v = run(&["--version"]);
    assert_exit(&v, 0);
    let text = stdout(&v);
    assert!(
        text.contains(&format!("(dictionary: {n} entries, content ")),
        "{text}"
    );
    let hash = text
        .trim()
        .trim_end_matches(')')
        .rsplit(' ')
        .next()
        .unwrap_or_default();
    assert!(
        hash.len() == 16 && hash.chars().all(|c| c.is_ascii_hexdigit()),
        "{text}"
    );

    // `--dictionary` is `--root`: a broken dictionary given explicitly wins over the built-in one.
    let o = run(&[
        "--dictionary",
        fixture("cycle").to_str().expect("utf-8"),
        "list",
    ]);
    assert_exit(&o, 2);
}
