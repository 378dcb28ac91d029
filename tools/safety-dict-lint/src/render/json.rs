//! `--format json`: findings, unreadable paths and the summary figures, as one JSON document.

use serde_json::{json, Value};

use crate::LintReport;

/// The summary figures as JSON.
pub fn summary_value(report: &LintReport) -> Value {
    let s = &report.stats;
    let by_code: serde_json::Map<String, Value> = report
        .counts_by_code()
        .into_iter()
        .map(|(c, n)| (c.as_str().to_string(), json!(n)))
        .collect();
    json!({
        "files": s.files,
        "bytes": s.bytes,
        "files_with_syntax_errors": s.files_with_syntax_errors,
        "unsafe_blocks": s.unsafe_blocks,
        "unsafe_blocks_in_macros": s.unsafe_blocks_in_macros,
        "unsafe_blocks_with_safety": s.unsafe_blocks_with_safety,
        "unsafe_impls": s.unsafe_impls,
        "unsafe_impls_with_safety": s.unsafe_impls_with_safety,
        "unsafe_fns": s.unsafe_fns,
        "unsafe_traits": s.unsafe_traits,
        "safety_sections": s.safety_sections,
        "safety_sections_as_lists": s.safety_sections_as_lists,
        "safety_comments": s.safety_comments,
        "invariant_comments": s.invariant_comments,
        "invariant_types": s.invariant_types,
        "struct_literals_with_invariants": s.struct_literals_with_invariants,
        "items": s.items,
        "items_recognised": s.items_recognised,
        "parts": s.parts,
        "parts_recognised": s.parts_recognised,
        "parts_api_specific": s.parts_api_specific,
        "safety_sections_recognised": s.safety_sections_recognised,
        "safety_comments_recognised": s.safety_comments_recognised,
        "invariant_comments_recognised": s.invariant_comments_recognised,
        "invariants_sections": s.invariants_sections,
        "invariants_sections_recognised": s.invariants_sections_recognised,
        "guarantees_sections": s.guarantees_sections,
        "guarantees_sections_recognised": s.guarantees_sections_recognised,
        "recognised_percent": (s.recognised_percent() * 10.0).round() / 10.0,
        "discouraged": s.discouraged,
        "justification_lists_compared": s.justification_lists_compared,
        "trait_lists_compared": s.trait_lists_compared,
        "top_unrecognised": s.top_unrecognised(20).into_iter()
            .map(|(p, n)| json!({"phrasing": p, "count": n})).collect::<Vec<_>>(),
        // Every phrasing seen twice or more that is neither recognised nor listed as
        // API-specific: what the dictionary or `dictionary/api-specific.toml` still owes.
        "repeated_unrecognised": s.repeated_unrecognised(2).into_iter()
            .map(|(p, seen)| json!({
                "phrasing": p,
                "count": seen.count,
                "text": seen.first.text,
                "example": format!("{}:{}", seen.first.file.display(), seen.first.line),
            })).collect::<Vec<_>>(),
        // How often each listed API-specific phrasing (by its key) was met.
        "api_specific_seen": s.api_specific_seen,
        "findings_by_code": by_code,
    })
}

pub fn render(report: &LintReport) -> String {
    let doc = json!({
        "version": 1,
        "findings": report.findings,
        "errors": report.errors.iter().map(|e| json!({
            "path": e.path().display().to_string(),
            "message": e.to_string(),
        })).collect::<Vec<_>>(),
        "summary": summary_value(report),
        "exit_code": {
            "deny_error": report.exit_code(crate::Level::Error),
            "deny_warning": report.exit_code(crate::Level::Warning),
        },
    });
    let mut out = serde_json::to_string_pretty(&doc)
        .unwrap_or_else(|e| format!("{{\"error\": \"cannot serialise the report: {e}\"}}"));
    out.push('\n');
    out
}
