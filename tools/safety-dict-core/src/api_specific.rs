//! `dictionary/api-specific.toml`: phrasings that occur often in the development corpora but
//! belong to one API, so a general dictionary should not hold them ("`phydev` must be passed by
//! the corresponding callback in `phy_driver`"). Each is listed with the corpus it comes from,
//! how often it occurs there, one place it occurs and why it is not an entry.
//!
//! The file is reviewed: loading it checks every row (unknown keys, the corpus, the example's
//! `path:line`, an empty reason, duplicate texts) and rejects a phrasing the dictionary already
//! recognises, which should simply be removed from the list.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use crate::diag::{Diagnostic, Diagnostics};
use crate::expand::Position;
use crate::files::Files;
use crate::load::LoadError;
use crate::Dictionary;

/// Where the file lives, relative to the repository root.
pub const PATH: &str = "dictionary/api-specific.toml";

/// The corpus a phrasing was counted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
pub enum Corpus {
    /// Linux 6.12's `rust/` (Debian's `linux-source-6.12`).
    #[serde(rename = "linux-6.12")]
    Linux612,
    /// The standard library's `core`, `alloc` and `std` of Rust 1.96 (Debian's `rust-web-src`).
    #[serde(rename = "rust-1.96")]
    Rust196,
}

impl Corpus {
    pub fn name(self) -> &'static str {
        match self {
            Corpus::Linux612 => "linux-6.12",
            Corpus::Rust196 => "rust-1.96",
        }
    }
}

/// One listed phrasing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phrasing {
    /// The phrasing as written at `example` (backticked spans may differ elsewhere).
    pub text: String,
    pub corpus: Corpus,
    /// How many times it occurs in the corpus.
    pub count: u32,
    /// `path:line` of one occurrence, the path relative to the corpus root.
    pub example: String,
    /// Why a general dictionary should not hold it.
    pub reason: String,
}

/// The whole file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ApiSpecific {
    pub phrasings: Vec<Phrasing>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    phrasing: Vec<Spanned<RawPhrasing>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPhrasing {
    text: Spanned<String>,
    corpus: Spanned<Corpus>,
    count: Spanned<i64>,
    example: Spanned<String>,
    reason: Spanned<String>,
}

/// The form two phrasings are compared in, as the lint groups them: lower case outside
/// backticks, whitespace folded, a list marker and final punctuation dropped, and every
/// backticked span replaced by `…`. A phrasing with no word outside its code keeps its code:
/// otherwise a listed "`a == b`." would stand for every part that is one code span.
pub fn phrasing_key(text: &str) -> String {
    let t = text.trim();
    let t = t
        .strip_prefix("- ")
        .or_else(|| t.strip_prefix("* "))
        .unwrap_or(t);
    let folded = t.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = String::with_capacity(folded.len());
    let mut in_code = false;
    for c in folded.trim_end_matches(['.', ';', ',']).chars() {
        if c == '`' {
            if !in_code {
                out.push('…');
            }
            in_code = !in_code;
        } else if !in_code {
            out.extend(c.to_lowercase());
        }
    }
    if out.chars().any(char::is_alphanumeric) {
        out
    } else {
        folded.trim_end_matches(['.', ';', ',']).to_string()
    }
}

/// Whether `example` has the form `path:line` with a positive line.
fn is_location(example: &str) -> bool {
    match example.rsplit_once(':') {
        Some((path, line)) => {
            !path.trim().is_empty()
                && !path.contains(char::is_whitespace)
                && line.parse::<u32>().is_ok_and(|l| l > 0)
        }
        None => false,
    }
}

impl ApiSpecific {
    /// The keys (`phrasing_key`) of every listed phrasing, for repeated lookups.
    pub fn key_set(&self) -> std::collections::HashSet<String> {
        self.phrasings
            .iter()
            .map(|p| phrasing_key(&p.text))
            .collect()
    }

    /// Whether `text` is listed (compared as the lint groups phrasings).
    pub fn contains(&self, text: &str) -> bool {
        let key = phrasing_key(text);
        self.phrasings.iter().any(|p| phrasing_key(&p.text) == key)
    }

    /// Parses and checks the file's text against `dict`; `rel` names it in diagnostics.
    pub fn parse(rel: &Path, text: &str, dict: &Dictionary) -> Result<ApiSpecific, LoadError> {
        Self::parse_with(rel, text, Some(dict))
    }

