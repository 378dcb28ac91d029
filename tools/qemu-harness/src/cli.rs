//! Command-line parsing (small enough not to need a parser crate).

use std::path::PathBuf;

use crate::error::{HarnessError, Result};
use crate::runner::RunOptions;

pub const USAGE: &str = "\
usage: qemu-harness setup
       qemu-harness run [--only ID]... [--swap ID]... [--report PATH] [--jobs N]
       qemu-harness check

  setup   install missing Debian packages and bindgen-cli 0.69.5, build the kernel into
          ~/.cache/safety-dict/kernel/<version>-<config hash>/ unless it is there
  run     build every example side as a module, boot each in QEMU, judge the serial log;
          exit 1 when any side differs from its declaration
  check   check that every example directory is complete (no kernel needed)";

#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    Setup,
    Run(RunOptions),
    Check,
    Help,
}

pub fn parse(args: &[String]) -> Result<Command> {
    let mut it = args.iter();
    let Some(sub) = it.next() else {
        return Err(HarnessError::Usage("missing command".into()));
    };
    let value = |flag: &str, v: Option<&String>| {
        v.cloned()
            .ok_or_else(|| HarnessError::Usage(format!("{flag} needs a value")))
    };
    match sub.as_str() {
        "-h" | "--help" | "help" => Ok(Command::Help),
        "setup" | "check" => {
            if let Some(extra) = it.next() {
                return Err(HarnessError::Usage(format!(
                    "unexpected argument `{extra}`"
                )));
            }
            Ok(if sub == "setup" {
                Command::Setup
            } else {
                Command::Check
            })
        }
        "run" => {
            let mut o = RunOptions::default();
            while let Some(a) = it.next() {
                match a.as_str() {
                    "--only" => o.only.push(value(a, it.next())?),
                    "--swap" => o.swap.push(value(a, it.next())?),
                    "--report" => o.report = Some(PathBuf::from(value(a, it.next())?)),
                    "--jobs" => {
                        let v = value(a, it.next())?;
                        let n = v.parse::<usize>().ok().filter(|n| *n > 0).ok_or_else(|| {
                            HarnessError::Usage(format!(
                                "--jobs wants a positive number, not `{v}`"
                            ))
                        })?;
                        o.jobs = Some(n);
                    }
                    other => {
                        return Err(HarnessError::Usage(format!("unknown option `{other}`")));
                    }
                }
            }
            Ok(Command::Run(o))
        }
        other => Err(HarnessError::Usage(format!("unknown command `{other}`"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn parses_run() {
        let c = parse(&args(
            "run --only a --only b --swap a --report /tmp/r.json --jobs 3",
        ));
        let Ok(Command::Run(o)) = c else {
            panic!("not a run: {c:?}")
        };
        assert_eq!(o.only, vec!["a", "b"]);
        assert_eq!(o.swap, vec!["a"]);
        assert_eq!(o.report, Some(PathBuf::from("/tmp/r.json")));
        assert_eq!(o.jobs, Some(3));
    }

    #[test]
    fn rejects_bad_usage() {
        for bad in [
            "",
            "run --only",
            "run --what",
            "fly",
            "setup now",
            "run --jobs 0",
        ] {
            assert!(
                matches!(parse(&args(bad)), Err(HarnessError::Usage(_))),
                "{bad} accepted"
            );
        }
        assert_eq!(parse(&args("setup")).ok(), Some(Command::Setup));
    }
}
