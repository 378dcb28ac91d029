// SPDX-License-Identifier: GPL-2.0

//! Good: the end of a record is computed with `checked_add`, so the bounds check that the
//! `unsafe` block relies on cannot be fooled by a sum that wraps around.

use kernel::prelude::*;

module! {
    type: Example,
    name: "integer_overflow",
    author: "safety-dict examples",
    description: "A bounds check on a sum that cannot wrap",
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
    let end = offset.checked_add(len).ok_or(ERANGE)?;
    if end as usize > frame.len() {
        return Err(EINVAL);
    }
    let dst = frame.as_mut_ptr().wrapping_add(offset as usize);
    // SAFETY: `dst` is valid for writes up to `len` bytes by reference validity and the check
    // above.
    unsafe { fill(dst, byte, len as usize) };
    Ok(())
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut frame = KBox::new([0u8; 64], GFP_KERNEL)?;
        write_record(&mut frame[..], 8, 16, 0xab)?;
        pr_info!("record written, frame[8] = {:#x}\n", frame[8]);
        let offset = core::hint::black_box(0xffff_fff0);
        match write_record(&mut frame[..], offset, 0x20, 0xcd) {
            Err(e) if e == ERANGE => pr_info!("integer-overflow: record end overflows, refused\n"),
            other => pr_info!("unexpected: {:?}\n", other),
        }
        pr_info!("integer-overflow: done\n");
        Ok(Example)
    }
}
