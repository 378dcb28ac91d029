//! The fuzz target's property, run in the normal test suite: random text and random soups of
//! Rust-ish fragments (unsafe blocks, comments, doc sections, macros, broken syntax) must lint
//! and render without a panic, with every finding inside the text.

use std::path::Path;

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use safety_dict_lint::render::{render, Format};
use safety_dict_lint::{lint_text, EmptyVocabulary, LintOptions, Vocabulary};

const FRAGMENTS: &[&str] = &[
    "unsafe ",
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    ";",
    ",",
    "..",
    "=",
    "=>",
    "#[cfg(x)]",
    "#[doc = \"# Safety\"]",
    "#[allow(clippy::undocumented_unsafe_blocks)]",
    "fn f() ",
    "unsafe fn g(p: *const u8) ",
    "unsafe impl Send for S ",
    "unsafe trait T ",
    "impl S ",
    "impl T for S ",
    "struct S ",
    "struct H(u8);",
    "enum E { A { x: u8 } }",
    "macro_rules! m ",
    "m!",
    "let x = ",
    "Self ",
    "S { a: 1 }",
    "H(1)",
    "E::A { x: 1 }",
    "match x ",
    "|| ",
    "*p",
    "g(p)",
    "p.g()",
    "'a",
    "\"s\"",
    "\n",
    " ",
    "\t",
    "é",
    "🐧",
    "\r\n",
    "// SAFETY: ",
    "// SAFETY:\n// - ",
    "// INVARIANT: ",
    "/* SAFETY: x */",
    "/// # Safety\n",
    "/// # Invariants\n",
    "/// - ",
    "///\n",
    "//! x\n",
    "/** # Safety\n * - a */",
    "`ptr` is valid for reads",
    " by function requirements",
    " and ",
    ".",
    "`",
    "The caller guarantees that ",
    "1. ",
    "```\n",
    "# ",
    "/*",
    "*/",
    "\\",
    "'",
];

fn fragment_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(FRAGMENTS), 0..80).prop_map(|v| v.concat())
}

fn check(text: &str, vocab: &(dyn Vocabulary + Sync)) {
    let report = lint_text("stress.rs", text, vocab, &LintOptions::default());
    for f in &report.findings {
        assert!(
            f.span.start <= f.span.end && f.span.end <= text.len(),
            "{f:?}"
        );
        assert!(text.is_char_boundary(f.span.start), "{f:?}");
        assert!(text.is_char_boundary(f.span.end), "{f:?}");
        assert!(f.line >= 1 && f.column >= 1);
    }
    for format in [Format::Human, Format::Json, Format::Sarif, Format::Summary] {
        let _ = render(&report, format, false);
    }
}

fn fixture() -> safety_dict::Dictionary {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui-dictionary");
    safety_dict::Dictionary::load(&root).expect("fixture dictionary loads")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn rust_fragment_soup_never_panics(text in fragment_soup()) {
        check(&text, &EmptyVocabulary::default());
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,400}") {
        check(&text, &EmptyVocabulary::default());
    }
}

#[test]
fn fragment_soup_with_the_fixture_dictionary() {
    let dict = fixture();
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    for _ in 0..200 {
        let text = fragment_soup()
            .new_tree(&mut runner)
            .expect("strategy")
            .current();
        check(&text, &dict);
    }
}

#[test]
fn pathological_inputs() {
    let dict = fixture();
    let deep = "{".repeat(5000);
    let deep_paren = format!("fn f() {{ {} }}", "(".repeat(3000));
    let long_comment = format!("// SAFETY: {}\nunsafe {{}}", "`a` by b and ".repeat(2000));
    let many_unsafe = "unsafe { } ".repeat(3000);
    // Just under the nesting guard: parsed for real, on a stack sized for it.
    let near_limit = format!("fn f() {{ {} }}", "(".repeat(1900));
    let unary = format!("fn f() {{ {}x }}", "- ".repeat(1900));
    let else_ifs = format!("fn f() {{ if a {{}} {} }}", "else if a {} ".repeat(1500));
    let macro_soup = format!("m! {{ {} }}", "// SAFETY: x\nunsafe { } ; ".repeat(500));
    for t in [
        "",
        "\u{0}",
        "unsafe",
        "unsafe {",
        "/// # Safety",
        "// SAFETY:",
        deep.as_str(),
        deep_paren.as_str(),
        long_comment.as_str(),
        many_unsafe.as_str(),
        near_limit.as_str(),
        unary.as_str(),
        else_ifs.as_str(),
        macro_soup.as_str(),
    ] {
        check(t, &dict);
    }
    // The inputs just under the guard are really parsed, not skipped as too deep.
    for t in [&near_limit, &unary, &else_ifs] {
        let report = lint_text("stress.rs", t, &dict, &LintOptions::default());
        assert!(
            !report
                .findings
                .iter()
                .any(|f| f.message.contains("nesting too deep")),
            "{:?}",
            report.findings
        );
    }
    let report = lint_text("stress.rs", &deep, &dict, &LintOptions::default());
    assert!(report
        .findings
        .iter()
        .any(|f| f.message.contains("nesting too deep")));
}
