// SPDX-License-Identifier: GPL-2.0

//! Good: the pointer is made from a reference and used while that reference would still be
//! alive; after the vector grows, a fresh reference is taken.

use kernel::prelude::*;

module! {
    type: Example,
    name: "justify_reference_validity",
    author: "safety-dict examples",
    description: "Justifying a requirement by reference validity, within the reference's life",
    license: "GPL",
}

/// Sets the `u32` at `slot` to `value`.
///
/// # Safety
///
/// - `slot` is valid for writes.
#[inline(never)]
unsafe fn reset(slot: *mut u32, value: u32) {
    // SAFETY: `slot` is valid for writes by function requirements.
    unsafe { slot.write(value) };
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut v = KVec::with_capacity(1, GFP_KERNEL)?;
        v.push(7u32, GFP_KERNEL)?;
        let first: *mut u32 = &mut v[0];
        // SAFETY: `first` is valid for writes by reference validity.
        unsafe { reset(first, 1) };
        for i in 0..64 {
            v.push(i, GFP_KERNEL)?;
        }
        // The vector may have moved: make a new pointer from a new reference.
        let first: *mut u32 = &mut v[0];
        // SAFETY: `first` is valid for writes by reference validity.
        unsafe { reset(first, 2) };
        pr_info!("first {}, len {}\n", v[0], v.len());
        pr_info!("justify-reference-validity: done\n");
        Ok(Example)
    }
}
