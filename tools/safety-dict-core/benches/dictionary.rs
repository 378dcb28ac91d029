//! Load + validate the whole real dictionary, and expand 10 000 phrases.
//!
//! Targets (issue 2): load + validate under 5 ms; over 100 000 phrases a second.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use safety_dict::text::substitute;
use safety_dict::Dictionary;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// 10 000 inputs: every phrasing of every entry with fresh variable names, justification
/// forms, whole-sentence justification forms, lead-ins, and text that is not in the dictionary.
fn inputs(dict: &Dictionary) -> Vec<String> {
    let mut pool = Vec::new();
    let justifications: Vec<&str> = dict
        .entries_of_kind(safety_dict::Kind::Justification)
        .filter(|e| e.vars.is_empty())
        .map(|e| e.phrase.as_str())
        .collect();
    for (n, e) in dict
        .entries()
        .iter()
        .filter(|e| e.kind.is_phrase_kind())
        .enumerate()
    {
        let bindings = e
            .vars
            .iter()
            .enumerate()
            .map(|(k, v)| (v.name.clone(), format!("`self.f{n}_{k}`")))
            .collect();
        let forms = std::iter::once(&e.phrase)
            .chain(&e.accepted)
            .chain(e.discouraged.iter().map(|d| &d.phrase));
        for p in forms {
            let s = substitute(p, &bindings);
            pool.push(s.clone());
            pool.push(format!("The caller must ensure that {s}"));
            if !justifications.is_empty() {
                let j1 = justifications[n % justifications.len()];
                let j2 = justifications[(n + 1) % justifications.len()];
                let stem = s.trim_end_matches('.');
                pool.push(format!("{stem} by {j1} and {j2}."));
                pool.push(format!("The caller guarantees that {s}"));
            }
        }
    }
    let unknown = [
        "`p` is frobnicated for the duration of the call.",
        "This is fine because nothing else can see the object yet.",
        "`x` is valid for reeds and wrötes.",
        "We hold the lock, so the list cannot change under us by magic and luck.",
    ];
    let mut out = Vec::with_capacity(10_000);
    let mut i = 0;
    while out.len() < 10_000 {
        if i % 10 == 9 {
            out.push(unknown[(i / 10) % unknown.len()].to_string());
        } else {
            out.push(pool[i % pool.len()].clone());
        }
        i += 1;
    }
    out
}

/// Times the phases of loading and expanding once, for profiling (`PHASES=1`).
fn phases(root: &Path, dict: &Dictionary, phrases: &[String]) {
    use std::time::Instant;
    let t = Instant::now();
    let _ = Dictionary::load(root).expect("loads");
    eprintln!("load total        {:?}", t.elapsed());
    let t = Instant::now();
    let m = safety_dict::matcher::Matcher::build(dict.grammar(), dict.entries());
    eprintln!(
        "matcher build     {:?} ({} patterns)",
        t.elapsed(),
        m.patterns().len()
    );
    let t = Instant::now();
    let c = m.conflicts();
    eprintln!("conflicts         {:?} ({})", t.elapsed(), c.len());
    let (known, unknown): (Vec<&String>, Vec<&String>) = phrases
        .iter()
        .partition(|p| dict.analyse_item(p).statement().is_recognised());
    for (name, set) in [("recognised", &known), ("unrecognised", &unknown)] {
        let t = Instant::now();
        for p in set.iter() {
            black_box(dict.analyse_item(p));
        }
        let per = t.elapsed() / set.len().max(1) as u32;
        eprintln!("analyse {name:<12} {per:?} per item ({} items)", set.len());
    }
    let t = Instant::now();
    for p in &known {
        black_box(m.match_text(p));
    }
    eprintln!(
        "match_text        {:?} per item",
        t.elapsed() / known.len().max(1) as u32
    );
    let t = Instant::now();
    for p in unknown.iter().take(50) {
        black_box(m.suggest(p, 3));
    }
    eprintln!("suggest           {:?} per item", t.elapsed() / 50);
}

