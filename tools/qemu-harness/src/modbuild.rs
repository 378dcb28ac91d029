//! Building one side of an example as an out-of-tree module against the cached kernel.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::cmd;
use crate::error::{HarnessError, Result};
use crate::kernel::Kernel;
use crate::toolchain::Toolchain;

pub struct Built {
    /// The `.ko`, when the build succeeded.
    pub ko: Option<PathBuf>,
    /// The compiler and make output.
    pub log: String,
    pub seconds: f64,
}

/// Builds `source` as module `name` in the scratch directory `work` (emptied first).
pub fn build(
    kernel: &Kernel,
    tc: &Toolchain,
    source: &Path,
    name: &str,
    rustflags: &[String],
    work: &Path,
) -> Result<Built> {
    if work.exists() {
        std::fs::remove_dir_all(work).map_err(|e| HarnessError::io("remove", work, e))?;
    }
    std::fs::create_dir_all(work).map_err(|e| HarnessError::io("create", work, e))?;
    let dest = work.join(format!("{name}.rs"));
    std::fs::copy(source, &dest).map_err(|e| HarnessError::io("copy", source, e))?;
    let kbuild = work.join("Kbuild");
    std::fs::write(&kbuild, kbuild_text(name, rustflags))
        .map_err(|e| HarnessError::io("write", &kbuild, e))?;
    let log = work.join("build.log");
    let start = Instant::now();
    let status = cmd::run_logged(
        tc.make(&kernel.tree)
            .arg(format!("M={}", work.display()))
            .arg("modules"),
        &log,
    )?;
    let seconds = start.elapsed().as_secs_f64();
    let text = std::fs::read_to_string(&log).map_err(|e| HarnessError::io("read", &log, e))?;
    let ko = work.join(format!("{name}.ko"));
    let ko = (status.success() && ko.exists()).then_some(ko);
    Ok(Built {
        ko,
        log: text,
        seconds,
    })
}

/// The module's Kbuild file: one object, plus the side's extra rustc flags.
pub fn kbuild_text(name: &str, rustflags: &[String]) -> String {
    let mut s = format!("obj-m := {name}.o\n");
    if !rustflags.is_empty() {
        s.push_str(&format!("rustflags-y += {}\n", rustflags.join(" ")));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kbuild() {
        assert_eq!(kbuild_text("m", &[]), "obj-m := m.o\n");
        assert_eq!(
            kbuild_text("m", &["-Cdebug-assertions=n".into()]),
            "obj-m := m.o\nrustflags-y += -Cdebug-assertions=n\n"
        );
    }
}
