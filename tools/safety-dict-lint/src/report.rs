//! The result of a run: findings, files that could not be linted, and summary figures.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::Arc;

use serde::Serialize;

use crate::code::{Code, Level};
use crate::error::LintError;
use crate::finding::Finding;

/// Counts gathered while linting.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    pub files: usize,
    pub bytes: usize,
    pub files_with_syntax_errors: usize,
    pub unsafe_blocks: usize,
    /// Of which inside macro token trees.
    pub unsafe_blocks_in_macros: usize,
    pub unsafe_blocks_with_safety: usize,
    pub unsafe_impls: usize,
    pub unsafe_impls_with_safety: usize,
    pub unsafe_fns: usize,
    pub unsafe_traits: usize,
    pub safety_sections: usize,
    /// `# Safety` sections that are proper lists.
    pub safety_sections_as_lists: usize,
    pub safety_comments: usize,
    pub invariant_comments: usize,
    pub invariant_types: usize,
    pub struct_literals_with_invariants: usize,
    /// Items (list items or sentences) of `# Safety`, `# Invariants` and `# Guarantees`
    /// sections, `// SAFETY:` and `// INVARIANT:`.
    pub items: usize,
    pub items_recognised: usize,
    /// Parts of those items (statements, justifications and conditions) and how many were
    /// recognised.
    pub parts: usize,
    pub parts_recognised: usize,
    /// `# Safety` sections, `// SAFETY:` and `// INVARIANT:` comments with every item recognised.
    pub safety_sections_recognised: usize,
    pub safety_comments_recognised: usize,
    pub invariant_comments_recognised: usize,
    /// `# Invariants` and `# Guarantees` sections (of types, traits and functions) with
    /// something to read, and those with every item recognised. Their items and parts count
    /// in `items` and `parts` too.
    pub invariants_sections: usize,
    pub invariants_sections_recognised: usize,
    pub guarantees_sections: usize,
    pub guarantees_sections_recognised: usize,
    pub discouraged: usize,
    /// Calls whose `// SAFETY:` was compared with the callee's `# Safety` list.
    pub justification_lists_compared: usize,
    /// `unsafe impl`s whose `// SAFETY:` was compared with the trait's `# Safety` list.
    pub trait_lists_compared: usize,
    /// Unrecognised parts listed as API-specific (`dictionary/api-specific.toml`); they are
    /// not in `unrecognised` and not reported.
    pub parts_api_specific: usize,
    /// How often each row of `dictionary/api-specific.toml` (by `phrasing_key`) matched a part
    /// or a whole item: a row no corpus shows twice any more can go.
    pub api_specific_seen: std::collections::BTreeMap<String, usize>,
    /// Unrecognised phrasings (backticked spans replaced by `…`, lower case) → how often and
    /// where first.
    pub unrecognised: HashMap<String, Seen>,
}

/// How often an unrecognised phrasing was seen, and its first place (first by file and line,
/// so the answer does not depend on the order files were linted in).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Seen {
    pub count: usize,
    pub first: Example,
}

/// One place an unrecognised phrasing was seen, with the words as read there.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Example {
    pub file: PathBuf,
    pub line: usize,
    pub text: String,
}

