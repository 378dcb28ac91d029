// SPDX-License-Identifier: GPL-2.0

//! Bad: the pointer outlives the allocation it points into, then `bump` reads and writes it.

use kernel::prelude::*;

module! {
    type: Example,
    name: "valid_for_reads_and_writes",
    author: "safety-dict examples",
    description: "Read-modify-write after free: not valid for reads and writes",
    license: "GPL",
}

/// Adds one to the counter at `counter` and returns the new value.
///
/// # Safety
///
/// - `counter` is valid for reads and writes.
#[inline(never)]
unsafe fn bump(counter: *mut u64) -> u64 {
    // SAFETY: `counter` is valid for reads and writes by function requirements.
    unsafe {
        *counter += 1;
        *counter
    }
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut hits = KBox::new(41u64, GFP_KERNEL)?;
        let counter: *mut u64 = &mut *hits;
        // The box is freed here; `counter` still holds the old address.
        drop(hits);
        pr_info!("valid-for-reads-and-writes: bumping a freed counter\n");
        // Wrong: the reference `counter` was made from died with the box, and with it the
        // validity it gave.
        let now = unsafe { bump(core::hint::black_box(counter)) };
        pr_info!("counter is now {}\n", now);
        Ok(Example)
    }
}
