//! What the linter needs from the dictionary: one small trait, so the checks do not depend on
//! how the dictionary matches. [`crate::dictionary`] implements it over `safety_dict`'s matcher
//! (the same one `safety-dict expand` uses); tests use small fakes.

/// The role of a sentence, which decides which entries it may match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// An item of a `# Safety` section, or the requirement half of a justification.
    Requirement,
    /// A reason after `by` in a `// SAFETY:` or `// INVARIANT:` item.
    Justification,
}

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

/// A `// SAFETY:` item in the standard's justification form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Justified {
    /// The repeated requirement (empty when the item only gives reasons).
    pub requirement: String,
    /// The justifications, in order; an entry id is allowed where the form names one directly
    /// (e.g. "The caller guarantees that ..." gives `function-requirements`).
    pub justifications: Vec<JustificationPart>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JustificationPart {
    /// Words written after `by`, to be matched.
    Text(String),
    /// Already resolved to an entry by a whole-sentence form.
    Entry(String),
}

/// The dictionary as the linter sees it.
pub trait Vocabulary {
    /// Matches one sentence (list item or prose sentence) in the given role.
    fn match_phrase(&self, role: Role, text: &str) -> PhraseMatch;

    /// Splits a `// SAFETY:` / `// INVARIANT:` item into requirement and justifications
    /// ("<requirement> by <justification> and <justification>", or a whole-sentence form).
    /// `None` when the item is not in justification form.
    fn split_justified(&self, item: &str) -> Option<Justified>;

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

impl Vocabulary for EmptyVocabulary {
    fn match_phrase(&self, _role: Role, _text: &str) -> PhraseMatch {
        PhraseMatch::Unrecognised {
            nearest: Vec::new(),
        }
    }

    fn split_justified(&self, item: &str) -> Option<Justified> {
        split_by_separator(item, "by", "and")
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
/// separates, ` and ` outside backticks joins. A building block for implementations.
pub fn split_by_separator(item: &str, separator: &str, conjunction: &str) -> Option<Justified> {
    let sep = format!(" {separator} ");
    let positions = outside_code_matches(item, &sep);
    let at = *positions.last()?;
    let requirement = item[..at].trim().to_string();
    let rest = item[at + sep.len()..].trim().trim_end_matches('.').trim();
    let conj = format!(" {conjunction} ");
    let mut parts = Vec::new();
    let mut start = 0;
    for p in outside_code_matches(rest, &conj) {
        parts.push(JustificationPart::Text(rest[start..p].trim().to_string()));
        start = p + conj.len();
    }
    parts.push(JustificationPart::Text(rest[start..].trim().to_string()));
    parts.retain(|p| !matches!(p, JustificationPart::Text(t) if t.is_empty()));
    if parts.is_empty() {
        return None;
    }
    Some(Justified {
        requirement,
        justifications: parts,
    })
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
        let j = split_by_separator(
            "`p` is valid for reads by function requirements and type invariant of `T`.",
            "by",
            "and",
        )
        .expect("justification form");
        assert_eq!(j.requirement, "`p` is valid for reads");
        assert_eq!(
            j.justifications,
            [
                JustificationPart::Text("function requirements".into()),
                JustificationPart::Text("type invariant of `T`".into())
            ]
        );
    }

    #[test]
    fn ignores_separators_in_code() {
        assert_eq!(split_by_separator("`a by b` holds", "by", "and"), None);
    }
}
