//! The public API: several files as one tree, paths on disk, options, exit codes and the
//! machine-readable formats.

use std::path::{Path, PathBuf};

use safety_dict_lint::render::{render, Format};
use safety_dict_lint::{
    lint_paths, lint_sources, Code, EmptyVocabulary, Level, LintOptions, SourceFile,
};

fn fixture() -> safety_dict::Dictionary {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui-dictionary");
    safety_dict::Dictionary::load(&root).expect("fixture dictionary loads")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sdl-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

#[test]
fn callee_in_another_file_is_compared() {
    let callee = "/// # Safety\n///\n/// - `src` is valid for reads.\n/// - `dst` is valid for writes.\npub unsafe fn copy(src: *const u8, dst: *mut u8) {}\n";
    let caller = "use crate::callee::copy;\n\nfn f(a: &u8, b: &mut u8) {\n    // SAFETY:\n    // - `b` is valid for writes by reference validity.\n    // - `a` is valid for reads by reference validity.\n    unsafe { copy(a, b) };\n}\n";
    let files = [
        SourceFile::new("a/callee.rs", callee),
        SourceFile::new("b/caller.rs", caller),
    ];
    let report = lint_sources(&files, &fixture(), &LintOptions::default());
    let codes: Vec<(Code, String)> = report
        .findings
        .iter()
        .map(|f| (f.code, f.file.display().to_string()))
        .collect();
    assert_eq!(codes, [(Code::Sd0011, "b/caller.rs".to_string())]);
    assert_eq!(report.stats.files, 2);
    assert_eq!(report.stats.justification_lists_compared, 1);
}

#[test]
fn paths_on_disk_exit_codes_and_skips() {
    let dir = scratch("paths");
    std::fs::write(dir.join("ok.rs"), "fn f() {}\n").expect("write");
    std::fs::write(
        dir.join("bad.rs"),
        "fn f(p: *const u8) { unsafe { *p }; }\n",
    )
    .expect("write");
    std::fs::write(dir.join("latin1.rs"), b"// caf\xe9\n").expect("write");
    std::fs::create_dir_all(dir.join("target")).expect("mkdir");
    std::fs::write(dir.join("target/skipped.rs"), "fn f() { unsafe {} }").expect("write");
    std::fs::write(dir.join("notes.txt"), "unsafe {}").expect("write");
    let empty = EmptyVocabulary::default();
    let report = lint_paths(std::slice::from_ref(&dir), &empty, &LintOptions::default());
    assert!(report.errors.is_empty());
    assert_eq!(report.stats.files, 3, "ok.rs, bad.rs, latin1.rs");
    let codes: Vec<Code> = report.findings.iter().map(|f| f.code).collect();
    assert_eq!(codes, [Code::Sd0001, Code::Sd0000]);
    assert!(report.findings[1].message.contains("not UTF-8"));
    assert_eq!(report.exit_code(Level::Error), 1);

    let missing = lint_paths(&[dir.join("nope.rs")], &empty, &LintOptions::default());
    assert_eq!(missing.errors.len(), 1);
    assert_eq!(missing.exit_code(Level::Error), 2);

    let quiet = LintOptions {
        disabled: vec![Code::Sd0001],
        min_level: Level::Error,
        ..LintOptions::default()
    };
    let report = lint_paths(std::slice::from_ref(&dir), &empty, &quiet);
    assert!(report.findings.is_empty());
    assert_eq!(report.exit_code(Level::Info), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn json_and_sarif_documents() {
    let src = "/// # Safety\n/// - `p` is valid, non-null.\nunsafe fn f(p: *const u8) {}\nfn g() { unsafe {} }\n";
    let report = lint_sources(
        &[SourceFile::new("src/x.rs", src)],
        &fixture(),
        &LintOptions::default(),
    );
    let json: serde_json::Value =
        serde_json::from_str(&render(&report, Format::Json, false)).expect("JSON");
    assert_eq!(json["findings"][0]["code"], "SD0008");
    assert_eq!(json["findings"][0]["line"], 2);
    assert_eq!(json["findings"][1]["code"], "SD0001");
    assert_eq!(json["summary"]["unsafe_blocks"], 1);
    assert_eq!(json["summary"]["findings_by_code"]["SD0001"], 1);
    assert_eq!(json["exit_code"]["deny_error"], 1);

    let sarif: serde_json::Value =
        serde_json::from_str(&render(&report, Format::Sarif, false)).expect("SARIF");
    assert_eq!(sarif["version"], "2.1.0");
    let run = &sarif["runs"][0];
    assert_eq!(
        run["tool"]["driver"]["rules"].as_array().map(Vec::len),
        Some(19)
    );
    let r = &run["results"][1];
    assert_eq!(r["ruleId"], "SD0001");
    assert_eq!(r["level"], "error");
    assert_eq!(
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "src/x.rs"
    );
    assert_eq!(
        r["locations"][0]["physicalLocation"]["region"]["startLine"],
        4
    );
    assert_eq!(
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"],
        "%SRCROOT%"
    );
    // The schema has no `null` where it wants a string or a number.
    fn nulls(v: &serde_json::Value, at: &str, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Null => out.push(at.to_string()),
            serde_json::Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    nulls(x, &format!("{at}/{i}"), out);
                }
            }
            serde_json::Value::Object(o) => {
                for (k, x) in o {
                    nulls(x, &format!("{at}/{k}"), out);
                }
            }
            _ => {}
        }
    }
    let mut found = Vec::new();
    nulls(&sarif, "", &mut found);
    assert!(found.is_empty(), "null values at {found:?}");

    // An absolute path is a `file://` URI, percent-encoded.
    let abs = lint_sources(
        &[SourceFile::new(
            "/home/a b/x#1.rs",
            "fn g() { unsafe {} }\n",
        )],
        &fixture(),
        &LintOptions::default(),
    );
    let sarif: serde_json::Value =
        serde_json::from_str(&render(&abs, Format::Sarif, false)).expect("SARIF");
    let loc =
        &sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
    assert_eq!(loc["uri"], "file:///home/a%20b/x%231.rs");
    assert!(loc.get("uriBaseId").is_none());

    let summary = render(&report, Format::Summary, false);
    assert!(summary.contains("unsafe blocks:          1"), "{summary}");
    assert!(summary.contains("SD0008 warning"), "{summary}");
}

