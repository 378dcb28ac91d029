//! UI tests, rustc style: every `tests/ui/*.rs` is linted against the frozen fixture dictionary
//! in `tests/ui-dictionary/`, and the rendered diagnostics must equal `tests/ui/*.stderr`
//! byte for byte. `BLESS=1 cargo test -p safety-dict-lint --test ui` rewrites the `.stderr` files.
//!
//! Directive (first lines of a test file): `//@ only: SD0001, SD0002` reports only those codes.

use std::path::{Path, PathBuf};

use safety_dict_lint::render::human;
use safety_dict_lint::{lint_text, Code, LintOptions};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")
}

fn options_for(text: &str) -> LintOptions {
    let mut o = LintOptions::default();
    for line in text.lines().take_while(|l| l.starts_with("//@")) {
        if let Some(codes) = line.strip_prefix("//@ only:") {
            let codes: Vec<Code> = codes
                .split(',')
                .map(|c| Code::parse(c.trim()).unwrap_or_else(|| panic!("unknown code {c}")))
                .collect();
            o.only = Some(codes);
        }
    }
    o
}

#[test]
fn ui() {
    let dict = safety_dict::Dictionary::load(&dir().join("ui-dictionary"))
        .unwrap_or_else(|e| panic!("fixture dictionary: {e}"));
    let bless = std::env::var_os("BLESS").is_some_and(|v| v != "0");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(dir().join("ui"))
        .expect("tests/ui exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    cases.sort();
    assert!(
        cases.len() >= 8,
        "expected the UI cases, found {}",
        cases.len()
    );
    let mut failures = Vec::new();
    for case in &cases {
        let text = std::fs::read_to_string(case).expect("readable case");
        let name = case.file_name().expect("file name").to_string_lossy();
        let shown = format!("tests/ui/{name}");
        let report = lint_text(&shown, &text, &dict, &options_for(&text));
        let actual = human::render(&report, false);
        let expected_path = case.with_extension("stderr");
        if bless {
            std::fs::write(&expected_path, &actual).expect("write .stderr");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != actual {
            failures.push(format!(
                "--- {shown}: expected ({})\n{expected}\n+++ actual\n{actual}",
                expected_path.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} UI test(s) differ (BLESS=1 to accept):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
