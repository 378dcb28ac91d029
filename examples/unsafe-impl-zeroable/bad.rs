// SPDX-License-Identifier: GPL-2.0

//! Bad: `Zeroable` is implemented for a type with a reference field. All zeroes is a null
//! reference, which is not a valid value of `&Limits`, and nothing checked the fields.

use kernel::init::{zeroed, Zeroable};
use kernel::prelude::*;

module! {
    type: Example,
    name: "unsafe_impl_zeroable",
    author: "safety-dict examples",
    description: "An unsafe impl of Zeroable for a type with a reference field",
    license: "GPL",
}

/// Limits shared by every queue.
struct Limits {
    max_packet: u64,
}

static DEFAULT_LIMITS: Limits = Limits { max_packet: 1500 };

/// Packet statistics of one queue, and the limits that apply to it.
struct Stats {
    packets: u64,
    limits: &'static Limits,
}

// Wrong: the claim is false for the field `limits`. The kernel's `assert_zeroable` check would
// have refused to compile, because `&Limits` is not `Zeroable` (Linux 6.12 implements it for
// `Option<NonNull<Limits>>`, whose all-zero value is `None`).
// SAFETY: (claimed) the bit pattern consisting of only zeroes is a valid bit pattern for this
// type.
unsafe impl Zeroable for Stats {}

#[inline(never)]
fn max_packet(s: &Stats) -> u64 {
    s.limits.max_packet
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let ok = Stats {
            packets: 0,
            limits: &DEFAULT_LIMITS,
        };
        pr_info!("a queue built by hand: max packet {}\n", max_packet(&ok));
        let stats: KBox<Stats> = KBox::init(zeroed(), GFP_KERNEL)?;
        pr_info!("unsafe-impl-zeroable: reading the limits of a zeroed queue\n");
        pr_info!("max packet {}\n", max_packet(core::hint::black_box(&stats)) + stats.packets);
        Ok(Example)
    }
}
