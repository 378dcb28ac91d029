//@ only: SD0015
// `// SAFETY:` above code with no unsafe operation. Reported: the first four. Every other
// comment here is left alone, because the code it stands above does, or may, hold something
// unsafe.

fn reported(v: &mut Vec<u8>) -> usize {
    // SAFETY: `v` is valid for reads by reference validity.
    let n = v.len();
    // SAFETY: the buffer is long enough by the check above.
    v.push(1);
    // SAFETY: `p` is valid for reads by reference validity.
    let p = v.as_ptr();
    let first = unsafe { *p };
    n + usize::from(first)
}

// SAFETY: nothing here is unsafe.
impl Default for Plain {
    fn default() -> Self {
        Plain
    }
}

fn not_reported(p: *const u8, v: &[u8]) -> u8 {
    // SAFETY: `p` is valid for reads by function requirements.
    let a = unsafe { *p };
    // SAFETY: `p` is valid for reads by function requirements.
    let b = consume(unsafe { *p });
    // SAFETY: the macro's expansion may be unsafe.
    let c = read_it!(p);
    let d = v.len(); // SAFETY: a comment after code is about that code.
    // SAFETY: a note for the whole function, set off by a blank line.

    let e = v.len();
    // SAFETY: `p` is valid for reads by function requirements.
    let f = || unsafe { *p };
    a + b + c + d as u8 + e as u8 + f()
}

unsafe fn in_unsafe_fn(p: *const u8) -> u8 {
    // SAFETY: an `unsafe fn` body may do unsafe operations without a block (edition 2021).
    let x = 1;
    x
}

fn inside_a_block(p: *const u8) -> u8 {
    unsafe {
        // SAFETY: inside an `unsafe` block, any statement may be unsafe.
        let y = *p;
        y
    }
}

// SAFETY: a static's soundness may be argued here.
static TABLE: [u8; 2] = [0, 1];

// SAFETY: an exported symbol; its callers are outside Rust.
#[no_mangle]
pub fn exported() {}

// SAFETY: the `unsafe` attribute form needs a justification.
#[unsafe(link_section = ".init")]
fn placed() {}

// SAFETY: the requirements of the foreign functions hold.
unsafe extern "C" {
    fn ext();
}

extern "C" {
    // SAFETY: callers pass a valid pointer.
    fn foreign(p: *const u8);
}

// SAFETY: `Wrapper` owns its pointer.
unsafe impl Send for Wrapper {}

macro_rules! m {
    () => {
        // SAFETY: inside a macro body, the expansion decides.
        let z = 1;
    };
}

#[allow(clippy::unnecessary_safety_comment)]
fn allowed() {
    // SAFETY: silenced as Clippy's own lint would be.
    let w = 1;
}
