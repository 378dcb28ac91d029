//! `check` on broken fixture dictionaries: one fixture per problem class, each asserting the
//! exact message and `file:line:column` of every diagnostic, and that loading writes nothing.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use safety_dict::{Dictionary, LoadError};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// Every diagnostic of a broken fixture as `file:line:column: message`, in report order.
/// Also checks that each one carries a hint.
fn problems(name: &str) -> Vec<String> {
    match Dictionary::load(&fixture(name)) {
        Ok(_) => panic!("fixture `{name}` loaded without problems"),
        Err(LoadError::Invalid(diags)) => diags
            .0
            .iter()
            .map(|d| {
                assert!(
                    d.hint.as_deref().is_some_and(|h| !h.is_empty()),
                    "no hint on {d}"
                );
                format!(
                    "{}:{}:{}: {}",
                    d.file.display(),
                    d.line,
                    d.column,
                    d.message
                )
            })
            .collect(),
        Err(e) => panic!("fixture `{name}` gave an I/O error instead of diagnostics: {e}"),
    }
}

/// The hint of the only diagnostic of a fixture.
fn only_hint(name: &str) -> String {
    match Dictionary::load(&fixture(name)) {
        Err(LoadError::Invalid(diags)) => {
            assert_eq!(diags.len(), 1, "{diags}");
            diags.0[0].hint.clone().unwrap_or_default()
        }
        other => panic!("fixture `{name}`: expected one diagnostic, got {other:?}"),
    }
}

#[track_caller]
fn assert_problems(name: &str, expected: &[&str]) {
    let got = problems(name);
    assert_eq!(got, expected, "diagnostics of fixture `{name}`");
}