/// A vocabulary that panics on one sentence, as a bug in the matcher would.
struct PanicsOn(&'static str);

impl safety_dict_lint::Vocabulary for PanicsOn {
    fn analyse_item(
        &self,
        item: &str,
        position: safety_dict_lint::vocabulary::Position,
    ) -> safety_dict_lint::vocabulary::Item {
        assert!(!item.contains(self.0), "matcher bug on {item:?}");
        EmptyVocabulary::default().analyse_item(item, position)
    }
    fn entry_url(&self, id: &str) -> String {
        format!("/{id}")
    }
    fn site_url(&self) -> String {
        "/".to_string()
    }
}

#[test]
fn a_panic_on_one_file_is_a_finding_for_that_file() {
    let files = [
        SourceFile::new(
            "a.rs",
            "fn f() {\n    // SAFETY: boom.\n    unsafe { g() };\n}\n",
        ),
        SourceFile::new("b.rs", "fn f() {\n    unsafe { g() };\n}\n"),
    ];
    let report = lint_sources(&files, &PanicsOn("boom"), &LintOptions::default());
    let found: Vec<(String, Code)> = report
        .findings
        .iter()
        .map(|f| (f.file.display().to_string(), f.code))
        .collect();
    assert_eq!(
        found,
        [
            ("a.rs".to_string(), Code::Sd0000),
            ("b.rs".to_string(), Code::Sd0001)
        ]
    );
    assert!(report.findings[0].message.contains("internal error"));
    assert!(report.findings[0].message.contains("matcher bug"));
    assert_eq!(report.stats.files, 2);
}

/// The report of linting `source` (as `a.rs`) with the fixture dictionary and `row` as the
/// only API-specific phrasing, and the messages of its SD0007 findings.
fn lint_with_api_row(source: &str, row: &str) -> (safety_dict_lint::LintReport, Vec<String>) {
    use safety_dict::api_specific::{ApiSpecific, Corpus, Phrasing};
    use safety_dict_lint::dictionary::WithApiSpecific;
    let files = [SourceFile::new("a.rs", source)];
    let dict = fixture();
    let listed = ApiSpecific {
        phrasings: vec![Phrasing {
            text: row.into(),
            corpus: Corpus::Linux612,
            count: 2,
            example: "rust/kernel/net/phy.rs:1".into(),
            reason: "one API's own condition".into(),
        }],
    };
    let vocab = WithApiSpecific::new(&dict, &listed);
    let report = lint_sources(&files, &vocab, &LintOptions::default());
    let unknown = report
        .findings
        .iter()
        .filter(|f| f.code == Code::Sd0007)
        .map(|f| f.message.clone())
        .collect();
    (report, unknown)
}

#[test]
fn api_specific_phrasings_are_counted_apart_not_reported() {
    let source = "fn f(p: *const u8) {\n    // SAFETY: `p` must be passed by the matching callback.\n    unsafe { *p };\n}\n\nfn g(p: *const u8) {\n    // SAFETY: `p` came from nowhere in particular.\n    unsafe { *p };\n}\n";
    let (report, unknown) =
        lint_with_api_row(source, "`phydev` must be passed by the matching callback.");
    assert_eq!(unknown.len(), 1, "{unknown:?}");
    assert!(unknown[0].contains("came from nowhere"), "{unknown:?}");
    assert_eq!(report.stats.parts_api_specific, 1);
    // The row met is counted under its key, so a row no corpus meets any more can be found.
    assert_eq!(
        report
            .stats
            .api_specific_seen
            .iter()
            .map(|(k, n)| (k.as_str(), *n))
            .collect::<Vec<_>>(),
        vec![("… must be passed by the matching callback", 1)]
    );
    assert!(report
        .stats
        .unrecognised
        .keys()
        .all(|k| !k.contains("matching callback")));
}

/// Lints one file with the fixture dictionary; the report, and the line of each SD0007
/// finding with whether one of its notes holds `note`.
fn unrecognised_noting(
    source: &str,
    note: &str,
) -> (safety_dict_lint::LintReport, Vec<(usize, bool)>) {
    let files = [SourceFile::new("a.rs", source)];
    let report = lint_sources(&files, &fixture(), &LintOptions::default());
    let lines = report
        .findings
        .iter()
        .filter(|f| f.code == Code::Sd0007)
        .map(|f| (f.line, f.notes.iter().any(|n| n.contains(note))))
        .collect();
    (report, lines)
}

#[test]
fn a_type_parameter_never_fills_a_variable_that_holds_a_value() {
    // (Names of more than one letter: a lone capital fills no pointer's slot anywhere.)
    let source = "struct V<T, Alloc>(T, Alloc);\n\nimpl<T, Alloc> V<T, Alloc> {\n    /// # Safety\n    ///\n    /// - `Buf` is valid.\n    unsafe fn f<Buf>(a: *const u8) {\n        // SAFETY: `Alloc` is valid.\n        unsafe { *a };\n        // SAFETY: `a` is valid.\n        unsafe { *a };\n    }\n}\n\nfn g(Alloc: *const u8) {\n    // SAFETY: `Alloc` is valid.\n    unsafe { *Alloc };\n}\n";
    let (report, unknown) = unrecognised_noting(source, "names a type");
    // `Buf` (the function's own type parameter) and `Alloc` (the impl's) are types there; the
    // value `a`, and a parameter that happens to be called `Alloc` outside the impl, are read
    // as written.
    assert_eq!(unknown, [(6, true), (8, true)], "{:?}", report.findings);
    assert_eq!(report.stats.parts_recognised, 2);
}

#[test]
fn a_part_read_in_folded_words_is_api_specific_as_written() {
    // The reason is read as "the lock that is held here" ("must be" folds to "is"); the list
    // holds it as written.
    let source = "fn f(p: *const u8) {\n    // SAFETY: `p` is valid by the lock that must be held here.\n    unsafe { *p };\n}\n";
    let (report, unknown) = lint_with_api_row(source, "the lock that must be held here");
    assert!(unknown.is_empty(), "{unknown:?}");
    assert_eq!(report.stats.parts_api_specific, 1);
}

#[test]
fn the_invariants_of_self_are_cited_only_where_there_is_a_self() {
    let source = "fn f(p: *const u8) {\n    // SAFETY: `p` is valid by type invariant of `Self`.\n    unsafe { *p };\n}\n\nstruct S(*const u8);\n\nimpl S {\n    fn g(&self) {\n        // SAFETY: `self.0` is valid by type invariant of `Self`.\n        unsafe { *self.0 };\n    }\n}\n\nmacro_rules! m {\n    () => {\n        fn h(p: *const u8) {\n            // SAFETY: `p` is valid by type invariant of `Self`.\n            unsafe { *p };\n        }\n    };\n}\n";
    let (report, unknown) = unrecognised_noting(source, "no `Self` here");
    let no_self: Vec<usize> = unknown.iter().filter(|u| u.1).map(|u| u.0).collect();
    // Only the free function has no `Self`; a macro's body may expand inside an `impl`.
    assert_eq!(no_self, [2], "{:?}", report.findings);
}

#[test]
fn a_reading_the_declared_type_contradicts_is_refused() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dict = safety_dict::Dictionary::load(&repo).expect("the real dictionary loads");
    let source = "struct TagSet { inner: Opaque<u8>, ptr: *mut u8 }\n\nimpl TagSet {\n    fn f(&self, layout: Layout, n: usize, p: *const u8) {\n        // SAFETY: `inner` is valid.\n        unsafe { g() };\n        // SAFETY: `self.ptr` is valid.\n        unsafe { g() };\n        // SAFETY: `n` is valid.\n        unsafe { g() };\n        // SAFETY: `layout` is greater than zero.\n        unsafe { g() };\n        // SAFETY: `n` is greater than zero.\n        unsafe { g() };\n        let inner = p;\n        // SAFETY: `inner` is valid.\n        unsafe { g() };\n        let b: Box<MaybeUninit<u8>> = h();\n        // SAFETY: `b` was just initialized above.\n        unsafe { g() };\n    }\n}\n";
    let files = [SourceFile::new("a.rs", source)];
    let report = lint_sources(&files, &dict, &LintOptions::default());
    let refused: Vec<usize> = report
        .findings
        .iter()
        .filter(|f| f.code == Code::Sd0007 && f.notes.iter().any(|n| n.contains("is declared")))
        .map(|f| f.line)
        .collect();
    // A field of type `Opaque<u8>`, a `usize` parameter in a pointer's slot and a `Layout` in
    // an integer's; not the pointer field, the integer, nor a name a later `let` rebinds
    // without a type. A box in a place's slot reads as what the box points to.
    assert_eq!(refused, [5, 9, 11], "{:?}", report.findings);
    assert_eq!(report.stats.parts_recognised, 4, "{:?}", report.findings);
    let options = LintOptions {
        readings: true,
        ..LintOptions::default()
    };
    let report = lint_sources(&files, &dict, &options);
    let boxed: Vec<String> = report
        .readings
        .iter()
        .filter(|r| r.line == 19)
        .map(|r| format!("{:?}", r.outcome))
        .collect();
    assert_eq!(boxed.len(), 1);
    assert!(boxed[0].contains("value-initialized"), "{boxed:?}");
}

