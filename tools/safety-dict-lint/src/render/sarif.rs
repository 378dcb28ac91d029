//! SARIF 2.1.0 for code-scanning services: one run, every code as a rule with its help URL.

use serde_json::{json, Value};

use crate::code::{Code, Level};
use crate::LintReport;

fn sarif_level(l: Level) -> &'static str {
    match l {
        Level::Error => "error",
        Level::Warning => "warning",
        Level::Info => "note",
    }
}

/// A path's segments percent-encoded (RFC 3986: only unreserved characters stay as they are)
/// and joined with `/`.
fn encoded(path: &std::path::Path) -> String {
    path.components()
        .filter_map(|c| match c {
            std::path::Component::Normal(s) => Some(
                s.to_string_lossy()
                    .bytes()
                    .map(|b| {
                        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
                            char::from(b).to_string()
                        } else {
                            format!("%{b:02X}")
                        }
                    })
                    .collect::<String>(),
            ),
            std::path::Component::ParentDir => Some("..".to_string()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Where a finding is: an absolute path as a `file://` URI; a relative one relative to the
/// `%SRCROOT%` base (the directory the tool ran in), as SARIF consumers resolve it.
fn artifact_location(path: &std::path::Path) -> Value {
    if path.is_absolute() {
        json!({ "uri": format!("file:///{}", encoded(path)) })
    } else {
        json!({ "uri": encoded(path), "uriBaseId": "%SRCROOT%" })
    }
}

pub fn render(report: &LintReport) -> String {
    let rules: Vec<Value> = Code::ALL
        .iter()
        .map(|c| {
            let i = c.info();
            let mut rule = json!({
                "id": i.id,
                "name": i.name,
                "shortDescription": { "text": i.description },
                "defaultConfiguration": { "level": sarif_level(i.level) },
            });
            // The rule's chapter, known from a finding of it; absent otherwise (the schema has
            // no `null` for a URI).
            let help = report
                .findings
                .iter()
                .find(|f| f.code == *c && !f.help_url.contains("/dictionary/"));
            if let (Some(f), Some(obj)) = (help, rule.as_object_mut()) {
                obj.insert("helpUri".into(), Value::String(f.help_url.clone()));
            }
            rule
        })
        .collect();
    let results: Vec<Value> = report
        .findings
        .iter()
        .map(|f| {
            let (end_line, end_col) = report
                .sources
                .get(&f.file)
                .map(|t| crate::SourceFile::new(f.file.clone(), t.clone()).line_col(f.span.end))
                .unwrap_or((f.line, f.column));
            let mut text = f.message.clone();
            for n in &f.notes {
                text.push('\n');
                text.push_str(n);
            }
            text.push_str(&format!("\nhelp: {}", f.help_url));
            json!({
                "ruleId": f.code.as_str(),
                "ruleIndex": Code::ALL.iter().position(|c| *c == f.code),
                "level": sarif_level(f.level),
                "message": { "text": text },
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": artifact_location(&f.file),
                        "region": {
                            "startLine": f.line,
                            "startColumn": f.column,
                            "endLine": end_line,
                            "endColumn": end_col,
                        }
                    }
                }],
                "properties": { "helpUri": f.help_url },
            })
        })
        .collect();
    let doc = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "safety-dict lint",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    });
    let mut out = serde_json::to_string_pretty(&doc)
        .unwrap_or_else(|e| format!("{{\"error\": \"cannot serialise the report: {e}\"}}"));
    out.push('\n');
    out
}
