//! The stable finding codes, their levels and the page of the standard each one cites.

use serde::Serialize;

/// How serious a finding is. Ordered: `Info < Warning < Error`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    #[value(alias = "note")]
    Info,
    #[value(alias = "warn")]
    Warning,
    #[value(alias = "deny")]
    Error,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Info => "info",
            Level::Warning => "warning",
            Level::Error => "error",
        }
    }

    /// Parses `info`, `warning` (or `warn`) and `error`.
    pub fn parse(text: &str) -> Option<Level> {
        <Level as clap::ValueEnum>::from_str(text, true).ok()
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Every kind of finding. The `SDxxxx` string of a code never changes meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Code {
    /// The file has syntax errors (linted as far as the tree goes) or is not text.
    Sd0000,
    /// `unsafe` block without a `// SAFETY:` comment.
    Sd0001,
    /// `unsafe impl` without a `// SAFETY:` comment.
    Sd0002,
    /// `unsafe fn` / `unsafe trait` without a `# Safety` section.
    Sd0003,
    /// `# Safety` section that is not a Markdown list.
    Sd0004,
    /// `# Safety` list item holding more than one sentence.
    Sd0005,
    /// Repeated requirement in a `# Safety` section.
    Sd0006,
    /// Phrase the dictionary does not recognise.
    Sd0007,
    /// Discouraged phrasing.
    Sd0008,
    /// `// SAFETY:` does not justify a requirement of the callee.
    Sd0009,
    /// `// SAFETY:` justifies something the callee does not require.
    Sd0010,
    /// `// SAFETY:` justifications are not in the callee's order.
    Sd0011,
    /// Struct literal of a type with `# Invariants` and no `// INVARIANT:` comment.
    Sd0012,
    /// Placeholder `// SAFETY:` comment (`TODO`, empty, or only a conclusion, an introduction
    /// or a remark): not a justification.
    Sd0013,
    /// `// Safety:` in another case than the standard's `SAFETY:` (accepted, as Clippy does).
    Sd0014,
    /// `// SAFETY:` comment on code with no unsafe operation.
    Sd0015,
    /// `# Safety` section on a safe function or trait.
    Sd0016,
    /// `unsafe impl`'s `// SAFETY:` does not repeat a requirement of the trait's `# Safety` list.
    Sd0017,
    /// `unsafe fn` defined in a `macro_rules!` body without a `# Safety` section.
    Sd0018,
}

/// Where the rule behind a code is explained: a chapter of the book (a path under the site URL).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleInfo {
    pub code: Code,
    pub id: &'static str,
    pub name: &'static str,
    pub level: Level,
    /// Book page (relative to the site URL) that states the rule.
    pub chapter: &'static str,
    pub description: &'static str,
}

impl Code {
    pub const ALL: [Code; 19] = [
        Code::Sd0000,
        Code::Sd0001,
        Code::Sd0002,
        Code::Sd0003,
        Code::Sd0004,
        Code::Sd0005,
        Code::Sd0006,
        Code::Sd0007,
        Code::Sd0008,
        Code::Sd0009,
        Code::Sd0010,
        Code::Sd0011,
        Code::Sd0012,
        Code::Sd0013,
        Code::Sd0014,
        Code::Sd0015,
        Code::Sd0016,
        Code::Sd0017,
        Code::Sd0018,
    ];

