//@ only: SD0016
// A `# Safety` section on safe code. Reported: the first two.

/// Reads the first byte.
///
/// # Safety
///
/// - `v` is not empty.
pub fn first(v: &[u8]) -> u8 {
    v[0]
}

/// A safe trait.
///
/// # Safety
///
/// - Implementations return a valid pointer.
pub trait Source {
    fn ptr(&self) -> *const u8;
}

/// # Safety
///
/// - `p` is valid for reads.
pub unsafe fn read(p: *const u8) -> u8 {
    unsafe { *p }
}

/// # Safety
///
/// - Implementations return a valid pointer.
pub unsafe trait RawSource {
    /// # Safety
    ///
    /// - The returned pointer is valid for reads.
    fn raw(&self) -> *const u8;
}

impl Source for Plain {
    /// # Safety
    ///
    /// - As the trait says.
    fn ptr(&self) -> *const u8 {
        core::ptr::null()
    }
}

/// Called from C.
///
/// # Safety
///
/// - `p` is valid for reads.
pub extern "C" fn callback(p: *const u8) {}

/// # Safety
///
/// - Exported for the linker script.
#[no_mangle]
pub fn exported() {}

/// # Safety
///
/// - Silenced.
#[allow(clippy::unnecessary_safety_doc)]
pub fn allowed() {}
