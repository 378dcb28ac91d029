//! The kernel the examples run on: unpacked from Debian's source tarball, configured from the
//! committed fragment over `tinyconfig`, built once into a cache keyed by version and config hash.

use std::path::{Path, PathBuf};
use std::time::Instant;

use sha2::{Digest, Sha256};

use crate::cmd;
use crate::error::{HarnessError, Result};
use crate::toolchain::{self, Toolchain};

/// The fragment, relative to the repository root.
pub const FRAGMENT: &str = "qemu-examples/kernel.config";
/// Written into the tree once `bzImage` and `modules` (hence `Module.symvers`) have succeeded.
const STAMP: &str = ".safety-dict-built";

#[derive(Debug, Clone)]
pub struct Kernel {
    /// e.g. `6.12.118`
    pub version: String,
    /// First 12 hex digits of the SHA-256 of the fragment.
    pub config_hash: String,
    /// The kernel tree (`<cache>/<version>-<hash>/linux`).
    pub tree: PathBuf,
    pub fragment: PathBuf,
}

impl Kernel {
    /// Where the kernel for this repository's fragment lives, built or not.
    pub fn locate(root: &Path) -> Result<Kernel> {
        let fragment = root.join(FRAGMENT);
        let text = std::fs::read(&fragment).map_err(|e| HarnessError::io("read", &fragment, e))?;
        let config_hash = config_hash(&text);
        let version = source_version()?;
        let tree = cache_root()?
            .join(format!("{version}-{config_hash}"))
            .join("linux");
        Ok(Kernel {
            version,
            config_hash,
            tree,
            fragment,
        })
    }

    pub fn bz_image(&self) -> PathBuf {
        self.tree.join("arch/x86/boot/bzImage")
    }

    pub fn is_built(&self) -> bool {
        self.tree.join(STAMP).exists() && self.bz_image().exists()
    }

    /// Errors unless [`Kernel::is_built`].
    pub fn require_built(&self) -> Result<()> {
        if self.is_built() {
            Ok(())
        } else {
            Err(HarnessError::KernelMissing(self.tree.clone()))
        }
    }

    /// Unpacks, configures, verifies and builds the kernel unless already built. Returns the
    /// seconds spent (0 when the cache was used).
    pub fn ensure_built(&self, tc: &Toolchain) -> Result<f64> {
        if self.is_built() {
            eprintln!(
                "kernel {} (config {}): cached in {}",
                self.version,
                self.config_hash,
                self.tree.display()
            );
            return Ok(0.0);
        }
        let start = Instant::now();
        let parent = self
            .tree
            .parent()
            .ok_or_else(|| HarnessError::Setup("kernel cache path has no parent".into()))?;
        std::fs::create_dir_all(parent).map_err(|e| HarnessError::io("create", parent, e))?;
        let log = parent.join("build.log");
        if !self.tree.join("Makefile").exists() {
            eprintln!(
                "kernel: unpacking {} into {}",
                toolchain::KERNEL_TARBALL,
                self.tree.display()
            );
            let tmp = parent.join("linux.unpacking");
            if tmp.exists() {
                std::fs::remove_dir_all(&tmp).map_err(|e| HarnessError::io("remove", &tmp, e))?;
            }
            std::fs::create_dir_all(&tmp).map_err(|e| HarnessError::io("create", &tmp, e))?;
            cmd::run_checked(
                std::process::Command::new("tar")
                    .arg("-xf")
                    .arg(toolchain::KERNEL_TARBALL)
                    .arg("-C")
                    .arg(&tmp)
                    .arg("--strip-components=1"),
                &log,
            )?;
            std::fs::rename(&tmp, &self.tree)
                .map_err(|e| HarnessError::io("rename", &self.tree, e))?;
        }
        eprintln!(
            "kernel: configuring (tinyconfig + {FRAGMENT}); log in {}",
            log.display()
        );
        cmd::run_checked(tc.make(&self.tree).arg("rustavailable"), &log)?;
        cmd::run_checked(tc.make(&self.tree).arg("tinyconfig"), &log)?;
        let dot_config = self.tree.join(".config");
        let mut config = std::fs::read_to_string(&dot_config)
            .map_err(|e| HarnessError::io("read", &dot_config, e))?;
        let fragment = std::fs::read_to_string(&self.fragment)
            .map_err(|e| HarnessError::io("read", &self.fragment, e))?;
        config.push('\n');
        config.push_str(&fragment);
        std::fs::write(&dot_config, config)
            .map_err(|e| HarnessError::io("write", &dot_config, e))?;
        cmd::run_checked(tc.make(&self.tree).arg("olddefconfig"), &log)?;
        self.verify_config()?;
        let jobs = std::thread::available_parallelism().map_or(2, |n| n.get());
        eprintln!("kernel: building bzImage with -j{jobs} (6-9 min on 2 cores)");
        cmd::run_checked(
            tc.make(&self.tree)
                .arg(format!("-j{jobs}"))
                .args(["bzImage", "modules"]),
            &log,
        )?;
        let stamp = self.tree.join(STAMP);
        std::fs::write(&stamp, format!("{}\n", self.config_hash))
            .map_err(|e| HarnessError::io("write", &stamp, e))?;
        let secs = start.elapsed().as_secs_f64();
        eprintln!("kernel: built in {secs:.0} s");
        Ok(secs)
    }

