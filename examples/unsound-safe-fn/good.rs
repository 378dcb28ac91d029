// SPDX-License-Identifier: GPL-2.0

//! Good: the function that reads through a raw pointer is `unsafe` and says what it needs.

use kernel::prelude::*;

module! {
    type: Example,
    name: "unsound_safe_fn",
    author: "safety-dict examples",
    description: "An unsafe function with a safety section, called correctly",
    license: "GPL",
}

struct Data {
    a: usize,
}

/// Returns the field `a` of the `Data` at `data`.
///
/// # Safety
///
/// - `data` is valid for reads.
#[inline(never)]
unsafe fn access_a(data: *const Data) -> usize {
    // SAFETY: `data` is valid for reads by function requirements.
    unsafe { (*data).a }
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let d = Data { a: 42 };
        let ptr: *const Data = &d;
        // SAFETY: `ptr` is valid for reads by reference validity.
        let a = unsafe { access_a(ptr) };
        pr_info!("access_a returned {}\n", a);
        pr_info!("unsound-safe-fn: done\n");
        Ok(Example)
    }
}
