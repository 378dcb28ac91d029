// SPDX-License-Identifier: GPL-2.0

//! Good: the pointer from `Window::oldest` is used while its guarantee lasts: before the window
//! it came from is next mutably borrowed.

use kernel::prelude::*;

module! {
    type: Example,
    name: "justify_function_guarantee",
    author: "safety-dict examples",
    description: "Relying on a function guarantee within its terms",
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
        let p = w.oldest();
        // SAFETY: `p` is valid for reads by function guarantee of `Window::oldest`.
        unsafe { show(p) };
        pr_info!("justify-function-guarantee: done\n");
        Ok(Example)
    }
}
