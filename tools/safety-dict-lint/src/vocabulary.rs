//! What the linter needs from the dictionary: one small trait, so the checks do not depend on
//! how the dictionary matches. [`crate::dictionary`] implements it over `safety_dict`'s
//! `Dictionary::analyse_item` (the reading `safety-dict expand` uses); tests may use fakes.

/// A discouraged wording and what to write instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discouraged {
    pub preferred: String,
    pub reason: String,
}

/// A sentence the dictionary recognised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recognised {
    pub id: String,
    /// Variable name → the text that filled it, in the entry's order.
    pub bindings: Vec<(String, String)>,
    pub discouraged: Option<Discouraged>,
}

/// The result of matching one sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PhraseMatch {
    Recognised(Recognised),
    /// Not in the dictionary; the nearest entries' ids, best first.
    Unrecognised {
        nearest: Vec<String>,
    },
}

impl PhraseMatch {
    pub fn id(&self) -> Option<&str> {
        match self {
            PhraseMatch::Recognised(r) => Some(&r.id),
            PhraseMatch::Unrecognised { .. } => None,
        }
    }
}

/// One sentence of an item and how the dictionary read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    /// The words as written (whitespace folded); for a whole-sentence justification form, the
    /// form's prefix.
    pub text: String,
    pub result: PhraseMatch,
}

/// How the dictionary reads one item (a `# Safety` list item, or one item / sentence of a
/// `// SAFETY:` or `// INVARIANT:` comment): the statement, and the justifications given for it
/// ("<statement> by <justification> and <justification>", or a whole-sentence form such as
/// "The caller guarantees that <statement>").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// What the item states: one statement, or one per predicate of a list. Never empty.
    pub statements: Vec<Statement>,
    pub justifications: Vec<Statement>,
}

impl Analysis {
    /// The first (usually the only) statement.
    pub fn statement(&self) -> &Statement {
        &self.statements[0]
    }
}

/// The dictionary as the linter sees it.
pub trait Vocabulary {
    /// Reads one item, exactly as `safety-dict expand` reads it.
    fn analyse_item(&self, item: &str) -> Analysis;

    /// The same reading, where the nearest entries of unrecognised parts are not wanted (a
    /// summary, or SD0007 not shown). Implementations whose suggestions are costly override it;
    /// the default is [`Vocabulary::analyse_item`].
    fn analyse_item_without_nearest(&self, item: &str) -> Analysis {
        self.analyse_item(item)
    }

    /// The stable URL of an entry's page.
    fn entry_url(&self, id: &str) -> String;

    /// The site's base URL, ending in `/`; rule codes link pages under it.
    fn site_url(&self) -> String;
}

/// A vocabulary that knows nothing: every sentence is unrecognised. Useful when only the
/// structural checks are wanted.
#[derive(Debug, Clone, Default)]
pub struct EmptyVocabulary {
    pub site_url: String,
}

fn unrecognised(text: &str) -> Statement {
    Statement {
        text: text.trim().to_string(),
        result: PhraseMatch::Unrecognised {
            nearest: Vec::new(),
        },
    }
}

impl Vocabulary for EmptyVocabulary {
    fn analyse_item(&self, item: &str) -> Analysis {
        match split_by_separator(item, "by", "and") {
            Some((statement, parts)) => Analysis {
                statements: vec![unrecognised(&statement)],
                justifications: parts.iter().map(|p| unrecognised(p)).collect(),
            },
            None => Analysis {
                statements: vec![unrecognised(item)],
                justifications: Vec::new(),
            },
        }
    }

    fn entry_url(&self, id: &str) -> String {
        format!("{}dictionary/{id}.html", self.site_url())
    }

    fn site_url(&self) -> String {
        if self.site_url.is_empty() {
            "/".to_string()
        } else if self.site_url.ends_with('/') {
            self.site_url.clone()
        } else {
            format!("{}/", self.site_url)
        }
    }
}

/// The plain split of "<requirement> by <j1> and <j2>": the last ` by ` outside backticks
/// separates, ` and ` outside backticks joins. A building block for simple implementations.
pub fn split_by_separator(
    item: &str,
    separator: &str,
    conjunction: &str,
) -> Option<(String, Vec<String>)> {
    let sep = format!(" {separator} ");
    let positions = outside_code_matches(item, &sep);
    let at = *positions.last()?;
    let requirement = item[..at].trim().to_string();
    let rest = item[at + sep.len()..].trim().trim_end_matches('.').trim();
    let conj = format!(" {conjunction} ");
    let mut parts = Vec::new();
    let mut start = 0;
    for p in outside_code_matches(rest, &conj) {
        parts.push(rest[start..p].trim().to_string());
        start = p + conj.len();
    }
    parts.push(rest[start..].trim().to_string());
    parts.retain(|p| !p.is_empty());
    if parts.is_empty() {
        return None;
    }
    Some((requirement, parts))
}

/// Byte offsets of case-insensitive matches of `needle` outside backticks.
fn outside_code_matches(text: &str, needle: &str) -> Vec<usize> {
    let lower = text.to_ascii_lowercase();
    let needle = needle.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut in_code = false;
    let bytes = lower.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'`' {
            in_code = !in_code;
        } else if !in_code && lower[i..].starts_with(&needle) {
            out.push(i);
            i += needle.len();
            continue;
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_requirement_and_justifications() {
        let (req, parts) = split_by_separator(
            "`p` is valid for reads by function requirements and type invariant of `T`.",
            "by",
            "and",
        )
        .expect("justification form");
        assert_eq!(req, "`p` is valid for reads");
        assert_eq!(parts, ["function requirements", "type invariant of `T`"]);
    }

    #[test]
    fn ignores_separators_in_code() {
        assert_eq!(split_by_separator("`a by b` holds", "by", "and"), None);
    }
}
