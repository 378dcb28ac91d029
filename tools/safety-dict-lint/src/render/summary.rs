//! The summary: what the tree holds, how much of it the dictionary recognises, and findings
//! per code.

use std::fmt::Write;

use crate::code::Code;
use crate::LintReport;

fn pct(part: usize, whole: usize) -> String {
    if whole == 0 {
        "-".to_string()
    } else {
        format!("{:.1}%", part as f64 * 100.0 / whole as f64)
    }
}

pub fn render(report: &LintReport) -> String {
    let s = &report.stats;
    let mut o = String::new();
    let _ = writeln!(
        o,
        "files:                  {} ({} bytes, {} with syntax errors, {} unreadable)",
        s.files,
        s.bytes,
        s.files_with_syntax_errors,
        report.errors.len()
    );
    let _ = writeln!(
        o,
        "unsafe blocks:          {} ({} in macro bodies), {} with `// SAFETY:` ({})",
        s.unsafe_blocks,
        s.unsafe_blocks_in_macros,
        s.unsafe_blocks_with_safety,
        pct(s.unsafe_blocks_with_safety, s.unsafe_blocks)
    );
    let _ = writeln!(
        o,
        "unsafe impls:           {}, {} with `// SAFETY:` ({})",
        s.unsafe_impls,
        s.unsafe_impls_with_safety,
        pct(s.unsafe_impls_with_safety, s.unsafe_impls)
    );
    let _ = writeln!(
        o,
        "unsafe fns / traits:    {} / {}",
        s.unsafe_fns, s.unsafe_traits
    );
    let _ = writeln!(
        o,
        "`# Safety` sections:    {} ({} as lists, {} with every item recognised)",
        s.safety_sections, s.safety_sections_as_lists, s.safety_sections_recognised
    );
    let _ = writeln!(
        o,
        "`// SAFETY:` comments:  {} ({} with every item recognised)",
        s.safety_comments, s.safety_comments_recognised
    );
    let _ = writeln!(
        o,
        "`// INVARIANT:`:        {} comments ({} with every item recognised); {} types with invariants, built {} times",
        s.invariant_comments,
        s.invariant_comments_recognised,
        s.invariant_types,
        s.struct_literals_with_invariants
    );
    let _ = writeln!(
        o,
        "`# Invariants` / `# Guarantees` sections: {} / {} ({} / {} with every item recognised)",
        s.invariants_sections,
        s.guarantees_sections,
        s.invariants_sections_recognised,
        s.guarantees_sections_recognised
    );
    let _ = writeln!(
        o,
        "items recognised:       {} of {} ({:.1}%), {} discouraged",
        s.items_recognised,
        s.items,
        s.recognised_percent(),
        s.discouraged
    );
    let _ = writeln!(
        o,
        "parts recognised:       {} of {} (statements, reasons, conditions); {} more listed as API-specific",
        s.parts_recognised, s.parts, s.parts_api_specific
    );
    let _ = writeln!(
        o,
        "justification lists:    {} compared with the callee's `# Safety` list, {} with the trait's",
        s.justification_lists_compared,
        s.trait_lists_compared
    );
    // Only what repeats is worth an entry's or a rewording's effort; a list of phrasings seen
    // once each would only show the first ten in alphabetical order.
    let top: Vec<(String, usize)> = s
        .top_unrecognised(10)
        .into_iter()
        .filter(|(_, n)| *n > 1)
        .collect();
    if top.is_empty() {
        if !s.unrecognised.is_empty() {
            let _ = writeln!(
                o,
                "unrecognised phrasings:  none seen twice ({} seen once)",
                s.unrecognised.len()
            );
        }
    } else {
        let _ = writeln!(o, "unrecognised phrasings seen more than once:");
        for (p, n) in top {
            let _ = writeln!(o, "  {n:>5}  {}", super::super::checks::excerpt(&p, 90));
        }
    }
    let by = report.counts_by_code();
    let _ = writeln!(o, "findings by code:");
    for c in Code::ALL {
        let n = by.get(&c).copied().unwrap_or(0);
        if n > 0 {
            let i = c.info();
            let _ = writeln!(o, "  {} {:<7} {:>5}  {}", i.id, i.level.as_str(), n, i.name);
        }
    }
    o
}
