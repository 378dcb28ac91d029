//! Fuzzy matching of one misspelt word: the Levenshtein automaton of a tantivy
//! [`FuzzyTermQuery`] (transpositions costing one), built once per word and shared by the
//! spelling correction and by the fuzzy clause of every field.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use tantivy::query::{AutomatonWeight, DfaWrapper, EnableScoring, FuzzyTermQuery, Query, Weight};
use tantivy::schema::Field;
use tantivy::{Searcher, Term};

use crate::SearchError;

/// The automaton of the words within some edits of one word.
#[derive(Clone)]
pub struct Fuzzy {
    dfa: Arc<DfaWrapper>,
}

impl Fuzzy {
    /// The automaton of `FuzzyTermQuery::new(word, distance, true)`; `field` only types the
    /// term.
    pub fn new(field: Field, word: &str, distance: u8) -> Result<Fuzzy, SearchError> {
        let q = FuzzyTermQuery::new(Term::from_field_text(field, word), distance, true);
        Ok(Fuzzy {
            dfa: Arc::new(q.automaton()?),
        })
    }

    /// Adds the indexed words of `field` that the automaton accepts, with their document
    /// counts, to `near`.
    pub fn collect(
        &self,
        searcher: &Searcher,
        field: Field,
        near: &mut BTreeMap<String, u64>,
    ) -> Result<(), SearchError> {
        for segment in searcher.segment_readers() {
            let inverted = segment.inverted_index(field)?;
            let mut stream = inverted.terms().search(self.dfa.as_ref()).into_stream()?;
            while stream.advance() {
                if let Ok(text) = std::str::from_utf8(stream.key()) {
                    *near.entry(text.to_string()).or_default() +=
                        u64::from(stream.value().doc_freq);
                }
            }
        }
        Ok(())
    }

    /// The fuzzy term query of this word in `field`: constant score, boosted by the caller.
    pub fn query(&self, field: Field) -> Box<dyn Query> {
        Box::new(FuzzyIn {
            field,
            dfa: Arc::clone(&self.dfa),
        })
    }
}

/// A [`FuzzyTermQuery`] whose automaton is already built.
#[derive(Clone)]
struct FuzzyIn {
    field: Field,
    dfa: Arc<DfaWrapper>,
}

impl fmt::Debug for FuzzyIn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FuzzyIn")
            .field("field", &self.field)
            .finish()
    }
}

impl Query for FuzzyIn {
    fn weight(&self, _scoring: EnableScoring<'_>) -> tantivy::Result<Box<dyn Weight>> {
        Ok(Box::new(AutomatonWeight::<DfaWrapper>::new(
            self.field,
            Arc::clone(&self.dfa),
        )))
    }
}
