//! The log judge on real serial logs captured from this harness (tests/fixtures/).

use qemu_harness::judge::{judge_boot, judge_build, Verdict};
use safety_dict::model::{Outcome, RawSide};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn side(
    expect: Outcome,
    report: Option<&str>,
    function: Option<&str>,
    markers: &[&str],
) -> RawSide {
    RawSide {
        expect,
        report: report.map(String::from),
        function: function.map(String::from),
        markers: markers.iter().map(|m| m.to_string()).collect(),
        rustflags: Vec::new(),
        note: None,
    }
}

fn boot(s: &RawSide, log: &str) -> Verdict {
    judge_boot(s, log, false, 90)
}

fn assert_pass(v: &Verdict) {
    assert!(v.pass, "expected a pass, got {:?}", v);
    assert!(v.failure.is_none());
    assert!(!v.excerpt.is_empty());
}

fn assert_fail(v: &Verdict, why_contains: &str) {
    assert!(!v.pass, "expected a failure, got {:?}", v);
    let why = v.failure.as_deref().unwrap_or_default();
    assert!(
        why.contains(why_contains),
        "failure `{why}` lacks `{why_contains}`"
    );
}

#[test]
fn clean_run_passes_as_runs() {
    let log = fixture("runs.log");
    let s = side(
        Outcome::Runs,
        None,
        None,
        &["access_a returned 42", "unsound-safe-fn: done"],
    );
    let v = boot(&s, &log);
    assert_pass(&v);
    assert_eq!(v.observed, Some(Outcome::Runs));
    assert!(v.excerpt.iter().any(|l| l.contains("insmod status 0")));
}

#[test]
fn clean_run_fails_a_side_expecting_a_report() {
    let log = fixture("runs.log");
    let s = side(
        Outcome::Kasan,
        Some("slab-out-of-bounds"),
        Some("access_a"),
        &[],
    );
    assert_fail(&boot(&s, &log), "ran without any report");
}

#[test]
fn missing_marker_fails() {
    let log = fixture("runs.log");
    let s = side(
        Outcome::Runs,
        None,
        None,
        &["a line the module never printed"],
    );
    assert_fail(&boot(&s, &log), "never printed");
}

#[test]
fn null_read_is_an_oops_naming_the_function() {
    let log = fixture("oops-null-ptr-deref.log");
    let s = side(Outcome::Oops, Some("null-ptr-deref"), Some("access_a"), &[]);
    let v = boot(&s, &log);
    assert_pass(&v);
    assert_eq!(v.detail.as_deref(), Some("null-ptr-deref"));
    assert!(v
        .excerpt
        .iter()
        .any(|l| l.starts_with("RIP:") && l.contains("access_a")));
}

#[test]
fn oops_with_wrong_declaration_fails() {
    let log = fixture("oops-null-ptr-deref.log");
    assert_fail(
        &boot(
            &side(
                Outcome::Kasan,
                Some("null-ptr-deref"),
                Some("access_a"),
                &[],
            ),
            &log,
        ),
        "observed `oops`",
    );
    assert_fail(
        &boot(
            &side(Outcome::Oops, Some("use-after-free"), Some("access_a"), &[]),
            &log,
        ),
        "does not mention `use-after-free`",
    );
    assert_fail(
        &boot(
            &side(Outcome::Oops, Some("null-ptr-deref"), Some("other_fn"), &[]),
            &log,
        ),
        "does not name",
    );
    // The function must be named as a symbol, not merely as part of a longer one.
    assert_fail(
        &boot(
            &side(Outcome::Oops, Some("null-ptr-deref"), Some("access"), &[]),
            &log,
        ),
        "does not name",
    );
}

#[test]
fn kasan_out_of_bounds() {
    let log = fixture("kasan-slab-out-of-bounds.log");
    let s = side(
        Outcome::Kasan,
        Some("slab-out-of-bounds"),
        Some("read_value"),
        &[],
    );
    let v = boot(&s, &log);
    assert_pass(&v);
    assert_eq!(v.detail.as_deref(), Some("slab-out-of-bounds"));
    assert!(v.excerpt.iter().any(|l| l.starts_with("Read of size 4")));
    assert_fail(
        &boot(&side(Outcome::Runs, None, None, &[]), &log),
        "expected `runs`",
    );
}

