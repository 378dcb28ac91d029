//! The meanings of the real dictionary as the audit against `core::ptr` and the kernel fixed
//! them: each test reads the exact clause that was wrong, through `expand` or an entry's
//! expansion tree, so that an entry drifting back to the old meaning fails here.

use safety_dict::expand::{Node, Position, Statement};
use safety_dict::model::Origin;
use safety_dict::{Dictionary, Kind};

mod common;

fn dict() -> &'static Dictionary {
    common::real_dictionary()
}

/// Every line of a tree, depth first.
fn lines(node: &Node, out: &mut Vec<String>) {
    out.push(node.text.clone());
    for c in &node.children {
        lines(c, out);
    }
}

/// Every entry a tree names.
fn entries(node: &Node, out: &mut Vec<String>) {
    if let Some(e) = &node.entry {
        out.push(e.to_string());
    }
    for c in &node.children {
        entries(c, out);
    }
}

/// The whole expansion of the only item of `input`, one line per node.
fn expansion_of(input: &str) -> (String, Vec<String>, Vec<String>) {
    let exp = dict().expand(input);
    assert_eq!(exp.items.len(), 1, "{input}: {exp:?}");
    match &exp.items[0].statement() {
        Statement::Recognised {
            entry, expansion, ..
        } => {
            let (mut l, mut e) = (Vec::new(), Vec::new());
            lines(expansion, &mut l);
            entries(expansion, &mut e);
            (entry.clone(), l, e)
        }
        other => panic!("{input}: not recognised: {other:?}"),
    }
}

fn tree_of(id: &str) -> (Vec<String>, Vec<String>) {
    let e = dict()
        .entry(id)
        .unwrap_or_else(|| panic!("no entry `{id}`"));
    let node = dict().expand_entry(e, &e.identity_bindings(), 0);
    let (mut l, mut n) = (Vec::new(), Vec::new());
    lines(&node, &mut l);
    entries(&node, &mut n);
    (l, n)
}

fn any_contains(lines: &[String], needle: &str) -> bool {
    lines.iter().any(|l| l.contains(needle))
}

#[test]
fn reads_up_to_len_bytes_need_every_byte_initialized() {
    let (entry, lines, _) = expansion_of("`src` is valid for reads up to `len` bytes.");
    assert_eq!(entry, "valid-for-reads-bytes");
    assert!(
        any_contains(&lines, "for integer types such as `u8`, all of them"),
        "{lines:#?}"
    );
    // One `T` is not enough any more.
    assert!(
        !any_contains(&lines, "as many as a `T` occupies"),
        "{lines:#?}"
    );
}

#[test]
fn the_from_raw_parts_condition_has_a_phrase() {
    let (entry, lines, _) =
        expansion_of("`data` points to `len` consecutive properly initialized values of type `T`.");
    assert_eq!(entry, "points-to-valid-values");
    assert!(
        any_contains(&lines, "bytes past `data` is a valid value"),
        "{lines:#?}"
    );
}

#[test]
fn pointers_into_shared_c_objects_promise_liveness_not_exclusion() {
    for id in [
        "valid-for-reads-and-writes-while-borrowed",
        "valid-while-object-lives",
        "owns-refcount-increment",
    ] {
        let (_, named) = tree_of(id);
        assert!(named.iter().any(|n| n == "points-to-live-object"), "{id}");
        for banned in ["no-concurrent-access", "no-concurrent-writes"] {
            assert!(
                !named.iter().any(|n| n == banned),
                "{id} still promises {banned}: {named:?}"
            );
        }
    }
    let (lines, _) = tree_of("points-to-live-object");
    assert!(
        any_contains(&lines, "may read and write the object"),
        "{lines:#?}"
    );
}

#[test]
fn guarantees_and_invariants_promise_exclusion_only_when_exclusive() {
    for e in dict().entries() {
        if !matches!(e.kind, Kind::Guarantee | Kind::Invariant) {
            continue;
        }
        let (_, named) = tree_of(&e.id);
        if named.iter().any(|n| n == "no-concurrent-access") {
            assert!(e.exclusive, "{} promises no concurrent access", e.id);
        }
    }
}

#[test]
fn reference_validity_states_its_two_limits() {
    let (lines, _) = tree_of("reference-validity");
    assert!(any_contains(&lines, "`UnsafeCell`"), "{lines:#?}");
    assert!(any_contains(&lines, "is used again"), "{lines:#?}");
    assert!(!any_contains(
        &lines,
        "while the borrow lasts, and nothing else"
    ));
}

