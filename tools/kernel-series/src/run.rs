//! Running the kernel's tools: output captured, a failure carrying the tail of it.

use std::process::{Command, Output};

use crate::error::{Result, SeriesError};

pub fn describe(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}

/// Runs `cmd`, capturing both streams.
pub fn output(cmd: &mut Command) -> Result<Output> {
    cmd.stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| SeriesError::Command {
            command: describe(cmd),
            status: "not started".into(),
            tail: e.to_string(),
        })
}

/// Both streams of an output, as text.
pub fn text(out: &Output) -> String {
    let mut s = String::from_utf8_lossy(&out.stdout).into_owned();
    s.push_str(&String::from_utf8_lossy(&out.stderr));
    s
}

/// Runs `cmd`; a non-zero exit is an error with the last 40 lines of its output.
pub fn checked(cmd: &mut Command) -> Result<String> {
    let out = output(cmd)?;
    let all = text(&out);
    if out.status.success() {
        Ok(all)
    } else {
        let lines: Vec<&str> = all.lines().collect();
        Err(SeriesError::Command {
            command: describe(cmd),
            status: out.status.to_string(),
            tail: lines[lines.len().saturating_sub(40)..].join("\n"),
        })
    }
}
