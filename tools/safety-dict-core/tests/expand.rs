//! Matcher and expander on the small valid fixture dictionary (`tests/fixtures/valid`).

use std::path::Path;
use std::sync::OnceLock;

use indexmap::IndexMap;
use safety_dict::expand::{render_markdown, Item, Node, Statement};
use safety_dict::matcher::Form;
use safety_dict::Dictionary;

fn dict() -> &'static Dictionary {
    static D: OnceLock<Dictionary> = OnceLock::new();
    D.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid");
        Dictionary::load(&root).unwrap_or_else(|e| panic!("valid fixture: {e}"))
    })
}

fn bindings(pairs: &[(&str, &str)]) -> IndexMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// The entry, form and bindings an item was recognised as; panics when it was not.
#[track_caller]
fn recognised(s: &Statement) -> (&str, Form, &IndexMap<String, String>) {
    match s {
        Statement::Recognised {
            entry,
            form,
            bindings,
            ..
        } => (entry, *form, bindings),
        Statement::Unrecognised { text, suggestions } => {
            panic!("{text:?} not recognised; suggestions {suggestions:?}")
        }
        Statement::Placeholder { text } => panic!("{text:?} read as a placeholder"),
    }
}

#[track_caller]
fn single(text: &str) -> Item {
    let item = dict().analyse_item(text);
    assert!(item.justifications.is_empty(), "{item:?}");
    item
}

#[track_caller]
fn assert_matches(text: &str, entry: &str, expected: &[(&str, &str)]) {
    let item = single(text);
    let (e, _, b) = recognised(item.statement());
    assert_eq!(e, entry, "entry of {text:?}");
    assert_eq!(
        b.iter().collect::<Vec<_>>(),
        bindings(expected).iter().collect::<Vec<_>>(),
        "bindings of {text:?}"
    );
}

fn texts(nodes: &[Node]) -> Vec<&str> {
    nodes.iter().map(|n| n.text.as_str()).collect()
}

#[test]
fn case_and_whitespace_are_folded_outside_backticks() {
    assert_matches(
        "`Buf`   IS valid\n\tFOR   Reads.",
        "valid-for-reads",
        &[("ptr", "`Buf`")],
    );
    // Inside backticks whitespace folds but case stays.
    assert_matches(
        "`len  *   2` is aligned.",
        "aligned",
        &[("ptr", "`len * 2`")],
    );
}

#[test]
fn the_final_period_is_optional() {
    assert_matches("`p` is aligned", "aligned", &[("ptr", "`p`")]);
    assert_matches("`p` is aligned.", "aligned", &[("ptr", "`p`")]);
}

#[test]
fn slots_take_any_code_span_or_a_bare_identifier() {
    assert_matches(
        "`self.ptr` is valid for reads up to `len * 2` bytes for the duration of `'b`.",
        "valid-for-reads-up-to",
        &[("ptr", "`self.ptr`"), ("size", "`len * 2`"), ("'a", "`'b`")],
    );
    // Bare identifiers are put in backticks; a lifetime slot also takes words.
    assert_matches(
        "self.ptr is valid for reads up to len bytes for the duration of this call.",
        "valid-for-reads-up-to",
        &[
            ("ptr", "`self.ptr`"),
            ("size", "`len`"),
            ("'a", "this call"),
        ],
    );
    assert_matches("lock is held.", "lock-held", &[("lock", "`lock`")]);
    // Literal code spans of a phrase must be written as they are.
    assert_matches(
        "`s` points to a `NUL`-terminated C string.",
        "nul-terminated",
        &[("ptr", "`s`")],
    );
    assert!(!single("`s` points to a `nul`-terminated C string.")
        .statement()
        .is_recognised());
    // A code slot does not take several words.
    assert!(!single("the buffer is aligned.").statement().is_recognised());
}

#[test]
fn lead_ins_and_must_be_are_folded() {
    for text in [
        "The caller must ensure that `p` is valid for writes.",
        "The caller must ensure that `p` must be valid for writes.",
        "Callers must guarantee that `p` needs to be valid for writes",
        "- `p` must be valid for writes.",
    ] {
        assert_matches(text, "valid-for-writes", &[("ptr", "`p`")]);
    }
}

