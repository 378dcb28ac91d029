//! The SARIF output validates against the official SARIF 2.1.0 JSON schema.
//!
//! The schema file is vendored, unchanged, from the npm package `@microsoft/jest-sarif`
//! 1.0.0-beta.0 (`lib/schemas/sarif-2.1.0-rtm.5.json`; see `tests/schemas/README.md` for its
//! hash). It is checked with the `jsonschema` crate, so a field the schema does not allow, a
//! `null` where it wants a string, or a malformed URI fails the build instead of a code-scanning
//! upload.

use std::path::Path;

use safety_dict_lint::render::{render, Format};
use safety_dict_lint::{lint_sources, Code, LintOptions, LintReport, SourceFile};

fn fixture() -> safety_dict::Dictionary {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui-dictionary");
    safety_dict::Dictionary::load(&root).expect("fixture dictionary loads")
}

/// The one pattern of the vendored file that needs an escape (as it stands in the JSON text).
const LANGUAGE_PATTERN: &str = r#""^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$""#;

fn validator() -> jsonschema::Validator {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/schemas/sarif-2.1.0-rtm.5.json");
    let text = std::fs::read_to_string(&path).expect("the vendored schema is there");
    // One pattern of the file (for `run.language`) has a lone `]`, a literal in ECMAScript but
    // rejected by the crate's check of the schema against the draft-04 meta-schema. It is
    // escaped here, which keeps its ECMAScript meaning; the file itself stays as shipped.
    let text = text.replace(LANGUAGE_PATTERN, &LANGUAGE_PATTERN.replace("]?$", r"\\]?$"));
    let schema: serde_json::Value = serde_json::from_str(&text).expect("the schema is JSON");
    jsonschema::options()
        .with_draft(jsonschema::Draft::Draft4)
        .should_validate_formats(true)
        .build(&schema)
        .expect("the schema compiles")
}

/// Every error of the document against the schema, one per line.
fn errors(report: &LintReport) -> Vec<String> {
    let text = render(report, Format::Sarif, false);
    let doc: serde_json::Value = serde_json::from_str(&text).expect("SARIF is JSON");
    validator()
        .iter_errors(&doc)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

/// All UI test inputs linted as one tree: every code the lint has, with notes, labels and help
/// URLs of both kinds (a rule's chapter and a dictionary entry).
#[test]
fn every_code_of_the_ui_tests_validates() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui");
    let mut files = Vec::new();
    for e in std::fs::read_dir(&dir).expect("tests/ui") {
        let path = e.expect("a directory entry").path();
        if path.extension().is_some_and(|x| x == "rs") {
            let text = std::fs::read_to_string(&path).expect("a UI test");
            let rel = path
                .strip_prefix(env!("CARGO_MANIFEST_DIR"))
                .expect("below");
            files.push(SourceFile::new(rel, text));
        }
    }
    // Not UTF-8 and a syntax error give SD0000 with an empty or odd span.
    files.push(SourceFile::new("tests/ui/odd name #1.rs", "fn f( {"));
    let report = lint_sources(&files, &fixture(), &LintOptions::default());
    let codes: std::collections::BTreeSet<Code> = report.findings.iter().map(|f| f.code).collect();
    assert!(codes.len() >= 12, "too few codes exercised: {codes:?}");
    let errs = errors(&report);
    assert!(errs.is_empty(), "SARIF schema errors:\n{}", errs.join("\n"));
}

/// Absolute paths become `file://` URIs, which the schema checks as URIs.
#[test]
fn absolute_paths_validate() {
    let report = lint_sources(
        &[SourceFile::new(
            "/home/a b/x#1.rs",
            "fn g() { unsafe {} }\n",
        )],
        &fixture(),
        &LintOptions::default(),
    );
    assert_eq!(report.findings.len(), 1);
    let errs = errors(&report);
    assert!(errs.is_empty(), "SARIF schema errors:\n{}", errs.join("\n"));
}

/// No findings at all is still a valid log (the rules are listed, the results empty).
#[test]
fn an_empty_report_validates() {
    let report = lint_sources(&[], &fixture(), &LintOptions::default());
    let errs = errors(&report);
    assert!(errs.is_empty(), "SARIF schema errors:\n{}", errs.join("\n"));
}

/// The validator does reject a broken document, so the tests above check something.
#[test]
fn the_validator_rejects_a_broken_log() {
    let broken = serde_json::json!({
        "version": "2.1.0",
        "runs": [{ "tool": { "driver": { "name": null } }, "results": [] }],
    });
    assert!(!validator().is_valid(&broken));
}
