// SPDX-License-Identifier: GPL-2.0

//! Bad: a safe function dereferences a raw pointer it cannot know anything about.

use kernel::prelude::*;

module! {
    type: Example,
    name: "unsound_safe_fn",
    author: "safety-dict examples",
    description: "A safe function over a raw pointer: unsound",
    license: "GPL",
}

struct Data {
    a: usize,
}

/// Returns the field `a` of the `Data` at `data`.
///
/// This function is safe to call, so any pointer may come in, including a null one.
#[inline(never)]
fn access_a(data: *const Data) -> usize {
    // Nothing here can justify the dereference: `data` comes from the caller, and a safe
    // function puts no requirement on its caller.
    unsafe { (*data).a }
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        pr_info!("unsound-safe-fn: calling access_a with a null pointer\n");
        // Safe code only: no `unsafe` block here, yet this is undefined behaviour.
        let a = access_a(core::hint::black_box(core::ptr::null()));
        pr_info!("access_a returned {}\n", a);
        Ok(Example)
    }
}
