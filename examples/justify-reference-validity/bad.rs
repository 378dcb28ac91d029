// SPDX-License-Identifier: GPL-2.0

//! Bad: a pointer made from a reference into a vector is kept while the vector grows and moves.

use kernel::prelude::*;

module! {
    type: Example,
    name: "justify_reference_validity",
    author: "safety-dict examples",
    description: "Citing reference validity after the reference's lifetime ended",
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
        for i in 0..64 {
            // Growing the vector reallocates its buffer and frees the old one.
            v.push(i, GFP_KERNEL)?;
        }
        pr_info!("justify-reference-validity: writing through a pointer from before the growth\n");
        // Wrong: "by reference validity" held only while `&mut v[0]` could have lived; `push`
        // needed `&mut v`, which ended that.
        unsafe { reset(core::hint::black_box(first), 2) };
        pr_info!("first {}, len {}\n", v[0], v.len());
        Ok(Example)
    }
}
