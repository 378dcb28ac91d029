//! The one installer of the project, shared by the task runner and the QEMU harness.
//!
//! - [`apt`]: installs the Debian packages that are missing. `apt-get update` runs at most once
//!   per process. The install is simulated first, and it is refused when it would remove a
//!   package the machine has (apt resolves some conflicts by removing packages; the error names
//!   them). A failure is retried only while another process holds the dpkg or apt lock.
//! - [`cargo_tool`]: `cargo install --locked` of an exact version, unless it answers already.

use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

#[derive(Debug, thiserror::Error)]
pub enum InstallError {
    #[error("cannot run `{command}`: {source}")]
    Spawn {
        command: String,
        source: std::io::Error,
    },
    #[error("`{command}` failed ({status}):\n{tail}")]
    Failed {
        command: String,
        status: String,
        tail: String,
    },
    #[error("installing {wanted} would remove {removed}, which the machine has; refusing (install a version that fits them instead)")]
    WouldRemove { wanted: String, removed: String },
    #[error("the dpkg lock was still held by another process after {0} s")]
    LockTimeout(u64),
}

pub type Result<T, E = InstallError> = std::result::Result<T, E>;

/// How long to wait for another apt or dpkg to release its lock.
pub const LOCK_WAIT: Duration = Duration::from_secs(600);

static UPDATED: AtomicBool = AtomicBool::new(false);

fn describe(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}

fn output(cmd: &mut Command) -> Result<Output> {
    cmd.stdin(Stdio::null())
        .output()
        .map_err(|source| InstallError::Spawn {
            command: describe(cmd),
            source,
        })
}

fn text(out: &Output) -> String {
    let mut s = String::from_utf8_lossy(&out.stdout).into_owned();
    s.push_str(&String::from_utf8_lossy(&out.stderr));
    s
}

fn failed(cmd: &Command, out: &Output) -> InstallError {
    let all = text(out);
    let lines: Vec<&str> = all.lines().collect();
    InstallError::Failed {
        command: describe(cmd),
        status: out.status.to_string(),
        tail: lines[lines.len().saturating_sub(25)..].join("\n"),
    }
}

/// Whether apt's or dpkg's output says another process holds its lock.
pub fn lock_held(output: &str) -> bool {
    output.contains("Could not get lock")
        || output.contains("Unable to acquire the dpkg frontend lock")
        || output.contains("Unable to lock directory")
        || output.contains("dpkg frontend lock was locked by another process")
}

/// The packages a simulated `apt-get install` (its `Remv` lines) would remove.
pub fn removals(simulation: &str) -> Vec<String> {
    simulation
        .lines()
        .filter_map(|l| l.strip_prefix("Remv "))
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

/// Whether a package is installed.
pub fn installed(package: &str) -> bool {
    Command::new("dpkg-query")
        .args(["-W", "-f=${Status}", package])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("install ok installed"))
}

/// The installed version of a package.
pub fn version(package: &str) -> Option<String> {
    let o = Command::new("dpkg-query")
        .args(["-W", "-f=${Version}", package])
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let v = String::from_utf8_lossy(&o.stdout).trim().to_string();
    (o.status.success() && !v.is_empty() && installed(package)).then_some(v)
}

/// `apt-get` as root: directly, or through `sudo -n` for another user.
fn apt_get() -> Command {
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    let mut c = if root || !std::path::Path::new("/usr/bin/sudo").exists() {
        Command::new("apt-get")
    } else {
        let mut s = Command::new("sudo");
        s.args(["-n", "apt-get"]);
        s
    };
    c.env("DEBIAN_FRONTEND", "noninteractive")
        .args(["-q", "-o", "DPkg::Lock::Timeout=60"]);
    c
}

/// Runs an apt-get command, retrying only while the lock is held by someone else.
fn run_apt(args: &[&str]) -> Result<String> {
    let start = Instant::now();
    loop {
        let mut c = apt_get();
        c.args(args);
        let out = output(&mut c)?;
        let all = text(&out);
        if out.status.success() {
            return Ok(all);
        }
        if !lock_held(&all) {
            return Err(failed(&c, &out));
        }
        if start.elapsed() >= LOCK_WAIT {
            return Err(InstallError::LockTimeout(LOCK_WAIT.as_secs()));
        }
        eprintln!("installer: another process holds the apt lock; waiting");
        std::thread::sleep(Duration::from_secs(5));
    }
}

/// Whether some apt source lists `suite`.
fn suite_listed(suite: &str) -> bool {
    let mut files = vec![std::path::PathBuf::from("/etc/apt/sources.list")];
    if let Ok(dir) = std::fs::read_dir("/etc/apt/sources.list.d") {
        files.extend(
            dir.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "list" || x == "sources")),
        );
    }
    files.iter().any(|f| {
        std::fs::read_to_string(f).is_ok_and(|t| {
            t.lines()
                .filter(|l| !l.trim_start().starts_with('#'))
                .any(|l| l.split_whitespace().any(|w| w == suite))
        })
    })
}

/// The deb822 source of one suite of the Debian archive.
pub fn suite_source(suite: &str) -> String {
    format!(
        "Types: deb\nURIs: http://deb.debian.org/debian\nSuites: {suite}\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n"
    )
}

