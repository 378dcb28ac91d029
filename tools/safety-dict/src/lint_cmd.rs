//! `safety-dict lint`: checks a Rust tree's safety documentation. The arguments and the work
//! are the `safety-dict-lint` crate's (`cli::LintArgs`, `cli::run`); this file only connects
//! them to the loaded dictionary.

use safety_dict::Dictionary;

pub use safety_dict_lint::cli::LintArgs;

/// Runs the linter with `dict`; returns the exit code (0, 1 findings at or above --deny, 2 I/O).
pub fn lint(dict: &Dictionary, args: &LintArgs) -> u8 {
    safety_dict_lint::cli::run(dict, args, &mut std::io::stdout().lock())
}
