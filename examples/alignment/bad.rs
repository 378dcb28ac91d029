// SPDX-License-Identifier: GPL-2.0

//! Bad: the header starts at byte 1 of a byte buffer, and the pointer to it is cast to
//! `*const u32`: in bounds, but misaligned.

use kernel::prelude::*;

module! {
    type: Example,
    name: "alignment",
    author: "safety-dict examples",
    description: "Reading a u32 through a misaligned pointer",
    license: "GPL",
}

/// Reads the `u32` header at `ptr`.
///
/// # Safety
///
/// - `ptr` is valid for reads.
#[inline(never)]
unsafe fn read_header(ptr: *const u32) -> u32 {
    // SAFETY: `ptr` is valid for reads by function requirements.
    unsafe { ptr.read() }
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let packet = KBox::new([0u8; 16], GFP_KERNEL)?;
        // Byte 0 is a type tag; the header follows at offset 1.
        let offset = core::hint::black_box(1);
        let ptr = packet.as_ptr().wrapping_add(offset).cast::<u32>();
        pr_info!("alignment: reading a u32 at offset {}\n", offset);
        // Wrong: all four bytes are in bounds, but "valid for reads" also means aligned to
        // `align_of::<u32>()`, and `ptr` is not.
        let header = unsafe { read_header(ptr) };
        pr_info!("header {:#x}\n", header);
        Ok(Example)
    }
}
