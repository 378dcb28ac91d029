// SPDX-License-Identifier: GPL-2.0

//! Good: `store` writes a `u32` through a pointer to a `u32`.

use kernel::prelude::*;

module! {
    type: Example,
    name: "valid_for_writes",
    author: "safety-dict examples",
    description: "Writing through a pointer that is valid for writes",
    license: "GPL",
}

/// Writes `value` to the `u32` at `ptr`.
///
/// # Safety
///
/// - `ptr` is valid for writes.
#[inline(never)]
unsafe fn store(ptr: *mut u32, value: u32) {
    // SAFETY: `ptr` is valid for writes by function requirements.
    unsafe { ptr.write(value) };
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut slot = KBox::new(0u32, GFP_KERNEL)?;
        let ptr: *mut u32 = &mut *slot;
        // SAFETY: `ptr` is valid for writes by reference validity.
        unsafe { store(ptr, 0xdead_beef) };
        pr_info!("slot holds {:#x}\n", *slot);
        pr_info!("valid-for-writes: done\n");
        Ok(Example)
    }
}
