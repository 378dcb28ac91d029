//@ only: SD0012
// Building a value of a type with `# Invariants` needs an `// INVARIANT:` comment.

/// A buffer.
///
/// # Invariants
///
/// - `ptr` is owned by this object.
pub struct Buf {
    ptr: *mut u8,
    len: usize,
}

/// # Invariants
///
/// - `0` is owned by this object.
pub struct Handle(*mut u8);

/// # Guarantees
///
/// ## Invariants
///
/// - `ptr` is owned by this object.
pub enum Either {
    A { ptr: *mut u8 },
    B,
}

/// No invariants.
pub struct Plain {
    x: u8,
}

impl Buf {
    fn new(ptr: *mut u8) -> Self {
        // INVARIANT: `ptr` is owned by this object by function requirements.
        Self { ptr, len: 0 }
    }

    fn inside(ptr: *mut u8) -> Self {
        Self {
            // INVARIANT: `ptr` is owned by this object by function requirements.
            ptr,
            len: 0,
        }
    }

    fn wrapped(ptr: *mut u8) -> Option<Self> {
        // INVARIANT: `ptr` is owned by this object by function requirements.
        Some(Buf { ptr, len: 0 })
    }

    fn missing(ptr: *mut u8) -> Self {
        Self { ptr, len: 0 }
    }

    fn missing_named(ptr: *mut u8) -> Buf {
        let b = Buf { ptr, len: 1 };
        b
    }
}

fn tuple(p: *mut u8) -> (Handle, Handle) {
    // INVARIANT: `p` is owned by this object by function requirements.
    let a = Handle(p);
    (a, Handle(p))
}

fn variant(p: *mut u8) -> Either {
    let _plain = Plain { x: 1 };
    Either::A { ptr: p }
}
