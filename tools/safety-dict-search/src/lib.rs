//! Search: see issue 5 (in progress).