impl Stats {
    pub fn merge(&mut self, o: &Stats) {
        self.files += o.files;
        self.bytes += o.bytes;
        self.files_with_syntax_errors += o.files_with_syntax_errors;
        self.unsafe_blocks += o.unsafe_blocks;
        self.unsafe_blocks_in_macros += o.unsafe_blocks_in_macros;
        self.unsafe_blocks_with_safety += o.unsafe_blocks_with_safety;
        self.unsafe_impls += o.unsafe_impls;
        self.unsafe_impls_with_safety += o.unsafe_impls_with_safety;
        self.unsafe_fns += o.unsafe_fns;
        self.unsafe_traits += o.unsafe_traits;
        self.safety_sections += o.safety_sections;
        self.safety_sections_as_lists += o.safety_sections_as_lists;
        self.safety_comments += o.safety_comments;
        self.invariant_comments += o.invariant_comments;
        self.invariant_types += o.invariant_types;
        self.struct_literals_with_invariants += o.struct_literals_with_invariants;
        self.items += o.items;
        self.items_recognised += o.items_recognised;
        self.parts += o.parts;
        self.parts_recognised += o.parts_recognised;
        self.safety_sections_recognised += o.safety_sections_recognised;
        self.safety_comments_recognised += o.safety_comments_recognised;
        self.invariant_comments_recognised += o.invariant_comments_recognised;
        self.invariants_sections += o.invariants_sections;
        self.invariants_sections_recognised += o.invariants_sections_recognised;
        self.guarantees_sections += o.guarantees_sections;
        self.guarantees_sections_recognised += o.guarantees_sections_recognised;
        self.discouraged += o.discouraged;
        self.justification_lists_compared += o.justification_lists_compared;
        self.trait_lists_compared += o.trait_lists_compared;
        self.parts_api_specific += o.parts_api_specific;
        for (k, n) in &o.api_specific_seen {
            *self.api_specific_seen.entry(k.clone()).or_default() += n;
        }
        for (k, seen) in &o.unrecognised {
            self.count_unrecognised(k, seen.count, seen.first.clone());
        }
    }

    /// Counts `n` sightings of the unrecognised phrasing `key`, first at `at` or earlier.
    pub fn count_unrecognised(&mut self, key: &str, n: usize, at: Example) {
        match self.unrecognised.get_mut(key) {
            Some(seen) => {
                seen.count += n;
                if at < seen.first {
                    seen.first = at;
                }
            }
            None => {
                let seen = Seen {
                    count: n,
                    first: at,
                };
                self.unrecognised.insert(key.to_string(), seen);
            }
        }
    }

    /// Every unrecognised phrasing seen at least `min` times, most common first (ties by text).
    pub fn repeated_unrecognised(&self, min: usize) -> Vec<(&str, &Seen)> {
        let mut v: Vec<(&str, &Seen)> = self
            .unrecognised
            .iter()
            .filter(|(_, seen)| seen.count >= min)
            .map(|(k, seen)| (k.as_str(), seen))
            .collect();
        v.sort_by(|a, b| b.1.count.cmp(&a.1.count).then_with(|| a.0.cmp(b.0)));
        v
    }

    /// Counts one part of an item, recognised or not.
    pub fn count_part(&mut self, recognised: bool) {
        self.parts += 1;
        self.parts_recognised += usize::from(recognised);
    }

    /// Share of items the dictionary recognised, in percent (0 when there are none).
    pub fn recognised_percent(&self) -> f64 {
        if self.items == 0 {
            0.0
        } else {
            self.items_recognised as f64 * 100.0 / self.items as f64
        }
    }

    /// The `n` most common unrecognised phrasings, most common first (ties by text).
    pub fn top_unrecognised(&self, n: usize) -> Vec<(String, usize)> {
        let mut v: Vec<(String, usize)> = self
            .unrecognised
            .iter()
            .map(|(k, seen)| (k.clone(), seen.count))
            .collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        v.truncate(n);
        v
    }
}

/// How the dictionary read one part of a `# Safety` item or a `// SAFETY:` / `// INVARIANT:`
/// comment (`--format readings`), so that a reader can check each reading against the words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartReading {
    pub file: PathBuf,
    pub line: usize,
    /// "requirement", "phrase" (of a comment), "invariant" or "guarantee" (of an
    /// `# Invariants` or `# Guarantees` item), "justification" (a reason read with it) or
    /// "condition" (what the item holds under: "If `n` is non-zero, ...").
    pub role: String,
    /// What the part was read as.
    pub outcome: Outcome,
    /// The part as written in the source.
    pub part: String,
    /// The whole item (list item or sentence) the part belongs to.
    pub item: String,
}

