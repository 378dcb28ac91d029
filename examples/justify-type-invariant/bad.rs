// SPDX-License-Identifier: GPL-2.0

//! Bad: `Handle` documents an invariant but makes its field public, so safe code can build a
//! `Handle` that breaks it, and `add` relies on it anyway.

use kernel::prelude::*;

module! {
    type: Example,
    name: "justify_type_invariant",
    author: "safety-dict examples",
    description: "A type invariant that safe code can break",
    license: "GPL",
}

mod handle {
    /// A counter handle.
    ///
    /// # Invariants
    ///
    /// - `self.ptr` is valid for reads and writes.
    pub struct Handle {
        // Wrong: a public field lets any code write any pointer here.
        pub ptr: *mut u32,
    }

    impl Handle {
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
        pr_info!("justify-type-invariant: building a Handle with a null pointer\n");
        // Safe code: a struct literal with a public field needs no `unsafe`.
        let mut h = handle::Handle {
            ptr: core::hint::black_box(core::ptr::null_mut()),
        };
        pr_info!("count {}\n", h.add(2));
        Ok(Example)
    }
}
