//@ only: SD0009, SD0010, SD0011
// A `// SAFETY:` comment on a call to an unsafe fn of the tree justifies the callee's `# Safety`
// items: all of them, nothing else, in the same order.

/// Copies.
///
/// # Safety
///
/// - `src` is valid for reads.
/// - `dst` is valid for writes.
/// - the lock `lock` is held.
unsafe fn copy(src: *const u8, dst: *mut u8, lock: &Lock) {}

fn all_in_order(a: &u8, b: &mut u8, l: &Lock) {
    // SAFETY:
    // - `src` is valid for reads by reference validity.
    // - `dst` is valid for writes by reference validity.
    // - the lock `lock` is held by function requirements.
    unsafe { copy(a, b, l) };
}

fn same_entries_other_names(a: &u8, b: &mut u8, l: &Lock) {
    // SAFETY:
    // - `a` is valid for reads by reference validity.
    // - `b` is valid for writes by reference validity.
    // - the lock `l` is held by function requirements.
    unsafe { copy(a, b, l) };
}

fn one_missing(a: &u8, b: &mut u8, l: &Lock) {
    // SAFETY:
    // - `a` is valid for reads by reference validity.
    // - `b` is valid for writes by reference validity.
    unsafe { copy(a, b, l) };
}

fn one_extra(a: &u8, b: &mut u8, l: &Lock) {
    // SAFETY:
    // - `a` is valid for reads by reference validity.
    // - `b` is valid for writes by reference validity.
    // - the lock `l` is held by function requirements.
    // - the moon is full by astronomy.
    unsafe { copy(a, b, l) };
}

fn out_of_order(a: &u8, b: &mut u8, l: &Lock) {
    // SAFETY:
    // - `b` is valid for writes by reference validity.
    // - `a` is valid for reads by reference validity.
    // - the lock `l` is held by function requirements.
    unsafe { copy(a, b, l) };
}

fn prose_that_addresses_nothing(a: &u8, b: &mut u8, l: &Lock) {
    // SAFETY: Everything is fine here.
    unsafe { copy(a, b, l) };
}

fn method_call(a: &u8, b: &mut u8, l: &Lock, t: &T) {
    // SAFETY:
    // - `a` is valid for reads by reference validity.
    unsafe { t.copy(a, b, l) };
}

/// # Safety
///
/// - `p` is valid.
unsafe fn other(p: *const u8) {}

fn two_callees_are_not_compared(a: &u8, b: &mut u8, l: &Lock) {
    // SAFETY: `a` is valid by reference validity.
    unsafe { other(a); copy(a, b, l) };
}

// The callee is resolved by path and by the receiver's declared type, never by name alone.

struct Arc;

impl Arc {
    /// # Safety
    ///
    /// - `ptr` came from `Arc::into_raw`.
    pub unsafe fn from_raw(ptr: *const u8) -> Arc {
        Arc
    }

    /// # Safety
    ///
    /// - the lock `lock` is held.
    unsafe fn peek(&self) {}

    fn through_self(&self) {
        // SAFETY: Nothing to see.
        unsafe { self.peek() };
    }

    fn through_self_type(p: *const u8) {
        // SAFETY: `ptr` came from `Arc::into_raw` by function requirements.
        let _a = unsafe { Self::from_raw(p) };
    }
}

struct KBox;

impl KBox {
    /// # Safety
    ///
    /// - `p` came from `KBox::into_raw`.
    pub unsafe fn from_raw(p: *const u8) -> KBox {
        KBox
    }
}

struct NonNull;

impl NonNull {
    pub fn new(p: *const u8) -> NonNull {
        NonNull
    }
}

fn same_name_other_type(p: *const u8) {
    // SAFETY: `ptr` came from `Arc::into_raw` by function requirements.
    let _a = unsafe { Arc::from_raw(p) };
    // SAFETY: `ptr` came from `Arc::into_raw` by function requirements.
    let _b = unsafe { KBox::from_raw(p) };
}

fn parameter_type(a: &Arc, w: &Wrapper) {
    // SAFETY: Nothing to see.
    unsafe { a.peek() };
    // SAFETY: Nothing to see (the type of `w` is not in the tree).
    unsafe { w.peek() };
}

mod other {
    pub fn copy(a: u8) {}
}

fn never_a_safe_function(p: *const u8) {
    // SAFETY: Nothing to see.
    unsafe { other::copy(1) };
    // SAFETY: Nothing to see.
    let _n = unsafe { NonNull::new(p) };
}
