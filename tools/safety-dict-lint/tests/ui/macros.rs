//@ only: SD0001, SD0002
// Token trees of `macro_rules!` bodies and macro calls are not parsed as expressions; the linter
// scans their tokens for `unsafe {` and `unsafe impl`.

macro_rules! impl_zeroable {
    ($t:ty) => {
        // SAFETY: all-zero is a valid value of every field of `$t`.
        unsafe impl Zeroable for $t {}
    };
}

macro_rules! impl_send {
    ($t:ty) => {
        unsafe impl Send for $t {}
    };
}

macro_rules! read {
    ($p:expr) => {{
        // SAFETY: `$p` is valid for reads by function requirements.
        let v = unsafe { *$p };
        let w = unsafe { *$p };
        v + w
    }};
}

fn in_a_call(p: *const u8) {
    // SAFETY: `p` is valid for reads by function requirements.
    consume!(unsafe { *p });
    consume!(unsafe { *p });
}