/// What one part was read as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// An entry, by one of its wordings.
    Entry {
        id: String,
        discouraged: bool,
    },
    /// Read as an entry, but the reading was refused (the words name a type where the entry
    /// needs a value, or `Self` where there is none): the reason.
    Refused {
        id: String,
        reason: String,
    },
    /// Listed in `dictionary/api-specific.toml`.
    ApiSpecific,
    /// A placeholder ("TODO") instead of words.
    Placeholder,
    NotInDictionary,
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Entry { id, discouraged } => {
                write!(
                    f,
                    "{id}{}",
                    if *discouraged { " (discouraged)" } else { "" }
                )
            }
            Outcome::Refused { id, reason } => write!(f, "not read as {id}: {reason}"),
            Outcome::ApiSpecific => f.write_str("API-specific"),
            Outcome::Placeholder => f.write_str("placeholder"),
            Outcome::NotInDictionary => f.write_str("not in the dictionary"),
        }
    }
}

/// Everything a run found.
#[derive(Debug, Default)]
pub struct LintReport {
    /// Sorted by file and position.
    pub findings: Vec<Finding>,
    /// Every part read, sorted by file and line; filled only when [`crate::LintOptions::readings`]
    /// asks for it.
    pub readings: Vec<PartReading>,
    /// Paths that could not be read; they were skipped.
    pub errors: Vec<LintError>,
    pub stats: Stats,
    /// The text of every linted file, for snippets.
    pub sources: HashMap<PathBuf, Arc<str>>,
}

impl LintReport {
    /// 0: nothing at or above `deny`; 1: findings at or above `deny`; 2: some path could not be
    /// read (I/O), whatever else was found.
    pub fn exit_code(&self, deny: Level) -> i32 {
        if !self.errors.is_empty() {
            2
        } else if self.findings.iter().any(|f| f.level >= deny) {
            1
        } else {
            0
        }
    }

    /// Findings per code, in code order.
    pub fn counts_by_code(&self) -> BTreeMap<Code, usize> {
        let mut m = BTreeMap::new();
        for f in &self.findings {
            *m.entry(f.code).or_default() += 1;
        }
        m
    }

    /// Findings per level.
    pub fn counts_by_level(&self) -> BTreeMap<Level, usize> {
        let mut m = BTreeMap::new();
        for f in &self.findings {
            *m.entry(f.level).or_default() += 1;
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(level: Level) -> Finding {
        Finding {
            code: Code::Sd0001,
            level,
            file: "a.rs".into(),
            line: 1,
            column: 1,
            span: 0..1,
            message: String::new(),
            label: String::new(),
            notes: vec![],
            help_url: String::new(),
        }
    }

    #[test]
    fn exit_codes() {
        let mut r = LintReport::default();
        assert_eq!(r.exit_code(Level::Info), 0);
        r.findings.push(finding(Level::Warning));
        assert_eq!(r.exit_code(Level::Error), 0);
        assert_eq!(r.exit_code(Level::Warning), 1);
        assert_eq!(r.exit_code(Level::Info), 1);
        r.errors.push(LintError::Missing { path: "x".into() });
        assert_eq!(r.exit_code(Level::Error), 2);
    }

    #[test]
    fn examples_keep_the_first_place_whatever_the_merge_order() {
        let at = |file: &str, line: usize| Example {
            file: PathBuf::from(file),
            line,
            text: "x".into(),
        };
        let mut a = Stats::default();
        a.count_unrecognised("p", 1, at("b.rs", 3));
        let mut b = Stats::default();
        b.count_unrecognised("p", 2, at("a.rs", 9));
        let mut ab = a.clone();
        ab.merge(&b);
        let mut ba = b.clone();
        ba.merge(&a);
        assert_eq!(ab.unrecognised, ba.unrecognised);
        let want = Seen {
            count: 3,
            first: at("a.rs", 9),
        };
        assert_eq!(ab.repeated_unrecognised(2), [("p", &want)]);
        assert!(ab.repeated_unrecognised(4).is_empty());
    }

    #[test]
    fn top_unrecognised_orders_by_count_then_text() {
        let at = Example {
            file: PathBuf::from("x.rs"),
            line: 1,
            text: "x".into(),
        };
        let mut s = Stats::default();
        s.count_unrecognised("b", 2, at.clone());
        s.count_unrecognised("a", 2, at.clone());
        s.count_unrecognised("c", 5, at.clone());
        assert_eq!(
            s.top_unrecognised(2),
            [("c".to_string(), 5), ("a".to_string(), 2)]
        );
    }
}
