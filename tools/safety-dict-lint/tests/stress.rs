//! The fuzz target's property, run in the normal test suite: random text and random soups of
//! Rust-ish fragments (unsafe blocks, comments, doc sections, macros, broken syntax) must lint
//! and render without a panic, with every finding inside the text.

use std::path::Path;

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use safety_dict_lint::render::{render, Format};
use safety_dict_lint::{lint_text, Code, EmptyVocabulary, LintOptions, Vocabulary};

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

/// Inputs whose trees are as deep as they are long, or whose lists are very long: each must be
/// linted completely (speed is measured by `benches/pathological.rs`, not here).
#[test]
fn huge_flat_inputs_are_linted_not_skipped() {
    let empty = EmptyVocabulary::default();
    let options = LintOptions::default();
    let n = 200_000;
    // A method chain and a sum: trees 200,000 levels deep, freed without overflowing a stack.
    let chain = format!(
        "fn f() {{\n    let x = a{};\n    unsafe {{ g() }};\n}}\n",
        ".b()".repeat(n)
    );
    let sum = format!(
        "fn f() -> u32 {{\n    unsafe {{ g() }};\n    1{}\n}}\n",
        "+1".repeat(n)
    );
    for text in [&chain, &sum] {
        let report = lint_text("deep.rs", text, &empty, &options);
        let codes: Vec<Code> = report.findings.iter().map(|f| f.code).collect();
        assert_eq!(codes, [Code::Sd0001], "{:?}", report.findings);
        assert_eq!(report.stats.unsafe_blocks, 1);
    }
    // A 150,000-item `# Safety` list whose items are all different, plus one repeated item.
    let items: String = (0..150_000)
        .map(|i| format!("/// - `p{i}` is valid.\n"))
        .collect();
    let list = format!("/// # Safety\n///\n{items}/// - `p7` is valid.\npub unsafe fn f() {{}}\n");
    let report = lint_text("list.rs", &list, &empty, &options);
    assert_eq!(report.stats.safety_sections_as_lists, 1);
    let repeated: Vec<usize> = report
        .findings
        .iter()
        .filter(|f| f.code == Code::Sd0006)
        .map(|f| f.line)
        .collect();
    assert_eq!(repeated, [150_003]);
}

/// `unsafe fn`s in a macro body, many and with no item boundary between them, under a long
/// header, or deeply nested: the searches of SD0018 are bounded, so each input is linted in
/// linear time, and an ordinary function after them is still judged.
#[test]
fn many_unsafe_fns_in_a_macro_body() {
    let n = 20_000;
    let plain = "unsafe fn a() {} ".repeat(n);
    let no_boundary = "unsafe fn a ".repeat(n);
    let long_header = format!(
        "{} {{ {} }}",
        "x ".repeat(n),
        "unsafe fn a() {} ".repeat(1000)
    );
    let nested = format!(
        "{}unsafe fn a() {{}}{}",
        "{ ".repeat(1500),
        " }".repeat(1500)
    );
    let empty = EmptyVocabulary::default();
    for body in [&plain, &no_boundary, &long_header, &nested] {
        let text = format!("macro_rules! m {{\n    () => {{ {body} }};\n}}\n");
        // Not rendered: rustc-style output quotes the one long line under each finding.
        let report = lint_text("macro.rs", &text, &empty, &LintOptions::default());
        assert!(report.findings.iter().all(|f| f.code != Code::Sd0000));
    }
    let text = format!("macro_rules! m {{\n    () => {{ {plain} }};\n}}\n");
    let report = lint_text("macro.rs", &text, &empty, &LintOptions::default());
    let sd0018 = report
        .findings
        .iter()
        .filter(|f| f.code == Code::Sd0018)
        .count();
    assert_eq!(sd0018, n);
}

/// A method chain whose every link holds an unsafe block: each block's comment search is
/// bounded, so the file is linted in linear time, and every block is still found.
#[test]
fn unsafe_blocks_along_a_long_chain() {
    let n = 5_000;
    let text = format!(
        "fn f() {{\n    // SAFETY: fine.\n    let x = a{};\n}}\n",
        ".b(unsafe {{ g() }})".repeat(n)
    );
    let report = lint_text(
        "chain.rs",
        &text,
        &EmptyVocabulary::default(),
        &LintOptions::default(),
    );
    assert_eq!(report.stats.unsafe_blocks, n);
    // The comment is above the statement: blocks within the climb bound of it are documented.
    assert!(report.stats.unsafe_blocks_with_safety > 0);
}
