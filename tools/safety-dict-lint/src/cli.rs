//! The command line of `safety-dict lint`, as a clap `Args` struct the `safety-dict` binary
//! embeds (`Lint(safety_dict_lint::cli::LintArgs)`) and the function it calls.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use crate::render::{render, Format};
use crate::{lint_paths, Code, Level, LintOptions, Vocabulary};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    Auto,
    Always,
    Never,
}

/// Check a Rust tree's safety documentation against the standard and the dictionary.
#[derive(Debug, Clone, Args)]
#[command(
    long_about = "Check a Rust tree's safety documentation against the standard and the \
    dictionary: `unsafe` blocks and impls without `// SAFETY:`, `unsafe fn`/`trait` without a \
    `# Safety` list, repeated requirements, wording the dictionary does not know or discourages \
    (in `# Safety`, `# Invariants` and `# Guarantees` sections and in `// SAFETY:` and \
    `// INVARIANT:` comments), `// SAFETY:` lists that do not follow the callee's `# Safety` list, and values of types \
    with `# Invariants` built without `// INVARIANT:`.\n\nEvery finding has a stable code \
    (SD0000-SD0014), a level and the URL of its rule or entry.\n\nExit 0 when nothing is at or \
    above --deny, 1 when something is, 2 when a path cannot be read."
)]
pub struct LintArgs {
    /// Files and directories to check (every `*.rs` below a directory)
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    #[arg(long, value_enum, default_value = "human")]
    pub format: Format,
    /// Exit 1 when a finding is at or above this level
    #[arg(long, value_enum, default_value = "error")]
    pub deny: Level,
    /// Do not report findings below this level (they are not counted in the summary either).
    /// Default: `warning` for the human output (infos are many and need asking for), `info` for
    /// the machine formats and the summary
    #[arg(long, value_enum)]
    pub min_level: Option<Level>,
    /// Report only these codes (comma-separated, e.g. SD0001,SD0003)
    #[arg(long, value_delimiter = ',', value_name = "CODE")]
    pub only: Vec<String>,
    /// Do not report these codes (comma-separated)
    #[arg(long, value_delimiter = ',', value_name = "CODE")]
    pub allow: Vec<String>,
    /// Print the summary after the diagnostics (human format)
    #[arg(long)]
    pub summary: bool,
    #[arg(long, value_enum, default_value = "auto")]
    pub color: ColorArg,
    /// Report only findings on lines this patch adds (a unified diff or a `git format-patch`
    /// mail; `-` reads standard input). Lint the tree with the patch applied
    #[arg(long, value_name = "PATCH")]
    pub diff: Option<PathBuf>,
}

/// Reads and parses `--diff`; the error is the message to print.
fn read_patch(path: &std::path::Path) -> Result<crate::diff::Patch, String> {
    let (text, name) = if path == std::path::Path::new("-") {
        let mut t = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut t)
            .map_err(|e| format!("cannot read the patch from standard input: {e}"))?;
        (t, "<stdin>".to_string())
    } else {
        let t = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        // Mail may carry Latin-1 and the like outside the diff; the diff lines are what count.
        (
            String::from_utf8_lossy(&t).into_owned(),
            path.display().to_string(),
        )
    };
    crate::diff::Patch::parse(&text, &name).map_err(|e| e.to_string())
}

fn codes(list: &[String]) -> Result<Vec<Code>, String> {
    list.iter()
        .map(|c| Code::parse(c.trim()).ok_or_else(|| format!("unknown code {c:?} (SD0000-SD0014)")))
        .collect()
}

/// Runs `lint` and writes its output; returns the exit code (0, 1, or 2), or the error that
/// writing met (the caller decides what a closed pipe means, as for its other output).
pub fn run(
    vocab: &(dyn Vocabulary + Sync),
    args: &LintArgs,
    out: &mut dyn Write,
) -> std::io::Result<u8> {
    let only = match codes(&args.only) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(2);
        }
    };
    let disabled = match codes(&args.allow) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(2);
        }
    };
    let options = LintOptions {
        min_level: args.min_level.unwrap_or(match args.format {
            Format::Human => Level::Warning,
            _ => Level::Info,
        }),
        disabled,
        only: (!only.is_empty()).then_some(only),
        nearest: !matches!(args.format, Format::Summary | Format::Readings),
        readings: args.format == Format::Readings,
        ..LintOptions::default()
    };
    let patch = match args.diff.as_deref().map(read_patch).transpose() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(2);
        }
    };
    let mut report = lint_paths(&args.paths, vocab, &options);
    if let Some(p) = &patch {
        let keep: Vec<bool> = report
            .findings
            .iter()
            .map(|f| p.touches(f, crate::render::review::end_line(&report, f)))
            .collect();
        let mut k = keep.into_iter();
        report.findings.retain(|_| k.next().unwrap_or(false));
    }
    let color = match args.color {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => std::io::stdout().is_terminal(),
    };
    let mut text = match args.format {
        Format::Review => crate::render::review::render(&report, patch.as_ref()),
        f => render(&report, f, color),
    };
    if args.summary && args.format == Format::Human {
        text.push('\n');
        text.push_str(&render(&report, Format::Summary, false));
    }
    out.write_all(text.as_bytes())?;
    Ok(report.exit_code(args.deny) as u8)
}
