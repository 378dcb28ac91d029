//! `cargo xtask recognition`: how much of the two development corpora the dictionary
//! understands, and how long a user waits for it, as one table for the README.
//!
//! The figures come from the lint's own summary (`--format json`), so this command restates no
//! rule: it runs the installed-form binary on the kernel's `rust/` and on the standard
//! library's `core`+`alloc`+`std`, as a user would, and times whole processes.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::install;
use crate::steps::{run, TaskError};

const STD_LIBRARY: &str = "/usr/src/rustc-1.96.0/library";

/// A comment of the kind an author pastes into the expander.
const COMMENT: &str = "`ptr` is non-null, properly aligned and valid for reads of `len` \
                       elements because it came from `Box::into_raw`.";

struct Corpus {
    name: &'static str,
    paths: Vec<PathBuf>,
}

fn corpora() -> Result<Vec<Corpus>, TaskError> {
    let kernel = install::kernel_rust_tree()?;
    let std_lib = Path::new(STD_LIBRARY);
    let std_paths: Vec<PathBuf> = ["core", "alloc", "std"]
        .iter()
        .map(|c| std_lib.join(c))
        .collect();
    if let Some(missing) = std_paths.iter().find(|p| !p.is_dir()) {
        return Err(TaskError(format!(
            "{} is missing: run `cargo xtask setup` (it installs Debian's rust-web-src)",
            missing.display()
        )));
    }
    Ok(vec![
        Corpus {
            name: "Linux 6.12 `rust/`",
            paths: vec![kernel],
        },
        Corpus {
            name: "std `core`+`alloc`+`std` 1.96",
            paths: std_paths,
        },
    ])
}

/// The median wall time of `runs` runs of a command whose output is thrown away.
fn median_time(runs: usize, mut make: impl FnMut() -> Command) -> Result<Duration, TaskError> {
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let mut c = make();
        let shown = format!("{c:?}");
        let start = Instant::now();
        let status = c
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| TaskError(format!("cannot start {shown}: {e}")))?;
        times.push(start.elapsed());
        // The lint exits 1 when it has findings; only a crash (a signal, or 2+) is an error.
        if status.code().is_none_or(|c| c > 1) {
            return Err(TaskError(format!("{shown} failed ({status})")));
        }
    }
    times.sort();
    Ok(times[times.len() / 2])
}

fn summary(bin: &Path, corpus: &Corpus) -> Result<Value, TaskError> {
    let out = Command::new(bin)
        .arg("lint")
        .args(&corpus.paths)
        .args(["--format", "json"])
        .output()
        .map_err(|e| TaskError(format!("cannot run {}: {e}", bin.display())))?;
    let doc: Value = serde_json::from_slice(&out.stdout).map_err(|e| {
        TaskError(format!(
            "the lint's JSON on {} does not parse: {e}\n{}",
            corpus.name,
            String::from_utf8_lossy(&out.stderr)
        ))
    })?;
    Ok(doc["summary"].clone())
}

fn count(s: &Value, key: &str) -> Result<u64, TaskError> {
    s[key]
        .as_u64()
        .ok_or_else(|| TaskError(format!("the lint's summary has no `{key}`")))
}

fn share(s: &Value, part: &str, whole: &str) -> Result<String, TaskError> {
    let (p, w) = (count(s, part)?, count(s, whole)?);
    Ok(if w == 0 {
        format!("{p} of 0")
    } else {
        format!("{p} of {w} ({:.1}%)", p as f64 * 100.0 / w as f64)
    })
}

fn ms(d: Duration) -> String {
    format!("{:.0} ms", d.as_secs_f64() * 1000.0)
}