    pub fn info(self) -> RuleInfo {
        let (id, name, level, chapter, description) = match self {
            Code::Sd0000 => (
                "SD0000",
                "syntax-error",
                Level::Warning,
                "tools.html#safety-dict-lint-check-a-source-tree",
                "the file has syntax errors; it was linted as far as the parser recovered",
            ),
            Code::Sd0001 => (
                "SD0001",
                "unsafe-block-without-safety-comment",
                Level::Error,
                "unsafe-locations.html#unsafe-blocks",
                "every `unsafe` block needs a `// SAFETY:` comment justifying each requirement",
            ),
            Code::Sd0002 => (
                "SD0002",
                "unsafe-impl-without-safety-comment",
                Level::Error,
                "justifications.html#justifying-an-unsafe-impl",
                "every `unsafe impl` needs a `// SAFETY:` comment justifying the trait's requirements",
            ),
            Code::Sd0003 => (
                "SD0003",
                "missing-safety-section",
                Level::Error,
                "unsafe-locations.html#unsafe-functions",
                "every `unsafe fn` and `unsafe trait` lists its requirements in a `# Safety` section",
            ),
            Code::Sd0004 => (
                "SD0004",
                "safety-section-not-a-list",
                Level::Warning,
                "requirements.html#the-safety-section",
                "a `# Safety` section is a Markdown list with one requirement per item",
            ),
            Code::Sd0005 => (
                "SD0005",
                "several-requirements-in-one-item",
                Level::Warning,
                "requirements.html#the-safety-section",
                "each item of a `# Safety` list holds a single requirement",
            ),
            Code::Sd0006 => (
                "SD0006",
                "repeated-requirement",
                Level::Warning,
                "requirements.html#the-safety-section",
                "a `# Safety` list does not state the same requirement twice",
            ),
            Code::Sd0007 => (
                "SD0007",
                "unrecognised-phrase",
                Level::Info,
                "dictionary/index.html",
                "the phrase is not in the dictionary",
            ),
            Code::Sd0008 => (
                "SD0008",
                "discouraged-phrase",
                Level::Warning,
                "dictionary/index.html",
                "the dictionary prefers another wording",
            ),
            Code::Sd0009 => (
                "SD0009",
                "missing-justification",
                Level::Warning,
                "justifications.html#the-shape-of-a-safety-comment",
                "a `// SAFETY:` comment justifies every requirement of the callee",
            ),
            Code::Sd0010 => (
                "SD0010",
                "extra-justification",
                Level::Warning,
                "justifications.html#the-shape-of-a-safety-comment",
                "a `// SAFETY:` comment justifies only requirements the callee has",
            ),
            Code::Sd0011 => (
                "SD0011",
                "justifications-out-of-order",
                Level::Warning,
                "justifications.html#the-shape-of-a-safety-comment",
                "justifications follow the order of the callee's `# Safety` list",
            ),
            Code::Sd0012 => (
                "SD0012",
                "missing-invariant-comment",
                Level::Warning,
                "type-invariants.html#invariant-comments",
                "constructing a type with `# Invariants` needs an `// INVARIANT:` comment",
            ),
            Code::Sd0013 => (
                "SD0013",
                "placeholder-safety-comment",
                Level::Warning,
                "unsafe-locations.html#unsafe-blocks",
                "a `// SAFETY:` comment that says `TODO`, nothing, or only concludes justifies nothing",
            ),
            Code::Sd0014 => (
                "SD0014",
                "tag-case",
                Level::Info,
                "unsafe-locations.html#unsafe-blocks",
                "the standard writes the tag `SAFETY:` (`INVARIANT:`) in capitals",
            ),
            Code::Sd0015 => (
                "SD0015",
                "unnecessary-safety-comment",
                Level::Warning,
                "unsafe-locations.html#unsafe-blocks",
                "a `// SAFETY:` comment stands above an `unsafe` block or `unsafe impl`, not above safe code",
            ),
            Code::Sd0016 => (
                "SD0016",
                "unnecessary-safety-doc",
                Level::Warning,
                "unsafe-locations.html#unsafe-functions",
                "only an `unsafe fn` or `unsafe trait` has a `# Safety` section",
            ),
            Code::Sd0017 => (
                "SD0017",
                "missing-impl-justification",
                Level::Warning,
                "justifications.html#justifying-an-unsafe-impl",
                "an `unsafe impl`'s `// SAFETY:` comment justifies every requirement of the trait",
            ),
            Code::Sd0018 => (
                "SD0018",
                "missing-safety-section-in-macro",
                Level::Warning,
                "unsafe-locations.html#unsafe-functions",
                "an `unsafe fn` a macro defines lists its requirements in a `# Safety` section",
            ),
        };
        RuleInfo {
            code: self,
            id,
            name,
            level,
            chapter,
            description,
        }
    }

    /// `SD0001`, ...
    pub fn as_str(self) -> &'static str {
        self.info().id
    }

    pub fn default_level(self) -> Level {
        self.info().level
    }

    pub fn parse(text: &str) -> Option<Code> {
        Code::ALL
            .into_iter()
            .find(|c| c.as_str().eq_ignore_ascii_case(text) || c.info().name == text)
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_round_trip() {
        let mut seen = std::collections::HashSet::new();
        for c in Code::ALL {
            assert!(seen.insert(c.as_str()));
            assert_eq!(Code::parse(c.as_str()), Some(c));
            assert_eq!(Code::parse(c.info().name), Some(c));
        }
    }

    #[test]
    fn levels_order() {
        assert!(Level::Info < Level::Warning && Level::Warning < Level::Error);
        assert_eq!(Level::parse("warn"), Some(Level::Warning));
        assert_eq!(Level::parse("bogus"), None);
    }
}
