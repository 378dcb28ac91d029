// SPDX-License-Identifier: GPL-2.0

//! Bad: the pointer from `Window::oldest` is kept across `Window::restart`, as if its guarantee
//! had no end; the guarantee ended when the window was mutably borrowed.

use kernel::prelude::*;

module! {
    type: Example,
    name: "justify_function_guarantee",
    author: "safety-dict examples",
    description: "Relying on a function guarantee beyond its terms",
    license: "GPL",
}

/// The last four samples of a sensor.
struct Window {
    samples: KBox<[u32; 4]>,
}

impl Window {
    /// Returns a pointer to the oldest sample.
    ///
    /// # Guarantees
    ///
    /// - `$ret` is valid for reads.
    fn oldest(&self) -> *const u32 {
        &self.samples[0]
    }

    /// Starts a new window; the old samples are freed.
    fn restart(&mut self, first: u32) -> Result {
        self.samples = KBox::new([first; 4], GFP_KERNEL)?;
        Ok(())
    }
}

/// Prints the sample at `p`.
///
/// # Safety
///
/// - `p` is valid for reads.
#[inline(never)]
unsafe fn show(p: *const u32) {
    // SAFETY: `p` is valid for reads by function requirements.
    let value = unsafe { p.read() };
    pr_info!("oldest sample {}\n", value);
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut w = Window {
            samples: KBox::new([7, 8, 9, 10], GFP_KERNEL)?,
        };
        let p = w.oldest();
        // SAFETY: `p` is valid for reads by function guarantee of `Window::oldest`.
        unsafe { show(p) };
        w.restart(11)?;
        pr_info!("justify-function-guarantee: reading the oldest sample of the old window\n");
        // Wrong: "`$ret` is valid for reads" lasted until `w` was next moved, dropped or mutably
        // borrowed; `restart` borrowed it mutably and freed the samples `p` points into.
        // SAFETY: (claimed) `p` is valid for reads by function guarantee of `Window::oldest`.
        unsafe { show(core::hint::black_box(p)) };
        Ok(Example)
    }
}
