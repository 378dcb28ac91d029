// SPDX-License-Identifier: GPL-2.0

//! Bad: a method changes `Bytes::len` without an `// INVARIANT:` comment, and so without anyone
//! asking whether the invariant still holds. It does not.

use kernel::prelude::*;

module! {
    type: Example,
    name: "invariant_comment",
    author: "safety-dict examples",
    description: "A type invariant broken where no INVARIANT comment was written",
    license: "GPL",
}

mod bytes {
    use core::marker::PhantomData;

    /// A view of some bytes borrowed for `'a`.
    ///
    /// # Invariants
    ///
    /// - `self.ptr` is valid for reads up to `self.len` bytes for the duration of `'a`.
    pub struct Bytes<'a> {
        ptr: *const u8,
        len: usize,
        _borrow: PhantomData<&'a [u8]>,
    }

    impl<'a> Bytes<'a> {
        /// Makes a view of all of `data`.
        pub fn new(data: &'a [u8]) -> Self {
            // INVARIANT: `data.as_ptr()` is valid for reads up to `data.len()` bytes for the
            // duration of `'a` by reference validity.
            Bytes {
                ptr: data.as_ptr(),
                len: data.len(),
                _borrow: PhantomData,
            }
        }

        /// Sets the length of the view.
        pub fn set_len(&mut self, len: usize) {
            // Wrong: the field under the invariant changes, no `// INVARIANT:` comment says
            // why that is fine, and nothing checks `len`.
            self.len = len;
        }

        /// Adds up the bytes in view.
        #[inline(never)]
        pub fn checksum(&self) -> u32 {
            // SAFETY: `self.ptr` is valid for reads up to `self.len` bytes for the duration of
            // `'a` by type invariant of `Bytes`.
            let data = unsafe { core::slice::from_raw_parts(self.ptr, self.len) };
            data.iter().map(|&b| u32::from(b)).sum()
        }
    }
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let buf = KBox::new([2u8; 32], GFP_KERNEL)?;
        let mut view = bytes::Bytes::new(&buf[..]);
        pr_info!("invariant-comment: growing the view to 48 bytes\n");
        // Safe code: `set_len` is a safe method.
        view.set_len(core::hint::black_box(48));
        pr_info!("checksum {}\n", view.checksum());
        Ok(Example)
    }
}
