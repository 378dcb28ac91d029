// SPDX-License-Identifier: GPL-2.0

//! Good: one reference-count increment is turned into a raw pointer with `ARef::into_raw` and
//! turned back with `ARef::from_raw` exactly once.

use core::ptr::NonNull;
use kernel::bindings;
use kernel::prelude::*;
use kernel::types::{ARef, AlwaysRefCounted, Opaque};

module! {
    type: Example,
    name: "refcount_underflow",
    author: "safety-dict examples",
    description: "An ARef turned into a raw pointer and back once",
    license: "GPL",
}

/// Statistics shared by reference counting. The memory is never freed: when the count drops to
/// zero, the counter only reports that it became idle.
///
/// # Invariants
///
/// - increments to the reference count keep the object alive in memory at least until matching
///   decrements are performed.
/// - instances of this type are always reference-counted.
struct Counter {
    refs: Opaque<bindings::refcount_t>,
}

/// Allocates a `Counter` that is never freed, with a reference count of one.
///
/// # Guarantees
///
/// - the caller owns a reference-count increment on `$ret`.
fn leak_counter() -> Result<NonNull<Counter>> {
    let one = bindings::refcount_t {
        refs: bindings::atomic_t { counter: 1 },
    };
    // INVARIANT:
    // - increments to the reference count keep the object alive in memory at least until matching
    //   decrements are performed by the existence of `counter`.
    // - instances of this type are always reference-counted by the existence of `counter`.
    let counter: &'static Counter = KBox::leak(KBox::new(
        Counter {
            refs: Opaque::new(one),
        },
        GFP_KERNEL,
    )?);
    Ok(NonNull::from(counter))
}

impl Counter {
    fn new() -> Result<ARef<Counter>> {
        let raw = leak_counter()?;
        // SAFETY: the caller owns an increment of the reference count of `raw` and transfers it
        // to this function by function guarantee of `leak_counter`.
        Ok(unsafe { ARef::from_raw(raw) })
    }

    fn count(&self) -> i32 {
        // The count sits in an `Opaque`, which reference validity alone leaves open to other
        // writers; but `Counter` is not `Sync`, so through the `&self` of the signature no other
        // thread can hold a reference to it and change the count meanwhile.
        // SAFETY: `self.refs.get()` is valid for reads by reference validity and the function
        // signature.
        unsafe { (*self.refs.get()).refs.counter }
    }
}

// SAFETY:
// - increments to the reference count keep the object alive in memory at least until matching
//   decrements are performed by type invariant of `Counter`.
// - instances of this type are always reference-counted by type invariant of `Counter`.
unsafe impl AlwaysRefCounted for Counter {
    fn inc_ref(&self) {
        // SAFETY: `self.refs.get()` points to a live object for the duration of this function
        // call by reference validity.
        unsafe { bindings::refcount_inc(self.refs.get()) };
    }

    #[inline(never)]
    unsafe fn dec_ref(obj: NonNull<Self>) {
        // SAFETY: `obj` points to a live object for the duration of this function call by type
        // invariant of `Counter` and function requirements.
        let refs = unsafe { Opaque::raw_get(core::ptr::addr_of!((*obj.as_ptr()).refs)) };
        // SAFETY: `refs` points to a live object for the duration of this function call by type
        // invariant of `Counter` and function requirements.
        if unsafe { bindings::refcount_dec_and_test(refs) } {
            pr_info!("counter idle\n");
        }
    }
}

/// Hands the increment of `r` over to a raw pointer, as code that stores it in a C structure
/// does.
///
/// # Guarantees
///
/// - the caller owns a reference-count increment on `$ret`.
fn stash(r: ARef<Counter>) -> NonNull<Counter> {
    ARef::into_raw(r)
}

/// Takes back an increment handed over by `stash`.
///
/// # Safety
///
/// - the caller owns an increment of the reference count of `ptr` and transfers it to this
///   function.
unsafe fn unstash(ptr: NonNull<Counter>) -> ARef<Counter> {
    // SAFETY: the caller owns an increment of the reference count of `ptr` and transfers it to
    // this function by function requirements.
    unsafe { ARef::from_raw(ptr) }
}

struct Example;

impl kernel::Module for Example {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let base = Counter::new()?;
        let raw = stash(base.clone());
        pr_info!("stashed, count {}\n", base.count());
        // SAFETY: the caller owns an increment of the reference count of `raw` and transfers it
        // to this function by function guarantee of `stash`.
        let back = unsafe { unstash(raw) };
        drop(back);
        pr_info!("taken back once, count {}\n", base.count());
        drop(base);
        pr_info!("refcount-underflow: done\n");
        Ok(Example)
    }
}
