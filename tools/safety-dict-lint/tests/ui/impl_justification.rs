//@ only: SD0017
// An `unsafe impl`'s `// SAFETY:` comment repeats each requirement of the trait's `# Safety`
// list for the implementing type (`Self` written as the type or as "this type"), then `by` and
// the reason. Only a trait of the tree resolved with confidence is compared.

/// Zeroed values.
///
/// # Safety
///
/// - an all-zero bit pattern is a valid value of `Self`.
/// - `Self` has no padding.
pub unsafe trait Zeroable {}

pub struct Pair(u32, u32);

// SAFETY:
// - an all-zero bit pattern is a valid value of `Pair` by the types of its fields.
// - `Pair` has no padding by its two `u32` fields.
unsafe impl Zeroable for Pair {}

pub struct Word(u64);

// SAFETY:
// - an all-zero bit pattern is a valid value of this type by its field.
// - this type has no padding by its single field.
unsafe impl Zeroable for Word {}

pub struct Half(u16, u8);

// SAFETY:
// - an all-zero bit pattern is a valid value of `Half` by the types of its fields.
unsafe impl Zeroable for Half {}

pub struct Bytes([u8; 4]);

// SAFETY: Arrays of integers may be zeroed.
unsafe impl Zeroable for Bytes {}

// Traits outside the tree (`Send`, `Sync`) are not compared.
// SAFETY: `Pair` holds only integers.
unsafe impl Send for Pair {}

mod other {
    /// # Safety
    ///
    /// - `Self` is pinned.
    pub unsafe trait Pinned {}
}

// Resolved by its module path.
// SAFETY: Nothing is said about pinning.
unsafe impl other::Pinned for Pair {}

/// A trait whose `# Safety` section is prose is not compared.
///
/// # Safety
///
/// Implementers must be careful.
pub unsafe trait Careful {}

// SAFETY: We are careful.
unsafe impl Careful for Pair {}

// A trait of another crate with the same name as none of the tree's: not compared.
// SAFETY: Whatever the foreign trait needs holds.
unsafe impl foreign::Zeroable2 for Pair {}
