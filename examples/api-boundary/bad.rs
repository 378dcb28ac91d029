// SPDX-License-Identifier: GPL-2.0

//! Bad: the body of `take_slot` was changed to load eight bytes where its contract, a
//! `&mut u32`, gives four. No caller changed; the new body relies on memory beyond the
//! function's API boundary.

use kernel::prelude::*;

module! {
    type: Example,
    name: "api_boundary",
    author: "safety-dict examples",
    description: "A changed function body that relies on more than its contract",
    license: "GPL",
}

/// Returns the value behind `r` and resets it to zero.
#[inline(never)]
fn take_slot(r: &mut u32) -> u32 {
    let ptr: *mut u32 = r;
    // Wrong: this body was "optimised" to load a `u64` and keep its low half, which gives the
    // same result on x86 as long as another `u32` happens to follow `*r`. The comment below was
    // kept from the old body, but it justifies four bytes, not eight.
    // SAFETY: (claimed) `ptr` is valid for reads and writes by reference validity.
    unsafe {
        let val = ptr.cast::<u64>().read_unaligned() as u32;
        ptr.write(0);
        val
    }
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut slots = KBox::new([10u32, 20, 30, 40], GFP_KERNEL)?;
        let mut total = 0;
        for (i, slot) in slots.iter_mut().enumerate() {
            pr_info!("api-boundary: taking slot {}\n", i);
            total += take_slot(slot);
        }
        pr_info!("took {} from {} slots\n", total, slots.len());
        Ok(Example)
    }
}
