//! The query plan: tantivy queries built programmatically from the words of the user's text
//! (no query parser, so `"`, `:` or `(` are only separators), spelling corrections from the
//! index's own vocabulary, and the words to mark in snippets.

use std::collections::{BTreeMap, BTreeSet};

use tantivy::query::{BooleanQuery, BoostQuery, Occur, PhraseQuery, Query, TermQuery};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{Searcher, Term};

use crate::fuzzy::Fuzzy;
use crate::schema::Fields;
use crate::words::{fuzzy_distance, osa_distance, QueryWord};
use crate::SearchError;

/// How much a corrected term and a CamelCase hump weigh against the word as written (all
/// three BM25, per field); and the constant score of a fuzzy match anywhere.
const CORRECTED: f32 = 0.8;
const HUMP: f32 = 0.5;
const FUZZY: f32 = 3.0;
/// How much a phrase found whole weighs, on top of its terms.
const PHRASE: f32 = 2.0;

/// Everything one search needs.
pub struct Plan {
    /// The words, each replaced by its nearest indexed word when it is not indexed itself.
    pub corrected: Vec<String>,
    /// Ranks every matching entry: terms, corrections, humps, fuzzy terms and phrases.
    pub scoring: Box<dyn Query>,
    /// Matches the entries with the whole (corrected) phrase in a phrasing field.
    pub phrase: Option<Box<dyn Query>>,
    /// Matches the entries with an exact (uncorrected) word anywhere.
    pub terms: Box<dyn Query>,
    /// Indexed words to mark in snippets, with their weights.
    pub marks: BTreeMap<String, f32>,
}

impl Plan {
    pub fn new(
        searcher: &Searcher,
        fields: &Fields,
        words: &[QueryWord],
    ) -> Result<Plan, SearchError> {
        let unique: BTreeSet<&str> = words.iter().map(|w| w.text.as_str()).collect();
        let mut known: BTreeMap<&str, Spelling> = BTreeMap::new();
        for &w in &unique {
            known.insert(w, Spelling::find(searcher, fields, w)?);
        }

        let mut marks = BTreeMap::new();
        for (w, s) in &known {
            for (t, weight) in s.marks(w) {
                if !is_filler(&t) {
                    marks.insert(t, weight);
                }
            }
        }
        for p in words.iter().flat_map(|w| &w.parts) {
            marks.insert(p.clone(), 0.5);
        }
        let corrected: Vec<String> = words
            .iter()
            .map(|w| {
                known
                    .get(w.text.as_str())
                    .map_or(&w.text, |s| &s.word)
                    .clone()
            })
            .collect();

        let mut scoring: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        let mut terms: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for &(field, weight) in &fields.weighted() {
            for (&w, s) in &known {
                scoring.push(should(boosted(term(field, w), weight)));
                terms.push(should(term(field, w)));
                if s.word != w {
                    scoring.push(should(boosted(term(field, &s.word), weight * CORRECTED)));
                }
            }
            let parts: BTreeSet<&String> = words.iter().flat_map(|w| &w.parts).collect();
            for p in parts {
                scoring.push(should(boosted(term(field, p), weight * HUMP)));
            }
        }
        for s in known.values() {
            if let Some(f) = &s.fuzzy {
                scoring.push(should(boosted(f.query(fields.all), FUZZY)));
            }
        }
        let phrase = phrase_query(fields, &corrected);
        if let Some(p) = &phrase {
            scoring.push(should(boosted(p.box_clone(), PHRASE)));
        }
        Ok(Plan {
            corrected,
            scoring: Box::new(BooleanQuery::new(scoring)),
            phrase,
            terms: Box::new(BooleanQuery::new(terms)),
            marks,
        })
    }
}

/// Words too common to be worth marking in a snippet (they still count in the ranking).
fn is_filler(word: &str) -> bool {
    const FILLERS: [&str; 17] = [
        "a", "an", "and", "are", "as", "at", "be", "by", "for", "in", "is", "it", "of", "on", "or",
        "the", "to",
    ];
    FILLERS.contains(&word)
}

/// The phrase in every phrasing field, when it has at least two words.
fn phrase_query(fields: &Fields, words: &[String]) -> Option<Box<dyn Query>> {
    if words.len() < 2 {
        return None;
    }
    let clauses = fields
        .phrasings()
        .iter()
        .map(|&(field, weight)| {
            let terms = words
                .iter()
                .map(|w| Term::from_field_text(field, w))
                .collect();
            should(boosted(Box::new(PhraseQuery::new(terms)), weight))
        })
        .collect();
    Some(Box::new(BooleanQuery::new(clauses)))
}

fn term(field: Field, word: &str) -> Box<dyn Query> {
    Box::new(TermQuery::new(
        Term::from_field_text(field, word),
        IndexRecordOption::WithFreqs,
    ))
}

fn boosted(q: Box<dyn Query>, boost: f32) -> Box<dyn Query> {
    Box::new(BoostQuery::new(q, boost))
}

fn should(q: Box<dyn Query>) -> (Occur, Box<dyn Query>) {
    (Occur::Should, q)
}

/// A query word and what the index knows of it.
struct Spelling {
    /// The word itself when indexed, else its nearest indexed spelling (fewest edits, then
    /// most documents), else the word itself.
    word: String,
    /// For a word that is not indexed: its automaton, for the fuzzy clauses.
    fuzzy: Option<Fuzzy>,
    /// For a word that is not indexed: its nearest indexed spellings and their document counts.
    nearest: Vec<(String, u64)>,
}

impl Spelling {
    /// A word found as written in the vocabulary is taken as spelt right (no fuzzy cost); any
    /// other word is looked up with its automaton in the vocabulary.
    fn find(searcher: &Searcher, fields: &Fields, word: &str) -> Result<Spelling, SearchError> {
        let known = searcher.doc_freq(&Term::from_field_text(fields.all, word))? > 0;
        let d = fuzzy_distance(word);
        if known || d == 0 {
            return Ok(Spelling {
                word: word.to_string(),
                fuzzy: None,
                nearest: Vec::new(),
            });
        }
        let fuzzy = Fuzzy::new(fields.all, word, d)?;
        let mut near: BTreeMap<String, u64> = BTreeMap::new();
        fuzzy.collect(searcher, fields.all, &mut near)?;
        let least = near.keys().map(|t| osa_distance(word, t)).min();
        let mut nearest: Vec<(String, u64)> = near
            .into_iter()
            .filter(|(t, _)| Some(osa_distance(word, t)) == least)
            .collect();
        // Most documents first, then alphabetical: the correction is the first.
        nearest.sort_by(|(a, da), (b, db)| db.cmp(da).then(a.cmp(b)));
        Ok(Spelling {
            word: nearest
                .first()
                .map_or_else(|| word.to_string(), |(t, _)| t.clone()),
            fuzzy: Some(fuzzy),
            nearest,
        })
    }

    /// The indexed words to mark for query word `w`: its nearest spellings when misspelt, else
    /// itself and its plural or singular (`reads` marks `read`).
    fn marks(&self, w: &str) -> Vec<(String, f32)> {
        if self.fuzzy.is_some() {
            return self
                .nearest
                .iter()
                .map(|(t, df)| (t.clone(), 1.0 / (1.0 + *df as f32)))
                .collect();
        }
        let mut out = vec![(w.to_string(), 1.0), (format!("{w}s"), 1.0)];
        if let Some(stem) = w.strip_suffix('s').filter(|s| s.len() > 2) {
            out.push((stem.to_string(), 1.0));
        }
        out
    }
}
