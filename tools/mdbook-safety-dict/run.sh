#!/bin/sh
# mdBook runs this from the book root. Use the built preprocessor when it is newer than every
# source it is made of; otherwise let cargo (re)build it, so a plain `mdbook build` always works.
bin=target/release/mdbook-safety-dict
if [ -x "$bin" ] && [ -z "$(find tools/safety-dict-core/src tools/mdbook-safety-dict/src tools/mdbook-safety-dict/Cargo.toml tools/safety-dict-core/Cargo.toml Cargo.lock -newer "$bin" -print 2>/dev/null | head -n 1)" ]; then
    exec "$bin" "$@"
fi
exec cargo run --quiet --release -p mdbook-safety-dict -- "$@"
