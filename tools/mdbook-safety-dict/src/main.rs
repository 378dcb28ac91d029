//! `mdbook-safety-dict`: the preprocessor binary, plus its maintenance commands.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use mdbook_preprocessor::{parse_input, MDBOOK_VERSION};
use mdbook_safety_dict::{highlight, registry, run};

const USAGE: &str =
    "usage: mdbook-safety-dict [supports RENDERER | register [--check] [ROOT] | gen-css [--check] [ROOT]]\n\
  (no arguments: run as an mdBook preprocessor, reading the book JSON on stdin)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        // Every renderer gets the dictionary pages; only html gets highlighting.
        Some("supports") => return ExitCode::SUCCESS,
        Some("register") => register(&args[1..]),
        Some("gen-css") => gen_css(&args[1..]),
        Some("-h" | "--help") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some(other) => {
            eprintln!("error: unknown command `{other}`\n{USAGE}");
            return ExitCode::from(2);
        }
        None => preprocess(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn preprocess() -> Result<()> {
    let (ctx, book) = parse_input(io::stdin()).context("reading the book from mdBook")?;
    if ctx.mdbook_version != MDBOOK_VERSION {
        eprintln!(
            "warning: built against mdBook {MDBOOK_VERSION}, called from mdBook {}",
            ctx.mdbook_version
        );
    }
    let book = run::run(&ctx, book)?;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    serde_json::to_writer(&mut out, &book).context("writing the book back to mdBook")?;
    out.flush()?;
    Ok(())
}

fn root_arg(arg: Option<&String>) -> Result<PathBuf> {
    match arg {
        Some(a) => Ok(PathBuf::from(a)),
        None => std::env::current_dir().context("reading the current directory"),
    }
}

/// Adds every current entry and example path to the registry; never removes one. With
/// `--check`, only verifies that nothing is missing.
fn register(args: &[String]) -> Result<()> {
    let check = args.iter().any(|a| a == "--check");
    let root = root_arg(args.iter().find(|a| *a != "--check"))?;
    let dict = run::load_dictionary(&root)?;
    let mut paths = registry::read(&root)?;
    let before = paths.len();
    let current = run::stable_paths(&dict);
    if check {
        let missing = registry::unregistered(&paths, &current);
        if !missing.is_empty() {
            let list: Vec<&str> = missing.iter().map(|s| s.as_str()).collect();
            anyhow::bail!(
                "{} page(s) missing from {}: {}; run `cargo run -p mdbook-safety-dict -- register`",
                list.len(),
                registry::REGISTRY_FILE,
                list.join(", ")
            );
        }
        println!(
            "{}: all {} published pages registered",
            registry::REGISTRY_FILE,
            current.len()
        );
        return Ok(());
    }
    paths.extend(current);
    registry::write(&root, &paths)?;
    println!(
        "{}: {} path(s), {} new",
        registry::REGISTRY_FILE,
        paths.len(),
        paths.len() - before
    );
    Ok(())
}

/// Writes (or with --check, verifies) `theme/syntect.css`: the rules that the highlighted
/// examples use, in colours of AA contrast.
fn gen_css(args: &[String]) -> Result<()> {
    let check = args.iter().any(|a| a == "--check");
    let root = root_arg(args.iter().find(|a| *a != "--check"))?;
    let dict = run::load_dictionary(&root)?;
    let used = highlight::Highlighter::new().classes_of_examples(&dict);
    let css = highlight::theme_css(&used)?;
    let path = root.join("theme/syntect.css");
    if check {
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        if current != css {
            anyhow::bail!(
                "{} is out of date (the examples' highlighting or syntect changed); run `cargo run -p mdbook-safety-dict -- gen-css`",
                path.display()
            );
        }
        return Ok(());
    }
    let tmp = path.with_extension("css.tmp");
    std::fs::write(&tmp, css)?;
    std::fs::rename(&tmp, &path)?;
    println!("wrote {}", path.display());
    Ok(())
}
