// SPDX-License-Identifier: GPL-2.0

//! Bad: the mutable slice from `buffer_at` is used after its buffer was freed: `'a` was chosen
//! longer than the allocation lives.

use kernel::prelude::*;

module! {
    type: Example,
    name: "valid_for_writes_up_to_size",
    author: "safety-dict examples",
    description: "A mutable byte slice that outlives its buffer",
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
        // Wrong: `'a` is inferred from the uses of `buf` below, which outlast `storage`. The
        // borrow checker cannot object, because `buf` was made from a raw pointer.
        let buf = unsafe { buffer_at(ptr, size) };
        fill(buf, 0x5a);
        drop(storage);
        pr_info!("valid-for-writes-up-to-size: filling after the buffer was freed\n");
        fill(core::hint::black_box(buf), 0xa5);
        pr_info!("valid-for-writes-up-to-size: filled\n");
        Ok(Example)
    }
}
