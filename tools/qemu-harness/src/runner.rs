//! `run`: build every selected side, boot those that should boot, judge, report.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

use safety_dict::model::{Outcome, RawSide};
use safety_dict::report::{Report, SideName, SideResult};

use crate::cmd::Ended;
use crate::error::{HarnessError, Result};
use crate::examples::{self, Example};
use crate::judge::{self, Verdict};
use crate::kernel::Kernel;
use crate::toolchain::{self, Toolchain};
use crate::{initramfs, modbuild, qemu};

/// What `run` was asked to do.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RunOptions {
    /// Only these example ids (all when empty).
    pub only: Vec<String>,
    /// Build these examples with `good.rs` and `bad.rs` exchanged.
    pub swap: Vec<String>,
    /// Where to write the JSON report (default: `target/qemu-examples/report.json`).
    pub report: Option<PathBuf>,
    /// Parallel jobs (default: the number of CPUs).
    pub jobs: Option<usize>,
}

struct Job<'a> {
    example: &'a Example,
    side: SideName,
    swapped: bool,
    /// The module, when the batch build made it, with this side's share of the batch time.
    prebuilt: Option<(PathBuf, f64)>,
}

/// Builds every side that should build in one batch; on success each job gets its module.
/// Sides declared `build-fails`, and every side when the batch fails, are built one by one
/// later, so that each build log belongs to one side.
fn prebuild(
    kernel: &Kernel,
    tc: &Toolchain,
    scratch: &Path,
    queue: &mut VecDeque<Job<'_>>,
    jobs: usize,
) -> Result<()> {
    let mut items = Vec::new();
    let mut owners = Vec::new();
    for (i, job) in queue.iter().enumerate() {
        let side = job.example.side(job.side);
        if side.expect == Outcome::BuildFails {
            continue;
        }
        items.push(modbuild::BatchItem {
            source: job.example.source(job.side, job.swapped),
            object: format!(
                "{}_{}{}",
                job.example.module_name(),
                job.side.as_str(),
                if job.swapped { "_swapped" } else { "" }
            ),
            rustflags: side.rustflags.clone(),
        });
        owners.push(i);
    }
    if items.is_empty() {
        return Ok(());
    }
    let batch = modbuild::build_batch(kernel, tc, &items, &scratch.join("batch"), jobs)?;
    let built = batch.modules.iter().filter(|m| m.is_some()).count();
    eprintln!(
        "batch build: {built}/{} modules in {:.1} s",
        items.len(),
        batch.seconds
    );
    if built < items.len() {
        eprintln!(
            "batch build failed (log: {}); building each side alone",
            batch.log.display()
        );
        return Ok(());
    }
    let share = batch.seconds / items.len() as f64;
    for (ko, i) in batch.modules.into_iter().zip(owners) {
        if let (Some(ko), Some(job)) = (ko, queue.get_mut(i)) {
            job.prebuilt = Some((ko, share));
        }
    }
    Ok(())
}

/// Runs the examples; returns the report (also written to disk).
pub fn run(root: &Path, opts: &RunOptions) -> Result<Report> {
    // A fresh machine: install and build what is missing first, so that `run` alone runs the
    // whole chain.
    let packages_there = crate::toolchain::missing_packages().is_empty();
    let found = Kernel::locate(root)
        .ok()
        .filter(|k| packages_there && k.is_built())
        .zip(Toolchain::find().ok());
    let (kernel, tc) = match found {
        Some(found) => found,
        None => {
            eprintln!("packages, the toolchain or the kernel are missing: running `setup` first");
            crate::setup(root)?;
            let kernel = Kernel::locate(root)?;
            kernel.require_built()?;
            (kernel, Toolchain::find()?)
        }
    };
    let all = examples::load_all(root)?;
    for id in opts.only.iter().chain(&opts.swap) {
        if !all.iter().any(|e| &e.id == id) {
            return Err(HarnessError::Usage(format!(
                "no example `{id}` under examples/"
            )));
        }
    }
    let selected: Vec<&Example> = all
        .iter()
        .filter(|e| opts.only.is_empty() || opts.only.contains(&e.id))
        .collect();
    let scratch = root.join("target/qemu-examples");
    let mut queue = VecDeque::new();
    for e in &selected {
        for side in [SideName::Good, SideName::Bad] {
            queue.push_back(Job {
                example: e,
                side,
                swapped: opts.swap.contains(&e.id),
                prebuilt: None,
            });
        }
    }
    let total = queue.len();
    let jobs = opts
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()))
        .max(1);
    eprintln!(
        "running {total} sides of {} examples on Linux {} (config {}), {jobs} at a time",
        selected.len(),
        kernel.version,
        kernel.config_hash
    );
    let start = Instant::now();
    prebuild(&kernel, &tc, &scratch, &mut queue, jobs)?;
    let queue = Mutex::new(queue.into_iter().enumerate().collect::<VecDeque<_>>());
    let results: Mutex<Vec<(usize, Result<SideResult>)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| loop {
                let next = queue.lock().map(|mut q| q.pop_front()).unwrap_or(None);
                let Some((i, job)) = next else { break };
                let r = run_side(&kernel, &tc, &scratch, &job);
                if let Ok(r) = &r {
                    eprintln!("  [{}] {}", if r.pass { "ok" } else { "FAIL" }, label(r));
                }
                if let Ok(mut v) = results.lock() {
                    v.push((i, r));
                }
            });
        }
    });
    let mut results = results
        .into_inner()
        .map_err(|_| HarnessError::Setup("a worker thread panicked".into()))?;
    results.sort_by_key(|(i, _)| *i);
    let mut sides = Vec::new();
    for (_, r) in results {
        sides.push(r?);
    }
    eprintln!("all sides done in {:.1} s", start.elapsed().as_secs_f64());
    let report = Report {
        kernel_version: kernel.version.clone(),
        config_hash: kernel.config_hash.clone(),
        finished_at: rfc3339_now(),
        sides,
    };
    let path = opts
        .report
        .clone()
        .unwrap_or_else(|| root.join(safety_dict::report::DEFAULT_REPORT_PATH));
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| HarnessError::io("create", parent, e))?;
    }
    let json = serde_json::to_string_pretty(&report)?;
    std::fs::write(&path, json + "\n").map_err(|e| HarnessError::io("write", &path, e))?;
    eprintln!("report written to {}", path.display());
    Ok(report)
}

