// SPDX-License-Identifier: GPL-2.0

//! Bad: `total` claims "by function requirements", but it is a safe function and has none.

use kernel::prelude::*;

module! {
    type: Example,
    name: "justify_function_requirements",
    author: "safety-dict examples",
    description: "Citing function requirements that do not exist",
    license: "GPL",
}

/// Reads the `u64` at `ptr`.
///
/// # Safety
///
/// - `ptr` is valid for reads.
#[inline(never)]
unsafe fn load(ptr: *const u64) -> u64 {
    // SAFETY: `ptr` is valid for reads by function requirements.
    unsafe { *ptr }
}

/// Returns the value at `stats` plus `extra`.
///
/// No `unsafe`, no `# Safety` section: callers owe this function nothing.
#[inline(never)]
fn total(stats: *const u64, extra: u64) -> u64 {
    // Wrong: "by function requirements" points at requirements that `total` never stated.
    // SAFETY: `stats` is valid for reads by function requirements.
    let base = unsafe { load(stats) };
    base + extra
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        pr_info!("justify-function-requirements: calling total with a null pointer\n");
        // Safe code, allowed to pass any pointer to a safe function.
        let sum = total(core::hint::black_box(core::ptr::null()), 2);
        pr_info!("total {}\n", sum);
        Ok(Example)
    }
}
