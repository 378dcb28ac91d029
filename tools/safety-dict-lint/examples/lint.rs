//! A stand-alone front end with exactly the arguments of `safety-dict lint` (the same clap
//! struct), plus `--dictionary ROOT` / `--no-dictionary`:
//!
//! ```text
//! cargo run --release -p safety-dict-lint --example lint -- --format summary PATH...
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use safety_dict_lint::cli::{run, LintArgs};
use safety_dict_lint::{EmptyVocabulary, Vocabulary};

#[derive(Debug, Parser)]
#[command(name = "lint")]
struct Cli {
    /// Repository root holding `dictionary/` (default: this repository)
    #[arg(long, value_name = "DIR")]
    dictionary: Option<PathBuf>,
    /// Structural checks only: every phrase is reported as unrecognised
    #[arg(long, conflicts_with = "dictionary")]
    no_dictionary: bool,
    #[command(flatten)]
    lint: LintArgs,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let root = cli
        .dictionary
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."));
    let empty = EmptyVocabulary::default();
    let dict;
    let vocab: &(dyn Vocabulary + Sync) = if cli.no_dictionary {
        &empty
    } else {
        match safety_dict::Dictionary::load(&root) {
            Ok(d) => {
                dict = d;
                &dict
            }
            Err(e) => {
                eprintln!(
                    "error: cannot load the dictionary under {}: {e}",
                    root.display()
                );
                return ExitCode::from(2);
            }
        }
    };
    match run(vocab, &cli.lint, &mut std::io::stdout().lock()) {
        Ok(code) => ExitCode::from(code),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write the report: {e}");
            ExitCode::from(2)
        }
    }
}
