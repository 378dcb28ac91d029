//! Growth on pathological inputs: a method chain, a `1+1+…` sum (trees as deep as they are
//! long) and a long `# Safety` list, each at four sizes up to the (200,000 links,
//! 200,000 terms, 150,000 items). Criterion prints the time and the throughput of each size; a
//! throughput that stays flat as the size doubles is linear growth.
//!
//! `cargo bench -p safety-dict-lint --bench pathological`

use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use safety_dict_lint::{lint_text, EmptyVocabulary, LintOptions};

fn chain(n: usize) -> String {
    format!("fn f() {{\n    let x = a{};\n}}\n", ".b()".repeat(n))
}

fn sum(n: usize) -> String {
    format!("fn f() -> u32 {{\n    1{}\n}}\n", "+1".repeat(n))
}

fn list(n: usize) -> String {
    let items: String = (0..n)
        .map(|i| format!("/// - `p{i}` is valid for reads.\n"))
        .collect();
    format!("/// # Safety\n///\n{items}pub unsafe fn f() {{}}\n")
}

type Input = (&'static str, fn(usize) -> String, usize);

fn bench(c: &mut Criterion) {
    let vocab = EmptyVocabulary::default();
    let options = LintOptions::default();
    let inputs: [Input; 3] = [
        ("method chain", chain, 200_000),
        ("1+1+… sum", sum, 200_000),
        ("# Safety list", list, 150_000),
    ];
    for (name, make, full) in inputs {
        let mut g = c.benchmark_group(name);
        g.sample_size(10).measurement_time(Duration::from_secs(5));
        for n in [full / 8, full / 4, full / 2, full] {
            let text = make(n);
            g.throughput(Throughput::Bytes(text.len() as u64));
            g.bench_with_input(BenchmarkId::from_parameter(n), &text, |b, text| {
                b.iter(|| lint_text("bench.rs", text, &vocab, &options))
            });
        }
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
