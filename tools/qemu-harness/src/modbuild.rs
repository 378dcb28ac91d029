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

/// One module of a batch build.
#[derive(Debug, Clone)]
pub struct BatchItem {
    pub source: PathBuf,
    /// The object (and `.ko`) name, unique in the batch, e.g. `alignment_good`.
    pub object: String,
    pub rustflags: Vec<String>,
}

/// The outcome of a batch build.
pub struct Batch {
    /// For each item, in order, its `.ko` when it was built.
    pub modules: Vec<Option<PathBuf>>,
    pub seconds: f64,
    /// The batch's `make` output.
    pub log: PathBuf,
}

/// Builds many modules with one `make -jN` in `work`: the fixed cost of a kernel `make`
/// invocation (a few seconds of reading Makefiles) is paid once instead of once per module.
/// modpost runs only when every object compiled, so a failure leaves every `.ko` missing; the
/// caller then builds the items one by one to attribute the errors.
pub fn build_batch(
    kernel: &Kernel,
    tc: &Toolchain,
    items: &[BatchItem],
    work: &Path,
    jobs: usize,
) -> Result<Batch> {
    if work.exists() {
        std::fs::remove_dir_all(work).map_err(|e| HarnessError::io("remove", work, e))?;
    }
    std::fs::create_dir_all(work).map_err(|e| HarnessError::io("create", work, e))?;
    let mut kbuild = String::new();
    for item in items {
        let dest = work.join(format!("{}.rs", item.object));
        std::fs::copy(&item.source, &dest)
            .map_err(|e| HarnessError::io("copy", &item.source, e))?;
        kbuild.push_str(&format!("obj-m += {}.o\n", item.object));
        if !item.rustflags.is_empty() {
            kbuild.push_str(&format!(
                "RUSTFLAGS_{}.o := {}\n",
                item.object,
                item.rustflags.join(" ")
            ));
        }
    }
    let path = work.join("Kbuild");
    std::fs::write(&path, kbuild).map_err(|e| HarnessError::io("write", &path, e))?;
    let log = work.join("build.log");
    let start = Instant::now();
    cmd::run_logged(
        tc.make(&kernel.tree)
            .arg(format!("-j{jobs}"))
            .arg(format!("M={}", work.display()))
            .arg("modules"),
        &log,
    )?;
    let seconds = start.elapsed().as_secs_f64();
    let modules = items
        .iter()
        .map(|i| {
            let ko = work.join(format!("{}.ko", i.object));
            ko.exists().then_some(ko)
        })
        .collect();
    Ok(Batch {
        modules,
        seconds,
        log,
    })
}
