//! Running external programs: echoing what is run, logging output to files, hard timeouts.

use std::fs::File;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::error::{HarnessError, Result};

/// A printable form of a command line, for messages.
pub fn describe(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}

/// The last `n` lines of a text, for error messages.
pub fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// Sends both output streams of `cmd` to `out`, the open file `log`, with no input.
fn output_to(cmd: &mut Command, out: File, log: &Path) -> Result<()> {
    let err = out
        .try_clone()
        .map_err(|e| HarnessError::io("open", log, e))?;
    cmd.stdin(Stdio::null())
        .stdout(Stdio::from(out))
        .stderr(Stdio::from(err));
    Ok(())
}

/// Runs `cmd` with stdout and stderr appended to `log`; returns its exit status.
pub fn run_logged(cmd: &mut Command, log: &Path) -> Result<ExitStatus> {
    let out = File::options()
        .create(true)
        .append(true)
        .open(log)
        .map_err(|e| HarnessError::io("open", log, e))?;
    output_to(cmd, out, log)?;
    cmd.status().map_err(|source| HarnessError::Spawn {
        command: describe(cmd),
        source,
    })
}

/// Like [`run_logged`], but a non-zero exit is an error carrying the tail of the log.
pub fn run_checked(cmd: &mut Command, log: &Path) -> Result<()> {
    let status = run_logged(cmd, log)?;
    if status.success() {
        return Ok(());
    }
    let text = std::fs::read_to_string(log).unwrap_or_default();
    Err(HarnessError::Command {
        command: describe(cmd),
        status: status.to_string(),
        tail: tail(&text, 30),
    })
}

/// Runs `cmd` inheriting the terminal (for long, visible steps such as apt-get).
pub fn run_visible(cmd: &mut Command) -> Result<()> {
    eprintln!("+ {}", describe(cmd));
    let status = cmd.status().map_err(|source| HarnessError::Spawn {
        command: describe(cmd),
        source,
    })?;
    if status.success() {
        Ok(())
    } else {
        Err(HarnessError::Command {
            command: describe(cmd),
            status: status.to_string(),
            tail: String::from("(output above)"),
        })
    }
}

/// Captures stdout of a short query command; `None` when it cannot run or fails.
pub fn query(program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// How a run with a deadline ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    Exited(ExitStatus),
    /// Killed after the deadline.
    TimedOut,
}

/// Runs `cmd` with stdout and stderr written to `log`, killing it after `limit`.
pub fn run_with_deadline(cmd: &mut Command, log: &Path, limit: Duration) -> Result<(Ended, f64)> {
    let out = File::create(log).map_err(|e| HarnessError::io("create", log, e))?;
    output_to(cmd, out, log)?;
    let start = Instant::now();
    let mut child = cmd.spawn().map_err(|source| HarnessError::Spawn {
        command: describe(cmd),
        source,
    })?;
    loop {
        let polled = child.try_wait().map_err(|source| HarnessError::Spawn {
            command: describe(cmd),
            source,
        })?;
        if let Some(status) = polled {
            return Ok((Ended::Exited(status), start.elapsed().as_secs_f64()));
        }
        if start.elapsed() >= limit {
            // The child is ours; killing it by its handle is exact.
            let _ = child.kill();
            let _ = child.wait();
            return Ok((Ended::TimedOut, start.elapsed().as_secs_f64()));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}