#[test]
fn accepted_phrasings_match_in_their_own_form() {
    let item = single("`p` is valid for reading.");
    let (e, form, _) = recognised(item.statement());
    assert_eq!((e, form), ("valid-for-reads", Form::Accepted(0)));
}

#[test]
fn a_discouraged_phrasing_gets_the_preferred_form_with_its_bindings() {
    let item = single("`self.buf` is valid and non-null for reads.");
    let Statement::Recognised {
        entry,
        form,
        discouraged,
        expansion,
        ..
    } = item.statement()
    else {
        panic!("not recognised: {item:?}")
    };
    assert_eq!(entry, "valid-for-reads");
    assert_eq!(*form, Form::Discouraged(1));
    let advice = discouraged.as_ref().expect("advice");
    assert_eq!(advice.preferred, "`self.buf` is valid for reads.");
    assert_eq!(advice.reason, "Non-null is implied by valid.");
    // The expansion is the entry's, in the item's variables.
    assert_eq!(expansion.text, "`self.buf` is valid for reads.");

    // Without `preferred`, the canonical phrase is the preferred form.
    let item = single("`q` is a valid pointer for reads.");
    let Statement::Recognised { discouraged, .. } = item.statement() else {
        panic!("not recognised: {item:?}")
    };
    let advice = discouraged.as_ref().expect("advice");
    assert_eq!(advice.preferred, "`q` is valid for reads.");
    assert_eq!(advice.reason, "The word \"pointer\" adds nothing.");

    // Canonical wording gets no advice.
    let item = single("`q` is valid for reads.");
    let Statement::Recognised { discouraged, .. } = item.statement() else {
        panic!("not recognised: {item:?}")
    };
    assert!(discouraged.is_none());
}

#[test]
fn expansion_substitutes_and_recurses() {
    let exp = dict().expand("`buf` is valid for reads and writes.");
    assert_eq!(exp.items.len(), 1);
    let Statement::Recognised { expansion, url, .. } = &exp.items[0].statement() else {
        panic!("not recognised")
    };
    assert_eq!(
        url,
        "https://example.org/std/dictionary/valid-for-reads-and-writes.html"
    );
    assert_eq!(
        texts(&expansion.children),
        ["`buf` is valid for reads.", "`buf` is valid for writes."]
    );
    let reads = &expansion.children[0];
    assert_eq!(reads.entry.as_deref(), Some("valid-for-reads"));
    assert_eq!(
        texts(&reads.children),
        [
            "`buf` is valid for reads up to `size_of::<T>()` bytes for the duration of this function call.",
            "The bytes at `buf` hold a valid `T`.",
            "`buf` is aligned.",
        ]
    );
    let up_to = &reads.children[0];
    assert_eq!(
        texts(&up_to.children),
        [
            "`buf` is non-null.",
            "`buf` is dereferenceable for `size_of::<T>()` bytes inside one live allocated object.",
            "Nothing writes to those bytes during this function call.",
        ]
    );
    assert_eq!(
        texts(&up_to.children[0].children),
        ["`buf` is not the null pointer."]
    );
    // Text clauses carry no entry or URL; entry lines do.
    assert_eq!(up_to.children[1].entry, None);
    assert_eq!(
        up_to.children[0].url.as_deref(),
        Some("https://example.org/std/dictionary/non-null.html")
    );
    let md = render_markdown(&exp);
    assert!(
        md.starts_with("1. `buf` is valid for reads and writes.\n"),
        "{md}"
    );
    assert!(
        md.contains("       - `buf` is valid for reads up to `size_of::<T>()` bytes for the duration of this function call. ([valid-for-reads-up-to](https://example.org/std/dictionary/valid-for-reads-up-to.html))\n"),
        "{md}"
    );
}

