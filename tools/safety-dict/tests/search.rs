//! `safety-dict search`: the real binary on the real dictionary and on the search fixture.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use safety_dict::Dictionary;
use serde_json::Value;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn search_fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../safety-dict-search/tests/fixture")
}

/// `safety-dict --root ROOT search ARGS`, run outside the repository.
fn search(root: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_safety-dict"))
        .current_dir(std::env::temp_dir())
        .env_remove("SAFETY_DICT_ROOT")
        .arg("--root")
        .arg(root)
        .arg("search")
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json(o: &Output) -> Vec<Value> {
    assert_eq!(
        o.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    match serde_json::from_slice(&o.stdout) {
        Ok(Value::Array(hits)) => hits,
        other => panic!("not a JSON array: {other:?}"),
    }
}

fn first_id(o: &Output) -> String {
    json(o)[0]["id"].as_str().expect("an id").to_string()
}

#[test]
fn typo_finds_valid_for_reads_first() {
    let o = search(&repo_root(), &["vaild for raeds", "--format", "json"]);
    assert_eq!(first_id(&o), "valid-for-reads");
}

#[test]
fn text_output_marks_words_and_links() {
    let o = search(&repo_root(), &["vaild for raeds", "--limit", "3"]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.starts_with("valid-for-reads (requirement, "), "{out}");
    assert!(
        out.contains("**"),
        "matched words marked when not a terminal: {out}"
    );
    assert!(out.contains("/dictionary/valid-for-reads.html"), "{out}");
    assert!(
        !out.contains('\u{1b}'),
        "no ANSI escapes into a pipe: {out}"
    );
    assert_eq!(out.matches(".html").count(), 3, "{out}");
}

#[test]
fn a_tag_name_finds_the_c_string_entry() {
    let dict = Dictionary::load(&repo_root()).expect("the real dictionary loads");
    let tagged: Vec<&str> = dict
        .entries()
        .iter()
        .filter(|e| e.tags.iter().any(|t| t == "ValidCStr"))
        .map(|e| e.id.as_str())
        .collect();
    assert!(!tagged.is_empty(), "some entry carries the ValidCStr tag");
    for q in ["ValidCStr", "valid c str"] {
        let id = first_id(&search(&repo_root(), &[q, "--format", "json"]));
        assert!(
            tagged.contains(&id.as_str()),
            "{q:?} found {id}, not one of {tagged:?}"
        );
        let entry = dict.entry(&id).expect("a real entry");
        assert!(
            entry.phrase.contains("C string") || entry.summary.contains("C string"),
            "{q:?} found {id}, which is not about C strings"
        );
    }
}

#[test]
fn an_accepted_phrasing_finds_its_entry() {
    let dict = Dictionary::load(&repo_root()).expect("the real dictionary loads");
    let e = dict
        .entry("valid-for-reads")
        .expect("valid-for-reads exists");
    let accepted = e.accepted.first().expect("it has accepted phrasings");
    let o = search(&repo_root(), &[accepted, "--format", "json"]);
    assert_eq!(first_id(&o), "valid-for-reads", "query {accepted:?}");
}

#[test]
fn json_hits_have_every_field() {
    let o = search(
        &search_fixture(),
        &["ValidCStr", "--format", "json", "-n", "2"],
    );
    let hits = json(&o);
    assert!(hits.len() <= 2);
    let h = &hits[0];
    assert_eq!(h["id"], "nul-terminated-c-string");
    assert_eq!(h["kind"], "requirement");
    assert_eq!(h["matched"], "exact");
    assert_eq!(
        h["url"],
        "https://example.org/std/dictionary/nul-terminated-c-string.html"
    );
    assert!(h["phrase"].is_string() && h["score"].is_number());
    assert!(h["snippet"]["text"].is_string() && h["snippet"]["highlights"].is_array());
}

#[test]
fn exit_codes() {
    let none = search(&search_fixture(), &["zzqqxxyy"]);
    assert_eq!(none.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&none.stderr).contains("no entry matches"));
    let none_json = search(&search_fixture(), &["zzqqxxyy", "--format", "json"]);
    assert_eq!(none_json.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&none_json.stdout).trim(), "[]");

    assert_eq!(search(&search_fixture(), &["  "]).status.code(), Some(2));
    assert_eq!(
        search(&search_fixture(), &["x", "--limit", "0"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(search(&search_fixture(), &[]).status.code(), Some(2));
    let missing = search(Path::new("/nonexistent/safety-dict"), &["valid"]);
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn query_syntax_is_not_an_error() {
    let o = search(
        &search_fixture(),
        &["title:\"valid (reads", "--format", "json"],
    );
    assert_eq!(first_id(&o), "valid-for-reads");
}

#[test]
fn help_describes_the_options() {
    let o = search(&search_fixture(), &["--help"]);
    assert_eq!(o.status.code(), Some(0));
    let help = String::from_utf8_lossy(&o.stdout);
    for word in ["--limit", "--format", "ValidCStr", "Exit 0"] {
        assert!(help.contains(word), "{word} missing from:\n{help}");
    }
}
