// SPDX-License-Identifier: GPL-2.0

//! Bad: a pointer to a 2-byte `u16` is cast to `*mut u32` and written: 4 bytes into 2.

use kernel::prelude::*;

module! {
    type: Example,
    name: "valid_for_writes",
    author: "safety-dict examples",
    description: "Writing a u32 into a u16 slot: not valid for writes",
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
        let mut slot = KBox::new(0u16, GFP_KERNEL)?;
        let narrow: *mut u16 = &mut *slot;
        // Wrong: the reference made `narrow` valid for writes of a `u16` (2 bytes), not of a
        // `u32`. Casting the pointer does not make the allocation any bigger.
        let ptr = core::hint::black_box(narrow.cast::<u32>());
        pr_info!("valid-for-writes: storing a u32 into a u16 slot\n");
        unsafe { store(ptr, 0xdead_beef) };
        pr_info!("slot holds {:#x}\n", *slot);
        Ok(Example)
    }
}