#[test]
fn the_valid_fixture_loads() {
    let dict = Dictionary::load(&fixture("valid")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(dict.entries().len(), 12);
    assert_eq!(dict.examples().len(), 1);
    assert_eq!(dict.site_url(), "https://example.org/std/");
}

#[test]
fn toml_syntax() {
    assert_problems(
        "toml-syntax",
        &["dictionary/requirement/non-null.toml:2:29: invalid basic string, expected `\"`"],
    );
    assert_eq!(only_hint("toml-syntax"), "fix the TOML syntax");
}

#[test]
fn unknown_field() {
    assert_problems(
        "unknown-field",
        &[
            "dictionary/requirement/non-null.toml:6:1: unknown field `seealso`, expected one of \
           `id`, `phrase`, `summary`, `vars`, `meaning`, `notes`, `accepted`, `discouraged`, \
           `tags`, `see_also`, `sources`, `origin`, `rfc_difference`, `exclusive`",
        ],
    );
}

#[test]
fn missing_field() {
    assert_problems(
        "missing-field",
        &["dictionary/requirement/non-null.toml:1:1: missing field `summary`"],
    );
}

#[test]
fn wrong_type() {
    assert_problems(
        "wrong-type",
        &[
            "dictionary/requirement/non-null.toml:6:8: invalid type: string \"NonNull\", expected a sequence",
        ],
    );
}

#[test]
fn duplicate_id() {
    assert_problems(
        "duplicate-id",
        &[
            "dictionary/requirement/non-null.toml:1:6: duplicate id `non-null`: already used by \
           dictionary/guarantee/non-null.toml",
        ],
    );
}

#[test]
fn id_differs_from_file_name() {
    assert_problems(
        "id-not-file-name",
        &[
            "dictionary/requirement/non-null.toml:1:6: id `not-null` does not match the file name `non-null.toml`",
        ],
    );
    assert_eq!(
        only_hint("id-not-file-name"),
        "rename the file to `not-null.toml` or set `id = \"non-null\"`"
    );
}

#[test]
fn id_not_kebab_case() {
    assert_problems(
        "non-kebab-id",
        &["dictionary/requirement/Non_Null.toml:1:6: id `Non_Null` is not kebab-case"],
    );
}

#[test]
fn stray_files_and_directories() {
    assert_problems(
        "stray-files",
        &[
            "dictionary/notes.txt:1:1: dictionary/notes.txt is a file outside the kind directories",
            "dictionary/requirement/draft.md:1:1: dictionary/requirement/draft.md is not a .toml entry file",
            "dictionary/requirements:1:1: dictionary/requirements is a directory that is not an entry kind",
        ],
    );
}

#[test]
fn reference_to_missing_entry() {
    assert_problems(
        "missing-reference",
        &["dictionary/requirement/valid-for-reads.toml:6:13: reference to missing entry `non-nul`"],
    );
    assert_eq!(only_hint("missing-reference"), "did you mean `non-null`?");
}

#[test]
fn see_also_to_missing_entry() {
    assert_problems(
        "see-also-missing",
        &[
            "dictionary/requirement/aligned.toml:6:25: see_also names missing entry `valid-for-reeds`",
        ],
    );
}

#[test]
fn missing_binding() {
    assert_problems(
        "missing-binding",
        &[
            "dictionary/requirement/valid-for-reads.toml:6:32: missing binding for variable `ptr` of `non-null`",
            "dictionary/requirement/valid-for-reads.toml:7:13: missing binding for variable `ptr` of `non-null`",
        ],
    );
}

#[test]
fn unknown_binding() {
    assert_problems(
        "unknown-binding",
        &["dictionary/requirement/valid-for-reads.toml:6:49: `non-null` has no variable `size`"],
    );
    assert_eq!(only_hint("unknown-binding"), "its variables are `ptr`");
}

#[test]
fn undeclared_variable_in_meaning() {
    assert_problems(
        "undeclared-in-meaning",
        &[
            "dictionary/requirement/non-null.toml:5:21: meaning uses variable `p`, which the phrase does not declare",
        ],
    );
}

#[test]
fn undeclared_variable_in_binding() {
    assert_problems(
        "undeclared-in-binding",
        &[
            "dictionary/requirement/valid-for-reads.toml:6:40: binding uses variable `src`, which the phrase does not declare",
        ],
    );
}

#[test]
fn undeclared_variable_in_accepted_phrasing() {
    assert_problems(
        "undeclared-in-accepted",
        &[
            "dictionary/requirement/non-null.toml:6:13: accepted phrasing uses variable `len`, which the phrase does not declare",
        ],
    );
}

#[test]
fn declared_variable_unused_in_phrase() {
    assert_problems(
        "unused-variable",
        &[
            "dictionary/requirement/non-null.toml:4:28: variable `len` is declared but the phrase does not use it",
        ],
    );
}

/// One value left out of two is an error; the fixture's second accepted phrasing, which leaves
/// out both ("the region is valid for reads up to its end"), is not. A pointer may be left out
/// where every function is named ("`g` takes it back once for each call to `f`"), not where one
/// of them is left out too.
#[test]
fn other_phrasings_missing_a_variable() {
    assert_problems(
        "accepted-missing-variable",
        &[
            "dictionary/requirement/passed-back.toml:6:61: accepted phrasing does not use variable `f` of the phrase",
            "dictionary/requirement/passed-back.toml:6:61: accepted phrasing does not use variable `ptr` of the phrase",
            "dictionary/requirement/valid-for-reads-up-to.toml:6:13: accepted phrasing does not use variable `size` of the phrase",
            "dictionary/requirement/valid-for-reads-up-to.toml:7:27: discouraged phrasing does not use variable `ptr` of the phrase",
        ],
    );
}

#[test]
fn clause_with_both_or_neither_text_and_ref() {
    assert_problems(
        "clause-text-and-ref",
        &[
            "dictionary/requirement/valid-for-reads.toml:6:5: a meaning clause needs exactly one of `text` or `ref`",
            "dictionary/requirement/valid-for-reads.toml:7:5: a meaning clause needs exactly one of `text` or `ref`",
            "dictionary/requirement/valid-for-reads.toml:8:5: a text clause cannot have `with`",
        ],
    );
}

#[test]
fn ref_to_a_concept() {
    assert_problems(
        "ref-to-concept",
        &[
            "dictionary/requirement/valid-pointer.toml:5:20: `valid` is a concept and has no meaning to refer to",
        ],
    );
}

#[test]
fn non_concept_without_meaning() {
    assert_problems(
        "no-meaning",
        &["dictionary/requirement/non-null.toml:1:6: missing field `meaning`"],
    );
}

#[test]
fn cycle_among_abbreviations_prints_the_cycle() {
    assert_problems(
        "cycle",
        &[
            "dictionary/requirement/gamma.toml:7:13: cycle among abbreviations: alpha -> beta -> gamma -> alpha",
        ],
    );
}

#[test]
fn two_entries_matching_the_same_sentence() {
    assert_problems(
        "conflicting-phrasings",
        &[
            "dictionary/requirement/non-null.toml:2:10: phrase of `non-null` and accepted phrasing #1 \
           of `not-null` match the same sentence: \"`v0` is non-null\"",
        ],
    );
}

#[test]
fn example_illustrating_a_missing_entry() {
    assert_problems(
        "example-missing-entry",
        &["examples/null-check/example.toml:4:28: example illustrates missing entry `aligned`"],
    );
}

#[test]
fn example_without_good_rs() {
    assert_problems(
        "example-missing-good",
        &[
            "examples/null-check/example.toml:1:1: cannot read examples/null-check/good.rs: \
           no such file",
        ],
    );
}

// The rules of an example pair that the QEMU harness relies on (`example_rules.rs`): one
// fixture each, every one a copy of the same valid pair with one thing wrong.

#[test]
fn example_good_side_must_run() {
    assert_problems(
        "example-good-not-runs",
        &["examples/null-check/example.toml:7:10: the good side expects `panic`"],
    );
}

#[test]
fn example_bad_side_must_fail() {
    assert_problems(
        "example-bad-runs",
        &["examples/null-check/example.toml:11:10: the bad side expects `runs`"],
    );
}

#[test]
fn example_failing_side_names_its_report() {
    assert_problems(
        "example-no-report",
        &["examples/null-check/example.toml:11:10: the bad side expects `oops` but names no `report`"],
    );
}

#[test]
fn example_crashing_side_names_its_function() {
    assert_problems(
        "example-no-function",
        &[
            "examples/null-check/example.toml:11:10: the bad side expects `oops` but names no \
           `function`",
        ],
    );
}

#[test]
fn example_function_is_declared_by_the_source() {
    assert_problems(
        "example-function-not-declared",
        &["examples/null-check/example.toml:13:12: bad.rs declares no `fn read_two`"],
    );
}

#[test]
fn example_running_side_lists_markers() {
    assert_problems(
        "example-no-markers",
        &["examples/null-check/example.toml:7:10: the good side `runs` but lists no `markers`"],
    );
}

#[test]
fn example_markers_are_printed() {
    assert_problems(
        "example-marker-not-printed",
        &[
            "examples/null-check/example.toml:8:22: good.rs never prints marker \
           `null-check: finished`",
        ],
    );
}

#[test]
fn example_rustflags_are_plain() {
    assert_problems(
        "example-bad-rustflag",
        &["examples/null-check/example.toml:14:38: rustflag `-C$(shell id)` is not a plain rustc \
           flag"],
    );
}

#[test]
fn example_module_name_is_the_id() {
    assert_problems(
        "example-module-name",
        &["examples/null-check/bad.rs:8:12: `module!` name is `null_chek`, not `null_check`"],
    );
}

#[test]
fn example_text_fields_and_illustrates_are_not_empty() {
    assert_problems(
        "example-empty-fields",
        &[
            "examples/null-check/example.toml:1:9: `title` is empty",
            "examples/null-check/example.toml:4:15: `illustrates` names no dictionary entry",
        ],
    );
}

#[test]
fn example_id_fits_a_module_name() {
    assert_problems(
        "example-long-id",
        &["examples/a-null-check-whose-id-is-far-too-long-for-linux/example.toml:1:1: example id \
           `a-null-check-whose-id-is-far-too-long-for-linux` is longer than 43 characters"],
    );
}

#[test]
fn missing_grammar_file() {
    assert_problems(
        "grammar-missing",
        &["dictionary/grammar.toml:1:1: the folding rules file is missing"],
    );
}

#[test]
fn empty_grammar_rule() {
    assert_problems(
        "grammar-empty-rule",
        &["dictionary/grammar.toml:7:9: grammar rule \"  \" is empty: it would match everywhere"],
    );
}

#[test]
fn grammar_rule_that_is_no_regex() {
    assert_problems(
        "grammar-bad-regex",
        &[
            "dictionary/grammar.toml:9:13: grammar rule \"^(unclosed\" is no regex \
           (call_origin.function): write one in the syntax of Rust's `regex` crate that \
           JavaScript also reads",
        ],
    );
}

#[test]
fn several_problems_are_reported_together_in_file_order() {
    assert_problems(
        "many-problems",
        &[
            "dictionary/concept/Valid.toml:1:6: id `valid` does not match the file name `Valid.toml`",
            "dictionary/requirement/aligned.toml:3:11: invalid type: integer `1`, expected a string",
            "dictionary/requirement/non-null.toml:6:13: see_also names missing entry `alined`",
            "dictionary/requirement/valid-for-reads.toml:6:32: missing binding for variable `ptr` of `non-null`",
            "dictionary/requirement/valid-for-reads.toml:6:34: `non-null` has no variable `pointer`",
            "dictionary/requirement/valid-for-reads.toml:8:14: meaning uses variable `q`, which the phrase does not declare",
        ],
    );
}

#[test]
fn a_missing_directory_is_an_io_error_not_a_diagnostic() {
    match Dictionary::load(&fixture("does-not-exist")) {
        Err(LoadError::Io { path, .. }) => assert!(path.ends_with("does-not-exist/dictionary")),
        other => panic!("expected an I/O error, got {other:?}"),
    }
}

/// Every file under `dir` with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).expect("fixture directory is readable") {
            let p = e.expect("directory entry").path();
            if p.is_dir() {
                out.insert(p.clone(), Vec::new());
                todo.push(p);
            } else {
                let bytes = std::fs::read(&p).expect("fixture file is readable");
                out.insert(p, bytes);
            }
        }
    }
    out
}