    /// Parses and checks the file's text; the costly check that the dictionary does not
    /// recognise a listed phrasing runs only when `dict` is given (`check` gives it; a lint
    /// run, which only looks phrasings up, does not).
    fn parse_with(
        rel: &Path,
        text: &str,
        dict: Option<&Dictionary>,
    ) -> Result<ApiSpecific, LoadError> {
        let source: Arc<str> = Arc::from(text);
        let diag = |span: std::ops::Range<usize>, message: String| {
            Diagnostic::new(rel, &source, span, message)
        };
        let raw: RawFile = match toml::from_str(text) {
            Ok(r) => r,
            Err(e) => {
                let message = e.message().trim().to_string();
                let hint = if message.contains("unknown field") {
                    "remove the key; a phrasing has text, corpus, count, example and reason"
                } else if message.contains("unknown variant") {
                    "write the corpus as \"linux-6.12\" or \"rust-1.96\""
                } else if message.contains("missing field") {
                    "add the key; a phrasing has text, corpus, count, example and reason"
                } else {
                    "fix the TOML syntax"
                };
                let d = diag(e.span().unwrap_or(0..0), message).with_hint(hint);
                return Err(LoadError::Invalid(Diagnostics(vec![d])));
            }
        };
        let mut diags = Diagnostics::default();
        let mut seen: HashMap<(String, Corpus), usize> = HashMap::new();
        let mut out = ApiSpecific::default();
        for (i, row) in raw.phrasing.into_iter().enumerate() {
            let row = row.into_inner();
            let text = row.text.get_ref().trim().to_string();
            if text.is_empty() {
                diags.push(
                    diag(row.text.span(), "empty phrasing".into())
                        .with_hint("write the phrasing as it occurs at `example`"),
                );
                continue;
            }
            let corpus = *row.corpus.get_ref();
            let key = phrasing_key(&text);
            if let Some(first) = seen.insert((key, corpus), i) {
                diags.push(
                    diag(
                        row.text.span(),
                        format!(
                            "duplicate phrasing: the same text (ignoring case and backticked spans) is phrasing {} for {}",
                            first + 1,
                            corpus.name()
                        ),
                    )
                    .with_hint("keep one row and add the counts"),
                );
            }
            let count = *row.count.get_ref();
            if count < 1 {
                diags.push(
                    diag(
                        row.count.span(),
                        format!("count must be at least 1, not {count}"),
                    )
                    .with_hint("give how many times the phrasing occurs in the corpus"),
                );
            }
            let example = row.example.get_ref().trim().to_string();
            if !is_location(&example) {
                diags.push(
                    diag(
                        row.example.span(),
                        format!("example `{example}` is not `path:line`"),
                    )
                    .with_hint(
                        "name one occurrence as `rust/kernel/file.rs:42` or `core/src/file.rs:42`",
                    ),
                );
            }
            let reason = row.reason.get_ref().trim().to_string();
            if reason.is_empty() || reason.contains('\n') {
                diags.push(
                    diag(
                        row.reason.span(),
                        "the reason must be one non-empty line".into(),
                    )
                    .with_hint("say in one line why a general dictionary should not hold it"),
                );
            }
            // A phrasing is needed wherever it stands unread: it is general only when the
            // dictionary reads it both in a `# Safety` item and in a `// SAFETY:` comment
            // ("See [`f`]." is read only in the first).
            // The comment's reading is only made where the first one is general.
            let general = dict.and_then(|d| {
                let item = d.analyse_item_without_nearest(&text);
                let read = !item.is_placeholder()
                    && item.is_recognised()
                    && d.analyse_item_at_without_nearest(&text, Position::SafetyComment)
                        .is_recognised();
                read.then_some(item)
            });
            if let Some(item) = general {
                let ids: Vec<&str> = item.parts().filter_map(|s| s.entry()).collect();
                diags.push(
                    diag(
                        row.text.span(),
                        format!(
                            "the dictionary recognises this phrasing (as {})",
                            ids.join(", ")
                        ),
                    )
                    .with_hint("remove it from the list: it is not API-specific any more"),
                );
            }
            out.phrasings.push(Phrasing {
                text,
                corpus,
                count: u32::try_from(count).unwrap_or(0),
                example,
                reason,
            });
        }
        if diags.is_empty() {
            Ok(out)
        } else {
            diags.sort();
            Err(LoadError::Invalid(diags))
        }
    }
}

/// Loads and checks `dictionary/api-specific.toml` of a repository; an absent file is an
/// empty list.
pub fn load(files: &Files, dict: &Dictionary) -> Result<ApiSpecific, LoadError> {
    load_with(files, Some(dict))
}

/// Loads the list for looking phrasings up: every check but the one against the dictionary,
/// which `safety-dict check` runs.
pub fn load_for_lookup(files: &Files) -> Result<ApiSpecific, LoadError> {
    load_with(files, None)
}

