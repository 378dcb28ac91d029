//! `--format readings`: how the dictionary read every part of every safety comment and
//! section, one part per line, tab-separated so that `cut`, `sort` and `diff` can compare two
//! runs: `FILE:LINE`, the part's role, what it was read as, the part, the item it belongs to.

use std::fmt::Write;

use crate::LintReport;

/// Tabs and line ends inside the words would break the columns; the words are already folded.
fn cell(text: &str) -> String {
    text.replace(['\t', '\n', '\r'], " ")
}

pub fn render(report: &LintReport) -> String {
    let mut o = String::new();
    for r in &report.readings {
        let _ = writeln!(
            o,
            "{}:{}\t{}\t{}\t{}\t{}",
            r.file.display(),
            r.line,
            r.role,
            cell(&r.outcome.to_string()),
            cell(&r.part),
            cell(&r.item)
        );
    }
    o
}

#[cfg(test)]
mod tests {
    use crate::report::{Outcome, PartReading};
    use crate::LintReport;

    #[test]
    fn one_line_per_part_in_five_columns() {
        let report = LintReport {
            readings: vec![PartReading {
                file: "a.rs".into(),
                line: 3,
                role: "phrase".into(),
                outcome: Outcome::Entry {
                    id: "non-null".into(),
                    discouraged: true,
                },
                part: "`p` is\tnot null".into(),
                item: "`p` is not null.".into(),
            }],
            ..LintReport::default()
        };
        assert_eq!(
            super::render(&report),
            "a.rs:3\tphrase\tnon-null (discouraged)\t`p` is not null\t`p` is not null.\n"
        );
    }
}
