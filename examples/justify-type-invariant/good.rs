// SPDX-License-Identifier: GPL-2.0

//! Good: `Handle` keeps its pointer private, so its invariant holds for every `Handle` that
//! exists, and its methods may rely on it.

use kernel::prelude::*;

module! {
    type: Example,
    name: "justify_type_invariant",
    author: "safety-dict examples",
    description: "Justifying a requirement by a type invariant",
    license: "GPL",
}

mod handle {
    use core::marker::PhantomData;

    /// A counter handle borrowed for `'a`.
    ///
    /// # Invariants
    ///
    /// - `self.ptr` is valid for reads and writes for the duration of `'a`.
    pub struct Handle<'a> {
        ptr: *mut u32,
        _borrow: PhantomData<&'a mut u32>,
    }

    impl<'a> Handle<'a> {
        /// Makes a handle to the counter `r`.
        pub fn new(r: &'a mut u32) -> Self {
            let ptr: *mut u32 = r;
            // INVARIANT: `ptr` is valid for reads and writes for the duration of `'a` by
            // reference validity.
            Handle {
                ptr,
                _borrow: PhantomData,
            }
        }

        /// Adds `n` to the counter and returns the new value.
        #[inline(never)]
        pub fn add(&mut self, n: u32) -> u32 {
            // SAFETY: `self.ptr` is valid for reads and writes by type invariant of `Handle`.
            unsafe {
                *self.ptr += n;
                *self.ptr
            }
        }
    }
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut count = KBox::new(1u32, GFP_KERNEL)?;
        let mut h = handle::Handle::new(&mut count);
        pr_info!("count {}\n", h.add(2));
        // `handle::Handle { ptr: core::ptr::null_mut(), .. }` would not compile here: the field
        // is private, so `new` is the only way to make a `Handle`.
        pr_info!("justify-type-invariant: done\n");
        Ok(Example)
    }
}
