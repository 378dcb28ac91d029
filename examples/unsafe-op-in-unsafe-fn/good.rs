// SPDX-License-Identifier: GPL-2.0

//! Good: the body of the `unsafe fn` wraps its one `unsafe` operation in an `unsafe` block with
//! a `// SAFETY:` comment.

use kernel::prelude::*;

module! {
    type: Example,
    name: "unsafe_op_in_unsafe_fn",
    author: "safety-dict examples",
    description: "An unsafe operation inside an unsafe fn, in its own unsafe block",
    license: "GPL",
}

/// Sets the `u32` at `ptr` to zero.
///
/// # Safety
///
/// - `ptr` is valid for writes.
unsafe fn zero_ptr(ptr: *mut u32) {
    // SAFETY: `ptr` is valid for writes by function requirements.
    unsafe { *ptr = 0 };
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut x = KBox::new(5u32, GFP_KERNEL)?;
        let ptr: *mut u32 = &mut *x;
        // SAFETY: `ptr` is valid for writes by reference validity.
        unsafe { zero_ptr(ptr) };
        pr_info!("x is now {}\n", *x);
        pr_info!("unsafe-op-in-unsafe-fn: done\n");
        Ok(Example)
    }
}
