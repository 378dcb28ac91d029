//! Precision measured on real sentences (issue 11, item 4).
//!
//! `tests/labelled/sentences.toml` holds sentences from Linux 6.12's `rust/` and the standard
//! library of Rust 1.96, each labelled with the dictionary entries it means (its header explains
//! the fields and the labelling rule); `tests/labelled/held-out.toml` to `held-out-4.toml` hold
//! four samples of sentences of crates from crates.io, each labelled the
//! same way before any rule was written for it, so that precision is also measured on text no
//! rule was written for. This
//! test runs `Dictionary::expand` on every sentence (a reading the types the code declares there
//! contradict, `declared`, is not counted as read: the lint refuses it) and
//!
//! - fails when a sentence is recognised as an entry its label does not name (a wrong
//!   recognition): precision is asserted, so matching can never get looser than the set allows;
//! - lists, without failing, the sentences marked `known_wrong` (wrong today, reported);
//! - prints precision (parts read as an entry that are read as a labelled one) and recall
//!   (labelled entries that are recognised), per corpus, as figures: later work raises recall,
//!   so it is not asserted.
//!
//! The labels' shape and ids are checked everywhere. That each sentence stands at its file and
//! line is checked when the corpora are present; under `CI=true` a missing corpus fails.
//!
//! Adding sentences: copy a `[[sentence]]` table, fill in `file` (prefix `linux-6.12/rust/...` or
//! `rust-1.96/library/...`), `line` (where the sentence starts), `kind`, `text` and the labels,
//! deciding the labels from the entries' meanings first and only then comparing with
//! `safety-dict expand --format json '<text>'`. Run
//! `cargo test -p safety-dict-core --test labelled -- --nocapture` to see the figures.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use safety_dict::declared::Declared;
use safety_dict::expand::Statement;
use safety_dict::{Dictionary, Kind};
use serde::Deserialize;

const LINUX: &str = "linux-6.12";
const STD: &str = "rust-1.96";
/// Held-out sentences (`tests/labelled/held-out.toml`): crates from crates.io that no rule or
/// wording was taken from. Their sources need not be on the machine, so only their labels are
/// checked, not where they stand.
const CRATES: &str = "crates.io";
const LABEL_FILES: [&str; 5] = [
    "sentences.toml",
    "held-out.toml",
    "held-out-2.toml",
    "held-out-3.toml",
    "held-out-4.toml",
];
const MIN_SENTENCES: usize = 400;
const KINDS: [&str; 5] = [
    "safety-comment",
    "safety-section",
    "invariant-comment",
    "invariants-section",
    "guarantees-section",
];

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LabelFile {
    #[serde(default)]
    sentence: Vec<Labelled>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Labelled {
    file: String,
    line: usize,
    kind: String,
    text: String,
    /// The sentence ending in a colon that introduces the list the item stands in, when the
    /// item is read with it ("Callers must ensure the following for the lifetime of ...:").
    lead: Option<String>,
    statement: Parts,
    justifications: Option<Vec<String>>,
    conditions: Option<Vec<String>>,
    known_wrong: Option<String>,
    /// The types the code declares, where the sentence stands, for the names it fills entries'
    /// variables with (a parameter, an annotated `let`, a field of `Self`): what the lint sees
    /// there and checks readings against (`Dictionary::against_declared`). A reading
    /// they contradict is one the lint refuses, so it is not counted as read.
    #[serde(default)]
    declared: BTreeMap<String, String>,
    /// What the figures are printed for: the corpus, and for held-out sentences the sample
    /// (label file) too, each measured apart.
    #[serde(skip)]
    group: String,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Parts {
    One(String),
    Many(Vec<String>),
}

impl Parts {
    fn ids(&self) -> Vec<&str> {
        match self {
            Parts::One(s) => vec![s.as_str()],
            Parts::Many(v) => v.iter().map(String::as_str).collect(),
        }
    }
}

/// The ids of an optional list of labels.
fn ids(labels: &Option<Vec<String>>) -> Vec<&str> {
    labels.iter().flatten().map(String::as_str).collect()
}

impl Labelled {
    fn corpus(&self) -> &str {
        self.file.split('/').next().unwrap_or("")
    }

    fn statement_ids(&self) -> Vec<&str> {
        self.statement.ids()
    }

    fn justification_ids(&self) -> Vec<&str> {
        ids(&self.justifications)
    }

    fn condition_ids(&self) -> Vec<&str> {
        ids(&self.conditions)
    }

    /// Every entry the sentence means, in any part.
    fn labels(&self) -> Vec<&str> {
        let mut all = self.statement_ids();
        all.extend(self.justification_ids());
        all.extend(self.condition_ids());
        all.retain(|id| *id != "none");
        all
    }

    fn at(&self) -> String {
        format!("{}:{}", self.file, self.line)
    }

    /// The text as it stands in its position, so `expand` reads the position from it.
    fn input(&self) -> String {
        if let Some(lead) = &self.lead {
            return format!("{lead}\n\n- {}", self.text);
        }
        match self.kind.as_str() {
            "safety-section" => format!("- {}", self.text),
            "safety-comment" => format!("SAFETY: {}", self.text),
            "invariant-comment" => format!("INVARIANT: {}", self.text),
            "invariants-section" => format!("# Invariants\n\n- {}", self.text),
            "guarantees-section" => format!("# Guarantees\n\n- {}", self.text),
            _ => self.text.clone(),
        }
    }
}

mod common;

fn dict() -> &'static Dictionary {
    common::real_dictionary()
}

fn labelled() -> &'static [Labelled] {
    static L: OnceLock<Vec<Labelled>> = OnceLock::new();
    L.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/labelled");
        let mut all = Vec::new();
        for name in LABEL_FILES {
            let path = dir.join(name);
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            let file: LabelFile =
                toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            all.extend(file.sentence.into_iter().map(|mut s| {
                s.group = match s.corpus() {
                    CRATES => format!("{CRATES} ({name})"),
                    corpus => corpus.to_string(),
                };
                s
            }));
        }
        all
    })
}

