//@ only: SD0001, SD0002, SD0007, SD0009, SD0013
// A placeholder `// SAFETY:` comment (`TODO`, `FIXME`, empty) is reported, and the block does
// not count as documented. So is one whose words hold no item: only a remark in parentheses (or
// an introduction, or a conclusion such as "Therefore it is safe to read it.").

/// # Safety
///
/// - `p` is valid.
unsafe fn callee(p: *const u8) {}

fn todo(p: *const u8) {
    // SAFETY: TODO.
    unsafe { callee(p) };
}

fn empty(p: *const u8) {
    // SAFETY:
    unsafe { callee(p) };
}

fn fixme_with_text(p: *const u8) {
    // SAFETY: FIXME: explain why `p` is valid.
    unsafe { callee(p) };
}

struct S;

// SAFETY: TODO
unsafe impl Send for S {}

fn a_real_comment_that_mentions_todo(p: *const u8) {
    // SAFETY: `p` is valid by function requirements (the todo list is elsewhere).
    unsafe { callee(p) };
}

fn a_placeholder_item(p: *const u8) {
    // SAFETY:
    // - `p` is valid by function requirements.
    // - TODO: say why it is aligned.
    unsafe { callee(p) };
}

fn only_a_remark(p: *const u8) {
    // SAFETY: (We checked `p` somewhere.)
    unsafe { callee(p) };
}
