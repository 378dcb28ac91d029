//! Benchmarks over the kernel's `rust/` tree (66 files, 665 KB): the linter alone (no
//! dictionary), the dictionary load, and a full run with the real dictionary. The tree is the
//! one `tests/kernel_tree.rs` unpacks; without it the benchmarks say so and do nothing.
//!
//! Whole-process figure: `cargo build --release -p safety-dict-lint --example lint` then
//! `time target/release/examples/lint --format summary ~/.cache/safety-dict/linux-rust-6.12/linux-source-6.12/rust`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use safety_dict_lint::{lint_paths, EmptyVocabulary, LintOptions};

fn kernel_rust() -> Option<PathBuf> {
    let dir = match std::env::var_os("SAFETY_DICT_KERNEL_RUST") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(std::env::var_os("HOME")?)
            .join(".cache/safety-dict/linux-rust-6.12/linux-source-6.12"),
    };
    let rust = dir.join("rust");
    rust.join("kernel/lib.rs").is_file().then_some(rust)
}

fn bench(c: &mut Criterion) {
    let Some(tree) = kernel_rust() else {
        eprintln!("kernel rust/ tree not unpacked: run `cargo test -p safety-dict-lint --test kernel_tree` first");
        return;
    };
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let paths = vec![tree];
    let options = LintOptions::default();
    let mut g = c.benchmark_group("kernel-rust-tree");
    g.sample_size(20).measurement_time(Duration::from_secs(10));
    let empty = EmptyVocabulary::default();
    g.bench_function("lint without dictionary", |b| {
        b.iter(|| lint_paths(&paths, &empty, &options))
    });
    g.bench_function("load real dictionary", |b| {
        b.iter(|| safety_dict::Dictionary::load(&repo).expect("dictionary loads"))
    });
    let dict = safety_dict::Dictionary::load(&repo).expect("dictionary loads");
    g.sample_size(10).measurement_time(Duration::from_secs(20));
    g.bench_function("lint with real dictionary", |b| {
        b.iter(|| lint_paths(&paths, &dict, &options))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
