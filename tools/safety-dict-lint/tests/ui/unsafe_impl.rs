//@ only: SD0002
pub struct Wrapper(*mut u8);

// SAFETY: `Wrapper` owns its pointer, so it may be sent to another thread.
unsafe impl Send for Wrapper {}

unsafe impl Sync for Wrapper {}

// SAFETY: the pointer is only read through `&self`.
#[cfg(CONFIG_SMP)]
unsafe impl Sync for Other {}

/// Docs are not a safety comment.
unsafe impl Zeroable for Wrapper {}
