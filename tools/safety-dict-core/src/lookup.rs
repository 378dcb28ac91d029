//! Finding an entry from what a reviewer remembers of it: an id, a sentence, or its words.

use serde::Serialize;

use crate::expand::{Statement, SuggestionOut};
use crate::text::{segments, Segment};
use crate::Dictionary;

#[derive(Debug, Clone, Serialize)]
pub struct Lookup {
    pub entry: Option<String>,
    pub suggestions: Vec<SuggestionOut>,
}

/// The words of a phrasing without its code spans, lowercase, single-spaced.
fn words_of(text: &str) -> String {
    let mut plain = String::new();
    for seg in segments(text) {
        if let Segment::Plain(p) = seg {
            plain.push(' ');
            plain.push_str(p);
        }
    }
    plain
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric() && c != '-' && c != '\'')
        .filter(|w| !w.is_empty() && !matches!(*w, "is" | "the" | "a" | "an" | "must" | "be"))
        .collect::<Vec<_>>()
        .join(" ")
}

impl Dictionary {
    /// Resolves an id, a full sentence, or the words of a phrase ("valid for reads").
    pub fn lookup(&self, query: &str) -> Lookup {
        let q = query.trim();
        let as_id = q
            .to_lowercase()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join("-");
        for candidate in [q, as_id.as_str()] {
            if self.entry(candidate).is_some() {
                return Lookup {
                    entry: Some(candidate.to_string()),
                    suggestions: Vec::new(),
                };
            }
        }
        let item = self.analyse_item(q);
        if let ([Statement::Recognised { entry, .. }], [], []) = (
            item.statements.as_slice(),
            item.justifications.as_slice(),
            item.conditions.as_slice(),
        ) {
            return Lookup {
                entry: Some(entry.clone()),
                suggestions: Vec::new(),
            };
        }
        let words = words_of(q);
        let exact: Vec<&str> = self
            .entries()
            .iter()
            .filter(|e| {
                std::iter::once(&e.phrase)
                    .chain(&e.accepted)
                    .any(|p| words_of(p) == words)
            })
            .map(|e| e.id.as_str())
            .collect();
        if let [one] = exact.as_slice() {
            return Lookup {
                entry: Some((*one).to_string()),
                suggestions: Vec::new(),
            };
        }
        let mut scored: Vec<(f64, &crate::Entry)> = self
            .entries()
            .iter()
            .map(|e| {
                let s = strsim::sorensen_dice(&words, &words_of(&e.phrase))
                    .max(strsim::normalized_levenshtein(&as_id, &e.id));
                (s, e)
            })
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.id.cmp(&b.1.id)));
        Lookup {
            entry: None,
            suggestions: scored
                .into_iter()
                .take(5)
                .filter(|(s, _)| *s > 0.2)
                .map(|(s, e)| SuggestionOut {
                    entry: e.id.clone(),
                    url: self.entry_url(&e.id),
                    phrase: e.phrase.clone(),
                    score: (s * 1000.0).round() / 1000.0,
                })
                .collect(),
        }
    }
}
