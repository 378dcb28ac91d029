//! Judging one side from its evidence: the serial log of its boot, or its build log.
//! Outcomes are judged only from the logs, never from exit codes (a KASAN report does not fail
//! `insmod`).

use safety_dict::model::{Outcome, RawSide};

use crate::initramfs::{BEGIN_MARKER, END_MARKER, STATUS_MARKER};

/// The judgement of one side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub observed: Option<Outcome>,
    pub detail: Option<String>,
    pub pass: bool,
    pub failure: Option<String>,
    pub excerpt: Vec<String>,
}

/// Most excerpt lines kept per side.
const EXCERPT_MAX: usize = 14;

/// A report found in a serial log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// Index of the line (after cleaning) where it starts.
    pub line: usize,
    /// `None` for a kernel panic (`Kernel panic - not syncing`), which no side may declare.
    pub outcome: Option<Outcome>,
    pub detail: String,
}

/// Removes the `[    1.234567] ` printk time stamp and carriage returns.
pub fn clean_line(line: &str) -> &str {
    let line = line.trim_end_matches(['\r', '\n']);
    let trimmed = line.trim_start();
    if let Some(rest) = trimmed.strip_prefix('[') {
        if let Some((stamp, after)) = rest.split_once(']') {
            if stamp.trim().chars().all(|c| c.is_ascii_digit() || c == '.') {
                return after.strip_prefix(' ').unwrap_or(after);
            }
        }
    }
    line
}

/// Classifies a line that starts a report, with the report kind it names.
pub fn classify(line: &str) -> Option<(Option<Outcome>, String)> {
    if let Some(rest) = find_after(line, "BUG: KASAN: ") {
        let kind = rest.split_whitespace().next().unwrap_or(rest);
        return Some((Some(Outcome::Kasan), kind.to_owned()));
    }
    if let Some(rest) = find_after(line, "UBSAN: ") {
        let kind = rest.split(" in ").next().unwrap_or(rest).trim();
        return Some((Some(Outcome::Ubsan), kind.to_owned()));
    }
    if line.contains("panicked at ") {
        return Some((Some(Outcome::Panic), line.trim().to_owned()));
    }
    if let Some(rest) = find_after(line, "Kernel panic - not syncing") {
        return Some((None, format!("Kernel panic - not syncing{rest}")));
    }
    if line.contains("WARNING: CPU: ") || line.trim_start().starts_with("WARNING: ") {
        return Some((Some(Outcome::Warning), line.trim().to_owned()));
    }
    for oops in [
        "BUG: kernel NULL pointer dereference",
        "BUG: unable to handle page fault",
        "general protection fault",
        "kernel BUG at ",
        "Oops: ",
        "BUG: ",
    ] {
        if line.contains(oops) {
            return Some((Some(Outcome::Oops), line.trim().to_owned()));
        }
    }
    None
}

fn find_after<'a>(line: &'a str, needle: &str) -> Option<&'a str> {
    line.find(needle).map(|i| &line[i + needle.len()..])
}

/// The report kind of a report, in a few words: the KASAN bug type, the panic message, the WARN
/// message, or what kind of oops it was.
pub fn refine_detail(lines: &[&str], f: &Found) -> String {
    let next = |n: usize| lines.get(f.line + n).map_or("", |l| l.trim());
    match f.outcome {
        Some(Outcome::Panic) => {
            let msg = next(1);
            let msg = msg
                .strip_prefix("unsafe precondition(s) violated: ")
                .unwrap_or(msg);
            if msg.is_empty() || classify(msg).is_some() {
                f.detail.clone()
            } else {
                msg.to_owned()
            }
        }
        Some(Outcome::Oops) => {
            for n in 1..=2 {
                if let Some(rest) = find_after(next(n), "KASAN: ") {
                    if let Some(kind) = rest.split_whitespace().next() {
                        return kind.to_owned();
                    }
                }
            }
            if f.detail.contains("NULL pointer dereference") {
                "NULL pointer dereference".to_owned()
            } else if let Some(rest) = find_after(&f.detail, "kernel BUG at ") {
                format!("kernel BUG at {}", rest.trim_end_matches('!'))
            } else if f.detail.contains("general protection fault") {
                "general protection fault".to_owned()
            } else {
                f.detail.clone()
            }
        }
        Some(Outcome::Warning) if f.line > 0 => {
            let above = lines[f.line - 1].trim();
            if above.is_empty() || above.contains("cut here") {
                f.detail.clone()
            } else {
                above.to_owned()
            }
        }
        _ => f.detail.clone(),
    }
}

/// Every report start in `lines`.
pub fn reports(lines: &[&str]) -> Vec<Found> {
    lines
        .iter()
        .enumerate()
        .filter_map(|(i, l)| {
            classify(l).map(|(outcome, detail)| Found {
                line: i,
                outcome,
                detail,
            })
        })
        .collect()
}