/// Repeats one phase for a few seconds, for `perf record` (`PROFILE=load|recognised|unrecognised|all`),
/// or `PROFILE_ROUNDS` times (for `valgrind --tool=callgrind`).
fn profile(root: &Path, dict: &Dictionary, phrases: &[String], what: &str) {
    let (known, unknown): (Vec<&String>, Vec<&String>) = if what == "load" {
        (Vec::new(), Vec::new())
    } else {
        phrases.iter().partition(|p| {
            dict.analyse_item_without_nearest(p)
                .statement()
                .is_recognised()
        })
    };
    // A fixed number of rounds (for callgrind) or as many as fit in five seconds.
    let fixed: Option<u32> = std::env::var("PROFILE_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok());
    let start = std::time::Instant::now();
    let mut rounds = 0u32;
    let mut times = Vec::new();
    while fixed.map_or(start.elapsed().as_secs() < 5, |n| rounds < n) {
        let round = std::time::Instant::now();
        // Dropped after the round's time is taken, as the load benchmark does.
        let mut loaded = None;
        match what {
            "load" => {
                loaded = Some(black_box(Dictionary::load(root).expect("loads")));
            }
            "recognised" => known.iter().for_each(|p| {
                black_box(dict.analyse_item(p));
            }),
            "all" => phrases.iter().for_each(|p| {
                black_box(dict.analyse_item(p));
            }),
            _ => unknown.iter().for_each(|p| {
                black_box(dict.analyse_item(p));
            }),
        }
        rounds += 1;
        times.push(round.elapsed());
        drop(loaded);
    }
    times.sort_unstable();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    eprintln!(
        "{what}: {rounds} rounds in {:?}; the fastest {:?}, median {:?}, 90th percentile {:?}",
        start.elapsed(),
        at(0.0),
        at(0.5),
        at(0.9)
    );
}

fn bench(c: &mut Criterion) {
    let root = root();
    let dict = Dictionary::load(&root).unwrap_or_else(|e| panic!("the real dictionary: {e}"));
    if let Some(what) = std::env::var_os("PROFILE") {
        profile(&root, &dict, &inputs(&dict), &what.to_string_lossy());
        return;
    }
    if std::env::var_os("PHASES").is_some() {
        phases(&root, &dict, &inputs(&dict));
        return;
    }

    let mut g = c.benchmark_group("load");
    g.bench_function("load_and_validate", |b| {
        // Freeing the dictionary is not part of loading it (the programs exit with it loaded).
        b.iter_with_large_drop(|| Dictionary::load(black_box(&root)).expect("loads"))
    });
    g.finish();

    let phrases = inputs(&dict);
    let recognised = phrases
        .iter()
        .filter(|p| dict.analyse_item(p).statement().is_recognised())
        .count();
    eprintln!(
        "expand: {} inputs, {recognised} recognised as a statement",
        phrases.len()
    );
    let mut g = c.benchmark_group("expand");
    g.throughput(Throughput::Elements(phrases.len() as u64));
    g.sample_size(10);
    g.bench_function("10000_phrases", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for p in &phrases {
                n += dict.analyse_item(black_box(p)).justifications.len();
            }
            n
        })
    });
    g.finish();

    // The same inputs split by outcome, to show where the time goes: a phrase in the
    // dictionary is expanded; one that is not gets its nearest entries, which costs more.
    let (known, unknown): (Vec<&String>, Vec<&String>) = phrases.iter().partition(|p| {
        dict.analyse_item_without_nearest(p)
            .statement()
            .is_recognised()
    });
    for (name, set) in [("recognised", &known), ("unrecognised", &unknown)] {
        let mut g = c.benchmark_group("expand_by_outcome");
        g.throughput(Throughput::Elements(set.len() as u64));
        g.sample_size(10);
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut n = 0usize;
                for p in set.iter() {
                    n += dict.analyse_item(black_box(p)).justifications.len();
                }
                n
            })
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
