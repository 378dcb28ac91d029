// SPDX-License-Identifier: GPL-2.0

//! Good: the header is read from a buffer of `u32`s, so the pointer is aligned.

use kernel::prelude::*;

module! {
    type: Example,
    name: "alignment",
    author: "safety-dict examples",
    description: "Reading a u32 through an aligned pointer",
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
        let packet = KBox::new([0x1234_5678u32, 0x9abc_def0], GFP_KERNEL)?;
        let ptr: *const u32 = &packet[1];
        // SAFETY: `ptr` is valid for reads by reference validity.
        let header = unsafe { read_header(ptr) };
        pr_info!("header {:#x}\n", header);
        pr_info!("alignment: done\n");
        Ok(Example)
    }
}
