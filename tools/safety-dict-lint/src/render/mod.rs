//! Output formats: rustc-style text, JSON, SARIF 2.1.0 and a summary.

pub mod human;
pub mod json;
pub mod sarif;
pub mod summary;

/// The formats a caller may ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Human,
    Json,
    Sarif,
    Summary,
}

impl Format {
    pub fn parse(text: &str) -> Option<Format> {
        match text {
            "human" | "text" => Some(Format::Human),
            "json" => Some(Format::Json),
            "sarif" => Some(Format::Sarif),
            "summary" => Some(Format::Summary),
            _ => None,
        }
    }
}

/// Renders a report in a format (`color` only affects `Human`).
pub fn render(report: &crate::LintReport, format: Format, color: bool) -> String {
    match format {
        Format::Human => human::render(report, color),
        Format::Json => json::render(report),
        Format::Sarif => sarif::render(report),
        Format::Summary => summary::render(report),
    }
}
