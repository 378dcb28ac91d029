//! `qemu-harness setup | run | check`: exit 0 when everything behaved as declared, 1 when a side
//! did not, 2 on setup or usage errors.

use std::process::ExitCode;

use qemu_harness::cli::{self, Command};
use qemu_harness::error::HarnessError;
use qemu_harness::{examples, repo_root, runner, setup};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = repo_root();
    let command = match cli::parse(&args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}\n\n{}", cli::USAGE);
            return ExitCode::from(2);
        }
    };
    match command {
        Command::Help => {
            println!("{}", cli::USAGE);
            ExitCode::SUCCESS
        }
        Command::Setup => match setup(&root) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => error(&e),
        },
        // Loading runs the dictionary library's whole check, the example rules included.
        Command::Check => match examples::load_all(&root) {
            Err(e) => error(&e),
            Ok(all) => {
                println!("{} examples, 0 problems", all.len());
                ExitCode::SUCCESS
            }
        },
        Command::Run(opts) => match runner::run(&root, &opts) {
            Err(e) => error(&e),
            Ok(report) => {
                for r in &report.sides {
                    for line in runner::result_lines(r) {
                        println!("{line}");
                    }
                }
                let passed = report.sides.iter().filter(|s| s.pass).count();
                let failed = report.sides.len() - passed;
                println!("{passed} passed, {failed} failed");
                if failed == 0 {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::from(1)
                }
            }
        },
    }
}

fn error(e: &HarnessError) -> ExitCode {
    eprintln!("qemu-harness: {e}");
    ExitCode::from(2)
}
