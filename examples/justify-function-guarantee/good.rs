// SPDX-License-Identifier: GPL-2.0

//! Good: the pointer from `stash` is used as its guarantee allows, then released exactly once.

use kernel::prelude::*;

module! {
    type: Example,
    name: "justify_function_guarantee",
    author: "safety-dict examples",
    description: "Justifying a requirement by a function guarantee",
    license: "GPL",
}

/// Moves `value` into a new allocation, which stays alive until it is passed to `release`.
///
/// # Guarantees
///
/// - the caller owns the allocation at `$ret`.
fn stash(value: u64) -> Result<*mut u64> {
    Ok(KBox::into_raw(KBox::new(value, GFP_KERNEL)?))
}

/// Frees an allocation made by `stash`.
///
/// # Safety
///
/// - `ptr` was returned by a previous call to `stash`.
/// - the caller passes ownership of the allocation at `ptr` to this function.
#[inline(never)]
unsafe fn release(ptr: *mut u64) {
    // SAFETY:
    // - `ptr` points at an allocation allocated with `Kmalloc` by function requirements.
    // - the caller passes ownership of the allocation at `ptr` to the function by function
    //   requirements.
    drop(unsafe { KBox::from_raw(ptr) });
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let p = stash(41)?;
        // SAFETY: `p` is valid for reads and writes by function guarantee of `stash`.
        let value = unsafe {
            *p += 1;
            *p
        };
        pr_info!("stashed value {}\n", value);
        // SAFETY:
        // - `p` was returned by a previous call to `stash` by the first line of this function.
        // - the caller passes ownership of the allocation at `p` to this function by function
        //   guarantee of `stash`.
        unsafe { release(p) };
        pr_info!("justify-function-guarantee: done\n");
        Ok(Example)
    }
}
