//! Where the pieces the harness needs live on a Debian machine, and how to install them.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cmd;
use crate::error::{HarnessError, Result};

/// Debian packages the kernel build, the module builds and the boots need.
pub const APT_PACKAGES: &[&str] = &[
    "linux-source-6.12",
    "rustc-web",
    "rust-web-src",
    "clang",
    "lld",
    "llvm",
    "qemu-system-x86",
    "busybox-static",
    "cpio",
    "bc",
    "flex",
    "bison",
    "libelf-dev",
    "libssl-dev",
    "make",
    "xz-utils",
];

/// The Debian package holding the kernel source tarball.
pub const KERNEL_SOURCE_PACKAGE: &str = "linux-source-6.12";
pub const KERNEL_TARBALL: &str = "/usr/src/linux-source-6.12.tar.xz";
/// Debian's rustc for the kernel: the rustup toolchain earlier on PATH is another compiler whose
/// crates do not mix with the kernel's (E0514).
pub const RUSTC: &str = "/usr/bin/rustc";
/// Debian's bindgen is too old for 6.12; this one is installed with cargo.
pub const BINDGEN_VERSION: &str = "0.69.5";
pub const BUSYBOX: &str = "/bin/busybox";
pub const QEMU: &str = "qemu-system-x86_64";

/// The tools of one machine, resolved.
#[derive(Debug, Clone)]
pub struct Toolchain {
    pub bindgen: PathBuf,
    pub rust_lib_src: PathBuf,
}

impl Toolchain {
    /// Finds the installed tools; an error names what is missing and how to get it.
    pub fn find() -> Result<Toolchain> {
        if !Path::new(RUSTC).exists() {
            return Err(missing(RUSTC));
        }
        let bindgen = find_bindgen().ok_or_else(|| missing("bindgen-cli"))?;
        let rust_lib_src = find_rust_lib_src().ok_or_else(|| missing("rust-web-src"))?;
        Ok(Toolchain {
            bindgen,
            rust_lib_src,
        })
    }

    /// The variables every `make` in the kernel tree gets: the kernel and each module must be
    /// built by the same compiler.
    pub fn make_vars(&self) -> Vec<String> {
        vec![
            "LLVM=1".to_owned(),
            format!("RUSTC={RUSTC}"),
            format!("HOSTRUSTC={RUSTC}"),
            format!("BINDGEN={}", self.bindgen.display()),
            format!("RUST_LIB_SRC={}", self.rust_lib_src.display()),
        ]
    }

    /// A `make` command in `dir` with [`Toolchain::make_vars`].
    pub fn make(&self, dir: &Path) -> Command {
        let mut c = Command::new("make");
        c.arg("-C").arg(dir).args(self.make_vars());
        c
    }
}

fn missing(what: &str) -> HarnessError {
    HarnessError::Setup(format!(
        "{what} is missing: run `cargo run --release -p qemu-harness -- setup`"
    ))
}

/// `~/.cargo/bin/bindgen` or a `bindgen` on PATH, if it is the pinned version.
pub fn find_bindgen() -> Option<PathBuf> {
    let mut candidates = Vec::new();
    if let Some(home) = cargo_home() {
        candidates.push(home.join("bin/bindgen"));
    }
    if let Some(path) = std::env::var_os("PATH") {
        candidates.extend(std::env::split_paths(&path).map(|p| p.join("bindgen")));
    }
    candidates.into_iter().find(|p| {
        p.exists()
            && cmd::query(&p.to_string_lossy(), &["--version"])
                .is_some_and(|v| v.split_whitespace().any(|w| w == BINDGEN_VERSION))
    })
}

fn cargo_home() -> Option<PathBuf> {
    std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
}

/// The Rust library source matching [`RUSTC`]: `/usr/src/rustc-<version>/library`.
pub fn find_rust_lib_src() -> Option<PathBuf> {
    let version = cmd::query(RUSTC, &["--version"])?;
    let number = version.split_whitespace().nth(1)?;
    let dir = PathBuf::from(format!("/usr/src/rustc-{number}/library"));
    dir.join("core").is_dir().then_some(dir)
}

/// Debian packages of [`APT_PACKAGES`] that are not installed.
pub fn missing_packages() -> Vec<&'static str> {
    APT_PACKAGES
        .iter()
        .copied()
        .filter(|p| {
            cmd::query("dpkg-query", &["-W", "-f=${Status}", p])
                .is_none_or(|s| !s.contains("install ok installed"))
        })
        .collect()
}

/// Installs missing Debian packages, waiting while another apt holds the dpkg lock.
pub fn install_packages(packages: &[&str]) -> Result<()> {
    if packages.is_empty() {
        eprintln!("apt packages: all present");
        return Ok(());
    }
    eprintln!("apt packages: installing {}", packages.join(" "));
    let mut last = None;
    for attempt in 1..=60 {
        let mut c = Command::new("apt-get");
        c.env("DEBIAN_FRONTEND", "noninteractive")
            .args(["install", "-y", "--no-install-recommends"])
            .args(packages);
        if let Some(root) = sudo_prefix() {
            let mut s = Command::new(root);
            s.arg("-n").arg("apt-get");
            s.env("DEBIAN_FRONTEND", "noninteractive")
                .args(["install", "-y", "--no-install-recommends"])
                .args(packages);
            c = s;
        }
        match cmd::run_visible(&mut c) {
            Ok(()) => return Ok(()),
            Err(e) => {
                // Usually the dpkg lock held by a concurrent apt-get; wait and retry.
                eprintln!("apt-get failed (attempt {attempt}/60), retrying in 10 s");
                last = Some(e);
                std::thread::sleep(std::time::Duration::from_secs(10));
            }
        }
    }
    Err(last.unwrap_or_else(|| HarnessError::Setup("apt-get failed".into())))
}

/// `sudo` when not root and sudo exists.
fn sudo_prefix() -> Option<&'static str> {
    let uid = cmd::query("id", &["-u"])?;
    (uid.trim() != "0" && Path::new("/usr/bin/sudo").exists()).then_some("sudo")
}

/// Installs the pinned bindgen-cli with cargo when it is not there.
pub fn install_bindgen() -> Result<()> {
    if let Some(p) = find_bindgen() {
        eprintln!("bindgen {BINDGEN_VERSION}: present at {}", p.display());
        return Ok(());
    }
    eprintln!("bindgen {BINDGEN_VERSION}: installing with cargo");
    cmd::run_visible(Command::new("cargo").args([
        "install",
        "bindgen-cli",
        "--version",
        BINDGEN_VERSION,
        "--locked",
    ]))
}
