//! Checking the series with the kernel's own tools, on a copy of Debian's 6.12 tree unpacked
//! under `~/.cache/safety-dict/kernel-series/` (never in the repository):
//!
//! 1. [`apply`]: `git am` of each patch, in order, onto the pristine tree;
//! 2. [`checkpatch`]: `scripts/checkpatch.pl --strict` on each patch;
//! 3. [`htmldocs`]: `make SPHINXDIRS=rust htmldocs`, no warning from the new pages;
//! 4. [`build_samples`] and [`boot_samples`]: the samples built as modules by the tree's Kbuild
//!    (the harness's kernel configuration plus the samples' symbols, in a build directory of
//!    its own), each side booted in QEMU and judged by the harness's `boot_and_judge`, the same
//!    function (and the same one retry of a VM that fails before loading the module) as the
//!    out-of-tree examples.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use qemu_harness::judge;
use qemu_harness::toolchain::Toolchain;
use safety_dict::model::Outcome;
use safety_dict::report::{Report, SideName, SideResult};
use safety_dict::Example;

use crate::base;
use crate::error::{Result, SeriesError};
use crate::run;
use crate::samples;

/// The unpacked tree, kept pristine in git between runs.
pub fn source_dir() -> Result<PathBuf> {
    Ok(base::cache_dir()?.join("linux"))
}

fn git(dir: &Path) -> Command {
    let mut c = Command::new("git");
    c.arg("-C")
        .arg(dir)
        .env("GIT_AUTHOR_NAME", "safety-dict")
        .env("GIT_AUTHOR_EMAIL", "safety-dict@localhost")
        .env("GIT_COMMITTER_NAME", "safety-dict")
        .env("GIT_COMMITTER_EMAIL", "safety-dict@localhost");
    c
}

/// Unpacks the tarball once (into a fresh directory, then moved in place) and commits it as
/// the base every run starts from.
pub fn prepare_source(tarball: &Path) -> Result<PathBuf> {
    let stamp = base::tarball_stamp(tarball)?;
    let dir = source_dir()?;
    let stamp_file = dir.join(".git/safety-dict-base");
    if std::fs::read_to_string(&stamp_file).is_ok_and(|s| s == stamp) {
        return Ok(dir);
    }
    let cache = base::cache_dir()?;
    std::fs::create_dir_all(&cache).map_err(|e| SeriesError::io("create", &cache, e))?;
    let tmp = cache.join("linux.unpacking");
    for d in [&tmp, &dir] {
        if d.exists() {
            std::fs::remove_dir_all(d).map_err(|e| SeriesError::io("remove", d, e))?;
        }
    }
    std::fs::create_dir_all(&tmp).map_err(|e| SeriesError::io("create", &tmp, e))?;
    eprintln!(
        "kernel-series: unpacking {} (about 2 minutes)",
        tarball.display()
    );
    run::checked(
        Command::new("nice")
            .args(["-n", "10", "tar", "-xJf"])
            .arg(tarball)
            .arg("-C")
            .arg(&tmp)
            .arg("--strip-components=1"),
    )?;
    std::fs::rename(&tmp, &dir).map_err(|e| SeriesError::io("rename", &dir, e))?;
    run::checked(git(&dir).args(["init", "-q"]))?;
    run::checked(git(&dir).args(["add", "-A", "-f"]))?;
    run::checked(git(&dir).args(["commit", "-q", "-m", "linux-source-6.12"]))?;
    std::fs::write(&stamp_file, stamp).map_err(|e| SeriesError::io("write", &stamp_file, e))?;
    Ok(dir)
}

/// Resets the tree to the base and applies every patch in order with `git am`.
pub fn apply(src: &Path, patches: &[PathBuf]) -> Result<()> {
    let _ = run::output(git(src).args(["am", "--abort"]));
    run::checked(git(src).args(["reset", "-q", "--hard", "HEAD"]))?;
    // Back to the base commit: the first commit of the repository.
    let base = run::checked(git(src).args(["rev-list", "--max-parents=0", "HEAD"]))?;
    let base = base.lines().next().unwrap_or("HEAD").trim().to_string();
    run::checked(git(src).args(["reset", "-q", "--hard", &base]))?;
    run::checked(git(src).args(["clean", "-q", "-fd"]))?;
    for p in patches {
        run::checked(git(src).arg("am").arg("-q").arg(p))
            .map_err(|e| SeriesError::Check(format!("{} does not apply: {e}", p.display())))?;
    }
    Ok(())
}

