//! The sabotage check, end to end: with one example's `good.rs` and `bad.rs` exchanged
//! (`run --swap ID`) the harness must fail both sides and exit 1; unswapped, it passes.
//!
//! It builds modules and boots QEMU, so it needs the cached kernel (`qemu-harness setup`) and
//! about half a minute: run it with `cargo test -p qemu-harness -- --ignored`.

use std::process::Command;

use safety_dict::report::Report;

const EXAMPLE: &str = "valid-for-reads";

fn run(args: &[&str], report: &std::path::Path) -> (Option<i32>, String, Report) {
    let out = Command::new(env!("CARGO_BIN_EXE_qemu-harness"))
        .arg("run")
        .args(args)
        .arg("--report")
        .arg(report)
        .output()
        .unwrap_or_else(|e| panic!("cannot run the harness: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_ne!(
        out.status.code(),
        Some(2),
        "setup or usage error (is the kernel built?):\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = Report::load(report)
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("no report written"));
    (out.status.code(), stdout, report)
}

#[test]
#[ignore = "boots QEMU; needs `cargo run --release -p qemu-harness -- setup` first"]
fn swapping_good_and_bad_is_caught() {
    let dir = qemu_harness::repo_root().join("target/qemu-examples");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));

    let (code, stdout, report) = run(&["--only", EXAMPLE], &dir.join("sabotage-control.json"));
    assert_eq!(code, Some(0), "the unswapped example must pass:\n{stdout}");
    assert!(stdout.contains("2 passed, 0 failed"), "{stdout}");
    assert!(report.sides.iter().all(|s| s.pass));

    let (code, stdout, report) = run(
        &["--only", EXAMPLE, "--swap", EXAMPLE],
        &dir.join("sabotage-swapped.json"),
    );
    assert_eq!(
        code,
        Some(1),
        "the swapped example must fail the run:\n{stdout}"
    );
    assert!(stdout.contains("0 passed, 2 failed"), "{stdout}");
    assert_eq!(report.sides.len(), 2);
    for side in &report.sides {
        assert!(!side.pass, "{side:?}");
        assert!(side.boot_seconds.is_some(), "both sides were booted");
        assert!(side.failure.is_some());
    }
}