/// What `expand` recognises in a sentence: statement, justification and condition entry ids,
/// in order.
fn recognised(d: &Dictionary, s: &Labelled) -> (Vec<String>, Vec<String>, Vec<String>) {
    let declared: Vec<(String, String)> = s
        .declared
        .iter()
        .map(|(n, t)| (n.clone(), t.clone()))
        .collect();
    let entry = |st: &Statement| match st {
        Statement::Recognised { entry, .. } => match d.against_declared(st, &declared) {
            Declared::Holds => Some(entry.clone()),
            Declared::Pointee(p) => p.entry().map(str::to_string),
            Declared::Refused(_) => None,
        },
        Statement::Unrecognised { .. } | Statement::Placeholder { .. } => None,
    };
    let items = d.expand(&s.input()).items;
    let statements = items
        .iter()
        .flat_map(|i| i.statements.iter().filter_map(entry))
        .collect();
    let justifications = items
        .iter()
        .flat_map(|i| i.justifications.iter().filter_map(entry))
        .collect();
    let conditions = items
        .iter()
        .flat_map(|i| i.conditions.iter().filter_map(entry))
        .collect();
    (statements, justifications, conditions)
}

/// The wrong recognitions of one sentence: each recognised entry that none of its labels names.
///
/// A recognised entry is compared with all labels of the sentence, statement and justifications
/// together, so that a reading that splits the sentence differently (a whole-sentence
/// justification read as the statement, say) is not mistaken for a wrong entry; an entry the
/// sentence does not mean in any part always is.
fn wrong_recognitions(d: &Dictionary, s: &Labelled) -> Vec<String> {
    let (statements, justifications, conditions) = recognised(d, s);
    let labels = s.labels();
    let mut wrong = Vec::new();
    for got in &statements {
        if !labels.contains(&got.as_str()) {
            wrong.push(format!("statement read as `{got}`, labelled {labels:?}"));
        }
    }
    for got in &justifications {
        if !labels.contains(&got.as_str()) {
            wrong.push(format!(
                "justification read as `{got}`, labelled {labels:?}"
            ));
        }
    }
    for got in &conditions {
        if !labels.contains(&got.as_str()) {
            wrong.push(format!("condition read as `{got}`, labelled {labels:?}"));
        }
    }
    wrong
}

