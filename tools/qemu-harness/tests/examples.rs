//! Every example directory is complete, and every item of the good sides' safety documentation
//! is in the dictionary (it expands with `safety-dict expand`).

use std::path::PathBuf;

use qemu_harness::docs::{self, DocKind};
use qemu_harness::examples;
use safety_dict::model::Outcome;
use safety_dict::report::SideName;

fn root() -> PathBuf {
    qemu_harness::repo_root()
}

#[test]
fn every_example_is_complete() {
    let all = examples::load_all(&root()).unwrap_or_else(|e| panic!("{e}"));
    assert!(all.len() >= 20, "only {} examples", all.len());
    let mut problems = Vec::new();
    for ex in &all {
        for p in examples::problems(ex) {
            problems.push(format!("{}: {p}", ex.id));
        }
    }
    assert!(
        problems.is_empty(),
        "incomplete examples:\n{}",
        problems.join("\n")
    );
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
    let mut unknown = Vec::new();
    let mut counted = 0;
    for ex in &all {
        let blocks = docs::blocks(ex.text(SideName::Good));
        assert!(
            blocks.iter().any(|b| b.kind == DocKind::SafetyComment),
            "{}: good side has no `// SAFETY:` comment",
            ex.id
        );
        for b in blocks {
            let exp = dict.expand(&b.text);
            counted += exp.items.len();
            for s in exp.unrecognised() {
                unknown.push(format!("{}/good.rs:{}: `{}`", ex.id, b.line, s.text()));
            }
        }
    }
    assert!(counted > 40, "only {counted} items checked");
    // The check can fail: a made-up wording is not recognised.
    let probe = dict.expand("// SAFETY: `ptr` is valid for reads by good luck.");
    assert_eq!(probe.unrecognised().count(), 1, "{probe:?}");
    assert!(
        unknown.is_empty(),
        "wordings not in the dictionary:\n{}",
        unknown.join("\n")
    );
}
