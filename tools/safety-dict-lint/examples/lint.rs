//! A stand-alone front end of the linter, until (and besides) `safety-dict lint`:
//!
//! ```text
//! cargo run --release -p safety-dict-lint --example lint -- [--format human|json|sarif|summary]
//!     [--deny error|warning|info] [--min-level LEVEL] [--dictionary REPO_ROOT] PATH...
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use safety_dict_lint::render::{render, Format};
use safety_dict_lint::{lint_paths, EmptyVocabulary, Level, LintOptions, Vocabulary};

fn usage(msg: &str) -> ExitCode {
    eprintln!("error: {msg}\nusage: lint [--format human|json|sarif|summary] [--deny LEVEL] [--min-level LEVEL] [--dictionary ROOT | --no-dictionary] PATH...");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let mut format = Format::Human;
    let mut deny = Level::Error;
    let mut options = LintOptions::default();
    let mut root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut use_dictionary = true;
    let mut paths = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--format" => match args.next().as_deref().and_then(Format::parse) {
                Some(f) => format = f,
                None => return usage("--format takes human, json, sarif or summary"),
            },
            "--deny" => match args.next().as_deref().and_then(Level::parse) {
                Some(l) => deny = l,
                None => return usage("--deny takes error, warning or info"),
            },
            "--min-level" => match args.next().as_deref().and_then(Level::parse) {
                Some(l) => options.min_level = l,
                None => return usage("--min-level takes error, warning or info"),
            },
            "--dictionary" => match args.next() {
                Some(r) => root = PathBuf::from(r),
                None => return usage("--dictionary takes the repository root"),
            },
            "--no-dictionary" => use_dictionary = false,
            _ if a.starts_with("--") => return usage(&format!("unknown option {a}")),
            _ => paths.push(PathBuf::from(a)),
        }
    }
    if paths.is_empty() {
        return usage("no path given");
    }
    let empty = EmptyVocabulary::default();
    let dict;
    let vocab: &(dyn Vocabulary + Sync) = if use_dictionary {
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
    } else {
        &empty
    };
    let report = lint_paths(&paths, vocab, &options);
    print!("{}", render(&report, format, false));
    ExitCode::from(report.exit_code(deny) as u8)
}
