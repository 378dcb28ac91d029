//! `safety-dict`: the command line of the Rust Safety Standard dictionary.

mod cli;
mod commands;
mod corpus_cmd;
mod render;
mod search_cmd;

use std::process::ExitCode;

use clap::Parser;

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