/// Whether `func` is named as a symbol in `line` (not as part of a longer identifier).
/// Rust symbols are mangled (`_RNv...8access_a+0x12/0x40`), so the name is matched with
/// identifier boundaries rather than as a whole word.
pub fn names_function(line: &str, func: &str) -> bool {
    if func.is_empty() {
        return false;
    }
    let ident = |c: char| c.is_ascii_alphabetic() || c == '_';
    line.match_indices(func).any(|(i, _)| {
        let before = line[..i].chars().next_back();
        let after = line[i + func.len()..].chars().next();
        !before.is_some_and(ident) && !after.is_some_and(ident)
    })
}

/// A line of a report that names code: a symbol with an offset, an instruction pointer, or the
/// report title itself.
fn is_symbol_line(line: &str) -> bool {
    line.contains("+0x")
        || line.contains("RIP:")
        || line.contains("BUG: KASAN:")
        || line.contains("WARNING: ")
}

fn push_unique(excerpt: &mut Vec<String>, line: &str) {
    let l = line.trim_end();
    if excerpt.len() < EXCERPT_MAX && !excerpt.iter().any(|e| e == l) {
        excerpt.push(l.to_owned());
    }
}

fn fail(
    observed: Option<Outcome>,
    detail: Option<String>,
    why: String,
    excerpt: Vec<String>,
) -> Verdict {
    Verdict {
        observed,
        detail,
        pass: false,
        failure: Some(why),
        excerpt,
    }
}

/// Judges a booted side from its serial log. `timed_out` is true when QEMU was killed.
pub fn judge_boot(side: &RawSide, log: &str, timed_out: bool, timeout_secs: u64) -> Verdict {
    let lines: Vec<&str> = log.lines().map(clean_line).collect();
    let begin = lines.iter().position(|l| l.contains(BEGIN_MARKER));
    let end = lines
        .iter()
        .position(|l| l.contains(END_MARKER) && !l.contains("echo"));
    let status_line = lines.iter().find(|l| l.contains(STATUS_MARKER)).copied();
    let found = reports(&lines);
    let tail: Vec<String> = lines[lines.len().saturating_sub(EXCERPT_MAX)..]
        .iter()
        .map(|s| s.to_string())
        .collect();

    let Some(begin) = begin else {
        let why = if timed_out {
            format!("the VM hung before loading the module (killed after {timeout_secs} s)")
        } else {
            "the VM stopped before loading the module".to_owned()
        };
        return fail(None, None, why, tail);
    };
    if let Some(early) = found.iter().find(|f| f.line < begin) {
        return fail(
            None,
            Some(early.detail.clone()),
            format!(
                "a report during boot, before the module was loaded: {}",
                early.detail
            ),
            vec![lines[early.line].to_owned()],
        );
    }
    let after: Vec<&Found> = found.iter().filter(|f| f.line > begin).collect();
    let primary = after.first().copied();
    let observed = match primary {
        Some(f) => f.outcome,
        None if end.is_some() => Some(Outcome::Runs),
        None => None,
    };
    let detail = primary.map(|f| refine_detail(&lines, f));

    let mut excerpt = Vec::new();
    if let Some(p) = primary {
        push_unique(&mut excerpt, lines[p.line]);
        // The line after a report title often carries its substance: the panic message,
        // `Read of size 4 at addr ...`, or the KASAN hint of a general protection fault.
        if let Some(next) = lines.get(p.line + 1) {
            if classify(next).is_none() && !next.trim().is_empty() {
                push_unique(&mut excerpt, next);
            }
        }
        if p.outcome == Some(Outcome::Warning) && p.line > 0 {
            // A WARN's message is printed on the line above `WARNING: CPU: ...`.
            let above = lines[p.line - 1];
            if !above.contains("cut here") {
                excerpt.insert(0, above.trim_end().to_owned());
            }
        }
    }

    // Which lines belong to reports: from the first one to the end marker (or the log's end).
    let region_end = end.unwrap_or(lines.len());
    let region: &[&str] = match primary {
        Some(p) if p.line < region_end => {
            // A WARN prints its message on the line above `WARNING: CPU: ...`.
            let start = if p.outcome == Some(Outcome::Warning) {
                p.line.saturating_sub(1).max(begin + 1)
            } else {
                p.line
            };
            &lines[start..region_end]
        }
        _ => &[],
    };
    if let Some(report) = side.report.as_deref() {
        if let Some(l) = region.iter().find(|l| l.contains(report)) {
            push_unique(&mut excerpt, l);
        }
    }
    if let Some(func) = side.function.as_deref() {
        if let Some(l) = region
            .iter()
            .find(|l| is_symbol_line(l) && names_function(l, func))
        {
            push_unique(&mut excerpt, l);
        }
    }
    for m in &side.markers {
        if let Some(l) = lines[begin..].iter().find(|l| l.contains(m.as_str())) {
            push_unique(&mut excerpt, l);
        }
    }
    if let Some(s) = status_line {
        push_unique(&mut excerpt, s);
    }

    // A kernel panic or hang ends the judgement: the side did not reach its end marker.
    if let Some(kp) = after.iter().find(|f| f.outcome.is_none()) {
        push_unique(&mut excerpt, lines[kp.line]);
        return fail(
            observed,
            detail,
            format!("the kernel panicked: {}", kp.detail),
            excerpt,
        );
    }
    if end.is_none() {
        let why = if timed_out {
            format!("the VM hung after loading the module (no end marker; killed after {timeout_secs} s)")
        } else {
            "the VM stopped before the end marker".to_owned()
        };
        let mut ex = excerpt;
        for t in &tail {
            push_unique(&mut ex, t);
        }
        return fail(observed, detail, why, ex);
    }

    let expected = side.expect;
    if observed != Some(expected) {
        let why = match observed {
            Some(Outcome::Runs) => {
                format!("expected `{expected}`, but the module ran without any report")
            }
            Some(o) => format!(
                "expected `{expected}`, observed `{o}`: {}",
                detail.clone().unwrap_or_default()
            ),
            None => format!("expected `{expected}`, observed nothing"),
        };
        return fail(observed, detail, why, excerpt);
    }
    // Reports of another kind after the first one are unexpected, except the `kernel BUG` /
    // `Oops` that a Rust panic is turned into, and the oops lines of one oops.
    if let Some(extra) = after.iter().skip(1).find(|f| {
        let o = f.outcome;
        !(o == Some(expected) || (expected == Outcome::Panic && o == Some(Outcome::Oops)))
    }) {
        push_unique(&mut excerpt, lines[extra.line]);
        return fail(
            observed,
            detail,
            format!("an unexpected second report: {}", extra.detail),
            excerpt,
        );
    }
    if expected != Outcome::Runs {
        if let Some(report) = side.report.as_deref() {
            if !region.iter().any(|l| l.contains(report)) {
                return fail(
                    observed,
                    detail,
                    format!("the `{expected}` report does not mention `{report}`"),
                    excerpt,
                );
            }
        }
        if let Some(func) = side.function.as_deref() {
            if !region
                .iter()
                .any(|l| is_symbol_line(l) && names_function(l, func))
            {
                return fail(
                    observed,
                    detail,
                    format!("the report does not name the example's function `{func}`"),
                    excerpt,
                );
            }
        }
    }
    if let Some(missing) = side
        .markers
        .iter()
        .find(|m| !lines[begin..].iter().any(|l| l.contains(m.as_str())))
    {
        return fail(
            observed,
            detail,
            format!("the module never printed `{missing}`"),
            excerpt,
        );
    }
    if expected == Outcome::Runs && status_line.is_some_and(|s| !s.trim_end().ends_with(" 0")) {
        return fail(
            observed,
            detail,
            format!("insmod failed: {}", status_line.unwrap_or_default().trim()),
            excerpt,
        );
    }
    Verdict {
        observed,
        detail,
        pass: true,
        failure: None,
        excerpt,
    }
}

