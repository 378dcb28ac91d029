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
/// The Debian package of [`QEMU`].
pub const QEMU_PACKAGE: &str = "qemu-system-x86";

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

/// The Debian packages the harness needs on this machine: [`APT_PACKAGES`], with QEMU taken
/// from the suite of the QEMU tools the machine already has (a machine with `qemu-utils` from
/// backports would otherwise lose it: apt removes it to fit an older `qemu-system-x86`).
pub fn apt_packages() -> Vec<&'static str> {
    let backports = installer::version("qemu-utils").is_some_and(|v| v.contains("bpo12"));
    APT_PACKAGES
        .iter()
        .map(|p| {
            if backports && *p == QEMU_PACKAGE {
                "qemu-system-x86/bookworm-backports"
            } else {
                p
            }
        })
        .collect()
}

/// Debian packages of [`apt_packages`] that are not installed.
pub fn missing_packages() -> Vec<&'static str> {
    apt_packages()
        .into_iter()
        .filter(|p| !installer::installed(p.split('/').next().unwrap_or(p)))
        .collect()
}

/// Installs missing Debian packages with the project's installer.
pub fn install_packages(packages: &[&str]) -> Result<()> {
    if packages.is_empty() {
        eprintln!("apt packages: all present");
        return Ok(());
    }
    installer::apt(packages).map_err(|e| HarnessError::Setup(e.to_string()))
}

/// Installs the pinned bindgen-cli with cargo when it is not there.
pub fn install_bindgen() -> Result<()> {
    if let Some(p) = find_bindgen() {
        eprintln!("bindgen {BINDGEN_VERSION}: present at {}", p.display());
        return Ok(());
    }
    installer::cargo_install("bindgen-cli", BINDGEN_VERSION)
        .map_err(|e| HarnessError::Setup(e.to_string()))
}
