//! Installing what the project needs when it is missing: pinned cargo tools, Debian packages,
//! npm packages. Every step is a no-op when the thing is already there.

use std::path::Path;
use std::process::Command;

use crate::steps::{run, TaskError};

pub const MDBOOK_VERSION: &str = "0.5.4";
pub const LINKCHECK2_VERSION: &str = "0.13.0";

fn version_of(bin: &str) -> Option<String> {
    let out = Command::new(bin).arg("--version").output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// `cargo install --locked` of an exact version unless that version answers already.
pub fn cargo_tool(krate: &str, bin: &str, version: &str) -> Result<(), TaskError> {
    if version_of(bin).is_some_and(|v| v.contains(version)) {
        return Ok(());
    }
    eprintln!("xtask: installing {krate} {version}");
    run(Command::new("cargo").args(["install", "--locked", krate, "--version", version]))
}

pub fn mdbook() -> Result<(), TaskError> {
    cargo_tool("mdbook", "mdbook", MDBOOK_VERSION)?;
    // linkcheck2 prints no version with --version on every release; check the binary exists.
    if Command::new("mdbook-linkcheck2")
        .arg("--help")
        .output()
        .is_ok_and(|o| o.status.success())
    {
        return Ok(());
    }
    eprintln!("xtask: installing mdbook-linkcheck2 {LINKCHECK2_VERSION}");
    run(Command::new("cargo").args([
        "install",
        "--locked",
        "mdbook-linkcheck2",
        "--version",
        LINKCHECK2_VERSION,
    ]))
}

fn dpkg_installed(pkg: &str) -> bool {
    Command::new("dpkg-query")
        .args(["-W", "-f=${Status}", pkg])
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("install ok installed"))
}

/// `apt-get install` of the packages that are not installed yet (one `apt-get update` first).
pub fn apt(packages: &[&str]) -> Result<(), TaskError> {
    let missing: Vec<&str> = packages
        .iter()
        .copied()
        .filter(|p| !dpkg_installed(p))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    eprintln!("xtask: apt-get install {}", missing.join(" "));
    run(Command::new("apt-get").arg("update").arg("-q"))?;
    run(Command::new("apt-get")
        .args(["install", "-y", "-q", "--no-install-recommends"])
        .args(&missing)
        .env("DEBIAN_FRONTEND", "noninteractive"))
}

const KERNEL_TARBALL: &str = "/usr/src/linux-source-6.12.tar.xz";

/// `rust/` of the kernel source package, unpacked once into
/// `~/.cache/safety-dict/linux-rust-6.12/linux-source-6.12/`: the development corpus that the
/// lint's kernel-tree test and the labelled sentences are checked against.
pub fn kernel_rust_tree() -> Result<(), TaskError> {
    let home = std::env::var_os("HOME")
        .map(std::path::PathBuf::from)
        .ok_or_else(|| TaskError("HOME is not set: no place for the kernel's rust/ tree".into()))?;
    let cache = home.join(".cache/safety-dict/linux-rust-6.12");
    let root = cache.join("linux-source-6.12");
    if root.join("rust/kernel/lib.rs").is_file() {
        return Ok(());
    }
    eprintln!(
        "xtask: unpacking rust/ of {KERNEL_TARBALL} into {}",
        cache.display()
    );
    // Into a fresh directory first, then moved in place, so nobody ever sees half a tree.
    let tmp = cache.with_extension(format!("tmp-{}", std::process::id()));
    std::fs::create_dir_all(&tmp)
        .map_err(|e| TaskError(format!("cannot create {}: {e}", tmp.display())))?;
    run(Command::new("tar")
        .arg("-xJf")
        .arg(KERNEL_TARBALL)
        .arg("-C")
        .arg(&tmp)
        .args(["--wildcards", "*/rust/*"]))?;
    std::fs::create_dir_all(&cache)
        .map_err(|e| TaskError(format!("cannot create {}: {e}", cache.display())))?;
    std::fs::rename(tmp.join("linux-source-6.12"), &root)
        .map_err(|e| TaskError(format!("cannot move the tree to {}: {e}", root.display())))?;
    let _ = std::fs::remove_dir_all(&tmp);
    Ok(())
}

/// Node.js and npm from Debian, unless an `npm` already answers (a Node.js from elsewhere,
/// such as NodeSource's, bundles its own npm and conflicts with Debian's package).
pub fn node() -> Result<(), TaskError> {
    if version_of("npm").is_some() {
        return Ok(());
    }
    apt(&["nodejs", "npm"])
}

/// `npm ci` in a directory whose node_modules is missing or older than its lock file.
pub fn npm_ci(dir: &Path) -> Result<(), TaskError> {
    let lock = dir.join("package-lock.json");
    let marker = dir.join("node_modules/.package-lock.json");
    let fresh = match (std::fs::metadata(&lock), std::fs::metadata(&marker)) {
        (Ok(l), Ok(m)) => match (l.modified(), m.modified()) {
            (Ok(l), Ok(m)) => m >= l,
            _ => false,
        },
        _ => false,
    };
    if fresh {
        return Ok(());
    }
    run(Command::new("npm")
        .args(["ci", "--no-audit", "--no-fund"])
        .current_dir(dir))
}