/// `checkpatch.pl --strict` on each patch; returns its complaints (none means clean).
pub fn checkpatch(src: &Path, patches: &[PathBuf]) -> Result<Vec<String>> {
    let mut problems = Vec::new();
    for p in patches {
        let out = run::output(
            Command::new("perl")
                .arg("scripts/checkpatch.pl")
                .args(["--strict", "--no-color", "--showfile"])
                .arg(p)
                .current_dir(src),
        )?;
        let text = run::text(&out);
        let total = text
            .lines()
            .find(|l| l.starts_with("total:"))
            .unwrap_or("")
            .to_string();
        if !out.status.success() || !total.starts_with("total: 0 errors, 0 warnings, 0 checks") {
            problems.push(format!("{}:\n{text}", p.display()));
        }
    }
    Ok(problems)
}

/// `make SPHINXDIRS=rust htmldocs` into `out`; returns the warnings about the new pages and
/// the path of the full log.
pub fn htmldocs(src: &Path, out: &Path) -> Result<(Vec<String>, PathBuf)> {
    std::fs::create_dir_all(out).map_err(|e| SeriesError::io("create", out, e))?;
    let o = run::output(
        Command::new("nice")
            .args(["-n", "10", "make", "-C"])
            .arg(src)
            .arg(format!("O={}", out.display()))
            .args(["SPHINXDIRS=rust", "htmldocs"]),
    )?;
    let text = run::text(&o);
    let log = out.join("htmldocs.log");
    std::fs::write(&log, &text).map_err(|e| SeriesError::io("write", &log, e))?;
    if !o.status.success() {
        return Err(SeriesError::Check(format!(
            "make htmldocs failed; log in {}",
            log.display()
        )));
    }
    let warnings = sphinx_warnings(&text);
    let page = out.join("Documentation/output/rust/safety-standard/index.html");
    if !page.is_file() {
        return Err(SeriesError::Check(format!(
            "htmldocs wrote no {}",
            page.display()
        )));
    }
    Ok((warnings, log))
}

/// The Sphinx warnings and errors of a log that concern the standard's pages.
pub fn sphinx_warnings(log: &str) -> Vec<String> {
    log.lines()
        .filter(|l| {
            (l.contains("WARNING") || l.contains("ERROR") || l.contains("CRITICAL"))
                && l.contains("safety-standard")
        })
        .map(str::to_string)
        .collect()
}

/// The `.config` lines that enable every sample that should build, as modules.
pub fn sample_config(examples: &[Example]) -> String {
    let mut s = String::from(
        "\n# The samples of the Rust Safety Standard.\nCONFIG_SAMPLES=y\nCONFIG_SAMPLES_RUST=y\n",
    );
    s.push_str(&format!(
        "CONFIG_{}=y\nCONFIG_{}=y\n",
        samples::MENU,
        samples::BAD_MENU
    ));
    for x in examples {
        for (side, spec) in [(SideName::Good, &x.good.spec), (SideName::Bad, &x.bad.spec)] {
            if spec.expect != Outcome::BuildFails {
                s.push_str(&format!("CONFIG_{}=m\n", samples::symbol(&x.id, side)));
            }
        }
    }
    s
}

/// The kernel build of the patched tree with its samples.
pub struct Build {
    pub dir: PathBuf,
    pub seconds: f64,
    pub log: PathBuf,
}

impl Build {
    pub fn bz_image(&self) -> PathBuf {
        self.dir.join("arch/x86/boot/bzImage")
    }

    pub fn module(&self, obj: &str) -> PathBuf {
        self.dir.join(samples::DIR).join(format!("{obj}.ko"))
    }
}

/// Configures (tinyconfig, the harness's fragment, the samples) and builds `bzImage` and the
/// modules in `dir`, with `make -j<jobs>` under `nice`. Incremental: a second run rebuilds
/// only what the patches changed.
pub fn build_samples(
    src: &Path,
    dir: &Path,
    fragment: &Path,
    examples: &[Example],
    jobs: usize,
) -> Result<Build> {
    let tc = Toolchain::find()?;
    std::fs::create_dir_all(dir).map_err(|e| SeriesError::io("create", dir, e))?;
    let log = dir.join("build.log");
    let _ = std::fs::remove_file(&log);
    let start = Instant::now();
    let make = |args: &[&str]| -> Result<()> {
        let mut c = Command::new("nice");
        c.args(["-n", "10", "make", "-C"])
            .arg(src)
            .arg(format!("O={}", dir.display()))
            .args(tc.make_vars())
            .args(args);
        let out = run::output(&mut c)?;
        let text = run::text(&out);
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log)
            .map_err(|e| SeriesError::io("open", &log, e))?;
        use std::io::Write as _;
        let _ = f.write_all(text.as_bytes());
        if out.status.success() {
            Ok(())
        } else {
            let lines: Vec<&str> = text.lines().collect();
            Err(SeriesError::Command {
                command: run::describe(&c),
                status: out.status.to_string(),
                tail: lines[lines.len().saturating_sub(40)..].join("\n"),
            })
        }
    };
    // The configuration is written afresh each time; `make` rebuilds only what it changes.
    let wanted = {
        let frag =
            std::fs::read_to_string(fragment).map_err(|e| SeriesError::io("read", fragment, e))?;
        format!("{frag}{}", sample_config(examples))
    };
    let stamp = dir.join(".safety-dict-config");
    if std::fs::read_to_string(&stamp).ok().as_deref() != Some(wanted.as_str())
        || !dir.join(".config").is_file()
    {
        make(&["tinyconfig"])?;
        let dot = dir.join(".config");
        let mut config =
            std::fs::read_to_string(&dot).map_err(|e| SeriesError::io("read", &dot, e))?;
        config.push('\n');
        config.push_str(&wanted);
        std::fs::write(&dot, config).map_err(|e| SeriesError::io("write", &dot, e))?;
        make(&["olddefconfig"])?;
        let got = std::fs::read_to_string(&dot).map_err(|e| SeriesError::io("read", &dot, e))?;
        let missing = qemu_harness::kernel::config_mismatches(&wanted, &got);
        if !missing.is_empty() {
            return Err(SeriesError::Check(format!(
                "the configuration did not stick:\n  {}",
                missing.join("\n  ")
            )));
        }
        std::fs::write(&stamp, &wanted).map_err(|e| SeriesError::io("write", &stamp, e))?;
    }
    make(&[&format!("-j{jobs}"), "bzImage", "modules"])?;
    Ok(Build {
        dir: dir.to_path_buf(),
        seconds: start.elapsed().as_secs_f64(),
        log,
    })
}