fn run_side(kernel: &Kernel, tc: &Toolchain, scratch: &Path, job: &Job<'_>) -> Result<SideResult> {
    let ex = job.example;
    let side = ex.side(job.side);
    let work = scratch.join(&ex.id).join(if job.swapped {
        format!("{}-swapped", job.side.as_str())
    } else {
        job.side.as_str().to_owned()
    });
    let built = match &job.prebuilt {
        Some((ko, secs)) => {
            std::fs::create_dir_all(&work).map_err(|e| HarnessError::io("create", &work, e))?;
            modbuild::Built {
                ko: Some(ko.clone()),
                log: String::new(),
                seconds: *secs,
            }
        }
        None => {
            let source = ex.source(job.side, job.swapped);
            modbuild::build(
                kernel,
                tc,
                &source,
                &ex.module_name(),
                &side.rustflags,
                &work,
            )?
        }
    };
    let result = |v: Verdict, boot: Option<f64>| SideResult {
        example: ex.id.clone(),
        side: job.side,
        expected: side.expect,
        observed: v.observed,
        observed_detail: v.detail,
        pass: v.pass,
        failure: v.failure,
        excerpt: v.excerpt,
        build_seconds: round1(built.seconds),
        boot_seconds: boot.map(round1),
    };
    if let Some(v) = judge::judge_build(side, &built.log, built.ko.is_some()) {
        return Ok(result(v, None));
    }
    let Some(ko) = built.ko.as_deref() else {
        return Err(HarnessError::Setup("module built without a .ko".into()));
    };
    let name = format!("{}/{}", ex.id, job.side.as_str());
    let (v, seconds) = boot_and_judge(&kernel.bz_image(), ko, side, &work, &name)?;
    Ok(result(v, Some(seconds)))
}

/// Boots `ko` in an initramfs under `bz_image` (files in `work`) and judges the serial log
/// against `side`. Returns the verdict and the boot's seconds. Both the out-of-tree harness
/// and the in-tree samples of the kernel series boot through here, so they judge alike.
pub fn boot_and_judge(
    bz_image: &Path,
    ko: &Path,
    side: &RawSide,
    work: &Path,
    name: &str,
) -> Result<(Verdict, f64)> {
    let initrd = work.join("initramfs.cpio");
    initramfs::write(Path::new(toolchain::BUSYBOX), ko, &initrd)?;
    let serial = work.join("serial.log");
    let mut attempt = 1;
    loop {
        let boot = qemu::boot(bz_image, &initrd, &serial)?;
        let bytes = std::fs::read(&serial).map_err(|e| HarnessError::io("read", &serial, e))?;
        let log = String::from_utf8_lossy(&bytes);
        // A VM that never reached the begin marker says nothing about the module: boot it
        // once more before judging (the failed log is kept beside the new one).
        if attempt == 1 && !log.contains(initramfs::BEGIN_MARKER) {
            let kept = work.join("serial.attempt1.log");
            std::fs::rename(&serial, &kept).map_err(|e| HarnessError::io("rename", &kept, e))?;
            eprintln!(
                "  {name}: the VM failed before loading the module; booting again (log: {})",
                kept.display()
            );
            attempt += 1;
            continue;
        }
        let timed_out = boot.ended == Ended::TimedOut;
        let v = judge::judge_boot(side, &log, timed_out, qemu::BOOT_TIMEOUT.as_secs());
        return Ok((v, boot.seconds));
    }
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// `example/side: expected X, observed Y (detail)`.
pub fn label(r: &SideResult) -> String {
    let observed = r.observed.map_or("nothing", Outcome::as_str);
    let detail = r
        .observed_detail
        .as_deref()
        .map(|d| format!(" ({})", shorten(d, 90)))
        .unwrap_or_default();
    format!(
        "{}/{}: expected {}, observed {}{}",
        r.example,
        r.side.as_str(),
        r.expected,
        observed,
        detail
    )
}

fn shorten(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_owned()
    } else {
        let cut: String = s.chars().take(n).collect();
        format!("{cut}…")
    }
}

/// The one line per side the task runner shows, and for failures the reason and excerpt.
pub fn result_lines(r: &SideResult) -> Vec<String> {
    let timing = match r.boot_seconds {
        Some(b) => format!("build {:.1} s, boot {:.1} s", r.build_seconds, b),
        None => format!("build {:.1} s, not booted", r.build_seconds),
    };
    let mut out = vec![format!(
        "{} {}  [{}]",
        if r.pass { "PASS" } else { "FAIL" },
        label(r),
        timing
    )];
    if !r.pass {
        if let Some(f) = &r.failure {
            out.push(format!("       why: {f}"));
        }
        for l in &r.excerpt {
            out.push(format!("       | {l}"));
        }
    }
    out
}

/// The current UTC time as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn rfc3339_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    rfc3339(secs)
}

pub fn rfc3339(secs: u64) -> String {
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let rem = secs % 86_400;
    // Civil-from-days (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_format() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339(1_796_288_400), "2026-12-03T09:00:00Z");
    }
}
