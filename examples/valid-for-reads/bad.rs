// SPDX-License-Identifier: GPL-2.0

//! Bad: an off-by-one loop hands `read_value` a pointer one past the end of the array.

use kernel::prelude::*;

module! {
    type: Example,
    name: "valid_for_reads",
    author: "safety-dict examples",
    description: "Reading one element past the end: not valid for reads",
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
        let base = values.as_ptr();
        let len = core::hint::black_box(values.len());
        let mut sum = 0;
        pr_info!("valid-for-reads: summing with `0..=len`\n");
        // Off by one: `0..=len` visits index 4, which is not part of the allocation.
        for i in 0..=len {
            // Wrong: the pointer for `i == len` points just past the array, where no `u32` is.
            sum += unsafe { read_value(base.wrapping_add(i)) };
        }
        pr_info!("sum of 5 values: {}\n", sum);
        Ok(Example)
    }
}
