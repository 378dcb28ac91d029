//! Properties of the real dictionary (`dictionary/` at the repository root): every entry's own
//! phrase gives back that entry and exactly its meaning, under any names for its variables.
//!
//! If the real dictionary does not load, every test here fails with its diagnostics.

use indexmap::IndexMap;
use proptest::prelude::*;
use safety_dict::declared::Declared;
use safety_dict::expand::{Node, Position, Statement};
use safety_dict::matcher::Form;
use safety_dict::text::{looks_like_variable, substitute};
use safety_dict::{Dictionary, Entry};

mod common;

fn dict() -> &'static Dictionary {
    common::real_dictionary()
}

fn phrase_entries() -> Vec<&'static Entry> {
    dict()
        .entries()
        .iter()
        .filter(|e| e.kind.is_phrase_kind())
        .collect()
}

/// Checks that `sentence`, an instance of `entry`'s phrase under `bindings`, is read back as
/// that entry in canonical form with those bindings, and that the first level of its
/// expansion is the entry's meaning under those bindings. Returns a description of the
/// first difference.
fn check_round_trip(
    entry: &Entry,
    sentence: &str,
    bindings: &IndexMap<String, String>,
) -> Result<(), String> {
    let d = dict();
    let item = d.analyse_item(sentence);
    if !item.justifications.is_empty() {
        return Err(format!(
            "{sentence:?} was read as a justification form: {item:?}"
        ));
    }
    let Statement::Recognised {
        entry: got,
        form,
        bindings: got_bindings,
        expansion,
        ..
    } = item.statement()
    else {
        return Err(format!(
            "{sentence:?} (phrase of `{}`) is not recognised",
            entry.id
        ));
    };
    if got != &entry.id || *form != Form::Canonical {
        return Err(format!(
            "{sentence:?} (phrase of `{}`) was read as {} of `{got}`",
            entry.id,
            form.describe()
        ));
    }
    let got_pairs: Vec<_> = got_bindings.iter().collect();
    let want_pairs: Vec<_> = bindings.iter().collect();
    if got_pairs != want_pairs {
        return Err(format!(
            "{sentence:?}: bindings {got_pairs:?}, expected {want_pairs:?}"
        ));
    }
    let children: Vec<&str> = expansion.children.iter().map(|n| n.text.as_str()).collect();
    let meaning: Vec<String> = d
        .meaning_lines_linked(entry)
        .iter()
        .map(|l| substitute(l, bindings))
        .collect();
    if children != meaning {
        return Err(format!(
            "`{}` expanded with {want_pairs:?}:\n  got      {children:?}\n  expected {meaning:?}",
            entry.id
        ));
    }
    // No variable of the entry is left unsubstituted anywhere in the tree.
    for v in &entry.vars {
        let renamed = bindings.get(&v.name).map(String::as_str);
        let old = format!("`{}`", v.name);
        if looks_like_variable(&v.name) && renamed != Some(old.as_str()) {
            if let Some(n) = find_text(expansion, &old) {
                return Err(format!(
                    "`{}`: variable {old} left in {:?} after renaming",
                    entry.id, n.text
                ));
            }
        }
    }
    Ok(())
}

fn find_text<'a>(n: &'a Node, needle: &str) -> Option<&'a Node> {
    if n.text.contains(needle) {
        return Some(n);
    }
    n.children.iter().find_map(|c| find_text(c, needle))
}

#[test]
fn the_real_dictionary_loads_and_is_large_enough() {
    let d = dict();
    assert!(d.entries().len() >= 50, "{} entries", d.entries().len());
    for id in [
        "valid-for-reads-and-writes",
        "valid-for-reads",
        "valid-for-writes",
        "valid-for-reads-up-to",
        "valid-for-writes-up-to",
        "function-requirements",
        "type-invariant",
        "reference-validity",
        "function-guarantee",
    ] {
        assert!(d.entry(id).is_some(), "seed entry `{id}` is missing");
    }
}

#[test]
fn every_phrase_gives_back_its_entry_and_exactly_its_meaning() {
    let entries = phrase_entries();
    assert!(!entries.is_empty());
    let failures: Vec<String> = entries
        .iter()
        .filter_map(|e| check_round_trip(e, &e.phrase, &e.identity_bindings()).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} entries fail:\n{}",
        failures.len(),
        entries.len(),
        failures.join("\n")
    );
}

#[test]
fn every_meaning_refers_to_existing_entries_with_all_bindings() {
    let d = dict();
    for e in d.entries() {
        let node = d.expand_entry(e, &e.identity_bindings(), 0);
        assert_eq!(node.children.len(), e.meaning.len(), "`{}`", e.id);
        for (c, clause) in node.children.iter().zip(&e.meaning) {
            if let safety_dict::Clause::Ref { id, .. } = clause {
                assert_eq!(c.entry.as_deref(), Some(id.as_str()));
                assert_eq!(c.url.as_deref(), Some(d.entry_url(id).as_str()));
                assert!(c.kind.is_some(), "`{}` refers to missing `{id}`", e.id);
            }
        }
    }
}