#[test]
fn kasan_use_after_free_and_double_free() {
    let uaf = fixture("kasan-use-after-free.log");
    assert_pass(&boot(
        &side(
            Outcome::Kasan,
            Some("slab-use-after-free"),
            Some("fill"),
            &[],
        ),
        &uaf,
    ));
    let df = fixture("kasan-double-free.log");
    let v = boot(
        &side(Outcome::Kasan, Some("double-free"), Some("release"), &[]),
        &df,
    );
    assert_pass(&v);
    assert_eq!(v.detail.as_deref(), Some("double-free"));
}

#[test]
fn debug_assertion_panics() {
    let log = fixture("panic-misaligned-read.log");
    let s = side(
        Outcome::Panic,
        Some("ptr::read requires that the pointer argument is aligned and non-null"),
        Some("read_header"),
        &[],
    );
    let v = boot(&s, &log);
    assert_pass(&v);
    assert!(v
        .detail
        .as_deref()
        .is_some_and(|d| d.starts_with("ptr::read requires")));
    // The `kernel BUG` + `Oops` that follow a Rust panic belong to it; an oops declaration fails.
    assert_fail(
        &boot(
            &side(Outcome::Oops, Some("kernel BUG"), Some("read_header"), &[]),
            &log,
        ),
        "observed `panic`",
    );
    let null = fixture("panic-null-deref.log");
    let v = boot(
        &side(
            Outcome::Panic,
            Some("null pointer dereference"),
            Some("load"),
            &[],
        ),
        &null,
    );
    assert_pass(&v);
    assert_eq!(
        v.detail.as_deref(),
        Some("null pointer dereference occurred")
    );
}

#[test]
fn a_vm_that_stops_or_hangs_fails() {
    let log = fixture("kasan-slab-out-of-bounds.log");
    let cut = log.find("@@SAFETY-DICT@@ END").unwrap_or(log.len());
    let s = side(
        Outcome::Kasan,
        Some("slab-out-of-bounds"),
        Some("read_value"),
        &[],
    );
    assert_fail(
        &judge_boot(&s, &log[..cut], false, 90),
        "before the end marker",
    );
    assert_fail(&judge_boot(&s, &log[..cut], true, 90), "hung");
    let before = log.find("@@SAFETY-DICT@@ BEGIN").unwrap_or(0);
    assert_fail(
        &judge_boot(&s, &log[..before], true, 90),
        "before loading the module",
    );
}

#[test]
fn kernel_panic_fails_every_side() {
    let log = fixture("runs.log").replace(
        "@@SAFETY-DICT@@ insmod status 0",
        "[    2.0] Kernel panic - not syncing: Attempted to kill init!\n@@SAFETY-DICT@@ insmod status 0",
    );
    let s = side(Outcome::Runs, None, None, &[]);
    assert_fail(&boot(&s, &log), "the kernel panicked");
}

#[test]
fn a_report_during_boot_fails() {
    let log = fixture("runs.log").replace(
        "@@SAFETY-DICT@@ BEGIN insmod",
        "[    0.9] BUG: KASAN: slab-out-of-bounds in some_init+0x1/0x2\n@@SAFETY-DICT@@ BEGIN insmod",
    );
    assert_fail(
        &boot(&side(Outcome::Runs, None, None, &[]), &log),
        "before the module was loaded",
    );
}

#[test]
fn an_unexpected_second_report_fails() {
    // A KASAN report followed by an oops of another kind: the side declared only the first.
    let log = fixture("kasan-slab-out-of-bounds.log").replace(
        "@@SAFETY-DICT@@ insmod status",
        "[    3.0] BUG: kernel NULL pointer dereference, address: 0000000000000000\n@@SAFETY-DICT@@ insmod status",
    );
    let s = side(
        Outcome::Kasan,
        Some("slab-out-of-bounds"),
        Some("read_value"),
        &[],
    );
    assert_fail(&boot(&s, &log), "unexpected second report");
}

