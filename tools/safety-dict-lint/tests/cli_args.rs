//! The `safety-dict lint` arguments (`cli::LintArgs`) parsed as the binary parses them, and
//! `cli::run`'s output and exit codes.

use std::path::Path;

use clap::Parser;
use safety_dict_lint::cli::{run, LintArgs};

#[derive(Debug, Parser)]
struct Wrapper {
    #[command(flatten)]
    lint: LintArgs,
}

fn lint(args: &[&str]) -> (u8, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui-dictionary");
    let dict = safety_dict::Dictionary::load(&root).expect("fixture dictionary loads");
    let w = Wrapper::try_parse_from(std::iter::once("lint").chain(args.iter().copied()))
        .expect("arguments parse");
    let mut out = Vec::new();
    let code = run(&dict, &w.lint, &mut out).expect("writing to a Vec cannot fail");
    (code, String::from_utf8(out).expect("UTF-8 output"))
}

fn ui(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/ui")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn deny_levels_and_filters() {
    let file = ui("invariants.rs"); // warnings only
    assert_eq!(lint(&["--color", "never", &file]).0, 0);
    assert_eq!(lint(&["--deny", "warning", &file]).0, 1);
    let (code, out) = lint(&["--deny", "warning", "--allow", "SD0012", &file]);
    assert_eq!(code, 0, "{out}");
    let (code, out) = lint(&[
        "--only",
        "SD0001",
        "--format",
        "json",
        &ui("syntax_error.rs"),
    ]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["findings"].as_array().map(Vec::len), Some(1));
    assert_eq!(lint(&["--only", "SD9999", &file]).0, 2);
    assert_eq!(lint(&["does/not/exist.rs"]).0, 2);
}

#[test]
fn summary_after_diagnostics() {
    let (_, out) = lint(&["--summary", "--color", "never", &ui("macros.rs")]);
    assert!(out.contains("error[SD0001]"), "{out}");
    assert!(
        out.contains("unsafe blocks:          4 (4 in macro bodies)"),
        "{out}"
    );
    let (_, out) = lint(&["--format", "summary", &ui("phrasing.rs")]);
    assert!(out.starts_with("files:"), "{out}");
    assert!(
        Wrapper::try_parse_from(["lint"]).is_err(),
        "a path is required"
    );
}

/// The human output shows warnings and errors; infos (unrecognised phrases) need
/// `--min-level info`. Machine formats keep every level unless told otherwise.
#[test]
fn human_output_hides_infos_by_default() {
    let file = ui("phrasing.rs");
    let (_, default) = lint(&["--color", "never", &file]);
    assert!(!default.contains("[SD0007]"), "{default}");
    assert!(default.contains("warning["), "{default}");
    let (_, infos) = lint(&["--color", "never", "--min-level", "info", &file]);
    assert!(infos.contains("info[SD0007]"), "{infos}");
    let (_, json) = lint(&["--format", "json", &file]);
    assert!(json.contains("SD0007"), "{json}");
}

#[test]
fn readings_show_every_part_as_read() {
    let (code, out) = lint(&["--format", "readings", &ui("phrasing.rs")]);
    assert_eq!(code, 0, "{out}");
    let lines: Vec<Vec<&str>> = out.lines().map(|l| l.split('\t').collect()).collect();
    assert!(lines.iter().all(|l| l.len() == 5), "{out}");
    let at = |line: &str, part: &str| {
        lines
            .iter()
            .find(|l| l[0].ends_with(&format!("phrasing.rs:{line}")) && l[3] == part)
            .map(|l| (l[1], l[2]))
    };
    assert_eq!(
        at("7", "`buf` is valid for reads."),
        Some(("requirement", "valid-for-reads")),
        "{out}"
    );
    assert_eq!(
        at("11", "The moon is made of cheese."),
        Some(("requirement", "not in the dictionary")),
        "{out}"
    );
    assert_eq!(
        at("15", "the magic of friendship"),
        Some(("justification", "not in the dictionary")),
        "{out}"
    );
    assert!(
        lines.iter().any(|l| l[2].ends_with("(discouraged)")),
        "{out}"
    );
    // An item under "`buf` must:" is read with that subject and duty; the introduction itself
    // is no part.
    assert!(
        lines
            .iter()
            .any(|l| l[0].ends_with("phrasing.rs:36") && l[2] == "valid-for-reads"),
        "{out}"
    );
    assert!(!lines.iter().any(|l| l[3].contains("must:")), "{out}");
    // Sorted by line, whatever order the checks ran in.
    let numbers: Vec<usize> = lines
        .iter()
        .filter_map(|l| l[0].rsplit(':').next()?.parse().ok())
        .collect();
    assert!(numbers.windows(2).all(|w| w[0] <= w[1]), "{numbers:?}");
}
