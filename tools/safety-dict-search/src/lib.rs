//! Full-text, typo-tolerant search over the Rust Safety Standard dictionary.
//!
//! [`SearchIndex::build`] indexes every entry of a loaded [`Dictionary`] in RAM with tantivy:
//! its phrase, accepted and discouraged phrasings, safety-tag names (verbatim and cut at their
//! CamelCase humps, so `ValidCStr`, `valid c str` and `cstr` all find it), id, summary, meaning
//! and notes, one field each, plus one vocabulary field of all their words.
//!
//! [`SearchIndex::search`] never parses query syntax: the words of the query (anything between
//! characters that are not letters or digits) become term, phrase and fuzzy queries built in
//! code. Each word missing from the vocabulary is corrected to its nearest indexed spelling
//! (the automaton of a `FuzzyTermQuery`: one edit, two from 8 letters, transpositions costing
//! one). Hits are ranked in three layers, [`MatchKind`]:
//!
//! 1. `Exact`: the (corrected) query is a phrasing, the id or a tag name of the entry, up to
//!    case, punctuation and the names in code spans;
//! 2. `Phrase`: the (corrected) query occurs whole in a phrasing, the id or the summary;
//! 3. `Terms` and `Fuzzy` together, by score: BM25 summed over fields weighted phrase >
//!    accepted > tags > id > discouraged > summary > meaning > notes, plus corrected words,
//!    CamelCase humps and a constant score per fuzzy word.
//!
//! Each hit carries a snippet of its summary (or of its meaning, when only that matched) with
//! the matched words marked, and the entry's URL.
//!
//! [`Dictionary`]: safety_dict::Dictionary
//!
//! ```no_run
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dict = safety_dict::Dictionary::load(std::path::Path::new("."))?;
//! let index = safety_dict_search::SearchIndex::build(&dict)?;
//! for hit in index.search("vaild for raeds", 5)? {
//!     println!("{} {} {}", hit.id, hit.score, hit.url);
//! }
//! # Ok(())
//! # }
//! ```

mod fuzzy;
mod index;
mod query;
mod schema;
mod snippet;
mod words;

pub use index::{Hit, MatchKind, SearchIndex};
pub use snippet::Snippet;

/// What can go wrong while building or searching the index.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// tantivy failed (in RAM this means a bug or exhausted memory, not bad input).
    #[error("search index: {0}")]
    Index(#[from] tantivy::TantivyError),
    /// Reading the in-RAM index failed.
    #[error("search index I/O: {0}")]
    Io(#[from] std::io::Error),
}

#[cfg(test)]
mod tests;
