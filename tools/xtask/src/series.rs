//! `cargo xtask kernel-series` (write the series) and the `kernel-series` test step (check it
//! with the kernel's own tools). The generator and the checks are the `kernel-series` crate;
//! this module only chooses paths and prints.

use std::path::{Path, PathBuf};
use std::time::Instant;

use kernel_series::{verify, Options};
use safety_dict::report::Report;

use crate::steps::TaskError;

fn err(e: impl std::fmt::Display) -> TaskError {
    TaskError(e.to_string())
}

/// Where the series goes unless `--out` says otherwise.
pub fn default_out(root: &Path) -> PathBuf {
    root.join("target/kernel-series")
}

/// `cargo xtask kernel-series [--out DIR] [--signoff 'Name <email>']`.
pub fn write(root: &Path, args: &[String]) -> Result<(), TaskError> {
    let mut out = default_out(root);
    let mut opts = Options::new(root);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| TaskError(format!("{a} needs a value")))
        };
        match a.as_str() {
            "--out" => out = PathBuf::from(value()?),
            "--signoff" => opts.signoff = Some(value()?),
            other => return Err(TaskError(format!("unknown option `{other}`"))),
        }
    }
    let series = kernel_series::generate(&opts).map_err(err)?;
    for p in series.write(&out).map_err(err)? {
        println!("{}", p.display());
    }
    Ok(())
}

fn timed<T>(what: &str, f: impl FnOnce() -> Result<T, TaskError>) -> Result<T, TaskError> {
    let start = Instant::now();
    let r = f();
    eprintln!(
        "kernel-series: {what}: {} in {:.1}s",
        if r.is_ok() { "ok" } else { "FAILED" },
        start.elapsed().as_secs_f64()
    );
    r
}

/// The test step: generate, apply, checkpatch, htmldocs, build the samples, boot each side.
pub fn check(root: &Path) -> Result<(), TaskError> {
    let out = default_out(root);
    let opts = Options::new(root);
    let patches = timed("generate", || {
        let series = kernel_series::generate(&opts).map_err(err)?;
        series.write(&out).map_err(err)
    })?;
    let patches: Vec<PathBuf> = patches
        .into_iter()
        .filter(|p| !p.to_string_lossy().ends_with("0000-cover-letter.patch"))
        .collect();
    let src = timed("unpack the 6.12 tree", || {
        verify::prepare_source(&opts.tarball).map_err(err)
    })?;
    timed("git am of each patch", || {
        verify::apply(&src, &patches).map_err(err)
    })?;
    timed("checkpatch.pl --strict", || {
        let problems = verify::checkpatch(&src, &patches).map_err(err)?;
        if problems.is_empty() {
            Ok(())
        } else {
            Err(TaskError(problems.join("\n")))
        }
    })?;
    let cache = kernel_series::base::cache_dir().map_err(err)?;
    timed("make SPHINXDIRS=rust htmldocs", || {
        let (warnings, log) = verify::htmldocs(&src, &cache.join("docs")).map_err(err)?;
        if warnings.is_empty() {
            Ok(())
        } else {
            Err(TaskError(format!(
                "Sphinx warns about the new pages (log: {}):\n{}",
                log.display(),
                warnings.join("\n")
            )))
        }
    })?;
    let dict = safety_dict::Dictionary::load(root).map_err(err)?;
    let examples = dict.examples();
    let jobs = std::thread::available_parallelism().map_or(2, |n| n.get());
    let build = timed("Kbuild of the patched tree and its samples", || {
        verify::build_samples(
            &src,
            &cache.join("build"),
            &root.join(qemu_harness::kernel::FRAGMENT),
            examples,
            jobs,
        )
        .map_err(err)
    })?;
    let report = timed("boot and judge each sample in QEMU", || {
        verify::boot_samples(&src, &build, examples, &out.join("boot"), &[]).map_err(err)
    })?;
    write_report(&out.join("report.json"), &report)?;
    let failed: Vec<String> = report
        .sides
        .iter()
        .filter(|s| !s.pass)
        .map(|s| qemu_harness::runner::result_lines(s).join("\n  "))
        .collect();
    println!(
        "kernel-series samples: {} passed, {} failed",
        report.sides.len() - failed.len(),
        failed.len()
    );
    if !failed.is_empty() {
        return Err(TaskError(format!(
            "samples that did not behave as declared:\n  {}",
            failed.join("\n  ")
        )));
    }
    // The same check must catch a pair whose sides are swapped.
    let victim = examples
        .iter()
        .find(|x| x.bad.spec.expect != safety_dict::model::Outcome::BuildFails)
        .map(|x| x.id.clone());
    if let Some(victim) = victim {
        timed("sabotage: a swapped pair must fail", || {
            let one: Vec<_> = examples
                .iter()
                .filter(|x| x.id == victim)
                .cloned()
                .collect();
            let r = verify::boot_samples(
                &src,
                &build,
                &one,
                &out.join("sabotage"),
                std::slice::from_ref(&victim),
            )
            .map_err(err)?;
            if r.sides.iter().all(|s| s.pass) {
                Err(TaskError(format!(
                    "`{victim}` passed with its sides swapped: the in-tree check does not catch a wrong outcome"
                )))
            } else {
                Ok(())
            }
        })?;
    }
    Ok(())
}

fn write_report(path: &Path, report: &Report) -> Result<(), TaskError> {
    let json = serde_json::to_string_pretty(report).map_err(err)?;
    std::fs::write(path, json + "\n")
        .map_err(|e| TaskError(format!("cannot write {}: {e}", path.display())))
}