/// Tries to compile a side that is declared not to compile: its object alone, by Kbuild.
fn build_object(src: &Path, build: &Build, obj: &str) -> Result<(bool, String, f64)> {
    let tc = Toolchain::find()?;
    let start = Instant::now();
    let target = format!("{}/{obj}.o", samples::DIR);
    let _ = std::fs::remove_file(build.dir.join(&target));
    let out = run::output(
        Command::new("nice")
            .args(["-n", "10", "make", "-C"])
            .arg(src)
            .arg(format!("O={}", build.dir.display()))
            .args(tc.make_vars())
            .arg(&target),
    )?;
    let built = out.status.success() && build.dir.join(&target).is_file();
    Ok((built, run::text(&out), start.elapsed().as_secs_f64()))
}

/// Boots every side in QEMU (or, for a side declared not to compile, compiles it) and judges
/// it exactly as the out-of-tree harness does. `swap` exchanges the two sides' modules of the
/// named examples, to prove that a wrong outcome is caught.
pub fn boot_samples(
    src: &Path,
    build: &Build,
    examples: &[Example],
    work: &Path,
    swap: &[String],
) -> Result<Report> {
    let mut sides = Vec::new();
    for x in examples {
        for side in [SideName::Good, SideName::Bad] {
            let spec = match side {
                SideName::Good => &x.good.spec,
                SideName::Bad => &x.bad.spec,
            };
            let swapped = swap.contains(&x.id);
            let module_side = match (side, swapped) {
                (SideName::Good, true) => SideName::Bad,
                (SideName::Bad, true) => SideName::Good,
                (s, false) => s,
            };
            let obj = samples::object(&x.id, module_side);
            let dir = work.join(&obj);
            std::fs::create_dir_all(&dir).map_err(|e| SeriesError::io("create", &dir, e))?;
            let other = match module_side {
                SideName::Good => &x.good.spec,
                SideName::Bad => &x.bad.spec,
            };
            let result = |v: judge::Verdict, build_s: f64, boot: Option<f64>| SideResult {
                example: x.id.clone(),
                side,
                expected: spec.expect,
                observed: v.observed,
                observed_detail: v.detail,
                pass: v.pass,
                failure: v.failure,
                excerpt: v.excerpt,
                build_seconds: (build_s * 10.0).round() / 10.0,
                boot_seconds: boot.map(|b| (b * 10.0).round() / 10.0),
            };
            let ko = build.module(&obj);
            let (built, log, secs) = if other.expect == Outcome::BuildFails {
                build_object(src, build, &obj)?
            } else {
                (ko.is_file(), String::new(), 0.0)
            };
            if let Some(v) = judge::judge_build(spec, &log, built) {
                sides.push(result(v, secs, None));
                continue;
            }
            let name = format!("{}/{}", x.id, side.as_str());
            let (v, seconds) =
                qemu_harness::runner::boot_and_judge(&build.bz_image(), &ko, spec, &dir, &name)?;
            let r = result(v, secs, Some(seconds));
            eprintln!(
                "  [{}] {}",
                if r.pass { "ok" } else { "FAIL" },
                qemu_harness::runner::label(&r)
            );
            sides.push(r);
        }
    }
    Ok(Report {
        kernel_version: "6.12 (patched with the series)".into(),
        config_hash: String::new(),
        finished_at: qemu_harness::runner::rfc3339_now(),
        sides,
    })
}