#[test]
fn justification_form_requirement_by_justifications() {
    let item = dict().analyse_item(
        "`p` is valid for reads by function requirements and type invariant of `Self`.",
    );
    let (e, _, b) = recognised(item.statement());
    assert_eq!(e, "valid-for-reads");
    assert_eq!(b, &bindings(&[("ptr", "`p`")]));
    assert_eq!(item.justifications.len(), 2);
    let (j1, _, _) = recognised(&item.justifications[0]);
    let (j2, _, b2) = recognised(&item.justifications[1]);
    assert_eq!(j1, "function-requirements");
    assert_eq!(j2, "type-invariant");
    assert_eq!(b2, &bindings(&[("T", "`Self`")]));

    // Accepted wordings of justifications work too, in any case.
    let item = dict().analyse_item(
        "`p` is aligned by the safety requirements of this function and REFERENCE VALIDITY",
    );
    assert_eq!(recognised(item.statement()).0, "aligned");
    let js: Vec<&str> = item
        .justifications
        .iter()
        .map(|j| recognised(j).0)
        .collect();
    assert_eq!(js, ["function-requirements", "reference-validity"]);

    // A requirement is not accepted as a justification.
    let item = dict().analyse_item("`p` is aligned by `q` is non-null");
    assert_eq!(recognised(item.statement()).0, "aligned");
    assert!(!item.justifications[0].is_recognised());
}

#[test]
fn whole_sentence_justification_prefix() {
    let item = dict().analyse_item("The caller guarantees that `p` is valid for writes.");
    assert_eq!(recognised(item.statement()).0, "valid-for-writes");
    assert_eq!(recognised(item.statement()).2, &bindings(&[("ptr", "`p`")]));
    let js: Vec<&str> = item
        .justifications
        .iter()
        .map(|j| recognised(j).0)
        .collect();
    assert_eq!(js, ["function-requirements"]);

    let item = dict().analyse_item("By the type invariants, `self.ptr` is aligned.");
    assert_eq!(recognised(item.statement()).0, "aligned");
    let (j, _, b) = recognised(&item.justifications[0]);
    assert_eq!(j, "type-invariant");
    assert_eq!(b, &bindings(&[("T", "`Self`")]));
}

#[test]
fn a_safety_section_list() {
    let section = "/// # Safety\n///\n/// - `a` is valid for reads.\n/// - `b` must be\n///   aligned.\n/// * The caller must ensure that `lock` is held.\n/// 1. `c` is non-null\n";
    let exp = dict().expand(section);
    let got: Vec<(&str, &str)> = exp
        .items
        .iter()
        .map(|i| (i.text.as_str(), recognised(i.statement()).0))
        .collect();
    assert_eq!(
        got,
        [
            ("`a` is valid for reads.", "valid-for-reads"),
            ("`b` must be aligned.", "aligned"),
            ("The caller must ensure that `lock` is held.", "lock-held"),
            ("`c` is non-null", "non-null"),
        ]
    );
    assert_eq!(exp.unrecognised().count(), 0);
}

#[test]
fn a_multi_line_safety_comment() {
    let comment = "    // SAFETY: `a` is valid for reads by function\n    // requirements. `b.c` is valid for\n    // writes by reference validity.\n";
    let exp = dict().expand(comment);
    assert_eq!(exp.items.len(), 2, "{exp:?}");
    let first = &exp.items[0];
    assert_eq!(recognised(first.statement()).0, "valid-for-reads");
    assert_eq!(
        recognised(&first.justifications[0]).0,
        "function-requirements"
    );
    let second = &exp.items[1];
    assert_eq!(recognised(second.statement()).0, "valid-for-writes");
    assert_eq!(
        recognised(second.statement()).2,
        &bindings(&[("ptr", "`b.c`")])
    );
    assert_eq!(
        recognised(&second.justifications[0]).0,
        "reference-validity"
    );
}

