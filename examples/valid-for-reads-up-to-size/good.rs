// SPDX-License-Identifier: GPL-2.0

//! Good: `bytes_at` is given the real size of the buffer.

use kernel::prelude::*;

module! {
    type: Example,
    name: "valid_for_reads_up_to_size",
    author: "safety-dict examples",
    description: "A byte slice over exactly the bytes that are valid for reads",
    license: "GPL",
}

/// Returns the `size` bytes at `ptr` as a slice.
///
/// # Safety
///
/// - `ptr` is valid for reads up to `size` bytes for the duration of `'a`.
unsafe fn bytes_at<'a>(ptr: *const u8, size: usize) -> &'a [u8] {
    // SAFETY: `ptr` is valid for reads up to `size` bytes for the duration of `'a` by function
    // requirements.
    unsafe { core::slice::from_raw_parts(ptr, size) }
}

/// Adds up the bytes of `data`.
#[inline(never)]
fn checksum(data: &[u8]) -> u32 {
    data.iter().map(|&b| u32::from(b)).sum()
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let buf = KBox::new([1u8; 32], GFP_KERNEL)?;
        let size = buf.len();
        // SAFETY: `buf.as_ptr()` is valid for reads up to `size` bytes for the duration of `'a`
        // by reference validity.
        let data = unsafe { bytes_at(buf.as_ptr(), size) };
        pr_info!("checksum of {} bytes: {}\n", size, checksum(data));
        pr_info!("valid-for-reads-up-to-size: done\n");
        Ok(Example)
    }
}
