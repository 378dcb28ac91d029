//! `safety-dict lint`: checks a Rust tree's safety documentation against the Rust Safety
//! Standard and its dictionary.
//!
//! The tree is parsed losslessly with rust-analyzer's `ra_ap_syntax` (comments are tokens in
//! place), never panicking on any input. Two passes: the first indexes every file (unsafe
//! functions' `# Safety` lists, types with `# Invariants`), the second runs the checks:
//!
//! | code | level | what |
//! |---|---|---|
//! | SD0000 | warning | syntax errors (linted as far as the parser recovered) or not UTF-8 (skipped) |
//! | SD0001 | error | `unsafe` block without `// SAFETY:` (kernel placements accepted, macro bodies scanned) |
//! | SD0002 | error | `unsafe impl` without `// SAFETY:` |
//! | SD0003 | error | `unsafe fn` / `unsafe trait` without `# Safety` |
//! | SD0004 | warning | `# Safety` is not a Markdown list |
//! | SD0005 | warning | a `# Safety` item holds several sentences |
//! | SD0006 | warning | repeated requirement |
//! | SD0007 | info | phrase not in the dictionary (with the nearest entries), in `# Safety`, `# Invariants` and `# Guarantees` items and tagged comments |
//! | SD0008 | warning | discouraged phrase (with the preferred form) |
//! | SD0009–SD0011 | warning | `// SAFETY:` misses, adds or reorders the callee's requirements |
//! | SD0012 | warning | value of a type with `# Invariants` built without `// INVARIANT:` |
//! | SD0013 | warning | placeholder `// SAFETY:` comment (`TODO`, empty, or words that hold no reason) |
//! | SD0014 | info | `// Safety:` in another case (accepted, as Clippy accepts it) |
//!
//! The dictionary is reached through the [`Vocabulary`] trait; [`dictionary`] implements it
//! with `safety_dict`'s matcher, the one `safety-dict expand` uses.

pub mod cache;
pub mod checks;
pub mod cli;
pub mod code;
pub mod dictionary;
pub mod diff;
pub mod error;
pub mod finding;
pub mod index;
pub mod markdown;
pub mod render;
pub mod report;
pub mod run;
pub mod source;
pub mod syntax;
pub mod vocabulary;
pub mod walk;

use std::path::PathBuf;

pub use code::{Code, Level};
pub use error::LintError;
pub use finding::Finding;
pub use report::{LintReport, Outcome, PartReading, Stats};
pub use source::SourceFile;
pub use vocabulary::{EmptyVocabulary, Vocabulary};

/// What to report.
#[derive(Debug, Clone)]
pub struct LintOptions {
    /// Findings below this level are not reported (they still count in the summary figures).
    pub min_level: Level,
    /// Codes not to report.
    pub disabled: Vec<Code>,
    /// When set, only these codes are reported.
    pub only: Option<Vec<Code>>,
    /// Files with more syntax errors than this per KiB of text are reported and skipped as
    /// not being Rust.
    pub max_errors_per_kib: usize,
    /// Whether unrecognised phrases get their nearest entries (costly; not needed for a
    /// summary). Also off when SD0007 is not reported.
    pub nearest: bool,
    /// Whether to keep how every part of every safety comment and section was read
    /// ([`LintReport::readings`]).
    pub readings: bool,
}

impl Default for LintOptions {
    fn default() -> Self {
        LintOptions {
            min_level: Level::Info,
            disabled: Vec::new(),
            only: None,
            max_errors_per_kib: 20,
            nearest: true,
            readings: false,
        }
    }
}

impl LintOptions {
    pub fn enabled(&self, code: Code) -> bool {
        !self.disabled.contains(&code) && self.only.as_ref().is_none_or(|o| o.contains(&code))
    }

    /// Whether nearest entries are worth computing: asked for, and SD0007, the only finding
    /// that shows them, is reported at all.
    pub fn wants_nearest(&self) -> bool {
        self.nearest && self.enabled(Code::Sd0007) && self.min_level <= Code::Sd0007.default_level()
    }
}

/// Lints files and directories (every `*.rs` below them). Unreadable paths are reported in
/// [`LintReport::errors`] and skipped.
pub fn lint_paths(
    paths: &[PathBuf],
    vocab: &(dyn Vocabulary + Sync),
    options: &LintOptions,
) -> LintReport {
    let mut errors = Vec::new();
    let files = walk::rust_files(paths, &mut errors);
    let mut sources = Vec::with_capacity(files.len());
    let mut not_text = Vec::new();
    for path in files {
        match std::fs::read(&path) {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => sources.push(SourceFile::new(path, text)),
                Err(e) => not_text.push((path, e.utf8_error().valid_up_to())),
            },
            Err(source) => errors.push(LintError::Read { path, source }),
        }
    }
    // The rest of each file's crate, read for the index only, so that a call resolves to the same
    // callee whichever of the crate's files were passed.
    let mut context = Vec::new();
    for path in walk::crate_context(&sources.iter().map(|s| s.path.clone()).collect::<Vec<_>>()) {
        if let Ok(text) = std::fs::read_to_string(&path) {
            context.push(SourceFile::new(path, text));
        }
    }
    let mut report = run::lint_sources(&sources, &context, vocab, options);
    let empty_index = index::TreeIndex::default();
    for (path, at) in not_text {
        report.stats.files += 1;
        let file = SourceFile::new(path, "");
        let mut ctx = new_ctx(&file, 0, vocab, &empty_index, options);
        ctx.report(checks::Report::new(
            Code::Sd0000,
            0..0,
            format!("not UTF-8 text (invalid byte at offset {at}); skipped"),
        ));
        report.findings.extend(ctx.findings);
    }
    report.errors.extend(errors);
    report
        .findings
        .sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    report
}

fn new_ctx<'a>(
    file: &'a SourceFile,
    file_index: usize,
    vocab: &'a dyn Vocabulary,
    index: &'a index::TreeIndex,
    options: &'a LintOptions,
) -> checks::Ctx<'a> {
    checks::Ctx {
        file,
        file_index,
        vocab,
        index,
        options,
        findings: Vec::new(),
        readings: Vec::new(),
        stats: Stats::default(),
        allows: Default::default(),
        uses: Default::default(),
        structs: Default::default(),
    }
}

/// Lints sources already in memory, as one tree (calls between them are resolved).
pub fn lint_sources(
    files: &[SourceFile],
    vocab: &(dyn Vocabulary + Sync),
    options: &LintOptions,
) -> LintReport {
    run::lint_sources(files, &[], vocab, options)
}

/// Lints one piece of text as a file named `path` (for tests, fuzzing and editors).
pub fn lint_text(
    path: &str,
    text: &str,
    vocab: &(dyn Vocabulary + Sync),
    options: &LintOptions,
) -> LintReport {
    lint_sources(&[SourceFile::new(path, text)], vocab, options)
}
