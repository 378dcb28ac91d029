// SPDX-License-Identifier: GPL-2.0

//! Good: the `unsafe` block relies only on what the function's own signature guarantees.

use kernel::prelude::*;

module! {
    type: Example,
    name: "api_boundary",
    author: "safety-dict examples",
    description: "Unsafe code that relies only on its API boundary",
    license: "GPL",
}

/// Returns the value behind `r` and resets it to zero.
#[inline(never)]
fn take_slot(r: &mut u32) -> u32 {
    let ptr: *mut u32 = r;
    // SAFETY: `ptr` is valid for reads and writes by reference validity.
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
        // Any index safe code picks is fine: `get_mut` checks it, and `take_slot` only ever sees
        // a reference.
        let index = core::hint::black_box(4);
        match slots.get_mut(index) {
            Some(r) => pr_info!("took {}\n", take_slot(r)),
            None => pr_info!("api-boundary: index {} refused\n", index),
        }
        pr_info!("took {}\n", take_slot(&mut slots[3]));
        pr_info!("api-boundary: done\n");
        Ok(Example)
    }
}
