// SPDX-License-Identifier: GPL-2.0

//! Bad: a fixed-size name buffer is filled to the brim, so there is no `NUL` in it, and
//! `label` (through `strlen`) keeps reading past its end.

use kernel::prelude::*;

module! {
    type: Example,
    name: "nul_terminated_c_string",
    author: "safety-dict examples",
    description: "A C string without its NUL terminator",
    license: "GPL",
}

/// Returns the C string at `ptr`, borrowed for `'a`.
///
/// # Safety
///
/// - `ptr` points to a `NUL`-terminated C string for the duration of `'a`.
#[inline(never)]
unsafe fn label<'a>(ptr: *const u8) -> &'a CStr {
    // SAFETY:
    // - `ptr` points to a `NUL`-terminated C string for the duration of `'a` by function
    //   requirements.
    // - the memory at `ptr` is not mutated for the duration of `'a` by function requirements.
    unsafe { CStr::from_char_ptr(ptr.cast()) }
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut name = KBox::new([0u8; 16], GFP_KERNEL)?;
        // A 16-character name fills all 16 bytes: no room is left for the terminator.
        name.copy_from_slice(b"enp0s31f6-uplink");
        let ptr = core::hint::black_box(name.as_ptr());
        pr_info!("nul-terminated-c-string: wrapping a name without NUL\n");
        // Wrong: nothing shows a `NUL` among these bytes.
        let s = unsafe { label(ptr) };
        pr_info!("label has {} bytes\n", s.len());
        Ok(Example)
    }
}
