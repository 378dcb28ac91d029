//! Full-text, typo-tolerant search over the Rust Safety Standard dictionary.
//!
//! [`SearchIndex::build`] indexes every entry of a loaded [`Dictionary`] in RAM with tantivy:
//! its phrase, accepted and discouraged phrasings, safety-tag names (verbatim and cut at their
//! CamelCase humps), id, summary, meaning and notes. [`SearchIndex::search`] ranks entries in
//! three layers: an exact phrasing first, then a phrase found whole, then everything else by
//! BM25 with field weights (phrase > accepted > tags > summary > meaning), where misspelt words
//! count through their nearest indexed spelling and fuzzy term queries (one or two edits,
//! transpositions costing one).
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