#[test]
fn a_guarantee_never_lasts_only_for_the_call() {
    let input = "/// # Guarantees\n///\n/// - `$ret` is valid for reads and writes.\n";
    let exp = dict().expand(input);
    assert_eq!(exp.items[0].position, Position::Guarantee);
    let (_, lines, _) = expansion_of(input);
    assert!(
        !any_contains(&lines, "this function call"),
        "a guarantee read as ending with the call: {lines:#?}"
    );
    assert!(any_contains(
        &lines,
        "the life of the value the guarantee is about"
    ));

    let (_, lines, _) = expansion_of("// INVARIANT: `self.ptr` is valid for reads.");
    assert!(!any_contains(&lines, "this function call"), "{lines:#?}");
    assert!(any_contains(&lines, "the life of the object"), "{lines:#?}");

    // The same phrase as a requirement still lasts for the call.
    let (_, lines, _) = expansion_of("/// # Safety\n///\n/// - `ptr` is valid for reads.\n");
    assert!(any_contains(&lines, "this function call"), "{lines:#?}");
}

#[test]
fn a_borrowed_c_string_is_covered_whole_for_its_lifetime() {
    let (entry, lines, _) =
        expansion_of("`ptr` points to a `NUL`-terminated C string for the duration of `'a`.");
    assert_eq!(entry, "nul-terminated-c-string-during");
    assert!(
        any_contains(
            &lines,
            "valid for reads up to the length of the string plus one (the `NUL` terminator included) bytes for the duration of `'a`"
        ),
        "{lines:#?}"
    );
}

#[test]
fn no_meaning_depends_on_what_the_body_does() {
    for id in ["valid-pointer", "valid-during"] {
        let (lines, _) = tree_of(id);
        assert!(!any_contains(&lines, "written through"), "{id}: {lines:#?}");
        assert!(
            !any_contains(&lines, "the function writes"),
            "{id}: {lines:#?}"
        );
        assert!(any_contains(&lines, "signature"), "{id}: {lines:#?}");
    }
}

#[test]
fn not_used_after_leaves_other_owners_alone() {
    let (lines, _) = tree_of("not-used-after");
    assert!(any_contains(&lines, "other owners"), "{lines:#?}");
    assert!(!any_contains(&lines, "derived from the same allocation"));
}

#[test]
fn lock_held_and_not_mutated_say_what_their_sources_need() {
    let (lines, _) = tree_of("lock-held");
    assert!(!any_contains(&lines, "whole call"), "{lines:#?}");
    let (lines, _) = tree_of("not-mutated");
    assert!(
        any_contains(&lines, "all `size_of::<T>()` bytes"),
        "{lines:#?}"
    );
    assert!(!any_contains(&lines, "that the function reads"));
}

#[test]
fn valid_is_related_to_core_ptr() {
    let valid = dict().entry("valid").expect("concept `valid`");
    let notes = valid.notes.as_deref().unwrap_or_default();
    assert!(notes.contains("The standard library's words and ours"));
    assert!(
        notes.contains("does\n  not include alignment")
            || notes.contains("does not include alignment")
    );
    // The kernel's std-style wording for writes is read as what it is.
    let (entry, _, _) = expansion_of("`ptr` is properly aligned and valid for writes.");
    assert_eq!(entry, "valid-for-writes");
    match &dict()
        .expand("`ptr` is properly aligned and valid for writes.")
        .items[0]
        .statement()
    {
        Statement::Recognised { discouraged, .. } => assert!(discouraged.is_none()),
        other => panic!("{other:?}"),
    }
}

#[test]
fn points_to_a_valid_value_means_one_thing() {
    for s in [
        "`ptr` points to a valid value.",
        "`ptr` points at a valid value.",
        "`ptr` points to a valid value of type `T`.",
    ] {
        let (entry, _, _) = expansion_of(s);
        assert_eq!(entry, "points-to-valid-value", "{s}");
    }
}

#[test]
fn every_entry_names_its_origin_and_the_rfc_defined_five_requirements() {
    let mut rfc_requirements: Vec<&str> = Vec::new();
    for e in dict().entries() {
        let origin = e.origin.unwrap_or_else(|| panic!("{} has no origin", e.id));
        if origin == Origin::Rfc2024
            && e.kind == Kind::Requirement
            && e.id.starts_with("valid-for-")
        {
            rfc_requirements.push(&e.id);
        }
    }
    rfc_requirements.sort();
    assert_eq!(
        rfc_requirements,
        [
            "valid-for-reads",
            "valid-for-reads-and-writes",
            "valid-for-reads-up-to",
            "valid-for-writes",
            "valid-for-writes-up-to"
        ]
    );
    let e = dict().entry("valid-for-reads-up-to").expect("entry");
    assert!(
        e.rfc_difference.is_some(),
        "the RFC's one-`T` gap is not stated"
    );
}

