//! The validated dictionary: entries, examples and the compiled matcher.

use rustc_hash::FxHashMap;
use std::path::PathBuf;

use indexmap::IndexMap;
use serde::Serialize;

use crate::grammar::Grammar;
use crate::matcher::Matcher;
use crate::model::{Kind, Origin, RawSide};

#[derive(Debug, Clone, Serialize)]
pub struct Var {
    pub name: String,
    #[serde(rename = "type")]
    pub ty: String,
}

impl Var {
    /// A lifetime variable may be filled by words ("this function call").
    pub fn takes_words(&self) -> bool {
        self.ty == "lifetime" || self.name.starts_with('\'')
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum Clause {
    Text {
        text: String,
    },
    Ref {
        #[serde(rename = "ref")]
        id: String,
        with: IndexMap<String, String>,
    },
}

#[derive(Debug, Clone, Serialize)]
pub struct Discouraged {
    pub phrase: String,
    pub reason: String,
    /// What to write instead, in this phrasing's variables.
    pub preferred: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct Entry {
    pub id: String,
    pub kind: Kind,
    pub phrase: String,
    pub summary: String,
    pub vars: Vec<Var>,
    pub meaning: Vec<Clause>,
    pub notes: Option<String>,
    pub accepted: Vec<String>,
    pub discouraged: Vec<Discouraged>,
    pub tags: Vec<String>,
    pub see_also: Vec<String>,
    pub sources: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub origin: Option<Origin>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rfc_difference: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub exclusive: bool,
    /// The file it was loaded from, relative to the repository root.
    pub file: PathBuf,
}

impl Entry {
    pub fn var(&self, name: &str) -> Option<&Var> {
        self.vars.iter().find(|v| v.name == name)
    }

    /// Bindings of every variable to itself, in backticks.
    pub fn identity_bindings(&self) -> IndexMap<String, String> {
        self.vars
            .iter()
            .map(|v| (v.name.clone(), format!("`{}`", v.name)))
            .collect()
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Side {
    #[serde(flatten)]
    pub spec: RawSide,
    /// The module source.
    pub source: String,
    /// Path relative to the repository root.
    pub file: PathBuf,
}

#[derive(Debug, Clone, Serialize)]
pub struct Example {
    pub id: String,
    pub title: String,
    pub summary: String,
    pub explanation: String,
    pub illustrates: Vec<String>,
    pub good: Side,
    pub bad: Side,
    pub dir: PathBuf,
}

/// Everything loaded from `dictionary/` and `examples/`, validated.
#[derive(Debug)]
pub struct Dictionary {
    pub(crate) entries: Vec<Entry>,
    pub(crate) index: FxHashMap<String, usize>,
    pub(crate) examples: Vec<Example>,
    pub(crate) grammar: Grammar,
    pub(crate) matcher: Matcher,
    pub(crate) site_url: String,
    /// By entry number: the entry ready to be expanded.
    pub(crate) plans: Vec<crate::plan::EntryPlan>,
}

impl Dictionary {
    /// Entries sorted by kind, then id.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    pub fn entry(&self, id: &str) -> Option<&Entry> {
        self.index.get(id).map(|&i| &self.entries[i])
    }

    pub fn examples(&self) -> &[Example] {
        &self.examples
    }

    pub fn example(&self, id: &str) -> Option<&Example> {
        self.examples.iter().find(|e| e.id == id)
    }

    pub fn grammar(&self) -> &Grammar {
        &self.grammar
    }

    pub fn matcher(&self) -> &Matcher {
        &self.matcher
    }

    /// The base URL of the published site, ending in `/` (from `book.toml`).
    pub fn site_url(&self) -> &str {
        &self.site_url
    }

    /// Overrides the base URL (e.g. for a local preview).
    pub fn set_site_url(&mut self, url: &str) {
        self.site_url = crate::config::normalise_base(url);
        // The plans hold the URL and the absolute links of the meaning text.
        let index = &self.index;
        self.plans = self
            .entries
            .iter()
            .map(|e| crate::plan::EntryPlan::new(e, &self.site_url, |id| index.get(id).copied()))
            .collect();
    }

    /// The permanent path of an entry page, relative to the site root.
    pub fn entry_path(id: &str) -> String {
        format!("dictionary/{id}.html")
    }

    /// The stable URL of an entry, to paste into a review.
    pub fn entry_url(&self, id: &str) -> String {
        format!("{}{}", self.site_url, Self::entry_path(id))
    }

    /// The number of an entry in `entries()`.
    pub(crate) fn entry_number(&self, id: &str) -> Option<usize> {
        self.index.get(id).copied()
    }

    pub fn example_path(id: &str) -> String {
        format!("examples/{id}.html")
    }

    /// Entries whose meaning refers to `id` (backlinks).
    pub fn used_in(&self, id: &str) -> Vec<&Entry> {
        self.entries
            .iter()
            .filter(|e| {
                e.meaning
                    .iter()
                    .any(|c| matches!(c, Clause::Ref { id: r, .. } if r == id))
            })
            .collect()
    }

    /// Examples that illustrate `id`.
    pub fn examples_of(&self, id: &str) -> Vec<&Example> {
        self.examples
            .iter()
            .filter(|e| e.illustrates.iter().any(|i| i == id))
            .collect()
    }

    pub fn entries_of_kind(&self, kind: Kind) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(move |e| e.kind == kind)
    }
}