#[test]
fn loading_writes_nothing() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let before = snapshot(&root);
    assert!(before.len() > 50, "the fixtures are there");
    let mut broken = 0;
    for e in std::fs::read_dir(&root).expect("fixtures") {
        let dir = e.expect("entry").path();
        if Dictionary::load(&dir).is_err() {
            broken += 1;
        }
    }
    assert!(broken >= 20, "only {broken} broken fixtures");
    assert_eq!(snapshot(&root), before, "loading changed the fixture tree");
}

#[test]
fn guarantee_promising_exclusion_without_being_exclusive() {
    assert_problems(
        "guarantee-not-exclusive",
        &["dictionary/guarantee/returns-writable.toml:1:6: guarantee `returns-writable` promises \
           exclusive access (`returns-writable` → `writable` → `no-other-access`), which only an \
           exclusive owner can keep"],
    );
    assert!(only_hint("guarantee-not-exclusive").contains("exclusive = true"));
}

#[test]
fn api_specific_problems() {
    let root = fixture("api-specific-problems");
    let dict = Dictionary::load(&root).unwrap_or_else(|e| panic!("{e}"));
    let files = safety_dict::files::Files::Disk(root);
    let got: Vec<String> = match safety_dict::api_specific::load(&files, &dict) {
        Err(LoadError::Invalid(diags)) => diags
            .0
            .iter()
            .map(|d| {
                assert!(d.hint.is_some(), "no hint on {d}");
                format!(
                    "{}:{}:{}: {}",
                    d.file.display(),
                    d.line,
                    d.column,
                    d.message
                )
            })
            .collect(),
        other => panic!("expected diagnostics, got {other:?}"),
    };
    assert_eq!(
        got,
        [
            "dictionary/api-specific.toml:11:8: duplicate phrasing: the same text (ignoring case and backticked spans) is phrasing 1 for linux-6.12",
            "dictionary/api-specific.toml:14:11: example `rust/kernel/net/phy.rs` is not `path:line`",
            "dictionary/api-specific.toml:18:8: the dictionary recognises this phrasing (as non-null)",
        ]
    );
}

#[test]
fn no_api_specific_file_is_an_empty_list() {
    let root = fixture("valid");
    let dict = Dictionary::load(&root).unwrap_or_else(|e| panic!("{e}"));
    let list = safety_dict::api_specific::load(&safety_dict::files::Files::Disk(root), &dict)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(list.phrasings.is_empty());
}
