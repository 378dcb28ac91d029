// SPDX-License-Identifier: GPL-2.0

//! Good: the mutable slice from `buffer_at` is used only while its buffer is alive.

use kernel::prelude::*;

module! {
    type: Example,
    name: "valid_for_writes_up_to_size",
    author: "safety-dict examples",
    description: "A mutable byte slice used within the lifetime its pointer is valid for",
    license: "GPL",
}

/// Returns the `size` bytes at `ptr` as a mutable slice living for `'a`.
///
/// # Safety
///
/// - `ptr` is valid for reads up to `size` bytes for the duration of `'a`.
/// - `ptr` is valid for writes up to `size` bytes for the duration of `'a`.
unsafe fn buffer_at<'a>(ptr: *mut u8, size: usize) -> &'a mut [u8] {
    // SAFETY:
    // - `ptr` is valid for reads up to `size` bytes for the duration of `'a` by function
    //   requirements.
    // - `ptr` is valid for writes up to `size` bytes for the duration of `'a` by function
    //   requirements.
    unsafe { core::slice::from_raw_parts_mut(ptr, size) }
}

/// Fills `buf` with `byte`.
#[inline(never)]
fn fill(buf: &mut [u8], byte: u8) {
    for b in buf.iter_mut() {
        *b = byte;
    }
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut storage = KBox::new([0u8; 64], GFP_KERNEL)?;
        let size = storage.len();
        let ptr = storage.as_mut_ptr();
        // SAFETY:
        // - `ptr` is valid for reads up to `size` bytes for the duration of `'a` by reference
        //   validity.
        // - `ptr` is valid for writes up to `size` bytes for the duration of `'a` by reference
        //   validity.
        let buf = unsafe { buffer_at(ptr, size) };
        fill(buf, 0x5a);
        // `buf` is not used after this point: `'a` ends before `storage` is dropped.
        pr_info!("first byte {:#x}\n", storage[0]);
        drop(storage);
        pr_info!("valid-for-writes-up-to-size: done\n");
        Ok(Example)
    }
}
