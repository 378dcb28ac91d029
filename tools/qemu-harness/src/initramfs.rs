//! A minimal initramfs in the `newc` cpio format, written directly (no root needed for the
//! `/dev/console` node): busybox, an init script and the module under test.

use std::io::Write;
use std::path::Path;

use crate::error::{HarnessError, Result};

/// Printed by init right before `insmod`.
pub const BEGIN_MARKER: &str = "@@SAFETY-DICT@@ BEGIN insmod";
/// Printed by init after `insmod` returned, followed by its status.
pub const STATUS_MARKER: &str = "@@SAFETY-DICT@@ insmod status";
/// Printed by init last, right before `reboot -f`.
pub const END_MARKER: &str = "@@SAFETY-DICT@@ END";

/// The init script: mount the pseudo file systems, load the module between markers, reboot
/// (tinyconfig has no ACPI: `poweroff -f` would hang QEMU, `reboot -f` with `-no-reboot` exits).
pub fn init_script() -> String {
    format!(
        "#!/bin/sh\n\
         /bin/busybox mount -t proc proc /proc\n\
         /bin/busybox mount -t sysfs sysfs /sys\n\
         echo '{BEGIN_MARKER}'\n\
         /bin/busybox insmod /example.ko\n\
         echo \"{STATUS_MARKER} $?\"\n\
         echo '{END_MARKER}'\n\
         /bin/busybox reboot -f\n"
    )
}

/// One entry of the archive.
enum Node<'a> {
    Dir,
    File { mode: u32, data: &'a [u8] },
    Symlink(&'a str),
    CharDev { major: u32, minor: u32 },
}

struct Writer {
    buf: Vec<u8>,
    ino: u32,
}

impl Writer {
    fn add(&mut self, name: &str, node: Node<'_>) {
        let (mode, data, rmaj, rmin): (u32, &[u8], u32, u32) = match node {
            Node::Dir => (0o040_755, &[], 0, 0),
            Node::File { mode, data } => (0o100_000 | mode, data, 0, 0),
            Node::Symlink(target) => (0o120_777, target.as_bytes(), 0, 0),
            Node::CharDev { major, minor } => (0o020_600, &[], major, minor),
        };
        self.ino += 1;
        let nlink = if mode & 0o170_000 == 0o040_000 { 2 } else { 1 };
        self.header(name, mode, nlink, data.len(), rmaj, rmin);
        self.buf.extend_from_slice(data);
        self.pad();
    }

    fn header(&mut self, name: &str, mode: u32, nlink: u32, size: usize, rmaj: u32, rmin: u32) {
        let fields = [
            self.ino,
            mode,
            0,
            0,
            nlink,
            0,
            u32::try_from(size).unwrap_or(u32::MAX),
            0,
            0,
            rmaj,
            rmin,
            u32::try_from(name.len() + 1).unwrap_or(u32::MAX),
            0,
        ];
        self.buf.extend_from_slice(b"070701");
        for f in fields {
            self.buf.extend_from_slice(format!("{f:08x}").as_bytes());
        }
        self.buf.extend_from_slice(name.as_bytes());
        self.buf.push(0);
        self.pad();
    }

    fn pad(&mut self) {
        while !self.buf.len().is_multiple_of(4) {
            self.buf.push(0);
        }
    }

    fn finish(mut self) -> Vec<u8> {
        self.ino += 1;
        self.header("TRAILER!!!", 0, 1, 0, 0, 0);
        self.buf
    }
}

/// The archive bytes for a module and a static busybox.
pub fn archive(busybox: &[u8], module: &[u8]) -> Vec<u8> {
    let init = init_script();
    let mut w = Writer {
        buf: Vec::with_capacity(busybox.len() + module.len() + 4096),
        ino: 0,
    };
    for d in ["bin", "dev", "proc", "sys"] {
        w.add(d, Node::Dir);
    }
    w.add("dev/console", Node::CharDev { major: 5, minor: 1 });
    w.add(
        "bin/busybox",
        Node::File {
            mode: 0o755,
            data: busybox,
        },
    );
    w.add("bin/sh", Node::Symlink("busybox"));
    w.add(
        "init",
        Node::File {
            mode: 0o755,
            data: init.as_bytes(),
        },
    );
    w.add(
        "example.ko",
        Node::File {
            mode: 0o644,
            data: module,
        },
    );
    w.finish()
}

/// Writes the initramfs for `module` to `out`.
pub fn write(busybox: &Path, module: &Path, out: &Path) -> Result<()> {
    let bb = std::fs::read(busybox).map_err(|e| HarnessError::io("read", busybox, e))?;
    let ko = std::fs::read(module).map_err(|e| HarnessError::io("read", module, e))?;
    let bytes = archive(&bb, &ko);
    let mut f = std::fs::File::create(out).map_err(|e| HarnessError::io("create", out, e))?;
    f.write_all(&bytes)
        .map_err(|e| HarnessError::io("write", out, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newc_layout() {
        let a = archive(b"BB", b"KO");
        assert!(a.starts_with(b"070701"));
        assert!(a.len().is_multiple_of(4));
        let text = String::from_utf8_lossy(&a);
        for name in [
            "bin/busybox",
            "dev/console",
            "init",
            "example.ko",
            "TRAILER!!!",
        ] {
            assert!(text.contains(name), "{name} missing");
        }
        // The first header is the `bin` directory: mode 040755, 2 links, name size 4.
        let h = &text[..110];
        assert_eq!(&h[14..22], "000041ed");
        assert_eq!(&h[38..46], "00000002");
        assert_eq!(&h[94..102], "00000004");
    }

    #[test]
    fn init_brackets_insmod() {
        let s = init_script();
        let b = s.find(BEGIN_MARKER).unwrap_or(usize::MAX);
        let i = s.find("insmod /example.ko").unwrap_or(0);
        let e = s.find(END_MARKER).unwrap_or(0);
        assert!(b < i && i < e);
        assert!(s.contains("reboot -f"));
    }
}
