//! The query plan: tantivy queries built programmatically from the words of the user's text
//! (no query parser, so `"`, `:` or `(` are only separators), spelling corrections from the
//! index's own vocabulary, and the words to mark in snippets.

use std::collections::{BTreeMap, BTreeSet};

use tantivy::query::{
    BooleanQuery, BoostQuery, FuzzyTermQuery, Occur, PhraseQuery, Query, TermQuery,
};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{Searcher, Term};

use crate::schema::Fields;
use crate::words::{fuzzy_distance, osa_distance, QueryWord};
use crate::SearchError;

/// How much an exact term weighs against a corrected one, a CamelCase hump and a fuzzy match.
const CORRECTED: f32 = 0.8;
const HUMP: f32 = 0.5;
const FUZZY: f32 = 0.6;
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
        let mut marks = BTreeMap::new();
        let mut corrected = Vec::with_capacity(words.len());
        for w in words {
            let c = Correction::find(searcher, fields, &w.text)?;
            for (t, weight) in &c.marks {
                if !is_filler(t) {
                    marks.insert(t.clone(), *weight);
                }
            }
            for p in &w.parts {
                marks.insert(p.clone(), 0.5);
            }
            corrected.push(c.word);
        }

        let unique_words: BTreeSet<&str> = words.iter().map(|w| w.text.as_str()).collect();
        let mut scoring: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        let mut terms: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for &(field, weight) in &fields.weighted() {
            for &w in &unique_words {
                scoring.push(should(boosted(term(field, w), weight)));
                terms.push(should(term(field, w)));
            }
            for (w, c) in words.iter().zip(&corrected) {
                if *c != w.text {
                    scoring.push(should(boosted(term(field, c), weight * CORRECTED)));
                }
                for p in &w.parts {
                    scoring.push(should(boosted(term(field, p), weight * HUMP)));
                }
            }
        }
        for &(field, weight) in &fields.fuzzy() {
            for &w in &unique_words {
                let d = fuzzy_distance(w);
                if d > 0 {
                    let q = FuzzyTermQuery::new(Term::from_field_text(field, w), d, true);
                    scoring.push(should(boosted(Box::new(q), weight * FUZZY)));
                }
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
    const FILLERS: [&str; 16] = [
        "a", "an", "and", "are", "as", "at", "be", "by", "for", "in", "is", "it", "of", "on", "or",
        "the",
    ];
    FILLERS.contains(&word) || word == "to"
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

/// A word and what the index knows of it.
struct Correction {
    /// The word itself when indexed, else the nearest indexed word (fewest edits, then most
    /// documents), else the word itself.
    word: String,
    /// The indexed words within the fuzzy distance of the word (itself included).
    marks: Vec<(String, f32)>,
}

impl Correction {
    fn find(searcher: &Searcher, fields: &Fields, word: &str) -> Result<Correction, SearchError> {
        let d = fuzzy_distance(word);
        let mut known = false;
        let mut near: BTreeMap<String, u64> = BTreeMap::new();
        for &(field, _) in &fields.fuzzy() {
            if searcher.doc_freq(&Term::from_field_text(field, word))? > 0 {
                known = true;
            }
            if d > 0 {
                collect_near(searcher, field, word, d, &mut near)?;
            }
        }
        if known || near.is_empty() {
            // Mark the word and its inflections (`reads` marks `read`), not every neighbour.
            let mut marks = vec![(word.to_string(), 1.0)];
            marks.extend(
                near.keys()
                    .filter(|t| t.starts_with(word) || word.starts_with(t.as_str()))
                    .map(|t| (t.clone(), 1.0)),
            );
            return Ok(Correction {
                word: word.to_string(),
                marks,
            });
        }
        // Mark the nearest spellings only: `raeds` marks `reads`, not `rates` too.
        let nearest = near
            .keys()
            .map(|t| osa_distance(word, t))
            .min()
            .unwrap_or(0);
        let marks = near
            .iter()
            .filter(|(t, _)| osa_distance(word, t) == nearest)
            .map(|(t, &df)| (t.clone(), 1.0 / (1.0 + df as f32)))
            .collect();
        let best = near
            .iter()
            .min_by(|(a, da), (b, db)| {
                osa_distance(word, a)
                    .cmp(&osa_distance(word, b))
                    .then(db.cmp(da))
                    .then(a.cmp(b))
            })
            .map_or_else(|| word.to_string(), |(t, _)| t.clone());
        Ok(Correction { word: best, marks })
    }
}

/// Adds the words of `field` within `distance` edits of `word` (with their document counts)
/// to `near`.
fn collect_near(
    searcher: &Searcher,
    field: Field,
    word: &str,
    distance: u8,
    near: &mut BTreeMap<String, u64>,
) -> Result<(), SearchError> {
    let dfa =
        FuzzyTermQuery::new(Term::from_field_text(field, word), distance, true).automaton()?;
    for segment in searcher.segment_readers() {
        let inverted = segment.inverted_index(field)?;
        let mut stream = inverted.terms().search(&dfa).into_stream()?;
        while stream.advance() {
            if let Ok(text) = std::str::from_utf8(stream.key()) {
                *near.entry(text.to_string()).or_default() += u64::from(stream.value().doc_freq);
            }
        }
    }
    Ok(())
}
