//! Tests against the frozen fixture dictionary in `tests/fixture`.

use std::path::Path;
use std::sync::OnceLock;

use safety_dict::{Dictionary, Kind};

use crate::{Hit, MatchKind, SearchIndex};

fn index() -> &'static SearchIndex {
    static INDEX: OnceLock<SearchIndex> = OnceLock::new();
    INDEX.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixture");
        let dict = Dictionary::load(&root).expect("the fixture dictionary loads");
        SearchIndex::build(&dict).expect("the fixture indexes")
    })
}

fn search(q: &str) -> Vec<Hit> {
    index()
        .search(q, 10)
        .expect("search never fails on user input")
}

fn ids(q: &str) -> Vec<String> {
    search(q).into_iter().map(|h| h.id).collect()
}

fn top(q: &str) -> Hit {
    search(q)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no hit for {q:?}"))
}

#[test]
fn indexes_every_entry() {
    assert_eq!(index().len(), 7);
    assert!(!index().is_empty());
}

#[test]
fn typo_finds_the_entry_first() {
    let hit = top("vaild for raeds");
    assert_eq!(hit.id, "valid-for-reads");
    assert_eq!(hit.matched, MatchKind::Exact, "corrected to the entry's id");
    assert_eq!(top("valid for wirtes").id, "valid-for-writes");
    assert_eq!(top("alinged").id, "aligned");
}

#[test]
fn a_typo_alone_is_a_fuzzy_match() {
    let hits = search("wirtten");
    assert_eq!(hits[0].id, "valid-for-writes");
    assert_eq!(hits[0].matched, MatchKind::Fuzzy);
}

#[test]
fn tag_names_find_their_entries() {
    for q in ["ValidCStr", "validcstr", "valid c str", "cstr", "CStr"] {
        assert_eq!(top(q).id, "nul-terminated-c-string", "query {q:?}");
    }
    assert_eq!(top("ValidCStr").matched, MatchKind::Exact);
    let read = ids("ValidRead");
    assert!(
        read.starts_with(&[
            "valid-for-reads".to_string(),
            "valid-for-reads-up-to".to_string(),
        ]) || read.starts_with(&[
            "valid-for-reads-up-to".to_string(),
            "valid-for-reads".to_string(),
        ]),
        "{read:?}"
    );
    assert_eq!(top("ValidUtf8").id, "valid-utf8");
}

#[test]
fn accepted_and_discouraged_phrasings_find_their_entry() {
    let hit = top("valid to read from");
    assert_eq!(hit.id, "valid-for-reads");
    assert_eq!(hit.matched, MatchKind::Phrase);
    let hit = top("`p` is valid for reading.");
    assert_eq!(
        (hit.id.as_str(), hit.matched),
        ("valid-for-reads", MatchKind::Exact)
    );
    assert_eq!(top("ptr is readable").id, "valid-for-reads");
    assert_eq!(top("the C contract").id, "c-api-contract");
    assert_eq!(top("is a valid C string").id, "nul-terminated-c-string");
}

#[test]
fn exact_phrase_ranks_first_then_phrase_then_terms() {
    let hits = search("valid for reads");
    assert_eq!(hits[0].id, "valid-for-reads");
    assert_eq!(hits[0].matched, MatchKind::Exact);
    assert_eq!(hits[1].id, "valid-for-reads-up-to");
    assert_eq!(hits[1].matched, MatchKind::Phrase);
    assert!(hits[2..].iter().all(|h| h.matched <= MatchKind::Terms));
    // Tiers never go up along the list; within the last tier, scores never go up.
    for q in ["valid for reads", "reads up to", "c string", "valid"] {
        let hits = search(q);
        for pair in hits.windows(2) {
            let tier = |m| m >= MatchKind::Phrase;
            assert!(
                tier(pair[0].matched) >= tier(pair[1].matched),
                "{q:?}: {pair:?}"
            );
            if pair[0].matched == pair[1].matched {
                assert!(pair[0].score >= pair[1].score, "{q:?}: {pair:?}");
            }
        }
    }
}

#[test]
fn the_summary_beats_the_notes() {
    // "callbacks" is in the notes of c-api-contract, "callback" in its summary.
    assert_eq!(top("callback").id, "c-api-contract");
    assert_eq!(top("unaligned").id, "aligned");
}

#[test]
fn empty_and_wordless_queries_find_nothing() {
    for q in ["", "   ", "()", "\"\":", "*", "-"] {
        assert!(search(q).is_empty(), "query {q:?}");
    }
    assert!(index()
        .search("valid", 0)
        .expect("limit 0 is fine")
        .is_empty());
    assert!(search("zzzqqqxx").is_empty());
}

#[test]
fn query_syntax_characters_are_plain_separators() {
    for q in [
        "phrase:\"valid for reads\"",
        "(valid AND reads) OR -x",
        "valid* reads~2 ^3 [a TO b] {c} +d !e \\ / ' ` ",
        "id:valid-for-reads",
        "\"unterminated",
    ] {
        let hits = index().search(q, 5).expect("no syntax error");
        assert!(!hits.is_empty(), "query {q:?}");
    }
    assert_eq!(top("id:valid-for-reads").id, "valid-for-reads");
    for q in ["ünïcödé ☃", "日本語", "\u{0}\u{7f}", &"x".repeat(10_000)] {
        assert!(index().search(q, 5).is_ok(), "query {q:?}");
    }
}

#[test]
fn hits_carry_kind_url_and_marked_snippet() {
    let hit = top("written through");
    assert_eq!(hit.id, "valid-for-writes");
    assert_eq!(hit.kind, Kind::Requirement);
    assert_eq!(hit.phrase, "`ptr` is valid for writes.");
    assert_eq!(
        hit.url,
        "https://example.org/std/dictionary/valid-for-writes.html"
    );
    assert!(hit.score > 0.0);
    let marked = hit.snippet.marked("**", "**");
    assert!(marked.contains("**written** **through**"), "{marked}");

    // A typo marks the word it was taken for.
    let marked = top("vaild for raeds").snippet.marked("[", "]");
    assert!(
        marked.contains("[valid]") || marked.contains("[read"),
        "{marked}"
    );

    // Only the meaning matched: the snippet comes from the meaning.
    let hit = top("dereferenceable");
    assert!(
        hit.snippet.marked("<", ">").contains("<dereferenceable>"),
        "{hit:?}"
    );
}

#[test]
fn limit_is_respected() {
    assert_eq!(index().search("valid", 2).expect("ok").len(), 2);
    assert!(search("ptr").len() <= 10);
}

#[test]
fn json_shape() {
    let json = serde_json::to_value(top("ValidCStr")).expect("serialises");
    assert_eq!(json["id"], "nul-terminated-c-string");
    assert_eq!(json["kind"], "requirement");
    assert_eq!(json["matched"], "exact");
    assert!(json["snippet"]["text"].is_string());
    assert!(json["snippet"]["highlights"].is_array());
}
