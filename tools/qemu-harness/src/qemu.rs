//! Booting one initramfs under QEMU (TCG; KVM is not usable on these machines).

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use crate::cmd::{self, Ended};
use crate::error::Result;
use crate::toolchain;

/// Kernel command line. `kasan_multi_shot` prints every KASAN report (not only the first);
/// `panic=-1` turns a kernel panic into an immediate reboot, which `-no-reboot` turns into a
/// QEMU exit, so a panicking side ends quickly and fails for lacking its end marker.
/// `no_timer_check`: under TCG on a loaded host the kernel's IO-APIC timer check can fail
/// spuriously and panic the boot ("IO-APIC + timer doesn't work!"); seen here at load 8.
pub const APPEND: &str = "console=ttyS0 panic=-1 kasan_multi_shot no_timer_check rdinit=/init";

/// A boot that takes longer than this is killed and judged a hang.
pub const BOOT_TIMEOUT: Duration = Duration::from_secs(90);

pub struct Boot {
    pub ended: Ended,
    pub seconds: f64,
}

/// Boots `bz_image` with `initrd`, writing the serial console to `log`.
pub fn boot(bz_image: &Path, initrd: &Path, log: &Path) -> Result<Boot> {
    let mut c = Command::new(toolchain::QEMU);
    c.args(["-accel", "tcg", "-nographic", "-no-reboot", "-m", "512M"])
        .args([
            "-smp", "1", "-nic", "none", "-monitor", "none", "-serial", "stdio",
        ])
        .arg("-kernel")
        .arg(bz_image)
        .arg("-initrd")
        .arg(initrd)
        .args(["-append", APPEND]);
    let (ended, seconds) = cmd::run_with_deadline(&mut c, log, BOOT_TIMEOUT)?;
    Ok(Boot { ended, seconds })
}
