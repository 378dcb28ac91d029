//! `safety-dict search`: full-text, typo-tolerant search over every entry.

use std::io::{self, IsTerminal, Write};

use safety_dict::Dictionary;
use safety_dict_search::{Hit, SearchIndex};

use crate::cli::DataFormat;
use crate::{EXIT_FINDINGS, EXIT_OK, EXIT_TROUBLE};

/// Searches `dict` for `query`; exit 0 with hits, 1 without, 2 on an empty query or an
/// index failure.
pub fn search(
    dict: &Dictionary,
    query: &str,
    limit: usize,
    format: DataFormat,
    out: &mut dyn Write,
) -> io::Result<u8> {
    if query.trim().is_empty() {
        eprintln!("error: the query is empty; give some words, e.g. `safety-dict search \"valid for reads\"`");
        return Ok(EXIT_TROUBLE);
    }
    let hits = match SearchIndex::build(dict).and_then(|index| index.search(query, limit)) {
        Ok(h) => h,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(EXIT_TROUBLE);
        }
    };
    match format {
        DataFormat::Json => crate::commands::write_json(out, &hits)?,
        DataFormat::Text if hits.is_empty() => {
            eprintln!("no entry matches {query:?}");
        }
        DataFormat::Text => {
            let bold = std::io::stdout().is_terminal();
            for (i, hit) in hits.iter().enumerate() {
                if i > 0 {
                    writeln!(out)?;
                }
                out.write_all(text(hit, bold).as_bytes())?;
            }
        }
    }
    Ok(if hits.is_empty() {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    })
}

/// One hit as three or four lines of text; matched words in ANSI bold on a terminal, else
/// between `**`.
fn text(hit: &Hit, bold: bool) -> String {
    let (open, close) = if bold {
        ("\x1b[1m", "\x1b[0m")
    } else {
        ("**", "**")
    };
    let mut out = format!(
        "{} ({}, {}, score {:.2})\n  {}\n",
        hit.id,
        hit.kind.dir(),
        serde_plain(&hit.matched),
        hit.score,
        hit.phrase
    );
    if !hit.snippet.text.is_empty() {
        out.push_str(&format!("  {}\n", hit.snippet.marked(open, close)));
    }
    out.push_str(&format!("  {}\n", hit.url));
    out
}

/// The kebab-case name serde gives a unit variant.
fn serde_plain<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|j| j.as_str().map(str::to_string))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use safety_dict::Kind;
    use safety_dict_search::{MatchKind, Snippet};

    #[test]
    fn text_marks_words() {
        let hit = Hit {
            id: "valid-for-reads".into(),
            kind: Kind::Requirement,
            phrase: "`ptr` is valid for reads.".into(),
            score: 12.5,
            matched: MatchKind::Exact,
            url: "https://example.org/dictionary/requirement/valid-for-reads.html".into(),
            snippet: Snippet {
                text: "may be read".into(),
                highlights: vec![[7, 11]],
            },
        };
        let t = text(&hit, false);
        assert!(
            t.starts_with("valid-for-reads (requirement, exact, score 12.50)\n"),
            "{t}"
        );
        assert!(t.contains("  may be **read**\n"), "{t}");
        assert!(text(&hit, true).contains("\x1b[1mread\x1b[0m"));
    }
}