fn load_with(files: &Files, dict: Option<&Dictionary>) -> Result<ApiSpecific, LoadError> {
    let rel = Path::new(PATH);
    if !files.is_file(rel) {
        return Ok(ApiSpecific::default());
    }
    let text = files.read(rel).map_err(|source| LoadError::Io {
        path: files.display_path(rel),
        source,
    })?;
    ApiSpecific::parse_with(rel, &text, dict)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn valid_dictionary() -> Dictionary {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid");
        Dictionary::load(&root).unwrap_or_else(|e| panic!("{e}"))
    }

    fn problems(text: &str) -> Vec<String> {
        match ApiSpecific::parse(Path::new(PATH), text, &valid_dictionary()) {
            Ok(_) => Vec::new(),
            Err(LoadError::Invalid(d)) => {
                d.0.iter()
                    .map(|d| format!("{}:{}: {}", d.line, d.column, d.message))
                    .collect()
            }
            Err(e) => panic!("{e}"),
        }
    }

    const ROW: &str = r#"
[[phrasing]]
text = "`phydev` must be passed by the corresponding callback in `phy_driver`."
corpus = "linux-6.12"
count = 11
example = "rust/kernel/net/phy.rs:314"
reason = "names one driver callback table"
"#;

    #[test]
    fn a_good_row_loads() {
        let list = ApiSpecific::parse(Path::new(PATH), ROW, &valid_dictionary())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(list.phrasings.len(), 1);
        assert_eq!(list.phrasings[0].corpus, Corpus::Linux612);
        assert_eq!(list.phrasings[0].count, 11);
        assert!(list.contains("`dev` must be passed by the corresponding callback in `ops`"));
        assert!(!list.contains("`dev` is valid"));
    }

    #[test]
    fn unknown_keys_are_rejected() {
        let p = problems(&ROW.replace("reason =", "why ="));
        assert_eq!(p.len(), 1);
        assert!(p[0].contains("unknown field `why`"), "{p:?}");
    }

    #[test]
    fn the_corpus_is_checked() {
        let p = problems(&ROW.replace("linux-6.12", "linux-6.1"));
        assert_eq!(p.len(), 1);
        assert!(
            p[0].starts_with("4:10: unknown variant `linux-6.1`"),
            "{p:?}"
        );
    }

    #[test]
    fn duplicates_count_and_example_are_checked() {
        let twice = format!(
            "{ROW}{}",
            ROW.replace("`phydev`", "`dev`")
                .replace("count = 11", "count = 0")
                .replace("phy.rs:314", "phy.rs")
                .replace("names one driver callback table", "")
        );
        assert_eq!(
            problems(&twice),
            [
                "10:8: duplicate phrasing: the same text (ignoring case and backticked spans) is phrasing 1 for linux-6.12",
                "12:9: count must be at least 1, not 0",
                "13:11: example `rust/kernel/net/phy.rs` is not `path:line`",
                "14:10: the reason must be one non-empty line",
            ]
        );
    }

    #[test]
    fn a_recognised_phrasing_must_be_removed() {
        let p = problems(&ROW.replace(
            "`phydev` must be passed by the corresponding callback in `phy_driver`.",
            "`ptr` is non-null.",
        ));
        assert_eq!(p.len(), 1);
        assert!(
            p[0].starts_with("3:8: the dictionary recognises this phrasing (as non-null)"),
            "{p:?}"
        );
    }

    #[test]
    fn a_phrasing_read_only_in_safety_sections_stays() {
        // The fixture grammar reads "See `p`." as a requirement only in a `# Safety` item;
        // a `// SAFETY:` comment that says it still needs the row.
        let dict = valid_dictionary();
        assert!(dict
            .analyse_item_without_nearest("See `p`.")
            .is_recognised());
        assert!(!dict
            .analyse_item_at_without_nearest("See `p`.", Position::SafetyComment)
            .is_recognised());
        assert_eq!(
            problems(&ROW.replace(
                "`phydev` must be passed by the corresponding callback in `phy_driver`.",
                "See `p`.",
            )),
            Vec::<String>::new()
        );
    }

    #[test]
    fn keys_fold_case_spans_and_punctuation() {
        assert_eq!(
            phrasing_key("- So it's just an `FFI` call."),
            "so it's just an … call"
        );
        // Nothing but code: the code is the phrasing, so two such keys differ by it.
        assert_eq!(phrasing_key("`a == b`."), "`a == b`");
        assert_ne!(phrasing_key("`a == b`."), phrasing_key("`Searcher`"));
        assert_eq!(phrasing_key("[`f`]"), "[`f`]");
    }
}
