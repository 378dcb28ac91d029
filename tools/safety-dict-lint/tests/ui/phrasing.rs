//@ only: SD0007, SD0008
// Items the dictionary recognises, does not recognise (with the nearest entries), or
// discourages (with the preferred form). The fixture dictionary has 8 entries.

/// # Safety
///
/// - `buf` is valid for reads.
/// - `buf` is valid, non-null.
/// - The caller must ensure that `out` is valid for writes.
/// - `out` must be writable.
/// - The moon is made of cheese.
pub unsafe fn f(buf: *const u8, out: *mut u8) {
    // SAFETY: `buf` is valid for reads by function requirements.
    let b = unsafe { *buf };
    // SAFETY: `out` is valid for writes by the magic of friendship.
    unsafe { *out = b };
    // SAFETY: The caller guarantees that `out` is valid for writes.
    unsafe { *out = b };
    // SAFETY:
    // - `buf` is valid for reads by reference validity and function requirements.
    // - `out` points to valid memory by function requirements.
    unsafe { g(buf, out) };
}

fn h(x: &mut Owner) {
    // INVARIANT: `x.ptr` is owned by this object by type invariant of `Owner`.
    x.ptr = core::ptr::null_mut();
    // INVARIANT: it is fine, trust me.
    x.ptr = core::ptr::null_mut();
}

/// # Safety
///
/// `buf` must:
///
/// - be valid for reads.
/// - be made of cheese.
pub unsafe fn k(buf: *const u8) {}
