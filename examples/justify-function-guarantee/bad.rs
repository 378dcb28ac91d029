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
/// - `$ret` is valid for reads and writes.
fn stash(value: u64) -> Result<*mut u64> {
    Ok(KBox::into_raw(KBox::new(value, GFP_KERNEL)?))
}

/// Frees an allocation made by `stash`.
///
/// # Safety
///
/// - `ptr` was returned by `stash`.
/// - `ptr` is not used after this call, and not passed to `release` again.
#[inline(never)]
unsafe fn release(ptr: *mut u64) {
    // SAFETY: `stash` made `ptr` with `KBox::into_raw`, and this call takes the ownership
    // `into_raw` gave up, once, by function requirements.
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
            // SAFETY: (claimed) `p` was returned by `stash` and is not used after this call.
            unsafe { release(p) };
        }
        // Wrong: the error path above already released `p`. The guarantee of `stash` ("valid
        // for reads and writes") lasted only until that first `release`.
        pr_info!("justify-function-guarantee: releasing on the normal path\n");
        unsafe { release(core::hint::black_box(p)) };
        Ok(Example)
    }
}