pub fn report(root: &Path) -> Result<(), TaskError> {
    run(Command::new("cargo").current_dir(root).args([
        "build",
        "--quiet",
        "--release",
        "-p",
        "safety-dict",
    ]))?;
    let bin = root.join("target/release/safety-dict");
    let corpora = corpora()?;
    let date = String::from_utf8_lossy(
        &Command::new("date")
            .arg("+%Y-%m-%d")
            .output()
            .map_err(|e| TaskError(format!("cannot run date: {e}")))?
            .stdout,
    )
    .trim()
    .to_string();

    let mut rows: Vec<(String, Vec<String>)> = vec![
        ("items recognised in full".into(), vec![]),
        (
            "parts (statements, reasons and conditions) recognised".into(),
            vec![],
        ),
        (
            "further parts listed as API-specific (`dictionary/api-specific.toml`)".into(),
            vec![],
        ),
        (
            "`# Safety` sections with every item recognised".into(),
            vec![],
        ),
        (
            "`// SAFETY:` comments with every item recognised".into(),
            vec![],
        ),
        (
            "`// INVARIANT:` comments with every item recognised".into(),
            vec![],
        ),
        (
            "`# Invariants` sections with every item recognised".into(),
            vec![],
        ),
        (
            "`# Guarantees` sections with every item recognised".into(),
            vec![],
        ),
        (
            "phrasings seen twice or more, neither recognised nor listed".into(),
            vec![],
        ),
        ("lint, whole process (median of 5)".into(), vec![]),
    ];
    let mut owed: Vec<(&str, String, Value)> = Vec::new();
    let mut listed_seen: Vec<Value> = Vec::new();
    for corpus in &corpora {
        let s = summary(&bin, corpus)?;
        listed_seen.push(s["api_specific_seen"].clone());
        let repeated = repeated(&s)?;
        let cells = [
            share(&s, "items_recognised", "items")?,
            share(&s, "parts_recognised", "parts")?,
            share(&s, "parts_api_specific", "parts")?,
            share(&s, "safety_sections_recognised", "safety_sections")?,
            share(&s, "safety_comments_recognised", "safety_comments")?,
            share(&s, "invariant_comments_recognised", "invariant_comments")?,
            share(&s, "invariants_sections_recognised", "invariants_sections")?,
            share(&s, "guarantees_sections_recognised", "guarantees_sections")?,
            repeated.len().to_string(),
            ms(median_time(5, || {
                let mut c = Command::new(&bin);
                c.arg("lint").args(&corpus.paths);
                c
            })?),
        ];
        for (row, cell) in rows.iter_mut().zip(cells) {
            row.1.push(cell);
        }
        // Paths relative to the corpus (`rust/kernel/...`, `core/src/...`).
        let base = corpus
            .paths
            .first()
            .and_then(|p| p.parent())
            .map(|p| format!("{}/", p.display()))
            .unwrap_or_default();
        owed.extend(repeated.iter().map(|r| {
            let at = r["example"].as_str().unwrap_or_default();
            (
                corpus.name,
                at.trim_start_matches(&base).to_string(),
                r.clone(),
            )
        }));
    }
    let expand = median_time(21, || {
        let mut c = Command::new(&bin);
        c.args(["expand", COMMENT]);
        c
    })?;

    println!("Measured on {date} with `cargo xtask recognition`:\n");
    println!(
        "| measure | {} |",
        corpora
            .iter()
            .map(|c| c.name)
            .collect::<Vec<_>>()
            .join(" | ")
    );
    println!("|---|{}", "---|".repeat(corpora.len()));
    for (name, cells) in &rows {
        println!("| {name} | {} |", cells.join(" | "));
    }
    println!(
        "\nWhole-process `safety-dict expand` of one comment (median of 21): {}",
        ms(expand)
    );
    if !owed.is_empty() {
        println!("\nPhrasings seen twice or more that no entry reads and `dictionary/api-specific.toml` does not list:\n");
        for (corpus, at, r) in &owed {
            println!(
                "- {} × \"{}\" ({corpus}, first at {at})",
                r["count"],
                r["text"].as_str().unwrap_or_default(),
            );
        }
    }
    let stale = stale_rows(root, &listed_seen)?;
    if !stale.is_empty() {
        println!("\nRows of `dictionary/api-specific.toml` that no corpus shows twice any more (a grammar rule now reads or splits them; remove or update them):\n");
        for row in &stale {
            println!("- \"{row}\"");
        }
    }
    Ok(())
}

/// The listed API-specific phrasings that the lint met fewer than twice in every corpus.
fn stale_rows(root: &Path, seen: &[Value]) -> Result<Vec<String>, TaskError> {
    let files = safety_dict::files::Files::Disk(root.to_path_buf());
    let list = safety_dict::api_specific::load_for_lookup(&files)
        .map_err(|e| TaskError(format!("cannot load dictionary/api-specific.toml: {e}")))?;
    Ok(list
        .phrasings
        .iter()
        .filter(|p| {
            let key = safety_dict::api_specific::phrasing_key(&p.text);
            seen.iter().all(|s| s[&key].as_u64().unwrap_or(0) < 2)
        })
        .map(|p| p.text.clone())
        .collect())
}

/// The lint's `repeated_unrecognised`: every phrasing seen twice or more that is neither
/// recognised nor listed as API-specific.
fn repeated(s: &Value) -> Result<&Vec<Value>, TaskError> {
    s["repeated_unrecognised"]
        .as_array()
        .ok_or_else(|| TaskError("the lint's summary has no `repeated_unrecognised`".into()))
}
