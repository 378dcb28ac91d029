// A file with a syntax error is still linted as far as the parser recovers.

fn broken( {
    let x = 1 +;
}

fn after_the_error(p: *const u8) {
    unsafe { consume(*p) };
}