    /// Every option the fragment sets must be set in the resulting `.config`.
    pub fn verify_config(&self) -> Result<()> {
        let fragment = std::fs::read_to_string(&self.fragment)
            .map_err(|e| HarnessError::io("read", &self.fragment, e))?;
        let dot_config = self.tree.join(".config");
        let config = std::fs::read_to_string(&dot_config)
            .map_err(|e| HarnessError::io("read", &dot_config, e))?;
        let problems = config_mismatches(&fragment, &config);
        if problems.is_empty() {
            Ok(())
        } else {
            Err(HarnessError::Config(format!(
                "{} did not stick after olddefconfig (a dependency is missing):\n  {}",
                problems.len(),
                problems.join("\n  ")
            )))
        }
    }
}

/// First 12 hex digits of the SHA-256 of the fragment.
pub fn config_hash(fragment: &[u8]) -> String {
    let digest = Sha256::digest(fragment);
    digest.iter().take(6).map(|b| format!("{b:02x}")).collect()
}

/// Fragment settings (`CONFIG_X=v` and `# CONFIG_X is not set`) missing from a `.config`.
pub fn config_mismatches(fragment: &str, config: &str) -> Vec<String> {
    let set: std::collections::HashSet<&str> = config.lines().map(str::trim).collect();
    let mut problems = Vec::new();
    for line in fragment.lines().map(str::trim) {
        if line.starts_with("CONFIG_") {
            if !set.contains(line) {
                problems.push(format!("wanted `{line}`"));
            }
        } else if let Some(name) = line
            .strip_prefix("# ")
            .and_then(|l| l.strip_suffix(" is not set"))
        {
            if config.lines().any(|l| l.starts_with(&format!("{name}="))) {
                problems.push(format!("wanted `{name}` unset"));
            }
        }
    }
    problems
}

/// `$XDG_CACHE_HOME/safety-dict/kernel` or `~/.cache/safety-dict/kernel`.
pub fn cache_root() -> Result<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .ok_or_else(|| HarnessError::Setup("neither XDG_CACHE_HOME nor HOME is set".into()))?;
    Ok(base.join("safety-dict").join("kernel"))
}

/// The upstream version of the installed kernel source package, e.g. `6.12.118`.
pub fn source_version() -> Result<String> {
    let v = cmd::query(
        "dpkg-query",
        &["-W", "-f=${Version}", toolchain::KERNEL_SOURCE_PACKAGE],
    )
    .ok_or_else(|| {
        HarnessError::Setup(format!(
            "{} is not installed: run `cargo run --release -p qemu-harness -- setup`",
            toolchain::KERNEL_SOURCE_PACKAGE
        ))
    })?;
    Ok(upstream_version(&v))
}

/// `6.12.118-1` → `6.12.118`.
pub fn upstream_version(debian: &str) -> String {
    let v = debian.trim();
    let v = v.split_once(':').map_or(v, |(_, rest)| rest);
    v.split('-').next().unwrap_or(v).to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions() {
        assert_eq!(upstream_version("6.12.118-1"), "6.12.118");
        assert_eq!(upstream_version("1:6.12.118-1~deb12u1\n"), "6.12.118");
    }

    #[test]
    fn mismatches() {
        let frag = "# c\nCONFIG_A=y\nCONFIG_B=y\n# CONFIG_C is not set\n";
        assert!(
            config_mismatches(frag, "CONFIG_A=y\nCONFIG_B=y\n# CONFIG_C is not set\n").is_empty()
        );
        let p = config_mismatches(frag, "CONFIG_A=y\n# CONFIG_B is not set\nCONFIG_C=y\n");
        assert_eq!(p, vec!["wanted `CONFIG_B=y`", "wanted `CONFIG_C` unset"]);
    }

    #[test]
    fn hash_is_stable() {
        assert_eq!(config_hash(b"").len(), 12);
        assert_eq!(config_hash(b""), "e3b0c44298fc");
    }
}
