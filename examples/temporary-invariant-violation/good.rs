// SPDX-License-Identifier: GPL-2.0

//! Good: `extend` breaks the invariant of `Readings` for a moment, and restores it on every way
//! out of the function, the early return included.

use kernel::prelude::*;

module! {
    type: Example,
    name: "temporary_invariant_violation",
    author: "safety-dict examples",
    description: "An invariant restored before an early return",
    license: "GPL",
}

const CAP: usize = 8;

/// Up to `CAP` sensor readings.
///
/// # Invariants
///
/// - `self.len` is less than or equal to `CAP`.
struct Readings {
    buf: KBox<[u32; CAP]>,
    len: usize,
}

impl Readings {
    fn new(initial: &[u32]) -> Result<Self> {
        if initial.len() > CAP {
            return Err(ENOSPC);
        }
        let mut buf = KBox::new([0; CAP], GFP_KERNEL)?;
        buf[..initial.len()].copy_from_slice(initial);
        // INVARIANT: `initial.len()` is less than or equal to `CAP` by the check above.
        Ok(Readings {
            buf,
            len: initial.len(),
        })
    }

    /// Appends `new`, or nothing when it does not fit.
    fn extend(&mut self, new: &[u32]) -> Result {
        let start = self.len;
        // INVARIANT: the type invariants of `Readings` may not hold until they are restored below.
        self.len += new.len();
        if self.len > CAP {
            // INVARIANT: `start` is less than or equal to `CAP` by the type invariants.
            self.len = start;
            return Err(ENOSPC);
        }
        // INVARIANT: `self.len` is less than or equal to `CAP` by the check above.
        self.buf[start..self.len].copy_from_slice(new);
        Ok(())
    }

    /// The sum of all readings.
    #[inline(never)]
    fn sum(&self) -> u32 {
        // SAFETY: `self.len` is less than or equal to `CAP` by the type invariants.
        let readings = unsafe { self.buf.get_unchecked(..self.len) };
        let mut total = 0;
        for r in readings {
            total += *r;
        }
        total
    }
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut r = Readings::new(&[1, 2, 3])?;
        r.extend(&[4, 5])?;
        if r.extend(&[6, 7, 8, 9]).is_err() {
            pr_info!("temporary-invariant-violation: 4 more readings do not fit\n");
        }
        pr_info!("{} readings, sum {}\n", r.len, r.sum());
        pr_info!("temporary-invariant-violation: done\n");
        Ok(Example)
    }
}
