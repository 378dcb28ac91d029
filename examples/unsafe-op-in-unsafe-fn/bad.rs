// SPDX-License-Identifier: GPL-2.0

//! Bad: the body of the `unsafe fn` dereferences a raw pointer without an `unsafe` block.
//! The kernel builds with `-Dunsafe_op_in_unsafe_fn`, so this does not compile.

use kernel::prelude::*;

module! {
    type: Example,
    name: "unsafe_op_in_unsafe_fn",
    author: "safety-dict examples",
    description: "An unsafe operation directly in an unsafe fn body: rejected",
    license: "GPL",
}

/// Sets the `u32` at `ptr` to zero.
///
/// # Safety
///
/// - `ptr` is valid for writes.
unsafe fn zero_ptr(ptr: *mut u32) {
    // Where would the `// SAFETY:` comment for this dereference go?
    *ptr = 0;
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut x = KBox::new(5u32, GFP_KERNEL)?;
        let ptr: *mut u32 = &mut *x;
        // SAFETY: `ptr` is valid for writes by reference validity.
        unsafe { zero_ptr(ptr) };
        pr_info!("x is now {}\n", *x);
        Ok(Example)
    }
}
