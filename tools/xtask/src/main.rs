//! The project's task runner.
//!
//! `cargo xtask serve` builds the site and serves it on http://127.0.0.1:3000;
//! `cargo xtask test` installs whatever is missing and runs every test of the project.

mod install;
mod recognition;
mod series;
mod steps;

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask <command>

commands:
  serve            build the site and serve it on http://127.0.0.1:3000 (installs mdBook when missing)
  build            build the site into target/book
  test             install what is missing, then run every test (the CI entry point)
  test --only S    run only the named steps (comma separated; `cargo xtask steps` lists them)
  steps            list the test steps
  kernel-series [--out DIR] [--signoff 'NAME <EMAIL>']
                   write the standard and its examples as a kernel patch series
                   (default: target/kernel-series/; sign-off from git config)
  setup            install everything the tests need (Debian packages, pinned cargo tools)
  bench-book       compare `mdbook build` with and without the preprocessor
  recognition      how much of Linux 6.12 `rust/` and the std library the dictionary
                   recognises, with whole-process times (the README's table)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = match steps::repo_root() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let result = match args.first().map(String::as_str) {
        Some("serve") => steps::serve(&root),
        Some("build") => steps::build_site(&root).map(|_| ()),
        Some("test") => {
            let only = args
                .iter()
                .position(|a| a == "--only")
                .and_then(|i| args.get(i + 1))
                .map(|s| s.split(',').map(str::to_string).collect::<Vec<_>>());
            return steps::test(&root, only.as_deref());
        }
        Some("steps") => {
            for s in steps::STEPS {
                println!("{:<14} {}", s.name, s.about);
            }
            Ok(())
        }
        Some("bench-book") => steps::bench_book(&root),
        Some("recognition") => recognition::report(&root),
        Some("kernel-series") => series::write(&root, &args[1..]),
        Some("setup") => steps::setup(&root),
        Some("-h" | "--help") | None => {
            println!("{USAGE}");
            return if args.is_empty() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
        Some(other) => {
            eprintln!("error: unknown command `{other}`\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
