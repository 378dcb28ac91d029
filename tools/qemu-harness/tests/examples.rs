//! The examples the harness runs: at least 20 pairs, the outcomes the issue asks for, and good
//! sides whose safety documentation is all in the dictionary, read by the lint's parser. The
//! rules of a single pair (good side runs, report and function named, markers printed, ...)
//! are the dictionary library's `check`, with a fixture each in `safety-dict-core`.

use std::path::PathBuf;

use qemu_harness::examples;
use safety_dict::model::Outcome;
use safety_dict::report::SideName;
use safety_dict_lint::{lint_text, Code, LintOptions};

fn root() -> PathBuf {
    qemu_harness::repo_root()
}

#[test]
fn there_are_enough_examples_and_they_load() {
    // Loading runs every rule of `safety_dict::example_rules`.
    let all = examples::load_all(&root()).unwrap_or_else(|e| panic!("{e}"));
    assert!(all.len() >= 20, "only {} examples", all.len());
}

#[test]
fn the_required_outcomes_are_covered() {
    let all = examples::load_all(&root()).unwrap_or_else(|e| panic!("{e}"));
    let bad: Vec<(Outcome, Option<&str>)> = all
        .iter()
        .map(|e| (e.raw.bad.spec.expect, e.raw.bad.spec.report.as_deref()))
        .collect();
    for (outcome, report) in [
        (Outcome::Oops, "null-ptr-deref"),
        (Outcome::Kasan, "slab-out-of-bounds"),
        (Outcome::Kasan, "use-after-free"),
        (Outcome::Warning, "refcount_t: underflow"),
        (Outcome::Panic, "overflow"),
        (Outcome::Panic, "aligned"),
        (Outcome::BuildFails, "unsafe_op_in_unsafe_fn"),
    ] {
        assert!(
            bad.iter()
                .any(|(o, r)| *o == outcome && r.is_some_and(|r| r.contains(report))),
            "no bad side expects {outcome} with {report}"
        );
    }
}

#[test]
fn good_sides_use_only_dictionary_wordings() {
    let dict = safety_dict::Dictionary::load(&root()).unwrap_or_else(|e| panic!("{e:?}"));
    let all = examples::from_dictionary(&dict, &root());
    // The wording checks of the lint: phrases not in the dictionary, discouraged phrases and
    // placeholders.
    let options = LintOptions {
        only: Some(vec![Code::Sd0007, Code::Sd0008, Code::Sd0013]),
        nearest: false,
        ..LintOptions::default()
    };
    let mut findings = Vec::new();
    let (mut items, mut recognised) = (0, 0);
    for ex in &all {
        let path = format!("examples/{}/good.rs", ex.id);
        let report = lint_text(&path, ex.text(SideName::Good), &dict, &options);
        assert!(
            report.stats.safety_comments > 0,
            "{path}: the good side has no `// SAFETY:` comment"
        );
        items += report.stats.items;
        recognised += report.stats.items_recognised;
        findings.extend(report.findings.iter().map(|f| {
            format!(
                "{}:{}:{}: {}",
                f.file.display(),
                f.line,
                f.column,
                f.message
            )
        }));
    }
    assert!(items > 40, "only {items} items checked");
    // The check can fail: a made-up wording is reported.
    let probe = lint_text(
        "probe.rs",
        "fn f(p: *const u8) -> u8 {\n    // SAFETY: `p` is valid for reads by good luck.\n    unsafe { *p }\n}\n",
        &dict,
        &options,
    );
    assert_eq!(
        probe.findings.iter().map(|f| f.code).collect::<Vec<_>>(),
        [Code::Sd0007],
        "{:?}",
        probe.findings
    );
    assert!(
        findings.is_empty(),
        "safety documentation not in the dictionary:\n{}",
        findings.join("\n")
    );
    assert_eq!(
        recognised, items,
        "every item of the good sides is recognised"
    );
}
