//! Matching a sentence against every phrasing of every entry.
//!
//! Each phrasing (canonical, accepted, discouraged) is folded by the grammar and compiled to one
//! anchored regex whose groups are the variable slots; a `RegexSet` finds the candidates in one
//! pass.

use indexmap::IndexMap;
use regex::{Regex, RegexSet};
use serde::Serialize;

use crate::dictionary::Entry;
use crate::grammar::{mask_index, Folded, Grammar};

/// Which wording of an entry matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "form", content = "index", rename_all = "kebab-case")]
pub enum Form {
    Canonical,
    Accepted(usize),
    Discouraged(usize),
}

impl Form {
    pub fn describe(self) -> String {
        match self {
            Form::Canonical => "phrase".to_string(),
            Form::Accepted(i) => format!("accepted phrasing #{}", i + 1),
            Form::Discouraged(i) => format!("discouraged phrasing #{}", i + 1),
        }
    }
}

/// One slot of a compiled phrasing.
#[derive(Debug, Clone, Serialize)]
pub struct Slot {
    pub var: String,
    /// The slot also takes plain words (lifetimes: "this function call").
    pub words: bool,
}

/// A compiled phrasing, also exported as data for the web expander.
#[derive(Debug, Clone, Serialize)]
pub struct Pattern {
    pub entry: String,
    #[serde(flatten)]
    pub form: Form,
    /// The phrasing as written in the entry.
    pub phrasing: String,
    /// Anchored regex over a folded sentence (ECMAScript-compatible syntax).
    pub regex: String,
    pub slots: Vec<Slot>,
    /// Characters of literal text: the more, the more specific.
    pub specificity: usize,
    /// A sentence this phrasing matches, with slots filled by placeholders.
    pub sample: String,
}

/// Regex of a code slot: a backticked span or a bare (dotted) identifier.
pub const CODE_SLOT: &str =
    r"(`[^`]+`|[A-Za-z_$][A-Za-z0-9_$]*(?:(?:\.|::)[A-Za-z_$][A-Za-z0-9_$]*)*(?:\(\))?)";
/// Suggestions below this similarity are not worth showing.
pub const SUGGESTION_MIN_SCORE: f64 = 0.3;

/// Regex of a words slot: a backticked span or any words.
pub const WORDS_SLOT: &str = r"(`[^`]+`|[^`]+?)";

#[derive(Debug, Clone)]
pub struct Matcher {
    patterns: Vec<Pattern>,
    regexes: Vec<Regex>,
    set: RegexSet,
}

/// A sentence recognised as one wording of one entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Match {
    pub entry: String,
    pub form: Form,
    /// Variable -> the text that filled its slot, as Markdown (code keeps its backticks).
    pub bindings: IndexMap<String, String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Suggestion {
    pub entry: String,
    pub phrasing: String,
    pub score: f64,
}

/// Two phrasings of different entries that match the same sentence.
#[derive(Debug, Clone)]
pub struct Conflict {
    pub first: (String, Form),
    pub second: (String, Form),
    pub sentence: String,
}

#[derive(Debug, thiserror::Error)]
#[error("phrasing {phrasing:?} of `{entry}` does not compile: {source}")]
pub struct PatternError {
    pub entry: String,
    pub phrasing: String,
    pub source: regex::Error,
}

/// Compiles one phrasing of an entry.
pub fn compile_phrasing(
    grammar: &Grammar,
    entry: &Entry,
    form: Form,
    phrasing: &str,
) -> Result<(Pattern, Regex), PatternError> {
    let folded = grammar.fold(phrasing);
    let mut regex = String::from("^");
    let mut sample = String::new();
    let mut literal = String::new();
    let mut slots = Vec::new();
    let mut specificity = 0;
    let flush = |literal: &mut String, regex: &mut String| {
        if !literal.is_empty() {
            regex.push_str("(?i:");
            regex.push_str(&regex::escape(literal));
            regex.push(')');
            literal.clear();
        }
    };
    for c in folded.masked.chars() {
        match mask_index(c).and_then(|i| folded.codes.get(i)) {
            Some(code) => match entry.var(code) {
                Some(var) => {
                    flush(&mut literal, &mut regex);
                    let words = var.takes_words();
                    regex.push_str(if words { WORDS_SLOT } else { CODE_SLOT });
                    sample.push_str(&format!("`v{}`", slots.len()));
                    slots.push(Slot {
                        var: var.name.clone(),
                        words,
                    });
                }
                None => {
                    flush(&mut literal, &mut regex);
                    let lit = format!("`{code}`");
                    regex.push_str(&regex::escape(&lit));
                    sample.push_str(&lit);
                    specificity += lit.len();
                }
            },
            None => {
                literal.push(c);
                sample.push(c);
                specificity += 1;
            }
        }
    }
    flush(&mut literal, &mut regex);
    regex.push('$');
    let compiled = Regex::new(&regex).map_err(|source| PatternError {
        entry: entry.id.clone(),
        phrasing: phrasing.to_string(),
        source,
    })?;
    Ok((
        Pattern {
            entry: entry.id.clone(),
            form,
            phrasing: phrasing.to_string(),
            regex,
            slots,
            specificity,
            sample,
        },
        compiled,
    ))
}

