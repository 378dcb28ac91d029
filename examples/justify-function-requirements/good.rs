// SPDX-License-Identifier: GPL-2.0

//! Good: `total` passes on a requirement it has itself listed in its `# Safety` section.

use kernel::prelude::*;

module! {
    type: Example,
    name: "justify_function_requirements",
    author: "safety-dict examples",
    description: "Justifying a requirement by the caller's own safety requirements",
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
/// # Safety
///
/// - `stats` is valid for reads.
#[inline(never)]
unsafe fn total(stats: *const u64, extra: u64) -> u64 {
    // SAFETY: `stats` is valid for reads by function requirements.
    let base = unsafe { load(stats) };
    base + extra
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let stats = KBox::new(40u64, GFP_KERNEL)?;
        let ptr: *const u64 = &*stats;
        // SAFETY: `ptr` is valid for reads by reference validity.
        let sum = unsafe { total(ptr, 2) };
        pr_info!("total {}\n", sum);
        pr_info!("justify-function-requirements: done\n");
        Ok(Example)
    }
}