/// Adds a Debian suite (such as `bookworm-backports`) to apt's sources unless it is listed;
/// returns whether it was added.
fn add_suite(suite: &str) -> Result<bool> {
    if suite_listed(suite) {
        return Ok(false);
    }
    let path = format!("/etc/apt/sources.list.d/safety-dict-{suite}.sources");
    eprintln!("installer: adding Debian's {suite} to apt's sources ({path})");
    std::fs::write(&path, suite_source(suite)).map_err(|source| InstallError::Spawn {
        command: format!("write {path}"),
        source,
    })?;
    Ok(true)
}

/// `apt-get update`, at most once per process.
pub fn update() -> Result<()> {
    if UPDATED.load(Ordering::SeqCst) {
        return Ok(());
    }
    eprintln!("installer: apt-get update");
    run_apt(&["update"])?;
    UPDATED.store(true, Ordering::SeqCst);
    Ok(())
}

/// Installs the packages that are missing, without recommends, never removing a package. A
/// request may name the Debian suite to take a package from (`pkg/bookworm-backports`); the
/// suite is added to apt's sources when it is not there.
pub fn apt(packages: &[&str]) -> Result<()> {
    let missing: Vec<&str> = packages
        .iter()
        .copied()
        .filter(|p| !installed(p.split('/').next().unwrap_or(p)))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let mut added = false;
    for p in &missing {
        if let Some((_, suite)) = p.split_once('/') {
            added |= add_suite(suite)?;
        }
    }
    if added {
        // The new suite's lists are needed even when this process updated already.
        UPDATED.store(false, Ordering::SeqCst);
    }
    update()?;
    // A package named with a suite is installed with that suite as apt's target release, so its
    // dependencies come from the same suite (backports' QEMU needs backports' firmware and data).
    let mut groups: Vec<(Option<&str>, Vec<&str>)> = Vec::new();
    for p in &missing {
        let (name, suite) = match p.split_once('/') {
            Some((name, suite)) => (name, Some(suite)),
            None => (*p, None),
        };
        match groups.iter_mut().find(|(s, _)| *s == suite) {
            Some((_, names)) => names.push(name),
            None => groups.push((suite, vec![name])),
        }
    }
    let commands: Vec<Vec<&str>> = groups
        .iter()
        .map(|(suite, names)| {
            let mut args = vec!["install", "-y", "--no-install-recommends"];
            if let Some(suite) = suite {
                args.extend(["-t", suite]);
            }
            args.extend(names);
            args
        })
        .collect();
    // Every plan is checked before anything is installed, so a refusal leaves the machine as it was.
    for args in &commands {
        let mut sim = vec!["-s"];
        sim.extend(args);
        let plan = run_apt(&sim)?;
        let removed = removals(&plan);
        if !removed.is_empty() {
            return Err(InstallError::WouldRemove {
                wanted: missing.join(" "),
                removed: removed.join(" "),
            });
        }
    }
    for args in &commands {
        eprintln!("installer: apt-get {}", args.join(" "));
        let mut real = vec!["--no-remove"];
        real.extend(args);
        run_apt(&real)?;
    }
    Ok(())
}

/// The first line `bin --version` prints, when it runs.
pub fn tool_version(bin: &str) -> Option<String> {
    let out = Command::new(bin)
        .arg("--version")
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Whether a `--version` line names exactly `version` (as a whole word).
pub fn names_version(line: &str, version: &str) -> bool {
    line.split(|c: char| c.is_whitespace() || c == 'v')
        .any(|w| w == version)
}

/// `cargo install --locked KRATE --version VERSION`, unless `bin --version` names that version.
pub fn cargo_tool(krate: &str, bin: &str, version: &str) -> Result<()> {
    if tool_version(bin).is_some_and(|v| names_version(&v, version)) {
        return Ok(());
    }
    cargo_install(krate, version)
}

/// `cargo install --locked KRATE --version VERSION`, output shown.
pub fn cargo_install(krate: &str, version: &str) -> Result<()> {
    eprintln!("installer: cargo install {krate} {version}");
    let mut c = Command::new("cargo");
    c.args(["install", "--locked", krate, "--version", version]);
    let status = c.status().map_err(|source| InstallError::Spawn {
        command: describe(&c),
        source,
    })?;
    if status.success() {
        Ok(())
    } else {
        Err(InstallError::Failed {
            command: describe(&c),
            status: status.to_string(),
            tail: "(output above)".into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_removals_and_locks() {
        let sim = "Inst qemu-system-common (1:7.2)\nRemv qemu-utils [1:10.0.2]\nConf x\n";
        assert_eq!(removals(sim), vec!["qemu-utils"]);
        assert!(removals("Inst a\nConf a\n").is_empty());
        assert!(lock_held(
            "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 12"
        ));
        assert!(!lock_held("E: Unable to locate package nope"));
    }

    #[test]
    fn versions_are_exact() {
        assert!(names_version("mdbook v0.5.4", "0.5.4"));
        assert!(names_version("bindgen 0.69.5", "0.69.5"));
        assert!(!names_version("mdbook v0.5.40", "0.5.4"));
        assert!(!names_version("bindgen 10.69.5", "0.69.5"));
    }
}