#[test]
fn labels_are_well_formed() {
    let d = dict();
    let all = labelled();
    let mut problems = Vec::new();
    assert!(
        all.len() >= MIN_SENTENCES,
        "{} labelled sentences, at least {MIN_SENTENCES} are required",
        all.len()
    );
    let mut seen = std::collections::HashSet::new();
    for s in all {
        let at = s.at();
        if ![LINUX, STD, CRATES].contains(&s.corpus()) {
            problems.push(format!(
                "{at}: file must start with {LINUX}/, {STD}/ or {CRATES}/"
            ));
        }
        if s.line == 0 {
            problems.push(format!("{at}: lines count from 1"));
        }
        if !KINDS.contains(&s.kind.as_str()) {
            problems.push(format!("{at}: kind {:?} is not one of {KINDS:?}", s.kind));
        }
        if let Some(lead) = &s.lead {
            if s.kind != "safety-section" || !lead.ends_with(':') {
                problems.push(format!(
                    "{at}: a lead introduces a `# Safety` list and ends in a colon"
                ));
            }
        }
        if s.text.trim().is_empty()
            || s.text != s.text.split_whitespace().collect::<Vec<_>>().join(" ")
        {
            problems.push(format!(
                "{at}: text must be non-empty with whitespace folded"
            ));
        }
        if !seen.insert((&s.file, s.line, &s.text)) {
            problems.push(format!("{at}: labelled twice"));
        }
        let statements = s.statement_ids();
        if statements.is_empty() {
            problems.push(format!("{at}: statement is an empty list"));
        }
        for id in statements {
            match d.entry(id) {
                _ if id == "none" => {}
                None => problems.push(format!("{at}: statement `{id}` is not an entry")),
                Some(e) if !e.kind.is_phrase_kind() => {
                    problems.push(format!("{at}: statement `{id}` is a concept"))
                }
                Some(_) => {}
            }
        }
        if s.justifications.as_ref().is_some_and(Vec::is_empty) {
            problems.push(format!("{at}: omit justifications instead of writing []"));
        }
        if s.conditions.as_ref().is_some_and(Vec::is_empty) {
            problems.push(format!("{at}: omit conditions instead of writing []"));
        }
        // A reason is a justification or, after a connector, a fact the dictionary knows
        // ("because `n` is non-zero"); a condition is such a fact ("If `n` is non-zero"); never
        // a concept.
        for (what, id) in s
            .justification_ids()
            .into_iter()
            .map(|id| ("justification", id))
            .chain(s.condition_ids().into_iter().map(|id| ("condition", id)))
        {
            match d.entry(id) {
                _ if id == "none" => {}
                Some(e) if e.kind == Kind::Concept => {
                    problems.push(format!("{at}: {what} `{id}` is a concept"))
                }
                Some(_) => {}
                None => problems.push(format!("{at}: {what} `{id}` is not an entry")),
            }
        }
        if s.known_wrong.as_ref().is_some_and(|w| w.trim().is_empty()) {
            problems.push(format!("{at}: known_wrong must say why"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn no_wrong_recognitions() {
    let d = dict();
    let mut failures = Vec::new();
    let mut known = Vec::new();
    let mut fixed = Vec::new();
    // corpus -> (labelled entry parts, of which recognised)
    let mut recall: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    // corpus -> (sentences labelled with an entry, of which recognised in full, nothing wrong)
    let mut sentences: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    // corpus -> (parts read as an entry, of which read as one the labels do not name)
    let mut precision: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for s in labelled() {
        let wrong = wrong_recognitions(d, s);
        let (statements, justifications, conditions) = recognised(d, s);
        let p = precision.entry(s.group.as_str()).or_default();
        p.0 += statements.len() + justifications.len() + conditions.len();
        p.1 += wrong.len();
        let mut whole = true;
        let r = recall.entry(s.group.as_str()).or_default();
        for id in s.labels() {
            r.0 += 1;
            if statements
                .iter()
                .chain(&justifications)
                .chain(&conditions)
                .any(|g| g == id)
            {
                r.1 += 1;
            } else {
                whole = false;
            }
        }
        let n = sentences.entry(s.group.as_str()).or_default();
        if !s.labels().is_empty() {
            n.0 += 1;
            if whole && wrong.is_empty() {
                n.1 += 1;
            }
        }
        match (&s.known_wrong, wrong.is_empty()) {
            (Some(why), false) => known.push(format!(
                "{}: {:?}\n    {}\n    known: {why}",
                s.at(),
                s.text,
                wrong.join("; ")
            )),
            (Some(_), true) => fixed.push(format!("{}: {:?}", s.at(), s.text)),
            (None, false) => failures.push(format!(
                "{}: {:?}\n    {}",
                s.at(),
                s.text,
                wrong.join("; ")
            )),
            (None, true) => {}
        }
    }
    eprintln!("labelled set: {} sentences", labelled().len());
    for (corpus, (parts, right)) in &recall {
        let (with_entry, full) = sentences.get(corpus).copied().unwrap_or_default();
        let total = labelled().iter().filter(|s| s.group == *corpus).count();
        eprintln!(
            "recall {corpus} ({total} sentences): {full} of {with_entry} sentences labelled with \
             an entry are recognised in full ({:.1}%); {right} of {parts} labelled entry parts \
             are recognised ({:.1}%)",
            percent(full, with_entry),
            percent(*right, *parts)
        );
    }
    for (corpus, (read, wrong)) in &precision {
        eprintln!(
            "precision {corpus}: {} of {read} parts read as an entry are read as one their \
             labels name ({:.1}%; the {wrong} others are marked known_wrong)",
            read - wrong,
            percent(read - wrong, *read)
        );
    }
    if !known.is_empty() {
        eprintln!(
            "known wrong recognitions ({}), not failing:\n{}",
            known.len(),
            known.join("\n")
        );
    }
    if !fixed.is_empty() {
        eprintln!(
            "marked known_wrong but now read correctly (remove the mark):\n{}",
            fixed.join("\n")
        );
    }
    assert!(
        failures.is_empty(),
        "{} wrong recognitions (a sentence read as an entry its label does not name; fix the \
         matcher or the dictionary, or, if the label is wrong, the label):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 * 100.0 / whole as f64
    }
}

/// Where each corpus is on this machine, if it is.
fn corpus_root(corpus: &str) -> Option<PathBuf> {
    let candidates: Vec<PathBuf> = if corpus == LINUX {
        let home = std::env::var_os("HOME").map_or_else(|| PathBuf::from("/tmp"), PathBuf::from);
        std::env::var_os("SAFETY_DICT_KERNEL_RUST")
            .map(|d| PathBuf::from(d).join("rust"))
            .into_iter()
            .chain([home.join(".cache/safety-dict/linux-rust-6.12/linux-source-6.12/rust")])
            .collect()
    } else {
        std::env::var_os("SAFETY_DICT_RUST_LIBRARY")
            .map(PathBuf::from)
            .into_iter()
            .chain([PathBuf::from("/usr/src/rustc-1.96.0/library")])
            .collect()
    };
    candidates.into_iter().find(|p| p.is_dir())
}

fn fold(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether `start` begins on `line`, whole or running on into the comment text of `next`
/// ("... initialized. It is" / "/// *immediate* UB to call this ...").
fn starts_on(line: &str, next: Option<&String>, start: &str) -> bool {
    let Some(next) = next else {
        return line.contains(start);
    };
    let text = next.trim_start();
    let text = ["///", "//!", "//"]
        .iter()
        .find_map(|m| text.strip_prefix(m))
        .unwrap_or(text)
        .trim_start();
    format!("{line} {text}")
        .find(start)
        .is_some_and(|at| at < line.len())
}

#[test]
fn a_sentence_may_start_at_the_end_of_its_line() {
    let line = "/// The caller guarantees that it is initialized. It is".to_string();
    let next = "/// *immediate* UB to call this".to_string();
    assert!(starts_on(&line, Some(&next), "It is *immediate*"));
    assert!(!starts_on(&next, None, "It is *immediate*"));
    let later = "/// ok. Nothing here".to_string();
    assert!(!starts_on(&later, Some(&line), "The caller guarantees"));
}

#[test]
fn sentences_stand_where_labelled() {
    let ci = std::env::var("CI").is_ok_and(|v| v == "true");
    let mut problems = Vec::new();
    let mut cache: BTreeMap<PathBuf, Option<Vec<String>>> = BTreeMap::new();
    for corpus in [LINUX, STD] {
        let Some(base) = corpus_root(corpus) else {
            let msg = format!(
                "corpus {corpus} is absent (`cargo xtask setup` installs both: \
                 Linux's rust/ unpacked from linux-source-6.12, and rust-web-src; or set \
                 SAFETY_DICT_KERNEL_RUST / SAFETY_DICT_RUST_LIBRARY)"
            );
            assert!(!ci, "{msg}");
            eprintln!("SKIPPED the location check of {corpus}: {msg}");
            continue;
        };
        let prefix = if corpus == LINUX {
            "linux-6.12/rust/"
        } else {
            "rust-1.96/library/"
        };
        for s in labelled().iter().filter(|s| s.corpus() == corpus) {
            let Some(rel) = s.file.strip_prefix(prefix) else {
                problems.push(format!("{}: file must start with {prefix}", s.at()));
                continue;
            };
            let path = base.join(rel);
            let lines = cache.entry(path.clone()).or_insert_with(|| {
                std::fs::read_to_string(&path)
                    .ok()
                    .map(|t| t.lines().map(fold).collect())
            });
            let Some(lines) = lines else {
                problems.push(format!("{}: no such file {}", s.at(), path.display()));
                continue;
            };
            let start: String = s.text.split(' ').take(3).collect::<Vec<_>>().join(" ");
            match lines.get(s.line - 1) {
                Some(l) if starts_on(l, lines.get(s.line), &start) => {}
                Some(l) => problems.push(format!(
                    "{}: the line does not hold the sentence's start {start:?}: {l:?}",
                    s.at()
                )),
                None => problems.push(format!("{}: the file is shorter", s.at())),
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