impl Matcher {
    /// Compiles every phrasing of every entry that can be matched (all but concepts).
    pub fn build(grammar: &Grammar, entries: &[Entry]) -> Result<Matcher, PatternError> {
        let mut patterns = Vec::new();
        let mut regexes = Vec::new();
        for e in entries.iter().filter(|e| e.kind.is_phrase_kind()) {
            let forms = std::iter::once((Form::Canonical, e.phrase.as_str()))
                .chain(
                    e.accepted
                        .iter()
                        .enumerate()
                        .map(|(i, p)| (Form::Accepted(i), p.as_str())),
                )
                .chain(
                    e.discouraged
                        .iter()
                        .enumerate()
                        .map(|(i, d)| (Form::Discouraged(i), d.phrase.as_str())),
                );
            for (form, phrasing) in forms {
                let (p, r) = compile_phrasing(grammar, e, form, phrasing)?;
                patterns.push(p);
                regexes.push(r);
            }
        }
        let set =
            RegexSet::new(regexes.iter().map(|r| r.as_str())).map_err(|source| PatternError {
                entry: String::new(),
                phrasing: "(all phrasings together)".to_string(),
                source,
            })?;
        Ok(Matcher {
            patterns,
            regexes,
            set,
        })
    }

    pub fn patterns(&self) -> &[Pattern] {
        &self.patterns
    }

    /// Matches a folded sentence; the most specific phrasing wins.
    pub fn match_folded(&self, folded: &Folded) -> Option<Match> {
        self.match_text(&folded.unmasked())
    }

    /// Matches an already folded, unmasked sentence.
    pub fn match_text(&self, text: &str) -> Option<Match> {
        let mut best: Option<(usize, Match)> = None;
        for i in self.set.matches(text).iter() {
            let p = &self.patterns[i];
            if best.as_ref().is_some_and(|(s, _)| *s >= p.specificity) {
                continue;
            }
            if let Some(m) = self.capture(i, text) {
                best = Some((p.specificity, m));
            }
        }
        best.map(|(_, m)| m)
    }

    fn capture(&self, i: usize, text: &str) -> Option<Match> {
        let p = &self.patterns[i];
        let caps = self.regexes[i].captures(text)?;
        let mut bindings = IndexMap::new();
        for (k, slot) in p.slots.iter().enumerate() {
            let raw = caps.get(k + 1)?.as_str().trim();
            let value = if raw.starts_with('`') || slot.words {
                raw.to_string()
            } else {
                format!("`{raw}`")
            };
            match bindings.get(&slot.var) {
                // A variable used twice must be filled the same way twice.
                Some(prev) if prev != &value => return None,
                _ => {
                    bindings.insert(slot.var.clone(), value);
                }
            }
        }
        Some(Match {
            entry: p.entry.clone(),
            form: p.form,
            bindings,
        })
    }

    /// The entries closest to an unrecognised sentence, best first.
    pub fn suggest(&self, folded_text: &str, limit: usize) -> Vec<Suggestion> {
        let shape = shape_of(folded_text);
        let mut best: IndexMap<&str, Suggestion> = IndexMap::new();
        for p in &self.patterns {
            let other = shape_of(&p.sample);
            let score = strsim::sorensen_dice(&shape, &other)
                .max(strsim::normalized_levenshtein(&shape, &other));
            let cur = best.get(p.entry.as_str()).map_or(-1.0, |s| s.score);
            if score > cur {
                best.insert(
                    &p.entry,
                    Suggestion {
                        entry: p.entry.clone(),
                        phrasing: p.phrasing.clone(),
                        score,
                    },
                );
            }
        }
        let mut all: Vec<Suggestion> = best
            .into_values()
            .filter(|s| s.score >= SUGGESTION_MIN_SCORE)
            .collect();
        all.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.entry.cmp(&b.entry)));
        all.truncate(limit);
        all
    }

    /// Pairs of phrasings of different entries that match a common sentence.
    pub fn conflicts(&self) -> Vec<Conflict> {
        let mut out: Vec<Conflict> = Vec::new();
        for (i, p) in self.patterns.iter().enumerate() {
            for j in self.set.matches(&p.sample).iter() {
                let q = &self.patterns[j];
                if q.entry == p.entry {
                    continue;
                }
                let already = out.iter().any(|c| {
                    c.first == (q.entry.clone(), q.form) && c.second == (p.entry.clone(), p.form)
                });
                if !already && i != j {
                    out.push(Conflict {
                        first: (p.entry.clone(), p.form),
                        second: (q.entry.clone(), q.form),
                        sentence: p.sample.clone(),
                    });
                }
            }
        }
        out
    }
}

/// Lowercase text with every code span reduced to `x`, for similarity scores.
fn shape_of(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for seg in crate::text::segments(text) {
        match seg {
            crate::text::Segment::Plain(p) => out.push_str(&p.to_lowercase()),
            crate::text::Segment::Code(_) => out.push('x'),
        }
    }
    out
}
