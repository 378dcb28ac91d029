//! The QEMU example harness: builds each side of each example under `examples/` as a kernel
//! module against a cached 6.12 kernel, boots it in QEMU, and judges the serial log against the
//! outcome the side declares.
//!
//! `setup` installs what is missing and builds the kernel; `run` does the rest and writes a
//! [`safety_dict::report::Report`].

pub mod cli;
pub mod cmd;
pub mod error;
pub mod examples;
pub mod initramfs;
pub mod judge;
pub mod kernel;
pub mod modbuild;
pub mod qemu;
pub mod runner;
pub mod toolchain;

use std::path::PathBuf;

/// The repository root: two levels above this crate.
pub fn repo_root() -> PathBuf {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    here.parent()
        .and_then(|p| p.parent())
        .map_or(here.clone(), |p| p.to_path_buf())
}

/// `setup`: install missing packages and the pinned bindgen, build the kernel if needed.
pub fn setup(root: &std::path::Path) -> error::Result<()> {
    toolchain::install_packages(&toolchain::missing_packages())?;
    toolchain::install_bindgen()?;
    let tc = toolchain::Toolchain::find()?;
    let kernel = kernel::Kernel::locate(root)?;
    kernel.ensure_built(&tc)?;
    kernel.verify_config()?;
    eprintln!("setup complete: kernel tree {}", kernel.tree.display());
    Ok(())
}
