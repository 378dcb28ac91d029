// SPDX-License-Identifier: GPL-2.0

//! Bad: `bytes_at` is given a size larger than the buffer.

use kernel::prelude::*;

module! {
    type: Example,
    name: "valid_for_reads_up_to_size",
    author: "safety-dict examples",
    description: "A byte slice longer than its buffer: not valid for reads up to size bytes",
    license: "GPL",
}

/// The size of a packet header in some protocol; the buffer below is smaller.
const HEADER_SIZE: usize = 48;

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
        let size = core::hint::black_box(HEADER_SIZE);
        pr_info!("valid-for-reads-up-to-size: reading {} bytes of a 32-byte buffer\n", size);
        // Wrong: only 32 bytes at `buf.as_ptr()` are valid for reads, not `HEADER_SIZE`.
        let data = unsafe { bytes_at(buf.as_ptr(), size) };
        pr_info!("checksum of {} bytes: {}\n", size, checksum(data));
        Ok(Example)
    }
}
