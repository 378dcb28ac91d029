//@ only: SD0003, SD0018
// An `unsafe fn` a `macro_rules!` body defines needs a `# Safety` section like any other.
// Skipped: matchers, methods of `impl Trait for Type`, functions whose attributes come from the
// caller (`$(#[$attr])*`), and functions under `clippy::missing_safety_doc`.

macro_rules! accessors {
    ($name:ident, $t:ty) => {
        /// Reads the value.
        ///
        /// # Safety
        ///
        /// - `p` is valid for reads.
        pub unsafe fn read(p: *const $t) -> $t {
            // SAFETY: `p` is valid for reads by function requirements.
            unsafe { *p }
        }

        /// Writes the value.
        #[inline]
        pub unsafe fn $name(p: *mut $t, v: $t) {
            // SAFETY: `p` is valid for writes by function requirements.
            unsafe { *p = v }
        }

        unsafe extern "C" fn callback(p: *mut $t) {}
    };
}

macro_rules! exempt {
    ($vis:vis unsafe fn $f:ident) => {
        // SAFETY: `Zeroable`'s requirements hold for `X`.
        unsafe impl Zeroable for X {
            unsafe fn zeroed() -> Self {
                todo!()
            }
        }

        impl X {
            $(#[$attr])*
            $vis unsafe fn $f() {}
        }

        #[expect(clippy::missing_safety_doc)]
        impl Y {
            pub unsafe fn raw() {}
        }
    };
}

#[expect(clippy::missing_safety_doc)]
macro_rules! allowed {
    () => {
        pub unsafe fn raw() {}
    };
}
