//! `safety-dict`: the command line of the Rust Safety Standard dictionary.

mod cli;
mod commands;
mod corpus_cmd;
mod render;
mod search_cmd;

use std::process::ExitCode;

use clap::Parser;

/// The dictionary built into the binary (see `build.rs`).
mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
}

/// `--version`: the program's version and the embedded dictionary's (entry count, content hash).
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (dictionary: ",
    env!("SAFETY_DICT_EMBEDDED_ENTRIES"),
    " entries, content ",
    env!("SAFETY_DICT_EMBEDDED_HASH"),
    ")"
);

/// The embedded files, as the core's loader reads them; messages name them `<built-in>/…`.
pub fn embedded_files() -> safety_dict::files::Files {
    safety_dict::files::Files::memory("<built-in>", embedded::FILES.iter().copied())
}

/// Exit codes: success, findings, usage or I/O trouble.
pub const EXIT_OK: u8 = 0;
pub const EXIT_FINDINGS: u8 = 1;
pub const EXIT_TROUBLE: u8 = 2;

fn main() -> ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() {
                EXIT_TROUBLE
            } else {
                EXIT_OK
            };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    ExitCode::from(commands::run(cli))
}