#[test]
fn refcount_underflow_warning() {
    // Captured from `refcount-underflow/bad`: the WARN's message is on the line above
    // `WARNING: CPU: ...`, and the Rust `dec_ref` is in the call trace.
    let log = fixture("warning-refcount-underflow.log");
    let s = side(
        Outcome::Warning,
        Some("refcount_t: underflow"),
        Some("dec_ref"),
        &["counter idle"],
    );
    let v = boot(&s, &log);
    assert_pass(&v);
    assert_eq!(
        v.detail.as_deref(),
        Some("refcount_t: underflow; use-after-free.")
    );
    // The same log does not pass for another function or another kind of report.
    assert_fail(
        &boot(
            &side(Outcome::Warning, Some("refcount_t"), Some("inc_ref"), &[]),
            &log,
        ),
        "inc_ref",
    );
    assert_fail(
        &boot(
            &side(Outcome::Kasan, Some("use-after-free"), Some("dec_ref"), &[]),
            &log,
        ),
        "observed `warning`",
    );
}

#[test]
fn overflow_check_panics() {
    // Captured from `integer-overflow/bad`: `CONFIG_RUST_OVERFLOW_CHECKS` makes `+` panic.
    let log = fixture("panic-add-overflow.log");
    let s = side(
        Outcome::Panic,
        Some("attempt to add with overflow"),
        Some("write_record"),
        &[],
    );
    let v = boot(&s, &log);
    assert_pass(&v);
    assert_eq!(v.detail.as_deref(), Some("attempt to add with overflow"));
}

#[test]
fn build_failure_with_the_lint() {
    let log = fixture("build-fails-e0133.log");
    let s = side(
        Outcome::BuildFails,
        Some("unsafe_op_in_unsafe_fn"),
        Some("zero_ptr"),
        &[],
    );
    let v = judge_build(&s, &log, false);
    let v = v.unwrap_or_else(|| panic!("no verdict"));
    assert_pass(&v);
    assert!(v
        .detail
        .as_deref()
        .is_some_and(|d| d.starts_with("error[E0133]")));
    let e = judge_build(
        &side(Outcome::BuildFails, Some("E0133"), None, &[]),
        &log,
        false,
    );
    assert!(e.is_some_and(|v| v.pass));
    let other = judge_build(
        &side(Outcome::BuildFails, Some("E0599"), None, &[]),
        &log,
        false,
    );
    assert!(other.is_some_and(|v| !v.pass));
    // A side that must boot but does not build fails; one that builds goes on to boot.
    let runs = side(Outcome::Runs, None, None, &[]);
    assert!(judge_build(&runs, &log, false).is_some_and(|v| !v.pass));
    assert!(judge_build(&runs, "", true).is_none());
    // A side declared `build-fails` that builds fails.
    assert!(judge_build(&s, "", true).is_some_and(|v| !v.pass));
}

#[test]
fn swapped_sides_fail() {
    // The sabotage check on recorded logs: each side's log judged against the other side's
    // declaration fails.
    let good_log = fixture("runs.log");
    let bad_log = fixture("oops-null-ptr-deref.log");
    let good = side(Outcome::Runs, None, None, &["access_a returned 42"]);
    let bad = side(Outcome::Oops, Some("null-ptr-deref"), Some("access_a"), &[]);
    assert_pass(&boot(&good, &good_log));
    assert_pass(&boot(&bad, &bad_log));
    assert!(!boot(&good, &bad_log).pass);
    assert!(!boot(&bad, &good_log).pass);
}

#[test]
fn a_kernel_panic_during_boot_fails_without_a_verdict() {
    // Captured: under heavy host load the IO-APIC timer check panicked the boot before init.
    let log = fixture("boot-panic-before-module.log");
    let v = judge_boot(&side(Outcome::Runs, None, None, &[]), &log, false, 90);
    assert_fail(&v, "before loading the module");
    assert_eq!(v.observed, None);
    assert!(v.excerpt.iter().any(|l| l.contains("check_timer")));
}
