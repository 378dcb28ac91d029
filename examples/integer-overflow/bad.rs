// SPDX-License-Identifier: GPL-2.0

//! Bad: the end of a record is `offset + len`. A header with a huge offset makes the sum wrap
//! around to a small number that passes the bounds check; `RUST_OVERFLOW_CHECKS` turns the
//! wrap into a panic before the out-of-bounds write happens.

use kernel::prelude::*;

module! {
    type: Example,
    name: "integer_overflow",
    author: "safety-dict examples",
    description: "A bounds check on a sum that overflows",
    license: "GPL",
}

/// Sets `len` bytes at `dst` to `byte`.
///
/// # Safety
///
/// - `dst` is valid for writes up to `len` bytes.
#[inline(never)]
unsafe fn fill(dst: *mut u8, byte: u8, len: usize) {
    // SAFETY: `dst` is valid for writes up to `len` bytes by function requirements.
    unsafe { core::ptr::write_bytes(dst, byte, len) }
}

/// Fills the `len` bytes at `offset` of `frame` with `byte`; `offset` and `len` come from a
/// request header and may be anything.
#[inline(never)]
fn write_record(frame: &mut [u8], offset: u32, len: u32, byte: u8) -> Result {
    // Wrong: without overflow checks, 0xffff_fff0 + 0x20 is 0x10, which passes the check below
    // while `offset` points four gigabytes past the frame.
    let end = offset + len;
    if end as usize > frame.len() {
        return Err(EINVAL);
    }
    let dst = frame.as_mut_ptr().wrapping_add(offset as usize);
    // SAFETY: (claimed) `dst` is valid for writes up to `len` bytes by reference validity and
    // the check above.
    unsafe { fill(dst, byte, len as usize) };
    Ok(())
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut frame = KBox::new([0u8; 64], GFP_KERNEL)?;
        write_record(&mut frame[..], 8, 16, 0xab)?;
        pr_info!("record written, frame[8] = {:#x}\n", frame[8]);
        pr_info!("integer-overflow: a header with offset 0xfffffff0 and length 0x20\n");
        let offset = core::hint::black_box(0xffff_fff0);
        let r = write_record(&mut frame[..], offset, 0x20, 0xcd);
        pr_info!("result {:?}\n", r);
        Ok(Example)
    }
}
