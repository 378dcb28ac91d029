//! The driver: files are split among worker threads (each with a large stack, since the parser
//! recurses); each worker parses its files and indexes them, the indexes are merged, and each
//! worker then runs the checks on the trees it holds.

use std::sync::{mpsc, Arc};

use crate::cache::CachedVocabulary;
use crate::checks::{self, Ctx, Report};
use crate::code::Code;
use crate::finding::Finding;
use crate::index::TreeIndex;
use crate::report::{LintReport, Stats};
use crate::source::SourceFile;
use crate::syntax::{self, depth::nesting_estimate};
use crate::vocabulary::Vocabulary;
use crate::LintOptions;

/// Stack of a worker thread: a base, plus room for each level of nesting of its deepest file
/// (the parser recurses once per level; frames are large in debug and sanitizer builds).
const STACK_BASE: usize = 8 * 1024 * 1024;
const STACK_PER_LEVEL: usize = 128 * 1024;
/// Files nested deeper than this (see [`nesting_estimate`]) are reported and skipped.
pub const MAX_NESTING: usize = 2000;

/// What one worker returns.
#[derive(Default)]
struct Part {
    findings: Vec<Finding>,
    readings: Vec<crate::report::PartReading>,
    stats: Stats,
}

enum Skip {
    No,
    Garbage,
    TooDeep(usize),
    /// The linter panicked on this file (a bug); the message.
    Panicked(String),
}

/// The message of a caught panic.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".to_string())
}

/// Runs `f`, turning a panic into its message. The linter's state touched by `f` is one file's
/// findings and figures, which the caller keeps or reports as partial; nothing shared is left
/// half-updated in a way a later file could observe wrongly.
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|p| panic_message(&*p))
}

/// What every worker reads.
struct Shared<'a> {
    /// The files to lint, then the context files (indexed only).
    files: &'a [&'a SourceFile],
    /// How many of `files` are linted.
    checked: usize,
    depths: &'a [usize],
    vocab: &'a (dyn Vocabulary + Sync),
    options: &'a LintOptions,
}

fn worker(
    shared: &Shared<'_>,
    mine: Vec<usize>,
    index_out: mpsc::Sender<TreeIndex>,
    index_in: mpsc::Receiver<Arc<TreeIndex>>,
) -> Part {
    let Shared {
        files,
        checked,
        depths,
        vocab,
        options,
    } = *shared;
    let mut parsed = Vec::with_capacity(mine.len());
    let mut partial = TreeIndex::default();
    for &i in &mine {
        let f = files[i];
        let depth = depths[i];
        if depth > MAX_NESTING && i >= checked {
            continue;
        }
        if depth > MAX_NESTING {
            parsed.push((i, None, Skip::TooDeep(depth)));
            continue;
        }
        let p = match guarded(|| syntax::parse(&f.text)) {
            Ok(p) => p,
            Err(message) => {
                if i < checked {
                    parsed.push((i, None, Skip::Panicked(message)));
                }
                continue;
            }
        };
        let kib = f.text.len() / 1024 + 1;
        let skip = if p.error_count > options.max_errors_per_kib.saturating_mul(kib) {
            Skip::Garbage
        } else {
            let mut one = TreeIndex::default();
            match guarded(|| one.add_file(i, f, &p.root)) {
                Ok(()) => {
                    partial.merge(one);
                    Skip::No
                }
                Err(message) => Skip::Panicked(message),
            }
        };
        // Context files only feed the index; their trees go now.
        if i < checked {
            parsed.push((i, Some(p), skip));
        }
    }
    // The main thread merges every worker's index; a closed channel means it gave up.
    let index = match index_out
        .send(partial)
        .ok()
        .and_then(|_| index_in.recv().ok())
    {
        Some(idx) => idx,
        None => return Part::default(),
    };
    let cached = CachedVocabulary::new(vocab, options.wants_nearest());
    let mut part = Part::default();
    for (i, p, skip) in parsed {
        let f = files[i];
        let mut ctx = Ctx {
            file: f,
            file_index: i,
            vocab: &cached,
            index: &index,
            options,
            findings: Vec::new(),
            readings: Vec::new(),
            stats: Stats::default(),
            allows: Default::default(),
            uses: Default::default(),
            structs: Default::default(),
        };
        ctx.stats.files = 1;
        ctx.stats.bytes = f.text.len();
        if let Skip::Panicked(message) = &skip {
            ctx.report(internal_error(message));
        }
        if let Skip::TooDeep(depth) = skip {
            ctx.report(
                Report::new(
                    Code::Sd0000,
                    0..0,
                    format!("nesting too deep to parse safely (about {depth} levels); skipped"),
                )
                .label("skipped"),
            );
        }
        if let Some(p) = &p {
            if let Some((at, message)) = &p.first_error {
                ctx.stats.files_with_syntax_errors = 1;
                let what = if matches!(skip, Skip::Garbage) {
                    format!(
                        "{} syntax errors: this does not look like Rust; skipped (first: {message})",
                        p.error_count
                    )
                } else {
                    format!(
                        "{} syntax error(s); linted as far as the parser recovered (first: {message})",
                        p.error_count
                    )
                };
                ctx.report(
                    Report::new(Code::Sd0000, *at..*at, what).label("the parser stopped here"),
                );
            }
            if matches!(skip, Skip::No) {
                if let Err(message) = guarded(|| checks::run_all(&mut ctx, &p.root)) {
                    ctx.report(internal_error(&message));
                }
            }
        }
        part.stats.merge(&ctx.stats);
        part.findings.extend(ctx.findings);
        part.readings.extend(ctx.readings);
    }
    part
}

