// SPDX-License-Identifier: GPL-2.0

//! Bad: the pointer from `stash` is released twice: once on an error path and once on the
//! normal path, as if the guarantee of `stash` still held after the first release.

use kernel::prelude::*;

module! {
    type: Example,
    name: "justify_function_guarantee",
    author: "safety-dict examples",
    description: "An into_raw/from_raw pair used twice: double free",
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

/// Pretends to validate `value`, failing for odd numbers.
fn validate(value: u64) -> Result {
    if value % 2 == 1 {
        Err(EINVAL)
    } else {
        Ok(())
    }
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let p = stash(core::hint::black_box(41))?;
        // SAFETY: `p` is valid for reads and writes by function guarantee of `stash`.
        let value = unsafe { *p };
        if validate(value).is_err() {
            pr_info!("justify-function-guarantee: invalid value, releasing on the error path\n");
            // SAFETY: (claimed) `p` was returned by a previous call to `stash`, and the caller
            // passes ownership of the allocation at `p` to this function.
            unsafe { release(p) };
        }
        // Wrong: the error path above already released `p`. The guarantee of `stash` (the
        // caller owns the allocation) ended when that ownership was passed to the first
        // `release`: there is nothing left to pass.
        pr_info!("justify-function-guarantee: releasing on the normal path\n");
        unsafe { release(core::hint::black_box(p)) };
        Ok(Example)
    }
}
