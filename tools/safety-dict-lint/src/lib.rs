//! Lint: see issue 6 (in progress).
