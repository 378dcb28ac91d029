//! Data the site's browser code reads: the entry list for the filter box and the rules and
//! entries of the web expander. The browser interprets this data; it restates no rule.

use indexmap::IndexMap;
use serde::Serialize;

use crate::dictionary::{Clause, Dictionary, Var};
use crate::grammar::GrammarData;
use crate::matcher::{Pattern, CODE_SLOT, WORDS_SLOT};
use crate::model::Kind;

/// One row of the dictionary filter.
#[derive(Debug, Serialize)]
pub struct IndexRecord<'a> {
    pub id: &'a str,
    pub kind: Kind,
    pub phrase: &'a str,
    pub summary: &'a str,
    /// Every other wording and tag name, for matching.
    pub words: Vec<&'a str>,
    /// Path relative to the site root.
    pub path: String,
}

pub fn index_records(dict: &Dictionary) -> Vec<IndexRecord<'_>> {
    dict.entries()
        .iter()
        .map(|e| IndexRecord {
            id: &e.id,
            kind: e.kind,
            phrase: &e.phrase,
            summary: &e.summary,
            words: e
                .accepted
                .iter()
                .map(String::as_str)
                .chain(e.discouraged.iter().map(|d| d.phrase.as_str()))
                .chain(e.tags.iter().map(String::as_str))
                .collect(),
            path: Dictionary::entry_path(&e.id),
        })
        .collect()
}

#[derive(Debug, Serialize)]
pub struct ExpanderEntry<'a> {
    pub kind: Kind,
    pub phrase: &'a str,
    pub vars: &'a [Var],
    /// The meaning with links to other entries made absolute, as expansions show them.
    pub meaning: Vec<Clause>,
    pub discouraged: Vec<ExpanderDiscouraged<'a>>,
}

#[derive(Debug, Serialize)]
pub struct ExpanderDiscouraged<'a> {
    pub reason: &'a str,
    pub preferred: &'a str,
}

/// Everything the web expander needs to reproduce `safety-dict expand --format json`.
#[derive(Debug, Serialize)]
pub struct ExpanderData<'a> {
    pub site_url: &'a str,
    pub grammar: &'a GrammarData,
    /// Compiled phrasings, in matching order.
    pub patterns: &'a [Pattern],
    pub code_slot: &'static str,
    /// Markdown links read as their text (`grammar.rs`, `LINKS`).
    pub link_pattern: &'static str,
    /// Markdown emphasis reads as its words (`grammar.rs`, `EMPHASIS`).
    pub emphasis_pattern: &'static str,
    pub words_slot: &'static str,
    /// Primitive types named by a bare lowercase word (`matcher.rs`, `Slot::names_type`).
    pub lowercase_primitives: &'static [&'static str],
    /// How many suggestions an unrecognised item gets, and the lowest score shown.
    pub suggestion_limit: usize,
    pub suggestion_min_score: f64,
    /// The longest list of predicates, and the most words a shared subject takes
    /// (`reading.rs`).
    pub max_predicates: usize,
    pub max_prefix_words: usize,
    pub clause_verb_words: usize,
    /// A bare phrase's stand-in subject and the verbs tried after it (`expand.rs`, `bare`).
    pub bare_subject: &'static str,
    pub bare_verbs: &'static [&'static str],
    pub entries: IndexMap<&'a str, ExpanderEntry<'a>>,
}

pub fn expander_data(dict: &Dictionary) -> ExpanderData<'_> {
    ExpanderData {
        site_url: dict.site_url(),
        grammar: &dict.grammar().data,
        patterns: dict.matcher().patterns(),
        code_slot: CODE_SLOT,
        link_pattern: crate::grammar::LINK_PATTERN,
        emphasis_pattern: crate::grammar::EMPHASIS_PATTERN,
        max_predicates: crate::reading::MAX_PREDICATES,
        max_prefix_words: crate::reading::MAX_PREFIX_WORDS,
        clause_verb_words: crate::reading::CLAUSE_VERB_WORDS,
        bare_subject: crate::expand::BARE_SUBJECT,
        bare_verbs: &crate::expand::BARE_VERBS,
        words_slot: WORDS_SLOT,
        lowercase_primitives: &crate::matcher::LOWERCASE_PRIMITIVES,
        suggestion_limit: crate::expand::SUGGESTION_LIMIT,
        suggestion_min_score: crate::matcher::SUGGESTION_MIN_SCORE,
        entries: dict
            .entries()
            .iter()
            .map(|e| {
                (
                    e.id.as_str(),
                    ExpanderEntry {
                        kind: e.kind,
                        phrase: &e.phrase,
                        vars: &e.vars,
                        meaning: e
                            .meaning
                            .iter()
                            .map(|c| match c {
                                Clause::Text { text } => Clause::Text {
                                    text: crate::plan::absolute_links(text, dict.site_url())
                                        .into_owned(),
                                },
                                other => other.clone(),
                            })
                            .collect(),
                        discouraged: e
                            .discouraged
                            .iter()
                            .map(|d| ExpanderDiscouraged {
                                reason: &d.reason,
                                preferred: &d.preferred,
                            })
                            .collect(),
                    },
                )
            })
            .collect(),
    }
}

/// JSON safe to place inside a `<script type="application/json">` element.
pub fn script_json<T: Serialize>(value: &T) -> Result<String, serde_json::Error> {
    Ok(serde_json::to_string(value)?
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026"))
}