/// The finding for a file on which the linter panicked: the run goes on with the other files.
fn internal_error(message: &str) -> Report {
    Report::new(
        Code::Sd0000,
        0..0,
        format!("internal error of the linter on this file, whose findings may be incomplete: {message}"),
    )
    .label("please report this with the file")
}

/// Lints sources in memory as one tree, on up to `available_parallelism` threads. `context`
/// files are parsed only for the index (the callees and invariant types they define), so that
/// what a file's calls resolve to does not depend on which of its crate's files were passed.
pub fn lint_sources(
    files: &[SourceFile],
    context: &[SourceFile],
    vocab: &(dyn Vocabulary + Sync),
    options: &LintOptions,
) -> LintReport {
    let checked = files.len();
    let all: Vec<&SourceFile> = files.iter().chain(context).collect();
    let files = all.as_slice();
    let threads = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .clamp(1, 8)
        .min(files.len().max(1));
    // Deal files round-robin by size so workers get similar loads.
    let mut order: Vec<usize> = (0..files.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(files[i].text.len()));
    let mut shares: Vec<Vec<usize>> = vec![Vec::new(); threads];
    for (n, i) in order.into_iter().enumerate() {
        shares[n % threads].push(i);
    }
    let depths: Vec<usize> = files.iter().map(|f| nesting_estimate(&f.text)).collect();
    let shared = &Shared {
        files,
        checked,
        depths: &depths,
        vocab,
        options,
    };
    let mut report = LintReport::default();
    let parts: Vec<Part> = std::thread::scope(|scope| {
        let (to_main, from_workers) = mpsc::channel::<TreeIndex>();
        let mut senders = Vec::new();
        let mut handles = Vec::new();
        for share in shares {
            let deepest = share
                .iter()
                .map(|&i| depths[i])
                .filter(|&d| d <= MAX_NESTING)
                .max()
                .unwrap_or(0);
            let stack = STACK_BASE + deepest * STACK_PER_LEVEL;
            let (to_worker, from_main) = mpsc::channel::<Arc<TreeIndex>>();
            senders.push(to_worker);
            let to_main = to_main.clone();
            let spawned = std::thread::Builder::new()
                .name("safety-dict-lint".into())
                .stack_size(stack)
                .spawn_scoped(scope, move || worker(shared, share, to_main, from_main));
            handles.push(spawned);
        }
        drop(to_main);
        let mut index = TreeIndex::default();
        for partial in from_workers.iter().take(senders.len()) {
            index.merge(partial);
        }
        index.sort();
        let index = Arc::new(index);
        for s in &senders {
            let _ = s.send(Arc::clone(&index));
        }
        report.stats.invariant_types = index.invariant_types.values().map(Vec::len).sum();
        handles
            .into_iter()
            .map(|h| match h {
                Ok(h) => h.join().unwrap_or_default(),
                Err(_) => Part::default(),
            })
            .collect()
    });
    for part in parts {
        report.stats.merge(&part.stats);
        report.findings.extend(part.findings);
        report.readings.extend(part.readings);
    }
    // Stable: the parts of one line stay in the order they were read.
    report
        .readings
        .sort_by(|a, b| (&a.file, a.line).cmp(&(&b.file, b.line)));
    for f in &files[..checked] {
        report.sources.insert(f.path.clone(), Arc::clone(&f.text));
    }
    report
        .findings
        .sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    report
}
