//! Index build time and per-query latency, in process, over the real dictionary (or the test
//! fixture when the real one does not load). Target: under 1 ms per query.
//!
//! `cargo bench -p safety-dict-search --bench search`

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use safety_dict::Dictionary;
use safety_dict_search::SearchIndex;

const QUERIES: [&str; 10] = [
    "vaild for raeds",
    "valid for reads",
    "ValidCStr",
    "valid to read from",
    "nul terminated string",
    "refcount",
    "the caller holds the lock",
    "aligned",
    "`ptr` is valid for reads and writes for the duration of `'a`.",
    "dereferencable alignd pointr",
];

fn dictionary() -> Dictionary {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let real: PathBuf = here.join("../..");
    match Dictionary::load(&real) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("the real dictionary does not load ({e}); using the test fixture");
            match Dictionary::load(&here.join("tests/fixture")) {
                Ok(d) => d,
                Err(e) => panic!("the fixture does not load either: {e}"),
            }
        }
    }
}

fn bench(c: &mut Criterion) {
    let dict = dictionary();
    eprintln!("{} entries", dict.entries().len());
    c.bench_function("build", |b| {
        b.iter(|| SearchIndex::build(black_box(&dict)).map(|i| i.len()))
    });
    let index = match SearchIndex::build(&dict) {
        Ok(i) => i,
        Err(e) => panic!("cannot build the index: {e}"),
    };
    let mut group = c.benchmark_group("query");
    for q in QUERIES {
        group.bench_with_input(BenchmarkId::from_parameter(q), q, |b, q| {
            b.iter(|| index.search(black_box(q), 10).map(|h| h.len()))
        });
    }
    // The worst case a query is cut to: 32 distinct misspelt words of 8+ letters (two edits).
    let long: Vec<String> = (0..32)
        .map(|i| format!("dereferencabl{}", char::from(b'a' + (i % 26) as u8)))
        .collect();
    let long = long.join(" ");
    group.bench_function("32 misspelt words", |b| {
        b.iter(|| index.search(black_box(&long), 10).map(|h| h.len()))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
