// SPDX-License-Identifier: GPL-2.0

//! Good: "there are no safety requirements for this FFI call" is written only where the C
//! function takes plain values; the call that takes a buffer justifies the buffer.

use core::ffi::c_void;
use kernel::bindings;
use kernel::prelude::*;

module! {
    type: Example,
    name: "ffi_no_safety_requirements",
    author: "safety-dict examples",
    description: "FFI calls with and without safety requirements",
    license: "GPL",
}

/// Fills `buf` with random bytes.
#[inline(never)]
fn fill_random(buf: &mut [u8]) {
    let ptr = buf.as_mut_ptr().cast::<c_void>();
    // SAFETY: `ptr` is valid for writes up to `buf.len()` bytes by reference validity.
    unsafe { bindings::get_random_bytes(ptr, buf.len()) };
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        // SAFETY: there are no safety requirements for this FFI call.
        let die = unsafe { bindings::get_random_u32() } % 6 + 1;
        pr_info!("rolled a die: {}\n", die);
        let mut key = KBox::new([0u8; 80], GFP_KERNEL)?;
        fill_random(&mut key[..]);
        pr_info!("key of {} bytes filled\n", key.len());
        pr_info!("first byte {:#04x}\n", key[0]);
        pr_info!("ffi-no-safety-requirements: done\n");
        Ok(Example)
    }
}
