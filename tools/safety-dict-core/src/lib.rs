//! The Rust Safety Standard dictionary: the model every other tool reads.
//!
//! Loads `dictionary/` and `examples/`, validates them, matches sentences against entry
//! phrasings and expands them into trees. It never prints and never exits the process.

pub mod api_specific;
pub mod config;
pub mod declared;
pub mod diag;
pub mod dictionary;
pub mod example_rules;
pub mod expand;
pub mod export;
pub mod files;
pub mod grammar;
pub mod items;
pub mod load;
pub mod lookup;
pub mod matcher;
pub mod model;
mod plan;
pub mod reading;
pub mod report;
pub mod text;

pub use diag::{Diagnostic, Diagnostics};
pub use dictionary::{Clause, Dictionary, Entry, Example};
pub use load::LoadError;
pub use model::Kind;

impl Dictionary {
    /// Loads and validates `dictionary/` and `examples/` under the repository root.
    pub fn load(root: &std::path::Path) -> Result<Dictionary, LoadError> {
        load::load(root)
    }

    /// Loads and validates the dictionary from a set of files (on disk or in memory), with
    /// exactly the checks of [`Dictionary::load`].
    pub fn load_from(files: &files::Files) -> Result<Dictionary, LoadError> {
        load::load_from(files)
    }
}
