//! What the tests need, installed through the project's one installer (`tools/installer`, which
//! the QEMU harness uses too): pinned cargo tools, Debian packages, npm packages. Every step is
//! a no-op when the thing is already there.

use std::path::Path;
use std::process::Command;

use crate::steps::{run, TaskError};

pub const MDBOOK_VERSION: &str = "0.5.4";
pub const LINKCHECK2_VERSION: &str = "0.13.0";

/// Debian packages of the steps outside the harness: the development corpora (the kernel's
/// rust/ and the standard library's sources), the kernel's documentation tools (Sphinx;
/// checkpatch.pl needs only perl, which every Debian has), and the browser tests' Chromium.
pub const APT_PACKAGES: &[&str] = &[
    "linux-source-6.12",
    "xz-utils",
    "rust-web-src",
    "python3-sphinx",
    "chromium",
];

fn installed(e: installer::InstallError) -> TaskError {
    TaskError(e.to_string())
}

pub fn mdbook() -> Result<(), TaskError> {
    installer::cargo_tool("mdbook", "mdbook", MDBOOK_VERSION).map_err(installed)?;
    // linkcheck2 prints no version with --version on every release; check the binary exists.
    if Command::new("mdbook-linkcheck2")
        .arg("--help")
        .output()
        .is_ok_and(|o| o.status.success())
    {
        return Ok(());
    }
    installer::cargo_install("mdbook-linkcheck2", LINKCHECK2_VERSION).map_err(installed)
}

/// `apt-get install` of the packages that are not installed yet.
pub fn apt(packages: &[&str]) -> Result<(), TaskError> {
    installer::apt(packages).map_err(installed)
}

/// Everything `cargo xtask test` needs, and nothing else: the site's tools, the Debian
/// packages of every step (the harness's included), the harness's pinned bindgen, Node.js and
/// the browser tests' npm packages.
pub fn everything(root: &Path) -> Result<(), TaskError> {
    mdbook()?;
    let mut packages: Vec<&str> = APT_PACKAGES.to_vec();
    for p in qemu_harness::toolchain::apt_packages() {
        if !packages.contains(&p) {
            packages.push(p);
        }
    }
    apt(&packages)?;
    qemu_harness::toolchain::install_bindgen().map_err(|e| TaskError(e.to_string()))?;
    kernel_rust_tree()?;
    node()?;
    let site_tests = root.join("site-tests");
    if site_tests.join("package.json").is_file() {
        npm_ci(&site_tests)?;
    }
    Ok(())
}

const KERNEL_TARBALL: &str = "/usr/src/linux-source-6.12.tar.xz";

/// `rust/` of the kernel source package, unpacked once into
/// `~/.cache/safety-dict/linux-rust-6.12/linux-source-6.12/`: the development corpus that the
/// lint's kernel-tree test and the labelled sentences are checked against.
pub fn kernel_rust_tree() -> Result<std::path::PathBuf, TaskError> {
    let home = std::env::var_os("HOME")
        .map(std::path::PathBuf::from)
        .ok_or_else(|| TaskError("HOME is not set: no place for the kernel's rust/ tree".into()))?;
    let cache = home.join(".cache/safety-dict/linux-rust-6.12");
    let root = cache.join("linux-source-6.12");
    if root.join("rust/kernel/lib.rs").is_file() {
        return Ok(root.join("rust"));
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
    Ok(root.join("rust"))
}

/// Node.js and npm from Debian, unless an `npm` already answers (a Node.js from elsewhere,
/// such as NodeSource's, bundles its own npm and conflicts with Debian's package).
pub fn node() -> Result<(), TaskError> {
    if installer::tool_version("npm").is_some() {
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
