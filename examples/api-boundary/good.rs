// SPDX-License-Identifier: GPL-2.0

//! Good: the body of `take_slot` relies only on its own contract, the `&mut u32` it receives,
//! so every caller that safe code can write is fine.

use kernel::prelude::*;

module! {
    type: Example,
    name: "api_boundary",
    author: "safety-dict examples",
    description: "A function body that relies only on its own contract",
    license: "GPL",
}

/// Returns the value behind `r` and resets it to zero.
#[inline(never)]
fn take_slot(r: &mut u32) -> u32 {
    let ptr: *mut u32 = r;
    // SAFETY: `ptr` is valid for reads and writes by reference validity.
    unsafe {
        let val = ptr.read();
        ptr.write(0);
        val
    }
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut slots = KBox::new([10u32, 20, 30, 40], GFP_KERNEL)?;
        let mut total = 0;
        for slot in slots.iter_mut() {
            total += take_slot(slot);
        }
        pr_info!("took {} from {} slots\n", total, slots.len());
        pr_info!("api-boundary: done\n");
        Ok(Example)
    }
}