/// A name for a variable: an identifier, a field path or an expression for code variables; a
/// lifetime for lifetime variables; a C type's name for a variable that names one (grammar
/// `c_types`). The index makes the names of one entry distinct.
fn value_for(
    var: &safety_dict::dictionary::Var,
    choice: &(u8, String, String),
    index: usize,
) -> String {
    let (shape, a, b) = choice;
    if var.name.starts_with('\'') {
        return format!("`'{a}{index}`");
    }
    if var.ty == "C struct" {
        return format!("`struct {a}{index}`");
    }
    match shape % 4 {
        0 => format!("`{a}{index}`"),
        1 => format!("`self.{a}{index}`"),
        2 => format!("`{a}{index} * {}`", b.len() + 1),
        _ => format!("`&raw mut (*{a}{index}).{b}`"),
    }
}

fn entry_with_renaming() -> impl Strategy<Value = (usize, Vec<(u8, String, String)>)> {
    let n = phrase_entries().len();
    (
        0..n,
        prop::collection::vec((any::<u8>(), "[a-z][a-z_]{0,7}", "[a-z]{1,6}"), 6),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn renamed_variables_are_substituted_consistently(
        (i, choices) in entry_with_renaming()
    ) {
        let entry = phrase_entries()[i];
        prop_assume!(entry.vars.len() <= choices.len());
        let bindings: IndexMap<String, String> = entry
            .vars
            .iter()
            .enumerate()
            .map(|(k, v)| (v.name.clone(), value_for(v, &choices[k], k)))
            .collect();
        let sentence = substitute(&entry.phrase, &bindings);
        if let Err(e) = check_round_trip(entry, &sentence, &bindings) {
            return Err(TestCaseError::fail(e));
        }
    }
}

/// A part's entry and bindings; `None` when the part is not recognised.
type Part = Option<(String, Vec<(String, String)>)>;

/// Each part of an item (statements, then reasons).
fn parts(text: &str) -> Vec<Part> {
    dict()
        .analyse_item(text)
        .parts()
        .map(Statement::reading)
        .collect()
}

/// The reading of each of `parts`.
fn readings(parts: &[Statement]) -> Vec<Part> {
    parts.iter().map(Statement::reading).collect()
}

/// The entry of each part, `None` where it is not recognised.
fn entries(parts: &[Statement]) -> Vec<Option<&str>> {
    parts.iter().map(|s| s.entry()).collect()
}

/// The readings of the statements of each item `expand` finds in `input`.
fn item_readings(input: &str) -> Vec<Vec<Part>> {
    dict()
        .expand(input)
        .items
        .iter()
        .map(|i| readings(&i.statements))
        .collect()
}

fn one(entry: &str, var: &str, value: &str) -> Part {
    Some((
        entry.to_string(),
        vec![(var.to_string(), value.to_string())],
    ))
}

#[test]
fn word_subjects_fill_only_the_slots_whose_type_they_fit() {
    assert_eq!(
        parts("This function must only be called once."),
        vec![one("called-at-most-once", "f", "this function")]
    );
    assert_eq!(
        parts("The bytes passed in must be valid UTF-8."),
        vec![one("valid-utf8", "bytes", "the bytes passed in")]
    );
    // A function is no pointer, and a pointer is no function.
    assert_eq!(parts("This function is valid for reads."), vec![None]);
    assert_eq!(parts("The pointer is called at most once."), vec![None]);
    // A pronoun fits any slot and reads as the word it is, not as code named `it`.
    assert_eq!(
        parts("The pointer is derived from a reference, so it is valid for writes.")[0],
        one("valid-for-writes", "ptr", "it")
    );
    // An operation names the arithmetic it does, and only that.
    assert_eq!(
        parts("The subtraction cannot overflow."),
        vec![one("no-overflow", "expr", "the subtraction")]
    );
    assert_eq!(parts("The subtraction is valid for reads."), vec![None]);
    // "We" is never the name of code; written as code, it is.
    assert_eq!(parts("we are always initialized."), vec![None]);
    assert_eq!(
        parts("`we` is always initialized."),
        vec![one("always-initialized", "field", "`we`")]
    );
}

#[test]
fn a_bare_capitalized_word_is_no_value() {
    // A noun opening a sentence, or a type's name, is not a variable ...
    assert_eq!(parts("List must be valid."), vec![None]);
    assert_eq!(parts("Input is guaranteed to be non-zero."), vec![None]);
    // ... but a constant in capitals is, and so is anything written as code: a type's name
    // stands for its instances ("The object pointed to by [`Arc`] is always pinned").
    assert_eq!(parts("N is non-zero."), vec![one("non-zero", "x", "`N`")]);
    assert_eq!(
        parts("`List` must be valid."),
        vec![one("valid-pointer", "ptr", "`List`")]
    );
    // A slot that stands for a type still takes a type's name.
    assert_eq!(
        parts("`p` was allocated with Kmalloc.")[0]
            .as_ref()
            .map(|(e, _)| e.as_str()),
        Some("allocated-with")
    );
}

#[test]
fn a_code_span_named_with_what_it_is_reads_as_the_code_span() {
    assert_eq!(
        parts("The `align` argument must be a power of two."),
        vec![one("power-of-two", "align", "`align`")]
    );
    assert_eq!(
        parts("the `x` field and the `y` field are aligned."),
        vec![one("aligned", "ptr", "`x`"), one("aligned", "ptr", "`y`")]
    );
    // Only the whole word "the" before it: "bathe" is another word.
    assert_eq!(parts("Bathe `x` field is aligned."), vec![None]);
    // The noun may also stand before the code span (`code_nouns_before`).
    for (text, entry, var, value) in [
        (
            "The pointer `p` must be properly aligned.",
            "aligned",
            "ptr",
            "`p`",
        ),
        (
            "the bytes `v` are valid UTF-8.",
            "valid-utf8",
            "bytes",
            "`v`",
        ),
    ] {
        assert_eq!(parts(text), vec![one(entry, var, value)], "{text}");
    }
    // Without a noun, "the" before code in the middle of a sentence stays.
    assert_eq!(parts("It holds that the `p` is aligned."), vec![None]);
}

#[test]
fn a_condition_on_two_subjects_holds_under_both() {
    let item = dict().analyse_item("SAFETY: If `p` and `q` are non-null, `r` is valid.");
    assert_eq!(item.statements[0].entry(), Some("valid-pointer"));
    assert_eq!(
        readings(&item.conditions),
        vec![one("non-null", "ptr", "`p`"), one("non-null", "ptr", "`q`")]
    );
    // Both must read, or the condition stays one part as written.
    let item = dict().analyse_item("SAFETY: If `p` and the foo are non-null, `r` is valid.");
    assert_eq!(item.conditions.len(), 1);
    assert!(!item.conditions[0].is_recognised());
    // A lone capital letter names a type parameter ...
    assert_eq!(
        parts("SAFETY: K and V can be sent across threads."),
        vec![
            one("safe-to-send", "T", "`K`"),
            one("safe-to-send", "T", "`V`")
        ]
    );
    // ... but a capitalized word is no such name.
    let item = dict().analyse_item("SAFETY: Keys and Values can be sent across threads.");
    assert!(item.statements.iter().all(|s| s.entry().is_none()));
}

#[test]
fn what_belongs_to_a_code_span_reads_with_its_owner_after_it() {
    // `code_owned_nouns` come before `code_nouns`: "the `Arc` type" is no "`Arc`" here.
    for text in [
        "SAFETY: By the `Arc` type invariant, `p` is valid.",
        "SAFETY: `p` is valid by the `Arc` type invariants.",
        "SAFETY: `p` is valid by the `Arc` invariant.",
    ] {
        assert_eq!(
            parts(text),
            vec![
                one("valid-pointer", "ptr", "`p`"),
                one("type-invariant", "T", "`Arc`")
            ],
            "{text}"
        );
    }
    // Without code before it, "the type invariant" is still the one of `Self`.
    let item = dict().analyse_item("SAFETY: By the type invariant, `p` is valid.");
    assert_eq!(
        item.justifications[0].entry(),
        Some("type-invariants-of-self")
    );
}

#[test]
fn each_sentence_of_an_item_is_read_on_its_own() {
    let item = dict().analyse_item(
        "`p` is non-null because we checked it and it was not null. This means `q` is aligned and fine.",
    );
    let texts = |parts: &[Statement]| -> Vec<String> {
        parts.iter().map(|s| s.text().to_string()).collect()
    };
    // No reason reaches into the second sentence.
    assert_eq!(
        texts(&item.statements),
        ["`p` is non-null", "This means `q` is aligned and fine."]
    );
    assert_eq!(
        texts(&item.justifications),
        ["we checked it and it was not null"]
    );
    assert_eq!(
        parts("`p` is aligned. That is, TODO.")[0],
        one("aligned", "ptr", "`p`")
    );
}

#[test]
fn a_reason_may_give_a_reason_of_its_own() {
    let entries = |parts: &[Statement]| -> Vec<Option<String>> {
        parts
            .iter()
            .map(|s| s.entry().map(str::to_string))
            .collect()
    };
    let some = |ids: &[&str]| -> Vec<Option<String>> {
        ids.iter().map(|id| Some(id.to_string())).collect()
    };
    // "so" stands inside the reason of "because"; that reason states two facts.
    let item =
        dict().analyse_item("SAFETY: `p` is aligned because `left < right` so `q` is non-null.");
    assert_eq!(entries(&item.statements), some(&["aligned"]));
    assert_eq!(
        entries(&item.justifications),
        some(&["non-null", "less-than"])
    );
    // The facts of "the caller guarantees that ..." come with their justification.
    let item = dict()
        .analyse_item("SAFETY: `p` is aligned since the caller guarantees that `q` is non-null.");
    assert_eq!(
        entries(&item.justifications),
        some(&["non-null", "function-requirements"])
    );
    // After a condition, what follows "so" holds only under it: read with the condition
    // beside it, never as a fact of its own.
    let item = dict().analyse_item("SAFETY: if `a < b`, `c` is added so `q` is non-null.");
    assert_eq!(entries(&item.statements), some(&["non-null"]));
    assert_eq!(entries(&item.conditions), some(&["less-than"]));
    assert!(item.justifications.iter().all(|s| s.entry().is_none()));
}

#[test]
fn a_statement_after_its_reason_may_share_the_reasons_subject() {
    let item = dict().analyse_item("SAFETY: `a` is a power-of-two, therefore non-zero.");
    assert_eq!(entries(&item.statements), vec![Some("non-zero")]);
    assert_eq!(entries(&item.justifications), vec![Some("power-of-two")]);
    // A statement that opens with code has a subject of its own: "`len != 0`" is no second
    // side of the reason's comparison, but `len` is not zero.
    let item = dict().analyse_item("SAFETY: `len > 1` so `len != 0`.");
    assert_eq!(entries(&item.statements), vec![Some("non-zero")]);
    assert_eq!(item.statements[0].text(), "`len` is not equal to `0`");
    assert_eq!(entries(&item.justifications), vec![Some("less-than")]);
    // A sentence that gives a reason is no plain list: what "and" joins before the comma are
    // its reasons, and no part after "so" borrows the comparison's words.
    let item =
        dict().analyse_item("SAFETY: Since `a` is non-null and `b` is aligned, it is valid.");
    assert_eq!(entries(&item.statements), vec![Some("valid-pointer")]);
    assert_eq!(
        entries(&item.justifications),
        vec![Some("non-null"), Some("aligned")]
    );
    let item = dict().analyse_item("SAFETY: idx < len, so both are in-bounds and readable.");
    assert_eq!(entries(&item.statements), vec![None]);
    assert_eq!(entries(&item.justifications), vec![Some("less-than")]);
    // What the shared subject gives is never a justification's phrase: here "the type
    // invariant of `A`, and" would read as one.
    let item = dict().analyse_item(
        "SAFETY: By the type invariant of `A`, `p` is a node, and by the type invariant of `B`, all nodes are fine.",
    );
    assert!(item.statements.iter().all(|s| s.entry().is_none()));
    // Without a comma, an opening "by" ends where code opens the statement, when the reason is
    // a known one.
    let item = dict().analyse_item("SAFETY: By type invariant `p` is valid.");
    assert_eq!(entries(&item.statements), vec![Some("valid-pointer")]);
    assert_eq!(
        entries(&item.justifications),
        vec![Some("type-invariants-of-self")]
    );
    let item =
        dict().analyse_item("SAFETY: by the type invariant pointers are aligned and `a <= b`");
    assert!(item.statements.iter().all(|s| s.entry().is_none()));
    // After the standard's "by" the reason may end at any word ...
    let item = dict().analyse_item("SAFETY: By the safety requirements ptr is valid");
    assert_eq!(entries(&item.statements), vec![Some("valid-pointer")]);
    assert_eq!(
        entries(&item.justifications),
        vec![Some("function-requirements")]
    );
    // ... and of two known reasons the longer one is meant, though nothing after it reads.
    let item = dict().analyse_item("SAFETY: By the type invariant of `L` we have a bound.");
    assert_eq!(entries(&item.statements), vec![None]);
    assert_eq!(entries(&item.justifications), vec![Some("type-invariant")]);
    // After any other opening, only where code opens the statement.
    let item = dict().analyse_item("SAFETY: Since `p` is non-null ptr is valid");
    assert!(item.statements.iter().all(|s| s.entry().is_none()));
}

#[test]
fn a_type_name_fills_only_variables_that_stand_for_types() {
    let types = ["Ptr".to_string(), "A".to_string()];
    let first = |text: &str| dict().analyse_item(text).statements[0].clone();
    let valid = first("`Ptr` is always valid.");
    assert_eq!(
        dict().type_in_value_slot(&valid, &types),
        Some(("ptr", "`Ptr`"))
    );
    // A type parameter's conventional name fills no pointer's slot, even where no tool
    // sees the code.
    assert_eq!(first("`A` is always valid.").entry(), None);
    assert_eq!(first("`Self` is non-null.").entry(), None);
    assert_eq!(first("`N` is non-zero.").entry(), Some("non-zero"));
    // An allocator variable stands for a type; a pointer named otherwise is a value.
    let allocated = first("`ptr` was allocated with `A`.");
    assert_eq!(allocated.entry(), Some("allocated-with"));
    assert_eq!(dict().type_in_value_slot(&allocated, &types), None);
    assert_eq!(dict().type_in_value_slot(&valid, &[]), None);
}

#[test]
fn a_part_read_in_folded_words_is_found_where_it_is_written() {
    let item = "`val` is a reference, so it's something else entirely.";
    let read = dict().analyse_item(item);
    let part = read.statements[0].text();
    assert_eq!(part, "it is something else entirely");
    let at = dict().locate_part(item, part).expect("found");
    assert_eq!(&item[at], "it's something else entirely.");
    assert_eq!(dict().locate_part(item, "`val`"), Some(0..5));
    assert_eq!(dict().locate_part(item, "nothing like it"), None);
    // Words that folding drops before the part ("ensure that") are not part of it.
    let item = "The safety requirements ensure that `p` points to the memory initialised before.";
    let at = dict()
        .locate_part(item, "`p` points to the memory initialized before")
        .expect("found");
    assert_eq!(&item[at], "`p` points to the memory initialised before.");
}

#[test]
fn so_opens_a_sentence_but_joins_a_reason_inside_one() {
    // At the start, "So" only says the sentence follows from the ones before.
    let read = dict().analyse_item("So the result cannot be zero.");
    assert_eq!(read.text, "So the result cannot be zero.");
    assert_eq!(read.statements.len(), 1);
    assert_eq!(read.statements[0].entry(), Some("non-zero"));
    assert!(read.justifications.is_empty());
    // Inside, it gives the words before it as the reason.
    let read = dict().analyse_item("So, `p` is valid, so it is aligned.");
    assert_eq!(read.statements[0].entry(), Some("aligned"));
    assert_eq!(read.justifications[0].entry(), Some("valid-pointer"));
    // Alone, it is no sentence to read.
    let read = dict().analyse_item("So");
    assert_eq!(read.statements[0].entry(), None);
}

#[test]
fn a_joining_word_before_that_opens_a_clause_not_a_sentence() {
    // "Now" at the start joins like "So"...
    let read = dict().analyse_item("Now `rest` is definitely aligned.");
    assert_eq!(read.statements[0].entry(), Some("aligned"));
    // ...but "Now that" gives the reason the rest of the sentence draws on.
    let read = dict().analyse_item("Now that `p` is non-null, we can read it.");
    assert_eq!(read.statements[0].entry(), Some("non-null"));
    // "So that" states a purpose: nothing is read, and nothing is dropped from the words.
    let read = dict().analyse_item("So that `p` is non-null.");
    assert_eq!(read.statements[0].entry(), None);
    assert_eq!(read.statements[0].text(), "So that `p` is non-null.");
}

#[test]
fn a_reason_names_its_guarantor_even_when_its_fact_is_unknown() {
    let read = dict()
        .analyse_item("SAFETY: `p` is aligned since the caller guarantees that `q` is frobbed.");
    assert_eq!(read.statements[0].entry(), Some("aligned"));
    let reasons: Vec<Option<&str>> = read.justifications.iter().map(|s| s.entry()).collect();
    assert_eq!(reasons, vec![None, Some("function-requirements")]);
    assert_eq!(read.justifications[0].text(), "`q` is frobbed");
}

#[test]
fn readings_that_would_change_the_claim_are_not_made() {
    // A denied connector gives no statement, but a denial inside a reason is a fact.
    assert_eq!(
        parts("Holding the lock does not guarantee that `ptr` is valid."),
        vec![None]
    );
    assert_eq!(
        parts("`q` is not null, so `p` is valid.")[0],
        one("valid-pointer", "ptr", "`p`")
    );
    // "by" after "held" names the holder unless it names a justification.
    assert_eq!(parts("The lock is held by another thread."), vec![None]);
    assert_eq!(
        parts("The lock is held by the caller.")[0],
        one("lock-held", "lock", "the lock")
    );
    // "so long as" states a condition, not a reason.
    assert_eq!(
        parts("`ptr` is non-null so long as `self` is alive."),
        vec![None]
    );
    // A future call's work is no present state.
    assert!(!parts("`slot` is valid and will be initialized by `init`.")
        .iter()
        .flatten()
        .any(|(e, _)| e == "place-initialized"));
    // A later part with a subject of its own keeps it for the parts after it.
    assert!(
        !parts("`ptr` is non-null, and the private data area is initialized and aligned.")
            .iter()
            .flatten()
            .any(|(e, _)| e == "aligned")
    );
    // What is said of the pointee is not said of the pointer.
    assert_eq!(
        parts("the pointee of `ptr` is initialized."),
        vec![one("value-initialized", "ptr", "`ptr`")]
    );
    assert_eq!(parts("the pointee of `ptr` is non-null."), vec![None]);
    // "per" before a unit counts; it gives no reason.
    assert_eq!(
        parts("`ptr` is valid for reads of `size` bytes per element."),
        vec![None]
    );
    // A code span that states a bound names nothing.
    assert_eq!(parts("`x: u32` is valid."), vec![None]);
    // What holds only for non-zero-sized types is no fact ("for non-ZSTs," is a condition):
    // it is read with the condition beside it.
    assert_eq!(
        parts("for non-ZSTs, the type invariant ensures it cannot be null"),
        vec![
            one("non-null", "ptr", "it"),
            Some(("type-invariants-of-self".to_string(), Vec::new())),
            one("not-zero-sized", "T", "the type"),
        ]
    );
    let item =
        dict().analyse_item("SAFETY: for non-ZSTs, the type invariant ensures it cannot be null");
    assert_eq!(item.conditions.len(), 1);
    assert_eq!(item.conditions[0].text(), "for non-ZSTs");
    // A condition no entry reads leaves the item read in part; where nothing under it is
    // read, the sentence stays one part.
    let item = dict().analyse_item("SAFETY: If the list is long, `p` is non-null.");
    assert_eq!(item.conditions.len(), 1);
    assert!(item.conditions[0].entry().is_none());
    assert!(!item.is_recognised());
    let item = dict().analyse_item("SAFETY: If the list is long, the list is long.");
    assert!(item.conditions.is_empty());
    assert_eq!(item.statements.len(), 1);
}

#[test]
fn a_conclusion_after_a_connector_leaves_its_reason_as_the_statement() {
    // "it is safe to unlock it" only says the operation may go ahead: the comment states that
    // the caller holds the lock, whichever side of the connector the words stand.
    for text in [
        "The caller owns the lock, so it is safe to unlock it.",
        "It is safe to unlock it because the caller owns the lock.",
        "Since the caller owns the lock, we can unlock it.",
    ] {
        let item = dict().analyse_item_at(text, Position::SafetyComment);
        let statements: Vec<_> = item.statements.iter().map(Statement::reading).collect();
        assert_eq!(
            statements,
            vec![one("lock-held", "lock", "the lock")],
            "{text}"
        );
        assert!(item.justifications.is_empty(), "{text}");
    }
    // A justification in the reason stays a reason.
    let item = dict().analyse_item_at(
        "The caller promises that `p` is valid, so it is safe to read it.",
        Position::SafetyComment,
    );
    assert_eq!(item.statements[0].entry(), Some("valid-pointer"));
    assert_eq!(
        item.justifications[0].entry(),
        Some("function-requirements")
    );
    // Words that go on to claim a fact are no conclusion: the fact is not dropped.
    let item = dict().analyse_item_at(
        "`p` is non-null, so we can assume that it is aligned.",
        Position::SafetyComment,
    );
    assert!(!item.statements[0].is_recognised());
}

#[test]
fn the_type_invariants_of_self_need_a_self() {
    let item = dict().analyse_item_at(
        "`p` is valid by the type invariants.",
        Position::SafetyComment,
    );
    let by = &item.justifications[0];
    assert_eq!(by.entry(), Some("type-invariants-of-self"));
    // Outside an `impl` (no `Self` among the type names in scope) the reading says nothing.
    assert!(dict().names_self_out_of_scope(by, &["T".to_string()]));
    assert!(!dict().names_self_out_of_scope(by, &["Self".to_string()]));
    let item = dict().analyse_item_at(
        "`p` is valid by the type invariant of `Self`.",
        Position::SafetyComment,
    );
    assert!(dict().names_self_out_of_scope(&item.justifications[0], &[]));
    let item = dict().analyse_item_at(
        "`p` is valid by the type invariant of `List`.",
        Position::SafetyComment,
    );
    assert!(!dict().names_self_out_of_scope(&item.justifications[0], &[]));
    assert!(!dict().names_self_out_of_scope(&item.statements[0], &[]));
}

#[test]
fn two_subjects_of_one_reason_give_a_reason_each() {
    let read = dict().analyse_item("SAFETY: `c` is aligned because `a` and `b` are non-null.");
    assert_eq!(read.statements[0].entry(), Some("aligned"));
    let reasons: Vec<Option<&str>> = read.justifications.iter().map(|s| s.entry()).collect();
    assert_eq!(reasons, vec![Some("non-null"), Some("non-null")]);
}

#[test]
fn unread_words_of_a_reason_stay_one_reason() {
    let item = dict().analyse_item("`p` is valid because it starts at 0 and only increases.");
    let reasons: Vec<&str> = item.justifications.iter().map(Statement::text).collect();
    assert_eq!(reasons, ["it starts at 0 and only increases"]);
    // A known reason among them still stands apart.
    let item = dict().analyse_item("`p` is valid because foo and bar and `q` is non-null.");
    assert_eq!(
        readings(&item.justifications),
        [None, one("non-null", "ptr", "`q`")]
    );
    assert_eq!(item.justifications[0].text(), "foo and bar");
}

#[test]
fn otherwise_holds_what_follows_under_an_unread_condition() {
    let item = dict().analyse_item("Otherwise, `ptr` must be aligned.");
    assert_eq!(readings(&item.statements), [one("aligned", "ptr", "`ptr`")]);
    assert_eq!(readings(&item.conditions), [None]);
    assert_eq!(item.conditions[0].text(), "Otherwise");
}

#[test]
fn a_c_type_slot_takes_only_a_c_type() {
    let two = |entry: &str, a: (&str, &str), b: (&str, &str)| -> Part {
        Some((
            entry.to_string(),
            vec![
                (a.0.to_string(), a.1.to_string()),
                (b.0.to_string(), b.1.to_string()),
            ],
        ))
    };
    let item = dict().analyse_item("`self.0` is a valid `struct request`.");
    assert_eq!(
        readings(&item.statements),
        [two(
            "live-c-object",
            ("obj", "`self.0`"),
            ("struct S", "`struct request`")
        )]
    );
    let item = dict().analyse_item("`p` must point to a valid [`bindings::device`].");
    assert_eq!(
        readings(&item.statements),
        [two(
            "points-to-live-c-object",
            ("ptr", "`p`"),
            ("struct S", "`bindings::device`")
        )]
    );
    // A Rust type there is another entry's, or none.
    let item = dict().analyse_item("`x` is a valid `char`.");
    assert_eq!(readings(&item.statements), [one("valid-char", "x", "`x`")]);
    let item = dict().analyse_item("`x` is a valid `Device`.");
    assert_eq!(readings(&item.statements), [None]);
}

#[test]
fn a_value_read_as_a_pointer_is_no_place_in_the_same_sentence() {
    let item =
        dict().analyse_item("`pdu` is valid for read and write and is properly initialised.");
    assert_eq!(
        readings(&item.statements),
        [one("valid-for-reads-and-writes", "ptr", "`pdu`"), None]
    );
    // Not suggested either: the nearest entry says what a pointer's "initialized" means.
    let item = dict().analyse_item("`q` is initialized and non-null.");
    assert_eq!(
        readings(&item.statements),
        [None, one("non-null", "ptr", "`q`")]
    );
    let Statement::Unrecognised { suggestions, .. } = &item.statements[0] else {
        panic!("read: {:?}", item.statements[0]);
    };
    assert!(suggestions.iter().all(|g| g.entry != "place-initialized"));
    assert_eq!(suggestions[0].entry, "value-initialized");
    // Other values, and the same value alone, still read as places.
    let item = dict().analyse_item("`p` is non-null and `x` is initialized.");
    assert_eq!(
        readings(&item.statements),
        [
            one("non-null", "ptr", "`p`"),
            one("place-initialized", "x", "`x`")
        ]
    );
    let item = dict().analyse_item("`x` is properly initialized.");
    assert_eq!(
        readings(&item.statements),
        [one("place-initialized", "x", "`x`")]
    );
}

#[test]
fn a_place_declared_as_a_pointer_reads_as_its_pointee() {
    let item = dict().analyse_item("`x` was just initialized.");
    let s = &item.statements[0];
    assert_eq!(
        readings(&item.statements),
        [one("place-initialized", "x", "`x`")]
    );
    let declared = |ty: &str| vec![("x".to_string(), ty.to_string())];
    for ty in ["Box<MaybeUninit<T>>", "*mut T", "NonNull<u8>"] {
        let Declared::Pointee(instead) = dict().against_declared(s, &declared(ty)) else {
            panic!("{ty}: no pointee reading");
        };
        assert_eq!(
            readings(&[instead]),
            [one("value-initialized", "ptr", "`x`")],
            "{ty}"
        );
    }
    // A place declared as one, or a type that says nothing, keeps the reading.
    for ty in ["MaybeUninit<T>", "u8", "T"] {
        assert_eq!(
            dict().against_declared(s, &declared(ty)),
            Declared::Holds,
            "{ty}"
        );
    }
    // Only a place's conflict has a pointee: `Opaque<T>` is no pointer at all.
    let item = dict().analyse_item("`inner` is valid.");
    let s = &item.statements[0];
    let read = dict().against_declared(s, &[("inner".to_string(), "Opaque<T>".to_string())]);
    assert!(matches!(read, Declared::Refused(_)), "{read:?}");
}

#[test]
fn an_invariant_says_always_by_where_it_stands() {
    let read = item_readings;
    assert_eq!(
        read("# Invariants\n\n- `p` is always non-null.\n- `q` is always valid for reads and always aligned."),
        [
            vec![one("non-null", "ptr", "`p`")],
            vec![
                one("valid-for-reads", "ptr", "`q`"),
                one("aligned", "ptr", "`q`")
            ]
        ]
    );
    assert_eq!(
        read("// INVARIANT: `p` is always non-null."),
        [vec![one("non-null", "ptr", "`p`")]]
    );
    // The item keeps its words as written.
    let items = dict().expand("// INVARIANT: `p` is always non-null.");
    assert_eq!(items.items[0].text, "`p` is always non-null.");
    // An invariant's own entry still reads as written; elsewhere "always" stays.
    assert_eq!(
        read("// INVARIANT: `x` is always initialized."),
        [vec![one("always-initialized", "field", "`x`")]]
    );
    assert_eq!(read("// SAFETY: `p` is always non-null."), [vec![None]]);
    assert_eq!(read("`p` is always non-null."), [vec![None]]);
}

#[test]
fn a_sentence_that_only_concludes_from_the_ones_before_is_no_item() {
    for conclusion in [
        "Hence, it is safe to reconstruct the `Box` as `Box<T, A>`.",
        "Therefore it's safe to advance the pointer after that.",
        "Thus, the call to `copy_nonoverlapping` is safe.",
        "So we can read it.",
    ] {
        let read = item_readings(&format!("// SAFETY: `p` is non-null. {conclusion}"));
        assert_eq!(read, [vec![one("non-null", "ptr", "`p`")]], "{conclusion}");
    }
    // A sentence that adds rather than concludes, or that concludes a fact, stays an item.
    for kept in [
        "And we can read it.",
        "Now it is safe to read it.",
        "Therefore it is safe to assume that `q` is aligned.",
        "Thus, `q` is aligned.",
    ] {
        let items = dict().expand(&format!("// SAFETY: `p` is non-null. {kept}"));
        assert_eq!(items.items.len(), 2, "{kept}");
    }
}

#[test]
fn a_sentence_that_only_announces_a_list_states_nothing() {
    let read = item_readings("Specifically:\n\n- `p` must be non-null.\n- `p` must be aligned.");
    assert_eq!(
        read,
        [
            vec![one("non-null", "ptr", "`p`")],
            vec![one("aligned", "ptr", "`p`")]
        ]
    );
    // Counted ("there are three cases", compared after the rewrite of "are") and concluding
    // ("... is safe, because") introductions too.
    for lead in ["There are three cases:", "The `add` here is safe, because:"] {
        let items = dict().expand(&format!("// SAFETY: {lead}\n// - `p` is non-null."));
        assert_eq!(items.items.len(), 1, "{lead}");
    }
    // Not without the colon, nor where it claims something before it.
    for kept in [
        "There are three cases.",
        "Specifically, the frobnicator holds:",
        "The produced `&mut` is valid because:",
    ] {
        let item = dict().analyse_item(kept);
        assert!(!item.text.is_empty(), "{kept}");
        assert!(!item.is_recognised(), "{kept}");
    }
}

#[test]
fn a_list_introduction_gives_its_items_a_condition_or_a_subject() {
    // Linux's `Vec::from_raw_parts`: the ZST item holds only for ZSTs, and the introduction is
    // no item of its own.
    let exp = dict().expand(
        "If `T` is a ZST:\n\n- `ptr` must be a dangling, well aligned pointer.\n\nOtherwise:\n\n- `ptr` must be aligned.",
    );
    assert_eq!(exp.items.len(), 2);
    assert_eq!(
        readings(&exp.items[0].statements),
        [one("dangling-aligned", "ptr", "`ptr`")]
    );
    assert_eq!(
        readings(&exp.items[0].conditions),
        [one("zero-sized", "T", "`T`")]
    );
    // "Otherwise" right after it holds under the opposite condition.
    assert_eq!(
        readings(&exp.items[1].conditions),
        [one("not-zero-sized", "T", "`T`")]
    );
    assert_eq!(exp.items[1].conditions[0].text(), "Otherwise");
    let exp =
        dict().expand("If `T` is not a ZST:\n- `p` is aligned.\n\nOtherwise:\n- `p` is non-null.");
    assert_eq!(
        readings(&exp.items[1].conditions),
        [one("zero-sized", "T", "`T`")]
    );
    // With no condition before it, or one whose opposite no entry reads, it stays unread.
    for text in [
        "- `q` is valid.\n\nOtherwise:\n- `p` is non-null.",
        "If `n` is even:\n- `q` is valid.\n\nOtherwise:\n- `p` is non-null.",
    ] {
        let exp = dict().expand(text);
        let last = exp.items.last().expect("items");
        assert_eq!(readings(&last.conditions), [None], "{text}");
    }
    // A subject and its duty before the items: each item says the rest of the sentence.
    let exp = dict().expand("`p` must:\n\n- Be non-null.\n- be aligned.");
    let read: Vec<Vec<Part>> = exp.items.iter().map(|i| readings(&i.statements)).collect();
    assert_eq!(
        read,
        [
            vec![one("non-null", "ptr", "`p`")],
            vec![one("aligned", "ptr", "`p`")]
        ]
    );
    assert_eq!(exp.items[0].text, "Be non-null.");
    // "The following" over a duration: each item holds for that long ("That" dropped).
    let exp = dict().expand(
        "Callers must ensure the following for the lifetime of the returned value:\n\n- That `p` remains valid;",
    );
    assert_eq!(exp.items.len(), 1);
    assert_eq!(exp.items[0].text, "That `p` remains valid;");
    assert_eq!(
        readings(&exp.items[0].statements),
        [Some((
            "valid-during".to_string(),
            vec![
                ("ptr".to_string(), "`p`".to_string()),
                ("'a".to_string(), "the returned value".to_string())
            ]
        ))]
    );
    // Alternatives, a duration that only an invariant or a guarantee states, or a condition
    // with a subject: the introduction stays a sentence of its own, and the items are read
    // alone.
    for lead in [
        "`p` must either:",
        "Callers must ensure the following for the lifetime of this object:",
        "When `n` is zero, callers must:",
    ] {
        let exp = dict().expand(&format!("{lead}\n- `q` is aligned."));
        assert_eq!(exp.items.len(), 2, "{lead}");
        assert!(exp.items[1].conditions.is_empty(), "{lead}");
    }
}

#[test]
fn an_access_named_in_plain_words_is_the_access() {
    let first = |text: &str| dict().analyse_item(text).statements[0].clone();
    // What the access is to, in plain words, is dropped; an article before code too.
    assert_eq!(
        first("SAFETY: We have exclusive access to both lists.").entry(),
        Some("unique-access")
    );
    let shared = first("SAFETY: We have a shared reference to the `ListArc`.");
    assert_eq!(
        shared.reading(),
        Some((
            "shared-access".to_string(),
            vec![("ptr".to_string(), "`ListArc`".to_string())]
        ))
    );
    // An object that holds code stays as written, and so stays unread.
    assert_eq!(
        first("SAFETY: we have a mutable reference to the list containing `item`.").entry(),
        None
    );
}

#[test]
fn a_clause_with_its_own_subject_after_and_is_a_part_of_its_own() {
    let item = dict()
        .analyse_item("SAFETY: `p` is non-null and the private data is properly initialized.");
    assert_eq!(entries(&item.statements), vec![Some("non-null"), None]);
    // A modifier of the list opens with no subject: the sentence stays one unread part.
    let item = dict().analyse_item("SAFETY: `p` is non-null and writes for `len` bytes are fine.");
    assert_eq!(entries(&item.statements), vec![None]);
}

#[test]
fn a_comparison_that_leaves_its_subject_out_shares_the_operand_written_first() {
    let two = |entry: &str, a: &str, b: &str| {
        Some((
            entry.to_string(),
            vec![
                ("a".to_string(), a.to_string()),
                ("b".to_string(), b.to_string()),
            ],
        ))
    };
    // Bindings in the order of the variables' names, whichever phrasing read them.
    let sorted = |text: &str| {
        let mut ps = parts(text);
        for (_, bindings) in ps.iter_mut().flatten() {
            bindings.sort();
        }
        ps
    };
    // lexical-parse-float's bigint.rs: "so len - index - 1 >= 0 and <= len" bounds the
    // difference both ways; it says nothing of 0 and `len`.
    assert_eq!(
        sorted("`x` >= 0 and <= len."),
        vec![
            two("less-or-equal", "`0`", "`x`"),
            two("less-or-equal", "`x`", "`len`"),
        ]
    );
    assert_eq!(
        sorted("`x` > 0 and < `len`."),
        vec![
            two("less-than", "`0`", "`x`"),
            two("less-than", "`x`", "`len`")
        ]
    );
}