#[test]
fn the_smaller_corrections_hold() {
    let notes = |id: &str| {
        dict()
            .entry(id)
            .and_then(|e| e.notes.clone())
            .unwrap_or_default()
    };
    assert!(!notes("dereferenceable").contains("every pointer is dereferenceable"));
    assert!(!notes("allocated-with").contains("corrupts the heap"));
    assert!(notes("function-signature").contains("type"));
    let (lines, _) = tree_of("returns-foreign-pointer");
    assert!(!any_contains(&lines, "may happen once"), "{lines:#?}");
    // A leak is allowed; a second `from_foreign` is not.
    assert!(any_contains(&lines, "at most once"), "{lines:#?}");
    assert!(!any_contains(&lines, "exactly once"), "{lines:#?}");
}

#[test]
fn a_shared_reference_allows_writes_inside_unsafe_cell() {
    let (lines, entries) = tree_of("convertible-to-shared-reference");
    assert!(any_contains(&lines, "inside an `UnsafeCell`"), "{lines:#?}");
    // "No concurrent writes" would forbid them, also inside an `UnsafeCell`.
    assert!(
        !entries.iter().any(|e| e == "no-concurrent-writes"),
        "{entries:?}"
    );
}

#[test]
fn untyped_copies_ask_nothing_of_the_bytes() {
    for (text, entry) in [
        (
            "`src` must be [valid] for reads of `count * size_of::<T>()` bytes or that number must be 0.",
            "valid-for-reads-bytes-or-zero",
        ),
        (
            "`x` is valid for reads and writes of `count * size_of::<T>()` bytes.",
            "valid-for-reads-and-writes-bytes",
        ),
    ] {
        let (found, lines, entries) = expansion_of(text);
        assert_eq!(found, entry);
        assert!(!entries.iter().any(|e| e == "holds-valid-values"), "{entries:?}");
        assert!(any_contains(&lines, "may be uninitialized"), "{lines:#?}");
    }
}

#[test]
fn the_standard_librarys_linked_valid_asks_no_alignment() {
    for (text, entry) in [
        ("`src` must be [valid] for reads.", "std-valid-for-reads"),
        ("`dst` must be [valid] for writes.", "std-valid-for-writes"),
        (
            "`to_drop` must be [valid] for both reads and writes.",
            "std-valid-for-reads-and-writes",
        ),
    ] {
        let (found, _, entries) = expansion_of(text);
        assert_eq!(found, entry, "{text}");
        for not in ["aligned", "holds-valid-values", "points-to-valid-value"] {
            assert!(!entries.iter().any(|e| e == not), "{text}: {entries:?}");
        }
    }
    // Unlinked, the words keep this dictionary's sense, which includes alignment.
    let (found, _, entries) = expansion_of("`src` must be valid for reads.");
    assert_eq!(found, "valid-for-reads");
    assert!(entries.iter().any(|e| e == "aligned"), "{entries:?}");
}

#[test]
fn a_non_null_pointer_may_be_unaligned() {
    let notes = dict()
        .entry("points-to-valid-value")
        .and_then(|e| e.notes.clone())
        .unwrap_or_default();
    assert!(
        notes.contains("a `NonNull` is non-null (it may be"),
        "{notes}"
    );
}

#[test]
fn writes_need_a_pointer_that_permits_writing() {
    let (entry, lines, _) = expansion_of("`dst` is valid for writes.");
    assert_eq!(entry, "valid-for-writes");
    assert!(
        any_contains(&lines, "it was not derived from a shared reference"),
        "{lines:#?}"
    );
}

#[test]
fn the_obvious_entry_is_the_first_suggestion() {
    for (text, first) in [
        ("`ptr` must point to a valid `T`.", "points-to-valid-value"),
        // A subject word counts as code: reference-validity's "the pointer is derived from a
        // reference" is not nearer for sharing "the pointer".
        ("the pointre is vaild for raeds", "valid-for-reads"),
        ("the pointer is vaild for raeds", "valid-for-reads"),
    ] {
        let exp = dict().expand(text);
        match &exp.items[0].statement() {
            Statement::Unrecognised { suggestions, .. } => {
                assert_eq!(
                    suggestions.first().map(|s| s.entry.as_str()),
                    Some(first),
                    "{text}: {suggestions:?}"
                );
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}
