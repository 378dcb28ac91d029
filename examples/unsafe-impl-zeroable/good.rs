// SPDX-License-Identifier: GPL-2.0

//! Good: `Zeroable` is implemented for a type whose fields all accept the all-zero bit pattern,
//! and a compile-time check proves it field by field.

use kernel::init::{zeroed, Zeroable};
use kernel::prelude::*;

module! {
    type: Example,
    name: "unsafe_impl_zeroable",
    author: "safety-dict examples",
    description: "An unsafe impl of Zeroable that a compile-time check backs",
    license: "GPL",
}

/// Packet statistics of one queue; a new queue starts with all of them zero.
struct Stats {
    packets: u64,
    bytes: u64,
    enabled: bool,
}

// Fails the build unless the type of every field of `Stats` is `Zeroable` (as the kernel's
// `#[derive(Zeroable)]` does): a zero `u64` is `0`, a zero `bool` is `false`. The pattern names
// every field, so a field added later fails the build until it is listed here too.
const _: () = {
    fn assert_zeroable<T: ?Sized + Zeroable>(_: &T) {}
    fn assert_fields(stats: &Stats) {
        let Stats {
            packets,
            bytes,
            enabled,
        } = stats;
        assert_zeroable(packets);
        assert_zeroable(bytes);
        assert_zeroable(enabled);
    }
};

// SAFETY: the bit pattern consisting of only zeroes is a valid bit pattern for this type by the
// check above.
unsafe impl Zeroable for Stats {}

#[inline(never)]
fn average(s: &Stats) -> u64 {
    if !s.enabled || s.packets == 0 {
        return 0;
    }
    s.bytes / s.packets
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut stats: KBox<Stats> = KBox::init(zeroed(), GFP_KERNEL)?;
        pr_info!("new queue: enabled {}, average {}\n", stats.enabled, average(&stats));
        stats.enabled = true;
        stats.packets = 4;
        stats.bytes = 6000;
        pr_info!("average packet size {}\n", average(&stats));
        pr_info!("unsafe-impl-zeroable: done\n");
        Ok(Example)
    }
}
