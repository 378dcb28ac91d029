// SPDX-License-Identifier: GPL-2.0

//! Bad: the comparison callback reads its arguments in the order the author assumed (the
//! element first, the key second), which is not the order the C `bsearch` documents.

use core::ffi::{c_int, c_void};
use core::mem::{size_of, size_of_val};
use kernel::bindings;
use kernel::prelude::*;

module! {
    type: Example,
    name: "c_api_contract",
    author: "safety-dict examples",
    description: "A C callback that misreads the C API contract",
    license: "GPL",
}

/// One entry of a table sorted by `id`.
#[repr(C)]
struct Entry {
    mtu: u32,
    id: u32,
}

/// The comparison function `lookup` gives to `bsearch`: compares an entry's `id` with the
/// `u32` key.
///
/// # Safety
///
/// - `elt.cast::<Entry>()` is valid for reads.
/// - `key.cast::<u32>()` is valid for reads.
#[inline(never)]
unsafe extern "C" fn compare_id(elt: *const c_void, key: *const c_void) -> c_int {
    // Wrong: `bsearch` calls `cmp(key, element)`. The first argument is the 4-byte key, and
    // reading an `Entry` there reads past its allocation.
    // SAFETY: (claimed) `elt.cast::<Entry>()` is valid for reads by the C API contract.
    let id = unsafe { (*elt.cast::<Entry>()).id };
    // SAFETY: (claimed) `key.cast::<u32>()` is valid for reads by the C API contract.
    let key = unsafe { *key.cast::<u32>() };
    key.cmp(&id) as c_int
}

/// The entry of `table` (sorted by `id`) whose `id` is `id`.
fn lookup<'a>(table: &'a [Entry], id: &u32) -> Option<&'a Entry> {
    let key: *const u32 = id;
    let base = table.as_ptr();
    // SAFETY:
    // - `key` is valid for reads by reference validity.
    // - `base` is valid for reads up to `size_of_val(table)` bytes by reference validity.
    let found = unsafe {
        bindings::bsearch(
            key.cast(),
            base.cast(),
            table.len(),
            size_of::<Entry>(),
            Some(compare_id),
        )
    };
    if found.is_null() {
        return None;
    }
    table.get((found as usize - base as usize) / size_of::<Entry>())
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut table = KVec::new();
        for (id, mtu) in [(2u32, 576u32), (5, 1500), (9, 9000)] {
            table.push(Entry { mtu, id }, GFP_KERNEL)?;
        }
        let id = KBox::new(5u32, GFP_KERNEL)?;
        pr_info!("c-api-contract: looking up entry 5 with the arguments swapped\n");
        match lookup(&table, &id) {
            Some(e) => pr_info!("entry {} has mtu {}\n", e.id, e.mtu),
            None => pr_info!("entry {} not found\n", *id),
        }
        pr_info!("c-api-contract: done\n");
        Ok(Example)
    }
}
