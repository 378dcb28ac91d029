// SPDX-License-Identifier: GPL-2.0

//! Good: the bytes handed to `label` end with a `NUL`.

use kernel::prelude::*;

module! {
    type: Example,
    name: "nul_terminated_c_string",
    author: "safety-dict examples",
    description: "Wrapping a NUL-terminated C string",
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
        name[..5].copy_from_slice(b"eth0\0");
        if !name.contains(&0) {
            return Err(EINVAL);
        }
        let ptr = name.as_ptr();
        // SAFETY: `ptr` points to a `NUL`-terminated C string for the duration of `'a` by
        // reference validity and the check above.
        let s = unsafe { label(ptr) };
        pr_info!("label has {} bytes\n", s.len());
        pr_info!("nul-terminated-c-string: done\n");
        Ok(Example)
    }
}
