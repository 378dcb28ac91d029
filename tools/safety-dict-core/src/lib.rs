//! The Rust Safety Standard dictionary: the model every other tool reads.
//!
//! Loads `dictionary/` and `examples/`, validates them, matches sentences against entry
//! phrasings and expands them into trees. It never prints and never exits the process.

pub mod model;
pub mod report;
