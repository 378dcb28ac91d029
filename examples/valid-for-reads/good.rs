// SPDX-License-Identifier: GPL-2.0

//! Good: every pointer handed to `read_value` points to a live `u32`.

use kernel::prelude::*;

module! {
    type: Example,
    name: "valid_for_reads",
    author: "safety-dict examples",
    description: "Reading through a pointer that is valid for reads",
    license: "GPL",
}

/// Reads the `u32` at `ptr`.
///
/// # Safety
///
/// - `ptr` is valid for reads.
#[inline(never)]
unsafe fn read_value(ptr: *const u32) -> u32 {
    // SAFETY: `ptr` is valid for reads by function requirements.
    unsafe { *ptr }
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let values = KBox::new([1u32, 2, 3, 4], GFP_KERNEL)?;
        let mut sum = 0;
        for v in values.iter() {
            let ptr: *const u32 = v;
            // SAFETY: `ptr` is valid for reads by reference validity.
            sum += unsafe { read_value(ptr) };
        }
        pr_info!("sum of 4 values: {}\n", sum);
        pr_info!("valid-for-reads: done\n");
        Ok(Example)
    }
}