/// Judges a side whose module build failed (`built == false`) or succeeded, for a side that
/// declares `build-fails` or must build to boot.
pub fn judge_build(side: &RawSide, build_log: &str, built: bool) -> Option<Verdict> {
    let errors: Vec<&str> = build_log
        .lines()
        .filter(|l| l.starts_with("error") || l.contains("--> "))
        .collect();
    let mut excerpt = Vec::new();
    for e in &errors {
        push_unique(&mut excerpt, e);
    }
    let detail = errors
        .iter()
        .find(|l| l.starts_with("error"))
        .map(|l| l.to_string());
    if side.expect != Outcome::BuildFails {
        if built {
            return None; // go on and boot it
        }
        if excerpt.is_empty() {
            for l in build_log
                .lines()
                .rev()
                .take(8)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
            {
                push_unique(&mut excerpt, l);
            }
        }
        return Some(fail(
            Some(Outcome::BuildFails),
            detail,
            format!("expected `{}`, but the module does not build", side.expect),
            excerpt,
        ));
    }
    if built {
        return Some(fail(
            Some(Outcome::Runs),
            None,
            "expected `build-fails`, but the module built".to_owned(),
            Vec::new(),
        ));
    }
    if let Some(report) = side.report.as_deref() {
        // rustc prints lint names both ways: `unsafe_op_in_unsafe_fn`, `-D unsafe-op-in-unsafe-fn`.
        let wanted = report.replace('_', "-");
        match build_log
            .lines()
            .find(|l| l.contains(report) || l.replace('_', "-").contains(&wanted))
        {
            Some(l) => push_unique(&mut excerpt, l),
            None => {
                return Some(fail(
                    Some(Outcome::BuildFails),
                    detail,
                    format!("the build failed, but its errors do not mention `{report}`"),
                    excerpt,
                ))
            }
        }
    }
    if let Some(func) = side.function.as_deref() {
        match build_log.lines().find(|l| names_function(l, func)) {
            Some(l) => push_unique(&mut excerpt, l),
            None => {
                return Some(fail(
                    Some(Outcome::BuildFails),
                    detail,
                    format!("the build errors do not name `{func}`"),
                    excerpt,
                ))
            }
        }
    }
    Some(Verdict {
        observed: Some(Outcome::BuildFails),
        detail,
        pass: true,
        failure: None,
        excerpt,
    })
}
