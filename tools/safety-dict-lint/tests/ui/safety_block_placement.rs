//@ only: SD0001, SD0014
// Where a `// SAFETY:` comment may stand for an `unsafe` block: the kernel's habits.

fn above_let(p: *const u8) -> u8 {
    // SAFETY: `p` is valid for reads by function requirements.
    let x = unsafe { *p };
    x
}

fn call_argument(p: *const u8) {
    consume(
        // SAFETY: `p` is valid for reads by function requirements.
        unsafe { *p },
    );
}

fn above_call_statement(p: *const u8) {
    // SAFETY: `p` is valid for reads by function requirements.
    consume(unsafe { *p });
}

fn tail_expression(p: *const u8) -> Option<u8> {
    // SAFETY: `p` is valid for reads by function requirements.
    Some(unsafe { *p })
}

fn attribute_between(p: *const u8) {
    // SAFETY: `p` is valid for reads by function requirements.
    #[cfg(CONFIG_FOO)]
    unsafe {
        consume(*p)
    };
    #[allow(unused_unsafe)]
    // SAFETY: `p` is valid for reads by function requirements.
    unsafe {
        consume(*p)
    };
}

fn match_arm(p: Option<*const u8>) -> u8 {
    match p {
        // SAFETY: `q` is valid for reads by function requirements.
        Some(q) => unsafe { *q },
        None => 0,
    }
}

fn struct_update(p: *const u8) -> S {
    S {
        a: 1,
        // SAFETY: all-zero is a valid `S`.
        ..unsafe { core::mem::zeroed() }
    }
}

fn closure(p: *const u8) {
    // SAFETY: `p` is valid for reads by function requirements.
    let f = || unsafe { *p };
}

// SAFETY: `P` is valid for reads by function requirements.
const C: u8 = unsafe { *P };

fn block_comment(p: *const u8) {
    /* SAFETY: `p` is valid for reads by function requirements. */
    unsafe { consume(*p) };
}

fn missing(p: *const u8) {
    unsafe { consume(*p) };
}

fn comment_of_another_statement(p: *const u8) {
    // SAFETY: `p` is valid for reads by function requirements.
    let a = 1;
    unsafe { consume(*p) };
}

fn comment_inside_the_block(p: *const u8) {
    unsafe {
        // SAFETY: `p` is valid for reads by function requirements.
        consume(*p)
    };
}

fn doc_comment_is_not_a_safety_comment(p: *const u8) {
    /// SAFETY: `p` is valid for reads by function requirements.
    unsafe { consume(*p) };
}

// Another case is accepted, as Clippy accepts it, with a style note.
fn lower_case_tag(p: *const u8) {
    // Safety: `p` is valid for reads by function requirements.
    unsafe { consume(*p) };
}

fn nested_block_needs_its_own(p: *const u8) {
    // SAFETY: `p` is valid for reads by function requirements.
    let x = unsafe { consume(unsafe { *p }) };
}

// A blank line between comment and block is accepted (nothing else stands between them).
fn blank_line_between(p: *const u8) {
    // SAFETY: `p` is valid for reads by function requirements.

    unsafe { consume(*p) };
}

#[allow(clippy::undocumented_unsafe_blocks)]
fn silenced_like_clippy(p: *const u8) {
    unsafe { consume(*p) };
}