#[test]
fn unrecognised_items_get_the_nearest_entries() {
    let exp = dict().expand("`p` is valid for reeds.");
    let Statement::Unrecognised { text, suggestions } = &exp.items[0].statement() else {
        panic!("recognised a typo: {exp:?}")
    };
    assert_eq!(text, "`p` is valid for reeds.");
    assert!(!suggestions.is_empty() && suggestions.len() <= 3);
    assert_eq!(suggestions[0].entry, "valid-for-reads");
    assert_eq!(
        suggestions[0].url,
        "https://example.org/std/dictionary/valid-for-reads.html"
    );
    for w in suggestions.windows(2) {
        assert!(w[0].score >= w[1].score, "{suggestions:?}");
    }
    // Concepts are never suggested as sentences.
    let exp = dict().expand("`p` is valid.");
    assert_eq!(exp.unrecognised().count(), 1);
    let Statement::Unrecognised { suggestions, .. } = &exp.items[0].statement() else {
        panic!("a concept matched as a sentence")
    };
    assert!(suggestions.iter().all(|s| s.entry != "valid"));
}

#[test]
fn a_justification_that_is_not_one_gets_justification_suggestions_only() {
    let item = dict().analyse_item("`p` is aligned by function requirement");
    assert_eq!(recognised(item.statement()).0, "aligned");
    let Statement::Unrecognised { suggestions, .. } = &item.justifications[0] else {
        panic!("typo recognised")
    };
    assert_eq!(suggestions[0].entry, "function-requirements");
    let justification_ids = [
        "function-requirements",
        "reference-validity",
        "type-invariant",
    ];
    assert!(suggestions
        .iter()
        .all(|s| justification_ids.contains(&s.entry.as_str())));
}

#[test]
fn lookup_by_id_words_and_sentence() {
    let d = dict();
    assert_eq!(
        d.lookup("valid-for-reads").entry.as_deref(),
        Some("valid-for-reads")
    );
    // Words of the id.
    assert_eq!(
        d.lookup("Valid For Writes").entry.as_deref(),
        Some("valid-for-writes")
    );
    // Words of the phrase, without the variables.
    assert_eq!(d.lookup("is non-null").entry.as_deref(), Some("non-null"));
    assert_eq!(
        d.lookup("valid for reading").entry.as_deref(),
        Some("valid-for-reads")
    );
    // A whole sentence.
    assert_eq!(
        d.lookup("The caller must ensure that `x` is held.")
            .entry
            .as_deref(),
        Some("lock-held")
    );
    let miss = d.lookup("frobnicated beyond repair");
    assert_eq!(miss.entry, None);
    let near = d.lookup("valid for reeds");
    assert_eq!(near.entry, None);
    assert_eq!(near.suggestions[0].entry, "valid-for-reads");
}

#[test]
fn site_url_can_be_overridden() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid");
    let mut d = Dictionary::load(&root).expect("valid fixture");
    d.set_site_url("http://localhost:3000");
    assert_eq!(
        d.entry_url("aligned"),
        "http://localhost:3000/dictionary/aligned.html"
    );
    let exp = d.expand("`p` is aligned.");
    let Statement::Recognised { url, expansion, .. } = &exp.items[0].statement() else {
        panic!()
    };
    assert_eq!(url, "http://localhost:3000/dictionary/aligned.html");
    // Every line of the tree moves too, not only the statement's own link.
    assert_eq!(
        expansion.url.as_deref(),
        Some("http://localhost:3000/dictionary/aligned.html")
    );
}

#[test]
fn lowercasing_that_changes_lengths_does_not_shift_the_split() {
    let dict = dict();
    // "İ" lowercases to two characters: positions in the lowercased text are not positions in
    // the text, so the item is read whole instead of being cut in the wrong place.
    let item = dict.analyse_item(
        "\u{130}\u{130} `a` is valid for reads by the safety requirements of this function.",
    );
    assert!(!item.statement().is_recognised());
    assert!(item.justifications.is_empty());
    assert_eq!(
        item.statement().text(),
        "\u{130}\u{130} `a` is valid for reads by the safety requirements of this function."
    );
    // The Kelvin sign lowercases to one byte from three: a position found in the lowercased
    // text would fall inside the code span's mask just before " by " (and slicing there
    // panicked).
    let text = "\u{212A} `a` by the safety requirements of this function.";
    let item = dict.analyse_item(text);
    assert!(!item.statement().is_recognised());
    assert!(item.justifications.is_empty());
    assert_eq!(item.statement().text(), text);
}
