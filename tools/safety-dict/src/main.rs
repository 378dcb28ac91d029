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

/// `println!` panics when the reader of stdout goes away (`safety-dict list | head`). That is
/// not an error of this program: leave quietly, as other command-line tools do.
fn quiet_on_closed_stdout() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.contains("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(i32::from(EXIT_OK));
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    quiet_on_closed_stdout();
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