#[test]
fn invariants_and_guarantees_sections_are_read() {
    let text = "/// # Invariants\n///\n/// - `ptr` is owned by this object.\n/// - the moon is full.\npub struct Buf {\n    ptr: *mut u8,\n}\n\n/// # Invariants\n///\n/// `ptr` is owned by this object.\npub struct Owner {\n    ptr: *mut u8,\n}\n\n/// # Guarantees\n///\n/// - `ptr` is valid for reads.\npub fn get(ptr: *const u8) -> *const u8 {\n    ptr\n}\n";
    let options = LintOptions {
        readings: true,
        min_level: Level::Info,
        ..LintOptions::default()
    };
    let report = lint_sources(&[SourceFile::new("s.rs", text)], &fixture(), &options);
    assert_eq!(report.stats.invariants_sections, 2);
    assert_eq!(report.stats.invariants_sections_recognised, 1);
    assert_eq!(report.stats.guarantees_sections, 1);
    assert_eq!(report.stats.guarantees_sections_recognised, 1);
    assert_eq!((report.stats.items, report.stats.items_recognised), (4, 3));
    let roles: Vec<(&str, usize)> = report
        .readings
        .iter()
        .map(|r| (r.role.as_str(), r.line))
        .collect();
    assert_eq!(
        roles,
        [
            ("invariant", 3),
            ("invariant", 4),
            ("invariant", 11),
            ("guarantee", 18)
        ]
    );
    let unknown: Vec<(Code, usize)> = report.findings.iter().map(|f| (f.code, f.line)).collect();
    assert_eq!(unknown, [(Code::Sd0007, 4)]);
}
