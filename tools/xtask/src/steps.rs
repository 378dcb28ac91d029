//! The steps of `cargo xtask test`, and the site commands.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

use crate::install;

#[derive(Debug)]
pub struct TaskError(pub String);

impl std::fmt::Display for TaskError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Runs a command with inherited output; an error names the command.
pub fn run(cmd: &mut Command) -> Result<(), TaskError> {
    let shown = format!("{cmd:?}");
    let status = cmd
        .status()
        .map_err(|e| TaskError(format!("cannot start {shown}: {e}")))?;
    if status.success() {
        Ok(())
    } else {
        Err(TaskError(format!("{shown} failed ({status})")))
    }
}

pub fn repo_root() -> Result<PathBuf, TaskError> {
    let manifest = std::env::var("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .or_else(|_| std::env::current_dir())
        .map_err(|e| TaskError(format!("cannot find the repository: {e}")))?;
    manifest
        .ancestors()
        .find(|a| a.join("book.toml").is_file() && a.join("dictionary").is_dir())
        .map(Path::to_path_buf)
        .ok_or_else(|| {
            TaskError("cannot find the repository root (book.toml + dictionary/)".into())
        })
}

fn cargo(root: &Path) -> Command {
    let mut c = Command::new("cargo");
    c.current_dir(root);
    c
}

/// Builds the preprocessor once, so that mdBook's `cargo run` of it is instant.
fn build_preprocessor(root: &Path) -> Result<(), TaskError> {
    run(cargo(root).args([
        "build",
        "--quiet",
        "--release",
        "-p",
        "mdbook-safety-dict",
        "-p",
        "safety-dict",
    ]))
}

pub fn build_site(root: &Path) -> Result<PathBuf, TaskError> {
    install::mdbook()?;
    build_preprocessor(root)?;
    run(Command::new("mdbook").arg("build").current_dir(root))?;
    Ok(root.join("target/book/html"))
}

pub fn serve(root: &Path) -> Result<(), TaskError> {
    install::mdbook()?;
    build_preprocessor(root)?;
    eprintln!("xtask: serving the site on http://127.0.0.1:3000 (Ctrl+C stops)");
    run(Command::new("mdbook")
        .args(["serve", "--hostname", "127.0.0.1", "--port", "3000"])
        .current_dir(root))
}

pub struct Step {
    pub name: &'static str,
    pub about: &'static str,
    run: fn(&Path) -> Result<(), TaskError>,
}

pub const STEPS: &[Step] = &[
    Step {
        name: "setup",
        about: "install what the tests need (`cargo xtask setup`); the run stops here when it fails",
        run: setup,
    },
    Step {
        name: "fmt",
        about: "rustfmt --check over the workspace",
        run: fmt,
    },
    Step {
        name: "clippy",
        about: "clippy --all-targets -D warnings",
        run: clippy,
    },
    Step {
        name: "dictionary",
        about: "safety-dict check on the real dictionary; every published page registered",
        run: dictionary,
    },
    Step {
        name: "unit",
        about: "cargo test --workspace (unit, integration, property, UI tests)",
        run: unit,
    },
    Step {
        name: "site",
        about: "mdbook build with linkcheck2, generated CSS up to date, mdbook test",
        run: site,
    },
    Step {
        name: "examples",
        about: "build every example side as a kernel module and boot it in QEMU",
        run: examples,
    },
    Step {
        name: "sabotage",
        about: "swap one example's sides and check the harness catches it",
        run: sabotage,
    },
    Step {
        name: "kernel-series",
        about: "the standard as a kernel patch series: git am onto 6.12, checkpatch --strict, htmldocs, samples built by Kbuild and booted in QEMU",
        run: crate::series::check,
    },
    Step {
        name: "browser",
        about: "Playwright tests of the built site in Debian's Chromium",
        run: browser,
    },
];

/// `cargo xtask setup`: everything later steps need (see `install::everything`).
pub fn setup(root: &Path) -> Result<(), TaskError> {
    install::everything(root)
}

fn fmt(root: &Path) -> Result<(), TaskError> {
    run(cargo(root).args(["fmt", "--all", "--check"]))
}

fn clippy(root: &Path) -> Result<(), TaskError> {
    run(cargo(root).args([
        "clippy",
        "--workspace",
        "--all-targets",
        "--quiet",
        "--",
        "-D",
        "warnings",
    ]))
}

fn dictionary(root: &Path) -> Result<(), TaskError> {
    run(tool(root, "safety-dict").args(["check"]))?;
    run(tool(root, "mdbook-safety-dict").args(["register", "--check"]))
}

fn unit(root: &Path) -> Result<(), TaskError> {
    // The lint's kernel-tree test unpacks rust/ from the linux-source tarball the setup step installs.
    run(cargo(root).args(["test", "--workspace", "--release"]))
}

fn site(root: &Path) -> Result<(), TaskError> {
    build_site(root)?;
    run(tool(root, "mdbook-safety-dict").args(["gen-css", "--check"]))?;
    run(Command::new("mdbook").arg("test").current_dir(root))
}

/// `cargo run` of one of the workspace's binaries, ready for its arguments.
fn tool(root: &Path, package: &str) -> Command {
    let mut c = cargo(root);
    c.args(["run", "--quiet", "--release", "-p", package, "--"]);
    c
}

fn examples(root: &Path) -> Result<(), TaskError> {
    // `run` runs `setup` first when the toolchain or the kernel is missing.
    run(tool(root, "qemu-harness").arg("run"))
}

fn sabotage(root: &Path) -> Result<(), TaskError> {
    let victim = "valid-for-reads";
    let status = tool(root, "qemu-harness")
        .args(["run", "--only", victim, "--swap", victim, "--report"])
        .arg(root.join("target/qemu-examples/sabotage-report.json"))
        .status()
        .map_err(|e| TaskError(format!("cannot start the harness: {e}")))?;
    match status.code() {
        Some(1) => Ok(()),
        Some(0) => Err(TaskError(format!(
            "the harness passed example `{victim}` with its good and bad sides swapped: it does not catch a wrong outcome"
        ))),
        other => Err(TaskError(format!("the sabotaged run did not complete (exit {other:?})"))),
    }
}

fn browser(root: &Path) -> Result<(), TaskError> {
    let dir = root.join("site-tests");
    if !dir.join("package.json").is_file() {
        return Err(TaskError("site-tests/package.json is missing".into()));
    }
    // Chromium and Node.js come from the setup step.
    install::npm_ci(&dir)?;
    build_site(root)?;
    run(Command::new("npx")
        .args(["playwright", "test"])
        .current_dir(&dir))
}

/// Runs the steps (all, or the named ones), then prints one closing line of counts.
pub fn test(root: &Path, only: Option<&[String]>) -> ExitCode {
    if let Some(names) = only {
        if let Some(bad) = names
            .iter()
            .find(|n| !STEPS.iter().any(|s| s.name == n.as_str()))
        {
            eprintln!("error: unknown step `{bad}`; `cargo xtask steps` lists them");
            return ExitCode::from(2);
        }
    }
    let (passed, failed) = run_steps(root, STEPS, only);
    if !failed.is_empty() {
        let names: Vec<&str> = failed.iter().map(|(name, _)| *name).collect();
        eprintln!("failed steps: {}", names.join(", "));
        // Repeated at the end, where a reader of a long log (or of its tail) looks first.
        for (name, why) in &failed {
            eprintln!("--- {name}:\n{}", tail_lines(why, 40));
        }
    }
    println!("steps: {passed} passed, {} failed", failed.len());
    if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Runs `steps` in order (or the named ones), each with its time; stops after a failed
/// `setup`. Returns the number passed and the names of those that failed with their errors.
fn run_steps(
    root: &Path,
    steps: &[Step],
    only: Option<&[String]>,
) -> (usize, Vec<(&'static str, String)>) {
    let mut passed = 0;
    let mut failed = Vec::new();
    for step in steps {
        if only.is_some_and(|o| !o.iter().any(|n| n == step.name)) {
            continue;
        }
        eprintln!("\n==> xtask: {} ({})", step.name, step.about);
        let start = Instant::now();
        match (step.run)(root) {
            Ok(()) => {
                passed += 1;
                eprintln!(
                    "==> xtask: {} ok in {:.1}s",
                    step.name,
                    start.elapsed().as_secs_f64()
                );
            }
            Err(e) => {
                eprintln!(
                    "==> xtask: {} FAILED in {:.1}s: {e}",
                    step.name,
                    start.elapsed().as_secs_f64()
                );
                failed.push((step.name, e.to_string()));
                if step.name == "setup" {
                    // Every later step would fail for the same missing piece.
                    eprintln!("==> xtask: stopping: the later steps need what setup installs");
                    break;
                }
            }
        }
    }
    (passed, failed)
}

/// The last `n` lines of `text`, with a line saying how many were left out.
fn tail_lines(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() <= n {
        return text.trim_end().to_string();
    }
    format!(
        "[{} earlier lines left out]\n{}",
        lines.len() - n,
        lines[lines.len() - n..].join("\n")
    )
}

/// `mdbook build` of the same pages with and without the preprocessor.
pub fn bench_book(root: &Path) -> Result<(), TaskError> {
    install::mdbook()?;
    build_preprocessor(root)?;
    let runs = 5;
    let time = |dir: &Path| -> Result<f64, TaskError> {
        let mut best = f64::MAX;
        for _ in 0..runs {
            let t = Instant::now();
            run(Command::new("mdbook")
                .arg("build")
                .current_dir(dir)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null()))?;
            best = best.min(t.elapsed().as_secs_f64());
        }
        Ok(best)
    };
    // The same book with the preprocessor's output written out as plain Markdown.
    let plain = root.join("target/bench-book");
    let _ = std::fs::remove_dir_all(&plain);
    run(Command::new("mdbook")
        .arg("build")
        .env("SAFETY_DICT_MATERIALIZE", &plain)
        .current_dir(root))?;
    let with = time(root)?;
    let without = time(&plain)?;
    println!(
        "mdbook build with the preprocessor:    {:.3}s (best of {runs})",
        with
    );
    println!(
        "mdbook build of the same pages, plain: {:.3}s (best of {runs})",
        without
    );
    println!("ratio: {:.2}x (target: at most 1.3x)", with / without);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    static LATER_RUNS: AtomicUsize = AtomicUsize::new(0);

    fn fails(_: &Path) -> Result<(), TaskError> {
        Err(TaskError("no apt".into()))
    }

    fn counts(_: &Path) -> Result<(), TaskError> {
        LATER_RUNS.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }

    #[test]
    fn a_failed_setup_stops_the_run() {
        let steps = [
            Step {
                name: "setup",
                about: "",
                run: fails,
            },
            Step {
                name: "later",
                about: "",
                run: counts,
            },
        ];
        let (passed, failed) = run_steps(Path::new("."), &steps, None);
        assert_eq!((passed, failed), (0, vec![("setup", "no apt".to_string())]));
        assert_eq!(
            LATER_RUNS.load(Ordering::SeqCst),
            0,
            "a step ran after setup failed"
        );
    }

    #[test]
    fn another_failed_step_does_not_stop_the_run() {
        static AFTER: AtomicUsize = AtomicUsize::new(0);
        fn after(_: &Path) -> Result<(), TaskError> {
            AFTER.fetch_add(1, Ordering::SeqCst);
            Ok(())
        }
        let steps = [
            Step {
                name: "fmt",
                about: "",
                run: fails,
            },
            Step {
                name: "unit",
                about: "",
                run: after,
            },
        ];
        let (passed, failed) = run_steps(Path::new("."), &steps, None);
        assert_eq!((passed, failed), (1, vec![("fmt", "no apt".to_string())]));
        assert_eq!(AFTER.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn a_long_error_keeps_its_last_lines() {
        let long: String = (1..=50).map(|i| format!("line {i}\n")).collect();
        let t = tail_lines(&long, 40);
        assert!(
            t.starts_with("[10 earlier lines left out]\nline 11\n"),
            "{t}"
        );
        assert!(t.ends_with("line 50"));
        assert_eq!(tail_lines("one\ntwo\n", 40), "one\ntwo");
    }

    #[test]
    fn setup_is_the_first_step() {
        assert_eq!(STEPS[0].name, "setup");
    }
}
