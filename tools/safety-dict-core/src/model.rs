//! The on-disk schema of dictionary entries and examples, as serde types.
//!
//! These raw types keep the source spans of every field that a later check may
//! need to point at; `load` turns them into the validated types of `dictionary`.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};
use toml::Spanned;

/// The five kinds of entries; each is a directory under `dictionary/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Requirement,
    Justification,
    Guarantee,
    Invariant,
    Concept,
}

impl Kind {
    pub const ALL: [Kind; 5] = [
        Kind::Requirement,
        Kind::Justification,
        Kind::Guarantee,
        Kind::Invariant,
        Kind::Concept,
    ];

    /// The directory name under `dictionary/`.
    pub fn dir(self) -> &'static str {
        match self {
            Kind::Requirement => "requirement",
            Kind::Justification => "justification",
            Kind::Guarantee => "guarantee",
            Kind::Invariant => "invariant",
            Kind::Concept => "concept",
        }
    }

    pub fn from_dir(dir: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.dir() == dir)
    }

    /// Human title, plural, for index pages.
    pub fn title(self) -> &'static str {
        match self {
            Kind::Requirement => "Safety requirements",
            Kind::Justification => "Justifications",
            Kind::Guarantee => "Guarantees",
            Kind::Invariant => "Type invariants",
            Kind::Concept => "Concepts",
        }
    }

    /// Concepts are glossary terms: they are never matched as a sentence.
    pub fn is_phrase_kind(self) -> bool {
        self != Kind::Concept
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.dir())
    }
}

/// Where an entry's wording and meaning come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Origin {
    /// The 2024 RFC patch series that introduced the standard: its tables and their clauses.
    #[serde(rename = "rfc-2024")]
    Rfc2024,
    /// How the kernel's Rust code words the condition.
    #[serde(rename = "kernel")]
    Kernel,
    /// The standard library's documentation (`core::ptr`, `slice::from_raw_parts`, ...).
    #[serde(rename = "std")]
    Std,
    /// This project, where neither the RFC, the kernel nor the standard library had a word.
    #[serde(rename = "project")]
    Project,
}

impl Origin {
    /// "From …", as an entry page says it.
    pub fn label(self) -> &'static str {
        match self {
            Origin::Rfc2024 => "the 2024 RFC",
            Origin::Kernel => "the kernel's usage",
            Origin::Std => "the standard library",
            Origin::Project => "this project",
        }
    }
}

/// One `dictionary/<kind>/<id>.toml` file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEntry {
    pub id: Spanned<String>,
    pub phrase: Spanned<String>,
    pub summary: Spanned<String>,
    /// Meta variables in declaration order: name (as written inside backticks) -> type.
    #[serde(default)]
    pub vars: Option<Spanned<IndexMap<Spanned<String>, Spanned<String>>>>,
    #[serde(default)]
    pub meaning: Vec<Spanned<RawClause>>,
    #[serde(default)]
    pub notes: Option<String>,
    #[serde(default)]
    pub accepted: Vec<Spanned<String>>,
    #[serde(default)]
    pub discouraged: Vec<Spanned<RawDiscouraged>>,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub see_also: Vec<Spanned<String>>,
    #[serde(default)]
    pub sources: Vec<String>,
    #[serde(default)]
    pub origin: Option<Origin>,
    /// Markdown: where and why the meaning differs from the 2024 RFC's.
    #[serde(default)]
    pub rfc_difference: Option<String>,
    /// The condition excludes every other user of the memory (for a requirement), or the
    /// guarantee or invariant gives its holder exclusive ownership. A guarantee or invariant
    /// whose meaning includes an exclusive requirement must itself be exclusive: nobody but an
    /// exclusive owner can promise that nothing else touches the memory.
    #[serde(default)]
    pub exclusive: Option<Spanned<bool>>,
}

/// One clause of a meaning: exactly one of `text` or `ref` (with `with`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawClause {
    #[serde(default)]
    pub text: Option<Spanned<String>>,
    #[serde(default, rename = "ref")]
    pub reference: Option<Spanned<String>>,
    #[serde(default)]
    pub with: Option<Spanned<IndexMap<Spanned<String>, Spanned<String>>>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDiscouraged {
    pub phrase: Spanned<String>,
    pub reason: String,
    /// The replacement to suggest; defaults to the entry's canonical phrase.
    #[serde(default)]
    pub preferred: Option<Spanned<String>>,
}

/// The expected outcome of one side of an example.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// Loads, prints its markers, and the log holds no report of any kind.
    Runs,
    Oops,
    Kasan,
    Ubsan,
    Warning,
    Panic,
    BuildFails,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Runs => "runs",
            Outcome::Oops => "oops",
            Outcome::Kasan => "kasan",
            Outcome::Ubsan => "ubsan",
            Outcome::Warning => "warning",
            Outcome::Panic => "panic",
            Outcome::BuildFails => "build-fails",
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// `examples/<id>/example.toml` as written; the sources are `good.rs` and `bad.rs` beside it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawExample {
    pub title: String,
    pub summary: String,
    /// Markdown, shown above the pair.
    pub explanation: String,
    /// Dictionary ids this example illustrates; entry pages list the examples from this.
    pub illustrates: Vec<Spanned<String>>,
    pub good: RawSide,
    pub bad: RawSide,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawSide {
    pub expect: Outcome,
    /// The report kind that must appear in the log (`slab-out-of-bounds`, `use-after-free`,
    /// `null-ptr-deref`, `refcount_t: underflow`, ...), or for `build-fails` the error code
    /// or lint name (`unsafe_op_in_unsafe_fn`, `E0133`).
    #[serde(default)]
    pub report: Option<String>,
    /// A function of the module that must be named in the report.
    #[serde(default)]
    pub function: Option<String>,
    /// Lines the module prints that must appear in the log (for `runs`: all of them).
    #[serde(default)]
    pub markers: Vec<String>,
    /// Extra flags for this side's module build (e.g. `-Cdebug-assertions=n`).
    #[serde(default)]
    pub rustflags: Vec<String>,
    /// Markdown: what this side shows.
    #[serde(default)]
    pub note: Option<String>,
}
