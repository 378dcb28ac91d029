//! Output formats: rustc-style text, JSON, SARIF 2.1.0 and a summary.

pub mod human;
pub mod json;
pub mod readings;
pub mod review;
pub mod sarif;
pub mod summary;

/// The formats a caller may ask for (also the values of `--format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// rustc-style diagnostics with source snippets and `= help: <URL>`
    #[value(alias = "text")]
    Human,
    /// One JSON document: findings, unreadable paths, summary
    Json,
    /// SARIF 2.1.0, for code-scanning services
    Sarif,
    /// Counts only: unsafe blocks, comments, sections, recognised %, top unrecognised phrasings
    Summary,
    /// An e-mail reply: each finding under the quoted lines it concerns (with `--diff`, the
    /// patch's lines), with the explanation and the URL
    Review,
    /// How every part of every safety comment and section was read: one line per part,
    /// `FILE:LINE<TAB>role<TAB>reading<TAB>part<TAB>item` (findings are not shown)
    Readings,
}

impl Format {
    pub fn parse(text: &str) -> Option<Format> {
        <Format as clap::ValueEnum>::from_str(text, false).ok()
    }
}

/// Renders a report in a format (`color` only affects `Human`).
pub fn render(report: &crate::LintReport, format: Format, color: bool) -> String {
    match format {
        Format::Human => human::render(report, color),
        Format::Json => json::render(report),
        Format::Sarif => sarif::render(report),
        Format::Summary => summary::render(report),
        Format::Review => review::render(report, None),
        Format::Readings => readings::render(report),
    }
}
