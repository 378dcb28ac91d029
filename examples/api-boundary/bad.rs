// SPDX-License-Identifier: GPL-2.0

//! Bad: the `unsafe` block relies on what today's callers happen to pass, which is beyond
//! the function's API boundary.

use kernel::prelude::*;

module! {
    type: Example,
    name: "api_boundary",
    author: "safety-dict examples",
    description: "Unsafe code that relies on its callers: unsound",
    license: "GPL",
}

/// Returns `slots[index]` and resets it to zero.
#[inline(never)]
fn take_slot(slots: &mut [u32; 4], index: usize) -> u32 {
    // "All callers pass an index below 4": true when this was written, but nothing in the
    // signature says so, and safe code may pass any `usize`.
    let ptr = slots.as_mut_ptr().wrapping_add(index);
    unsafe {
        let val = *ptr;
        *ptr = 0;
        val
    }
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut slots = KBox::new([10u32, 20, 30, 40], GFP_KERNEL)?;
        pr_info!("took {}\n", take_slot(&mut slots, 3));
        pr_info!("api-boundary: a new caller passes index 4\n");
        // Safe code only, yet it reads and writes past the end of the allocation.
        pr_info!("took {}\n", take_slot(&mut slots, core::hint::black_box(4)));
        Ok(Example)
    }
}
