//@ only: SD0003, SD0004, SD0005, SD0006
// `# Safety` sections: present, a list, one requirement per item, no repeats.

/// Reads a byte.
///
/// # Safety
///
/// - `ptr` is valid for reads.
pub unsafe fn good(ptr: *const u8) -> u8 {
    // SAFETY: `ptr` is valid for reads by function requirements.
    unsafe { *ptr }
}

/// Reads a byte, undocumented.
unsafe fn no_section(ptr: *const u8) -> u8 {
    // SAFETY: `ptr` is valid for reads by function requirements.
    unsafe { *ptr }
}

/// # Safety
///
/// `ptr` must be valid for reads and point to an initialized byte.
pub unsafe fn prose(ptr: *const u8) {}

/// # Safety
///
/// The caller must ensure that:
///
/// - `ptr` is valid for reads.
pub unsafe fn mixed(ptr: *const u8) {}

/// # Safety
///
/// # Examples
pub unsafe fn empty(ptr: *const u8) {}

/// # Safety
///
/// - `ptr` is valid for reads. It is also aligned.
/// - `len` is at most `isize::MAX`.
/// - `ptr` is valid for reads.
/// - `ptr` Is valid for reads
/// - `PTR` is valid for reads.
pub unsafe fn several_and_repeated(ptr: *const u8, len: usize) {}

/// A trait with unsafe methods.
///
/// # Safety
///
/// - Implementers return a valid pointer from `get`.
pub unsafe trait Source {
    /// # Safety
    ///
    /// - `self` is pinned.
    unsafe fn documented(&self);

    /// Without a section.
    unsafe fn undocumented(&self) {}

    #[expect(clippy::missing_safety_doc)]
    unsafe fn silenced(&self);
}

/// No `# Safety` here.
pub unsafe trait Undocumented {}

// Implementations of trait methods are documented on the trait.
// SAFETY: `get` returns a valid pointer by the type invariant of `S`.
unsafe impl Source for S {
    unsafe fn documented(&self) {}
    unsafe fn undocumented(&self) {}
    unsafe fn silenced(&self) {}
}

impl S {
    unsafe fn inherent_method(&self) {}
}

extern "C" {
    fn ffi_declaration(p: *const u8);
}

#[doc = "# Safety"]
#[doc = ""]
#[doc = "- `p` is valid for reads."]
pub unsafe fn doc_attributes(p: *const u8) {}

/// Link reference definitions after the list are not prose.
///
/// # Safety
///
/// - The caller holds [`lock`].
///
/// [`lock`]: Backend::lock
pub unsafe fn with_link_definition() {}

/// An item that explains itself is one requirement.
///
/// # Safety
///
/// - `p` is aligned. That is, its address is a multiple of the alignment of `T`.
pub unsafe fn with_explanation(p: *const u8) {}
