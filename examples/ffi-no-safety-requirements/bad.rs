// SPDX-License-Identifier: GPL-2.0

//! Bad: "there are no safety requirements for this FFI call" is copied onto a call that writes
//! through a pointer, and the length passed is the protocol's, not the buffer's.

use core::ffi::c_void;
use kernel::bindings;
use kernel::prelude::*;

module! {
    type: Example,
    name: "ffi_no_safety_requirements",
    author: "safety-dict examples",
    description: "An FFI call with requirements treated as one without",
    license: "GPL",
}

/// Size of the key material of a session in version 2 of a (made-up) protocol: a 32-byte key, a
/// 32-byte nonce and a 32-byte authentication key. Version 1 had a 16-byte nonce.
const KEY_LEN: usize = 96;

/// Fills the key at `key` with random bytes.
#[inline(never)]
fn fill_random(key: *mut u8) {
    // Wrong: `get_random_bytes` writes `len` bytes at `buf`; that is a requirement on the
    // pointer, which this comment pretends does not exist.
    // SAFETY: (claimed) there are no safety requirements for this FFI call.
    unsafe { bindings::get_random_bytes(key.cast::<c_void>(), KEY_LEN) };
    pr_info!("key material filled\n");
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        // SAFETY: there are no safety requirements for this FFI call.
        let die = unsafe { bindings::get_random_u32() } % 6 + 1;
        pr_info!("rolled a die: {}\n", die);
        let mut key = KBox::new([0u8; 80], GFP_KERNEL)?;
        pr_info!("ffi-no-safety-requirements: filling an 80-byte buffer with 96 random bytes\n");
        fill_random(core::hint::black_box(key.as_mut_ptr()));
        pr_info!("first byte {:#04x}\n", key[0]);
        Ok(Example)
    }
}
