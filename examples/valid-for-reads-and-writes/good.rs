// SPDX-License-Identifier: GPL-2.0

//! Good: `bump` reads and writes a counter that is alive for the whole call.

use kernel::prelude::*;

module! {
    type: Example,
    name: "valid_for_reads_and_writes",
    author: "safety-dict examples",
    description: "Read-modify-write through a pointer valid for reads and writes",
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
        // SAFETY: `counter` is valid for reads and writes by reference validity.
        let now = unsafe { bump(counter) };
        pr_info!("counter is now {}\n", now);
        drop(hits);
        pr_info!("valid-for-reads-and-writes: done\n");
        Ok(Example)
    }
}
