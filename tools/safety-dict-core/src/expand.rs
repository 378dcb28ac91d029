//! Expanding terse safety text into everything it abbreviates.
//!
//! Input is one phrase, a `# Safety` section (a Markdown list) or a `// SAFETY:` comment in the
//! standard's justification form; the result is one tree per item.

use indexmap::IndexMap;
use regex::Regex;
use serde::Serialize;
use std::cmp::Reverse;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, OnceLock};

use crate::dictionary::{Clause, Dictionary, Entry};
use crate::grammar::{Folded, Grammar};
use crate::matcher::{Form, Match};
use crate::model::Kind;
use crate::plan::{Bindings, ClausePlan};
use crate::text::{fold_whitespace, substitute};

/// The stand-in subject of a bare phrase (`bare`), replaced by each variable's own name.
pub const BARE_SUBJECT: &str = "_";
/// What goes between the stand-in subject and a bare phrase, tried in order.
pub const BARE_VERBS: [&str; 2] = ["", "is "];

/// How many nearest entries an unrecognised item gets.
pub const SUGGESTION_LIMIT: usize = 3;

/// Deeper than any real chain of abbreviations; a guard, since `check` rejects cycles.
const MAX_DEPTH: usize = 32;

/// One line of an expansion tree.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Node {
    /// The entry this line instantiates; `None` for a plain clause of a meaning. (Shared
    /// with every other line naming the entry: a tree names the same entries many times.)
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry: Option<Arc<str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<Kind>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<Arc<str>>,
    /// Markdown with the bindings substituted.
    pub text: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<Node>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Advice {
    pub reason: String,
    /// The preferred wording, with this item's bindings.
    pub preferred: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SuggestionOut {
    pub entry: String,
    pub url: String,
    pub phrase: String,
    pub score: f64,
}

/// One sentence: recognised as an entry, or not in the dictionary.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum Statement {
    Recognised {
        /// The sentence as written (whitespace folded).
        text: String,
        entry: String,
        kind: Kind,
        url: String,
        #[serde(flatten)]
        form: Form,
        bindings: IndexMap<String, String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        discouraged: Option<Advice>,
        expansion: Box<Node>,
    },
    Unrecognised {
        text: String,
        suggestions: Vec<SuggestionOut>,
    },
    /// "TODO", "FIXME: ...": a reason still to be written, not a sentence to look up.
    Placeholder { text: String },
}

impl Statement {
    pub fn entry(&self) -> Option<&str> {
        match self {
            Statement::Recognised { entry, .. } => Some(entry),
            Statement::Unrecognised { .. } | Statement::Placeholder { .. } => None,
        }
    }

    /// A recognised statement's entry and bindings, owned and in order: a key that compares
    /// two readings.
    pub fn reading(&self) -> Option<(String, Vec<(String, String)>)> {
        match self {
            Statement::Recognised {
                entry, bindings, ..
            } => Some((
                entry.clone(),
                bindings
                    .iter()
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect(),
            )),
            Statement::Unrecognised { .. } | Statement::Placeholder { .. } => None,
        }
    }

    pub fn text(&self) -> &str {
        match self {
            Statement::Recognised { text, .. }
            | Statement::Unrecognised { text, .. }
            | Statement::Placeholder { text } => text,
        }
    }

    pub fn is_placeholder(&self) -> bool {
        matches!(self, Statement::Placeholder { .. })
    }

    fn text_mut(&mut self) -> &mut String {
        match self {
            Statement::Recognised { text, .. }
            | Statement::Unrecognised { text, .. }
            | Statement::Placeholder { text } => text,
        }
    }

    fn unrecognised_empty() -> Statement {
        Statement::Unrecognised {
            text: String::new(),
            suggestions: Vec::new(),
        }
    }

    pub fn is_recognised(&self) -> bool {
        matches!(self, Statement::Recognised { .. })
    }
}

/// Where an item stands, which decides how long a duration it leaves implicit lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Position {
    /// A `# Safety` item, or text with no tag or heading: the implicit duration is the call.
    #[default]
    Requirement,
    /// A `// SAFETY:` comment: the requirements an unsafe operation needs, each with why it
    /// holds. The implicit duration is the call; a caller's duty ("the caller must guarantee
    /// that ...") is a reason here, where in a `# Safety` item it only leads in.
    SafetyComment,
    /// An item of a `# Guarantees` section.
    Guarantee,
    /// An item of an `# Invariants` section, or an `// INVARIANT:` comment.
    Invariant,
}

impl Position {
    pub fn is_requirement(&self) -> bool {
        *self == Position::Requirement
    }

    /// The position a Markdown heading starts (`# Guarantees`, `## Invariants`); any other
    /// heading (`# Safety`, `# Examples`) goes back to requirements.
    fn of_heading(line: &str) -> Position {
        let title = line.trim().trim_start_matches('#').trim().to_lowercase();
        match title.as_str() {
            "guarantees" | "guarantee" => Position::Guarantee,
            "invariants" | "invariant" | "type invariants" => Position::Invariant,
            _ => Position::Requirement,
        }
    }
}

/// One item of the input: what it states (a requirement, guarantee or invariant; one
/// statement per predicate of a list such as "`p` is valid, non-null and aligned") and the
/// justifications given for it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Item {
    pub text: String,
    #[serde(skip_serializing_if = "Position::is_requirement")]
    pub position: Position,
    /// Never empty.
    pub statements: Vec<Statement>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub justifications: Vec<Statement>,
    /// The conditions the item holds under, outermost first ("If `n` is non-zero, `p` must be
    /// non-null": "If `n` is non-zero", read as `non-zero` after its opening word).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Statement>,
}

impl Item {
    /// The first statement (the only one unless the item is a list of predicates).
    pub fn statement(&self) -> &Statement {
        &self.statements[0]
    }

    /// Every part: the statements, then the justifications, then the conditions.
    pub fn parts(&self) -> impl Iterator<Item = &Statement> {
        self.statements
            .iter()
            .chain(&self.justifications)
            .chain(&self.conditions)
    }

    /// Whether every part is recognised.
    pub fn is_recognised(&self) -> bool {
        self.parts().all(Statement::is_recognised)
    }

    /// Whether the item is only a placeholder ("TODO").
    pub fn is_placeholder(&self) -> bool {
        self.statements.iter().any(Statement::is_placeholder)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Expansion {
    pub site_url: String,
    pub items: Vec<Item>,
}

impl Expansion {
    /// Every statement that is not in the dictionary.
    pub fn unrecognised(&self) -> impl Iterator<Item = &Statement> {
        self.items
            .iter()
            .flat_map(Item::parts)
            .filter(|s| !s.is_recognised() && !s.is_placeholder())
    }
}

fn comment_marker() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"^(\s*)(///?!?|/\*+!?|\*+/|\*(?:\s|$))?\s?").expect("static regex")
    })
}

/// The most columns a list marker may be indented by and still open a list.
const MAX_MARKER_INDENT: usize = 3;

/// A line without its comment marker (and the one space that belongs to the marker), and how
/// far the text left is indented: after the marker, or, on a line without one (text a tool took
/// out of its comment), from the line's start. One match gives both.
fn without_marker(raw: &str) -> (&str, usize) {
    let Some(caps) = comment_marker().captures(raw) else {
        return (raw, 0);
    };
    let line = &raw[caps.get(0).map_or(0, |m| m.end())..];
    let indent = match caps.get(2) {
        Some(_) => line.chars().take_while(|c| c.is_whitespace()).count(),
        None => caps.get(1).map_or(0, |m| m.as_str().chars().count()),
    };
    (line, indent)
}

fn list_marker() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| Regex::new(r"^\s*(?:[-*+]|\d+[.)])\s+").expect("static regex"))
}

fn section_heading() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| Regex::new(r"^\s*#+\s+\S").expect("static regex"))
}

fn comment_tag() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"^(?:SAFETY|INVARIANT|Safety|Invariant)\s*:\s*").expect("static regex")
    })
}

/// A comment that is its tag and nothing else ("// SAFETY:" above an `unsafe` block) holds no
/// sentence, yet it is no more a reason than "TODO" is: it is read as a placeholder, with the
/// position its tag gives. `None` when any line holds more than a tag, or none holds one.
fn bare_tag(input: &str) -> Option<(Position, String)> {
    let mut found = None;
    for raw in input.lines() {
        let line = without_marker(raw).0.trim();
        if line.is_empty() {
            continue;
        }
        if comment_tag().find(line)?.end() != line.len() {
            return None;
        }
        found.get_or_insert_with(|| (tag_position(line), line.to_string()));
    }
    found
}

/// Where a comment's tag puts its sentences: `INVARIANT:` among invariants, `SAFETY:` among
/// the reasons of an unsafe operation.
fn tag_position(tag: &str) -> Position {
    if tag.to_lowercase().starts_with("invariant") {
        Position::Invariant
    } else {
        Position::SafetyComment
    }
}

/// Whether a line opens or closes fenced code.
pub fn is_fence(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("```") || t.starts_with("~~~")
}

/// A link reference definition (``[`lock`]: Backend::lock``): it defines a link target and
/// shows nothing.
fn is_link_definition(t: &str) -> bool {
    let Some(rest) = t.strip_prefix('[') else {
        return false;
    };
    let Some(close) = rest.find("]:") else {
        return false;
    };
    close > 0 && !rest[..close].contains(']') && !rest[close + 2..].trim().is_empty()
}

/// The Markdown blocks that show no prose, line by line: fenced code with its fences, and link
/// reference definitions (which cannot interrupt a paragraph, so only at the start or after a
/// blank line, a fence or another definition).
#[derive(Debug, Default)]
pub(crate) struct MarkdownBlocks {
    in_fence: bool,
    after_text: bool,
}

impl MarkdownBlocks {
    /// Whether `line` (comment markers removed) shows no prose.
    pub(crate) fn hides(&mut self, line: &str) -> bool {
        let t = line.trim_start();
        if is_fence(t) {
            self.in_fence = !self.in_fence;
            self.after_text = false;
            return true;
        }
        if self.in_fence {
            return true;
        }
        if t.is_empty() {
            self.after_text = false;
            return false;
        }
        if !self.after_text && is_link_definition(t) {
            return true;
        }
        self.after_text = true;
        false
    }
}

/// Splits input text into items: the entries of a Markdown list when there is one, the
/// sentences of the text otherwise. Comment markers (`//`, `///`), `SAFETY:` / `INVARIANT:`
/// tags, `# Safety` headings, fenced code and link reference definitions are dropped.
pub fn split_items(input: &str) -> Vec<String> {
    split_units(input).into_iter().map(|u| u.text).collect()
}

/// `split_items`, with the position of each item: the section heading above it (`# Guarantees`,
/// `# Invariants`) or the comment tag it follows (`INVARIANT:`).
pub fn split_positioned(input: &str) -> Vec<(Position, String)> {
    split_units(input)
        .into_iter()
        .map(|u| (u.position, u.text))
        .collect()
}

/// How an item stands to the sentence that introduces a list ("If `T` is a ZST:" above
/// "- `ptr` must be dangling").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lead<'a> {
    /// Neither an introduction nor under one.
    #[default]
    None,
    /// The last sentence of a paragraph that ends in a colon, with a list after it.
    Introduces,
    /// An item of the list that `lead` introduces; `earlier` introduces the list just before
    /// it, when `lead` is a paragraph of its own right after that list ("If `T` is a ZST:" for
    /// "Otherwise:").
    Under {
        lead: &'a str,
        earlier: Option<&'a str>,
    },
}

/// Where an item stands to the introductions of lists, as [`split_units`] finds it; the
/// owned form of [`Lead`], which a linter's located items carry too.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ListPlace {
    /// Whether this sentence introduces the list after it.
    pub introduces: bool,
    /// For a list item, the sentence that introduces its list.
    pub lead: Option<String>,
    /// For an introduction or an item under it, the introduction of the list just before
    /// (`Lead::Under`).
    pub earlier: Option<String>,
}

impl ListPlace {
    pub fn lead(&self) -> Lead<'_> {
        match (&self.lead, self.introduces) {
            (Some(lead), _) => Lead::Under {
                lead,
                earlier: self.earlier.as_deref(),
            },
            (None, true) => Lead::Introduces,
            (None, false) => Lead::None,
        }
    }
}

/// One item of the input as [`split_units`] cuts it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    pub position: Position,
    pub text: String,
    pub place: ListPlace,
}

impl Unit {
    pub fn lead(&self) -> Lead<'_> {
        self.place.lead()
    }
}

/// `split_positioned`, with what introduces each list: the last sentence of the paragraph
/// before a list (blank lines between them allowed), when it ends in a colon, leads every item
/// of that list, nested ones too, until the next paragraph.
pub fn split_units(input: &str) -> Vec<Unit> {
    let mut lines: Vec<(Position, String)> = Vec::new();
    // Per line: whether a list marker there stands too deep to open a list (see below).
    let mut deep: Vec<bool> = Vec::new();
    let mut position = Position::Requirement;
    let mut blocks = MarkdownBlocks::default();
    for raw in input.lines() {
        let (line, indent) = without_marker(raw);
        // Fenced code and link definitions are no sentences (a blank line keeps the paragraph
        // break they make).
        if blocks.hides(line) {
            lines.push((position, String::new()));
            deep.push(false);
            continue;
        }
        let trimmed = line.trim_start();
        // As in Markdown, a marker indented four columns or more opens no list: it goes on the
        // text above it (a formula wrapped before its `*`: "= (a + b)\n//     * c <= d") unless
        // a list is open, whose nested item it is.
        deep.push(indent > MAX_MARKER_INDENT);
        if let Some(tag) = comment_tag().find(trimmed) {
            position = tag_position(tag.as_str());
        }
        let line = comment_tag().replace(trimmed, "");
        if section_heading().is_match(&line) {
            position = Position::of_heading(&line);
            deep.pop();
            continue;
        }
        lines.push((position, line.into_owned()));
    }
    let unit = |position: Position, text: String| Unit {
        position,
        text,
        place: ListPlace::default(),
    };
    let prose = |text: &str, at: Position| -> Vec<Unit> {
        split_sentences(text)
            .into_iter()
            .map(|s| unit(at, s))
            .collect()
    };
    let has_list = lines
        .iter()
        .zip(&deep)
        .any(|((_, l), deep)| !deep && list_marker().is_match(l));
    if has_list {
        // In document order: list items, and paragraphs of prose around them (a blank line or
        // a list item ends a paragraph, so an introduction ending in ":" and a note after the
        // list are sentences of their own).
        let mut out: Vec<Unit> = Vec::new();
        let mut current: Option<(Position, String)> = None;
        let mut paragraph: Option<(Position, String)> = None;
        // The unit (an index into `out`) that ends the last paragraph, when it ends in a colon:
        // every paragraph sets it anew, so one after a list ends what introduced the list.
        let mut lead: Option<usize> = None;
        let flush_paragraph =
            |p: &mut Option<(Position, String)>, out: &mut Vec<Unit>, lead: &mut Option<usize>| {
                if let Some((at, text)) = p.take() {
                    let sentences = prose(&text, at);
                    let alone = sentences.len() == 1;
                    out.extend(sentences);
                    let before = lead.filter(|&i| out[i].place.introduces);
                    *lead = out
                        .last()
                        .filter(|u| u.text.trim_end().ends_with(':'))
                        .map(|_| out.len() - 1);
                    if let (Some(new), Some(before), true) = (*lead, before, alone) {
                        out[new].place.earlier = Some(out[before].text.clone());
                    }
                }
            };
        let push_current =
            |c: &mut Option<(Position, String)>, out: &mut Vec<Unit>, lead: Option<usize>| {
                if let Some((at, text)) = c.take() {
                    let mut u = unit(at, fold_whitespace(&text));
                    // Not across a heading: "# Guarantees" starts a list of its own.
                    if let Some(i) = lead.filter(|&i| out[i].position == at) {
                        out[i].place.introduces = true;
                        u.place.lead = Some(out[i].text.clone());
                        u.place.earlier = out[i].place.earlier.clone();
                    }
                    out.push(u);
                }
            };
        // Whether a list is open: from its first item until a paragraph of prose (blank lines
        // between its items, or before a nested item, keep it open).
        let mut in_list = false;
        for ((at, l), deep) in lines.iter().zip(&deep) {
            if let Some(m) = list_marker().find(l).filter(|_| !deep || in_list) {
                in_list = true;
                flush_paragraph(&mut paragraph, &mut out, &mut lead);
                push_current(&mut current, &mut out, lead);
                current = Some((*at, l[m.end()..].to_string()));
            } else if let Some((_, c)) = current.as_mut() {
                if l.trim().is_empty() {
                    push_current(&mut current, &mut out, lead);
                } else {
                    c.push(' ');
                    c.push_str(l.trim());
                }
            } else if l.trim().is_empty() {
                flush_paragraph(&mut paragraph, &mut out, &mut lead);
            } else {
                in_list = false;
                // A heading between two lines (its position changes) ends a paragraph too.
                if paragraph.as_ref().is_some_and(|(p_at, _)| p_at != at) {
                    flush_paragraph(&mut paragraph, &mut out, &mut lead);
                }
                let (_, text) = paragraph.get_or_insert_with(|| (*at, String::new()));
                text.push(' ');
                text.push_str(l.trim());
            }
        }
        flush_paragraph(&mut paragraph, &mut out, &mut lead);
        push_current(&mut current, &mut out, lead);
        out.retain(|u| !u.text.is_empty());
        out
    } else {
        // A blank line ends a paragraph, and a tag that changes the position (`INVARIANT:`
        // after `SAFETY:`) starts new prose: "... until it is dropped:" above a code block does
        // not run on into the paragraph below it.
        let mut runs: Vec<(Position, Vec<&str>)> = Vec::new();
        let mut after_blank = false;
        for (at, l) in &lines {
            if l.trim().is_empty() {
                after_blank = true;
                continue;
            }
            match runs.last_mut() {
                Some((run_at, run)) if run_at == at && !after_blank => run.push(l),
                _ => runs.push((*at, vec![l])),
            }
            after_blank = false;
        }
        runs.into_iter()
            .flat_map(|(at, run)| prose(&run.join(" "), at))
            .collect()
    }
}

/// The duties a list's introduction may end in to give its items their subject ("The value
/// must:" above "- Not be `NaN`"). Not "must either", whose items are alternatives.
const LEAD_DUTIES: [&str; 3] = ["must", "should", "shall"];

/// What an introduction gives the items of its list.
enum ListLead {
    /// The introduction without its colon, a condition clause.
    Condition(String),
    /// The introduction without its colon, a subject and its duty.
    Subject(String),
    /// The duration the introduction asks each item for, as it reads after the rewrites.
    Duration(String),
}

/// The sentence an item says under an introduction that asks for it over a duration: "That
/// `inner` remains valid;" and "for the duration of the returned value" say "`inner` remains
/// valid for the duration of the returned value." (`clause_opening` the length of the word that
/// opens the item as a clause, "That").
fn duration_after(item: &str, clause_opening: Option<usize>, duration: &str) -> String {
    let words = item[clause_opening.unwrap_or(0)..]
        .trim()
        .trim_end_matches([';', '.', ','])
        .trim_end();
    format!("{words} {duration}.")
}

/// The sentence an item says under an introduction that gives it its subject and duty:
/// "The value must" and "Not be `NaN`" say "The value must not be `NaN`" ("NUL bytes" keeps its
/// capitals).
fn subject_before(subject: &str, item: &str) -> String {
    let mut chars = item.chars();
    let lower = match (chars.next(), chars.next()) {
        (Some(a), Some(b)) if a.is_uppercase() && !b.is_uppercase() => {
            a.to_lowercase().collect::<String>() + &item[a.len_utf8()..]
        }
        _ => item.to_string(),
    };
    format!("{subject} {lower}")
}

/// Abbreviations whose final period ends no sentence ("within range (i.e. `>= -MAX_ERRNO`)"),
/// lowercase, without that period.
pub const ABBREVIATIONS: [&str; 4] = ["i.e", "e.g", "cf", "vs"];

/// Whether the word that ends at `end` (just before a period) is one of `ABBREVIATIONS`.
fn ends_with_abbreviation(text: &str, end: usize) -> bool {
    let word_start = text[..end]
        .rfind(|c: char| c.is_whitespace() || c == '(')
        .map_or(0, |i| i + 1);
    let word = text[word_start..end].to_ascii_lowercase();
    ABBREVIATIONS.contains(&word.as_str())
}

/// Splits prose at sentence ends (". " before a capital letter, a backtick or a parenthesis
/// that opens a sentence, after no abbreviation) and at clause ends ("; "), never inside
/// backticks.
fn split_sentences(text: &str) -> Vec<String> {
    let text = fold_whitespace(text);
    let mut out = Vec::new();
    let mut start = 0;
    let mut in_code = false;
    let mut parens = 0usize;
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'`' => in_code = !in_code,
            b'(' if !in_code => parens += 1,
            b')' if !in_code => parens = parens.saturating_sub(1),
            b'.' if !in_code && bytes.get(i + 1) == Some(&b' ') => {
                let next = bytes.get(i + 2).copied().unwrap_or(b' ');
                // "... a valid value. (It need not be in an `Arc`.)": a remark of its own.
                let remark =
                    next == b'(' && bytes.get(i + 3).is_some_and(|b| b.is_ascii_uppercase());
                if (next.is_ascii_uppercase() || next == b'`' || remark)
                    && !ends_with_abbreviation(&text, i)
                {
                    out.push(text[start..=i].trim().to_string());
                    start = i + 2;
                }
            }
            // A semicolon joins two clauses that each say something of their own ("the
            // caller must uphold the contract for `f`; the slice is dereferenceable"), except
            // inside a parenthesis, which is one remark.
            b';' if !in_code && parens == 0 && bytes.get(i + 1) == Some(&b' ') => {
                out.push(text[start..=i].trim().to_string());
                start = i + 2;
            }
            _ => {}
        }
    }
    let rest = text[start..].trim();
    if !rest.is_empty() {
        out.push(rest.to_string());
    }
    out.retain(|s| !s.is_empty());
    out
}

impl Dictionary {
    /// In a recognised statement, the first variable that holds a value (every variable whose
    /// type is not one of grammar `type_vars`) filled by one of `types`, the names of types where
    /// the sentence stands: the variable and its binding. Such a reading is wrong: "`A` is
    /// always valid" inside `impl<T, A: Allocator>` says something of a type, not of a pointer.
    /// Only a tool that sees the code (the lint) knows `types`.
    pub fn type_in_value_slot<'s>(
        &self,
        s: &'s Statement,
        types: &[String],
    ) -> Option<(&'s str, &'s str)> {
        let Statement::Recognised {
            entry, bindings, ..
        } = s
        else {
            return None;
        };
        let entry = self.entry(entry)?;
        let type_vars = &self.grammar().data.type_vars;
        bindings
            .iter()
            .find(|(var, value)| {
                let named = value
                    .strip_prefix('`')
                    .and_then(|v| v.strip_suffix('`'))
                    .is_some_and(|name| types.iter().any(|t| t == name));
                named && entry.var(var).is_some_and(|v| !type_vars.contains(&v.ty))
            })
            .map(|(var, value)| (var.as_str(), value.as_str()))
    }

    /// Whether a recognised statement names `Self` (a binding, or a reference of its meaning
    /// filled with it, as "the type invariants" is `type-invariant` of `Self`) where `types`,
    /// the names of types where the sentence stands, hold no `Self`: outside an `impl` or a
    /// trait there is no such type, so the reading says nothing. Only a tool that sees the code
    /// (the lint) knows `types`.
    pub fn names_self_out_of_scope(&self, s: &Statement, types: &[String]) -> bool {
        const SELF: &str = "`Self`";
        let Statement::Recognised {
            entry, bindings, ..
        } = s
        else {
            return false;
        };
        if types.iter().any(|t| t == "Self") {
            return false;
        }
        bindings.values().any(|v| v == SELF)
            || self.entry(entry).is_some_and(|e| {
                e.meaning.iter().any(|c| match c {
                    Clause::Ref { with, .. } => with.values().any(|v| v == SELF),
                    Clause::Text { .. } => false,
                })
            })
    }

    /// Where a part of an item stands in the item's text: the part as written, or else the
    /// first and shortest run of whole words that folds to what the part folds to, since a part
    /// split off a sentence is kept in folded words ("it is" for "it's", "is" for "are"). A
    /// run that opens with words folding drops ("ensure that `p` ...") gives them up when the
    /// rest still folds the same.
    pub fn locate_part(&self, item: &str, part: &str) -> Option<std::ops::Range<usize>> {
        /// Words folding may drop from a run (a lead-in such as "the caller must ensure
        /// that", "must be" read as "is"): runs longer than the part by more are not tried, so
        /// a long item costs a number of folds linear in its length.
        const SLACK: usize = 10;
        if part.trim().is_empty() {
            return None;
        }
        if let Some(at) = item.find(part) {
            return Some(at..at + part.len());
        }
        // Matching ignores case, so a part may be read in other case than written ("the
        // safety requirements ensure that" from a sentence's start).
        let want = self.grammar.fold(part).unmasked().to_lowercase();
        if want.is_empty() {
            return None;
        }
        let words: Vec<std::ops::Range<usize>> = item
            .split_whitespace()
            .map(|w| {
                let at = w.as_ptr() as usize - item.as_ptr() as usize;
                at..at + w.len()
            })
            .collect();
        let most = part.split_whitespace().count() + SLACK;
        let folds_to_part = |r: &std::ops::Range<usize>| {
            self.grammar
                .fold(&item[r.clone()])
                .unmasked()
                .to_lowercase()
                == want
        };
        let (i, found) = (0..words.len()).find_map(|i| {
            words[i..]
                .iter()
                .take(most)
                .map(|w| words[i].start..w.end)
                .find(|r| folds_to_part(r))
                .map(|r| (i, r))
        })?;
        let k = words[i..].iter().position(|w| w.end == found.end)? + i;
        let mut run = (i + 1..=k)
            .rev()
            .map(|j| words[j].start..found.end)
            .find(|r| folds_to_part(r))
            .unwrap_or(found);
        // A comma after the last word belongs to the sentence, not to the part.
        let before_comma = run.start..run.end - 1;
        if item[run.clone()].ends_with([',', ';']) && folds_to_part(&before_comma) {
            run = before_comma;
        }
        Some(run)
    }

    /// Shows each part of `item` in the reader's words where it is one run of them: a part is
    /// read in folded words ("it is writable" for "it's writable"), a part that carries a
    /// shared subject ("`p` is aligned" from "`p` is valid and aligned") keeps them. Only for
    /// what a reader sees: a linter locates the parts it reports itself (`locate_part`).
    fn as_written(&self, mut item: Item) -> Item {
        let text = item.text.clone();
        for part in item
            .statements
            .iter_mut()
            .chain(item.justifications.iter_mut())
            .chain(item.conditions.iter_mut())
        {
            if let Some(r) = self.locate_part(&text, part.text()) {
                *part.text_mut() = text[r].to_string();
            }
        }
        item
    }

    /// Expands every item of `input`.
    pub fn expand(&self, input: &str) -> Expansion {
        let mut items: Vec<Item> = split_units(input)
            .iter()
            .map(|u| self.as_written(self.analyse_led(&u.text, u.lead(), u.position, true)))
            .filter(|i| !i.text.is_empty())
            .collect();
        if items.is_empty() {
            items.extend(bare_tag(input).map(|(position, tag)| Item {
                text: tag.clone(),
                position,
                statements: vec![Statement::Placeholder { text: tag }],
                justifications: Vec::new(),
                conditions: Vec::new(),
            }));
        }
        Expansion {
            site_url: self.site_url().to_string(),
            items,
        }
    }

    /// Reads an item where it stands to a list's introduction: an introduction that gives its
    /// items a condition, a subject or a duration ("If `T` is a ZST:", "The value must:",
    /// "Callers must ensure the following for the lifetime of the returned value:") states
    /// nothing of its own, and each item of its list is read with it (under the condition, as
    /// "If `T` is a ZST, `ptr` must be dangling" would be; as the rest of the subject's sentence;
    /// with the duration after its words); under any other introduction an item is read as it
    /// is.
    pub fn analyse_led(
        &self,
        item: &str,
        lead: Lead<'_>,
        position: Position,
        nearest: bool,
    ) -> Item {
        match lead {
            Lead::Introduces if self.list_lead(item).is_some() => {
                return Item {
                    text: String::new(),
                    position,
                    statements: vec![Statement::unrecognised_empty()],
                    justifications: Vec::new(),
                    conditions: Vec::new(),
                };
            }
            Lead::Under { lead, earlier } => match self.list_lead(lead) {
                // The item is a sentence of its own already: its words are one part or more as
                // they are, and the condition stands beside them, outermost.
                Some(ListLead::Condition(condition)) => {
                    let mut read = self.analyse(item, nearest, position);
                    if !read.text.is_empty() {
                        let mut conditions = self.lead_condition(&condition, earlier);
                        conditions.append(&mut read.conditions);
                        read.conditions = conditions;
                    }
                    return read;
                }
                Some(ListLead::Subject(subject)) => {
                    let said = subject_before(&subject, item);
                    return self.analyse_said(item, &said, nearest, position);
                }
                Some(ListLead::Duration(duration)) => {
                    let said = duration_after(item, self.grammar.clause_opening(item), &duration);
                    return self.analyse_said(item, &said, nearest, position);
                }
                None => {}
            },
            _ => {}
        }
        self.analyse(item, nearest, position)
    }

    /// Reads what an item says with its introduction (`said`), shown as the item is written.
    fn analyse_said(&self, item: &str, said: &str, nearest: bool, position: Position) -> Item {
        let mut read = self.analyse(said, nearest, position);
        if !read.text.is_empty() {
            read.text = fold_whitespace(item);
        }
        read
    }

    /// The condition an introduction states; "Otherwise" after a list under another
    /// condition ("If `T` is a ZST:") reads as that condition's opposite, where the grammar can
    /// negate it ("`T` is not a ZST", `not-zero-sized`) and the dictionary reads the result.
    fn lead_condition(&self, condition: &str, earlier: Option<&str>) -> Vec<Statement> {
        let opposite = || {
            if !self.grammar.is_otherwise(condition) {
                return None;
            }
            let Some(ListLead::Condition(before)) = self.list_lead(earlier?) else {
                return None;
            };
            let words = self
                .grammar
                .condition_meaning(&before)
                .or_else(|| self.grammar.after_condition_opener(&before))?;
            let read =
                self.analyse_sentence(&self.grammar.negated(words)?, false, Position::Requirement);
            match (read.statements.as_slice(), read.parts().count()) {
                ([s @ Statement::Recognised { .. }], 1) => {
                    let mut s = s.clone();
                    *s.text_mut() = condition.to_string();
                    Some(s)
                }
                _ => None,
            }
        };
        match opposite() {
            Some(s) => vec![s],
            None => self.condition(condition),
        }
    }

    /// What a list's introduction gives each item: a condition when it is one whole condition
    /// clause ("If `T` is a ZST:", "Otherwise:"), a subject and its duty when it ends in one
    /// ("The value must:"), a duration when it asks for "the following" over one
    /// (`duration_lead`); `None` for any other (an "either", a list of cases).
    fn list_lead(&self, lead: &str) -> Option<ListLead> {
        let head = lead.trim_end().strip_suffix(':')?.trim_end();
        let folded = self.grammar.fold(head);
        let masked = folded.masked.as_str();
        if masked.is_empty() {
            return None;
        }
        let probe = format!("{masked}, x");
        if let Some((condition, rest)) = self.grammar.condition_clause(&probe) {
            if condition == (0..masked.len()) && rest == masked.len() + 2 {
                return Some(ListLead::Condition(head.to_string()));
            }
        }
        if let Some(start) = self.grammar.duration_lead(masked) {
            return Some(ListLead::Duration(piece(&folded, &masked[start..])));
        }
        let words: Vec<String> = head.split_whitespace().map(str::to_lowercase).collect();
        let duty = words
            .last()
            .is_some_and(|w| LEAD_DUTIES.contains(&w.as_str()));
        (duty && words.len() > 1 && !self.grammar.starts_with_condition(masked))
            .then(|| ListLead::Subject(head.to_string()))
    }

    /// Reads one item: a plain statement, `<statement> by <justification> and ...`, or a
    /// whole-sentence justification form of the grammar.
    pub fn analyse_item(&self, item: &str) -> Item {
        self.analyse(item, true, Position::Requirement)
    }

    /// The same reading for an item that stands as a guarantee or an invariant.
    pub fn analyse_item_at(&self, item: &str, position: Position) -> Item {
        self.analyse(item, true, position)
    }

    /// The same reading without the nearest entries of unrecognised parts, which cost far more
    /// than the reading itself (for bulk runs such as a linter's summary).
    pub fn analyse_item_without_nearest(&self, item: &str) -> Item {
        self.analyse(item, false, Position::Requirement)
    }

    /// [`Dictionary::analyse_item_at`] without the nearest entries of unrecognised parts.
    pub fn analyse_item_at_without_nearest(&self, item: &str, position: Position) -> Item {
        self.analyse(item, false, position)
    }

    /// Reads an item sentence by sentence: a reason or a list never reaches across a
    /// sentence's end ("… and it was not null. This means …" has no reason "assertions").
    fn analyse(&self, item: &str, nearest: bool, position: Position) -> Item {
        let sentences = split_sentences(item);
        if sentences.len() < 2 {
            return self.analyse_sentence(item, nearest, position);
        }
        let mut out = Item {
            text: fold_whitespace(item),
            position,
            statements: Vec::new(),
            justifications: Vec::new(),
            conditions: Vec::new(),
        };
        for sentence in &sentences {
            let read = self.analyse_sentence(sentence, nearest, position);
            if !read.text.is_empty() {
                out.statements.extend(read.statements);
                out.justifications.extend(read.justifications);
                out.conditions.extend(read.conditions);
            }
        }
        if out.statements.is_empty() && out.justifications.is_empty() {
            out.text.clear();
            out.statements.push(Statement::unrecognised_empty());
        }
        out
    }

    /// One sentence; in an invariant, also without the words the position says already
    /// (grammar `invariant_adverbs`: "`p` is always non-null" holds for the object's life as
    /// "`p` is non-null" does there), when that reads more of it.
    fn analyse_sentence(&self, item: &str, nearest: bool, position: Position) -> Item {
        let read = self.analyse_sentence_as_written(item, nearest, position);
        if position != Position::Invariant || read.text.is_empty() || read.is_recognised() {
            return read;
        }
        let Some(without) = self.grammar.without_invariant_adverbs(&read.text) else {
            return read;
        };
        let plain = self.analyse_sentence_as_written(&without, nearest, position);
        let recognised = |i: &Item| i.parts().filter(|p| p.is_recognised()).count();
        if recognised(&plain) > recognised(&read) {
            Item {
                text: read.text,
                ..plain
            }
        } else {
            read
        }
    }

    fn analyse_sentence_as_written(&self, item: &str, nearest: bool, position: Position) -> Item {
        let text = fold_whitespace(item);
        let folded = self.grammar.fold(&text);
        let item = |statements: Vec<Statement>, justifications: Vec<Statement>| Item {
            text: text.clone(),
            position,
            statements,
            justifications,
            conditions: Vec::new(),
        };
        if folded.masked.is_empty() {
            return Item {
                text: String::new(),
                ..item(vec![Statement::unrecognised_empty()], Vec::new())
            };
        }
        if self.grammar.is_placeholder(&folded.masked) {
            return item(
                vec![Statement::Placeholder { text: text.clone() }],
                Vec::new(),
            );
        }
        // "Specifically:" before a list states nothing; the list's items are read where they
        // stand. Nor is a remark in parentheses an item of its own.
        if self.grammar.is_introduction(&text, &folded.masked)
            || Grammar::is_parenthetical(&folded.masked)
        {
            return Item {
                text: String::new(),
                ..item(vec![Statement::unrecognised_empty()], Vec::new())
            };
        }

        // "So <sentence>": the sentence without the word that joins it to the ones before.
        if let Some(end) = self.grammar.sentence_lead_in(&text) {
            // "Hence, it is safe to ...": a conclusion from the sentences before it, which hold
            // its grounds, is no item of its own.
            if self.grammar.opens_with_conclusion_word(&text)
                && self
                    .grammar
                    .is_conclusion(&self.grammar.fold(&text[end..]).masked)
            {
                return Item {
                    text: String::new(),
                    ..item(vec![Statement::unrecognised_empty()], Vec::new())
                };
            }
            let rest = self.analyse_sentence(&text[end..], nearest, position);
            if !rest.text.is_empty() {
                return Item { text, ..rest };
            }
        }

        if position == Position::SafetyComment {
            if let Some(item) = self.caller_duty_item(&text, nearest) {
                return item;
            }
        }

        // A `# Safety` item that only points to another function gives this one its
        // requirements; in a `// SAFETY:` comment the same words only point the reader there.
        if position == Position::Requirement {
            if let Some(reads) = self.grammar.requirement_pointer(&text) {
                if let Some(m) = self.matcher.match_folded(&self.grammar.fold(&reads)) {
                    return item(vec![self.recognised(&text, m, position)], Vec::new());
                }
            }
        }

        // A sentence that is itself a phrasing wins over any split or prefix ("just
        // checked precondition" is a phrasing of `check-above`).
        if let Some(m) = self.matcher.match_folded(&folded) {
            return item(vec![self.recognised(&text, m, position)], Vec::new());
        }

        // "For the duration of D, S" and "When `x` is alive, S": S holds over that duration, and
        // is read with it after its words, as a duration lead's items are. Before conditions,
        // which "when" and "while" also open; kept only where it reads every part.
        if let Some((duration, rest)) = self.grammar.fronted_duration(&folded.masked) {
            let said = duration_after(
                &piece(&folded, &folded.masked[rest..]),
                None,
                &folded.unmask(&duration),
            );
            let read = self.analyse_sentence(&said, nearest, position);
            if !read.text.is_empty() && read.parts().all(Statement::is_recognised) {
                return Item { text, ..read };
            }
        }

        // "If C, S": S is read as a sentence of its own that holds only under C, and C beside
        // it ("For ZSTs, `raw` must be a dangling, well aligned pointer"), where the dictionary
        // reads some of S; else the sentence stays one part, as a reader would quote it.
        if let Some((condition, rest)) = self.grammar.condition_clause(&folded.masked) {
            let read =
                self.analyse_sentence(&piece(&folded, &folded.masked[rest..]), nearest, position);
            if !read.text.is_empty() && read.parts().any(Statement::is_recognised) {
                let mut conditions = self.condition(&piece(&folded, &folded.masked[condition]));
                conditions.extend(read.conditions);
                return Item {
                    conditions,
                    ..item(read.statements, read.justifications)
                };
            }
        }

        // "<prefix> <rest>": the rest is read as a sentence of its own, which may give reasons
        // of its own ("We just checked that it's not null, so it must be valid").
        if let Some((prefix, rest)) = self.grammar.justification_prefix(&folded.masked) {
            // In a `# Safety` item the caller's promise is what the item asks of the caller,
            // no reason that it holds: "The caller guarantees that `src.len() <= dst.len()`"
            // states that requirement, as "The caller must ensure that ..." does there.
            if position == Position::Requirement && self.grammar.is_caller_promise(prefix) {
                let rest = self.analyse_sentence(&piece(&folded, rest), nearest, position);
                return item(rest.statements, rest.justifications);
            }
            let justification = match self.implied(&prefix.justification, &prefix.with) {
                Some(m) => self.recognised(&prefix.prefix, m, Position::Requirement),
                None => Statement::Unrecognised {
                    text: prefix.prefix.clone(),
                    suggestions: Vec::new(),
                },
            };
            let rest = self.analyse_sentence(&piece(&folded, rest), nearest, position);
            let mut justifications = vec![justification];
            justifications.extend(rest.justifications);
            return item(rest.statements, justifications);
        }

        // Every other reading is scored by what it recognises (a statement part counts more
        // than any number of reasons); of two that score the same, the one with fewer parts
        // left unrecognised wins ("`*p` is owned by this guard" is no statement "by" the reason
        // "this guard"), else the first. The best one is expanded, with suggestions for its
        // unrecognised parts, which are costly.
        // (score, parts left unrecognised, statements, reasons).
        type Scored = (usize, Reverse<usize>, Vec<Reading>, Vec<Reading>);
        let mut best: Option<Scored> = None;
        let mut consider = |statements: Vec<Reading>, reasons: Vec<Reading>| {
            let found_reasons = reasons.iter().filter(|p| p.found.is_some()).count();
            let found_statements = statements.iter().filter(|r| r.found.is_some()).count();
            let score = found_statements * 1000 + found_reasons;
            let left = Reverse(statements.len() - found_statements + reasons.len() - found_reasons);
            if best
                .as_ref()
                .is_none_or(|(s, l, _, _)| (score, left) > (*s, *l))
            {
                best = Some((score, left, statements, reasons));
            }
        };
        let masked = folded.masked.as_str();
        // The standard's form: "<statement> by <justification> and <justification>".
        let sep = format!(" {} ", self.grammar.data.justification_separator);
        // After a participle such as "held", "by" names who does it ("The lock is held by
        // another thread"), unless what follows is a known justification ("... held by the
        // caller"); after one such as "defined", whatever follows.
        let agent = |statement: &str, reasons: &[Reading]| {
            self.grammar.ends_with_agent_only_participle(statement)
                || (self.grammar.ends_with_agent_participle(statement)
                    && !reasons.iter().all(|r| r.found.is_some()))
        };
        for pos in find_ci(masked, &sep) {
            let reasons =
                self.reasons(&folded, &masked[pos + sep.len()..], Reasons::Justifications);
            if agent(&masked[..pos], &reasons) {
                continue;
            }
            consider(self.predicates(&folded, &masked[..pos]), reasons);
        }
        // Reasoning connectors: "Y because X", "X, so Y", "As X, Y". The statement may give a
        // justification of its own: "`node` is non-null so it is valid by the type invariants"
        // is "it is valid" by both.
        let splits = self.grammar.reasoned_splits(masked);
        // A sentence that gives a reason is no list of statements: "Since `a` is non-null and
        // `b` is aligned, ..." joins reasons, "`idx` < `len`, so both are in-bounds and
        // readable" a reason and a statement (whose own list its splits read).
        let has_reason = !splits.is_empty();
        for r in splits {
            let after = r.statement.start > r.reason.start;
            // A statement after its reason with no subject of its own shares the reason's:
            // "`a` is a power of two, therefore non-zero" says "`a` is non-zero". Only a
            // reason of one clause has one subject to share ("..., so `i` cannot overflow, and
            // the returned reference ... and thus guaranteed to be valid" is not about `i`),
            // and a statement that opens with code has a subject of its own ("`len > 1` so
            // `len != 0`" does not say "`1` is less than `len != 0`"). What it gives is a
            // statement, never a justification's phrase.
            let reason_text = masked[r.reason.clone()].trim().trim_end_matches(',');
            let one_clause = !reason_text.contains(',');
            let claim = |text: &str| {
                if !after {
                    return self.predicates(&folded, text);
                }
                let own = self.claims(&folded, text);
                let opens_with_code = crate::grammar::opens_with_code(text.trim_start());
                if !one_clause || opens_with_code || own.iter().any(|p| p.found.is_some()) {
                    return own;
                }
                self.grammar
                    .shared_subjects(reason_text)
                    .into_iter()
                    .map(|p| self.read(piece(&folded, &format!("{p} {}", text.trim()))))
                    .find(|p| p.found.as_ref().is_some_and(|m| !self.is_justification(m)))
                    .map_or(own, |shared| vec![shared])
            };
            let reason = self.reasons(&folded, &masked[r.reason.clone()], Reasons::AlsoFacts);
            if r.needs_known_reason && !reason.iter().all(|p| p.found.is_some()) {
                continue;
            }
            let statement = &masked[r.statement.clone()];
            consider(claim(statement), reason.clone());
            // "X, so it is safe to Y": Y only says that the operation may go ahead, so X is
            // what the comment states holds ("The caller owns the lock, so it is safe to unlock
            // it" states `lock-held`); a justification in X stays a reason.
            if self.grammar.is_conclusion(statement) {
                let (reasons, facts): (Vec<Reading>, Vec<Reading>) = reason
                    .iter()
                    .cloned()
                    .partition(|p| p.found.as_ref().is_some_and(|m| self.is_justification(m)));
                if !facts.is_empty() {
                    consider(facts, reasons);
                } else if !reasons.is_empty() {
                    // Nothing but justifications before the conclusion ("it comes from a
                    // reference, so it is safe to dereference it"): the sentence is those
                    // justifications, as a whole-sentence justification is.
                    consider(reasons, Vec::new());
                }
                consider(self.claims(&folded, reason_text), Vec::new());
            }
            for pos in find_ci(statement, &sep) {
                let by = self.reasons(
                    &folded,
                    &statement[pos + sep.len()..],
                    Reasons::Justifications,
                );
                if agent(&statement[..pos], &by) {
                    continue;
                }
                let mut reasons = reason.clone();
                reasons.extend(by);
                consider(claim(&statement[..pos]), reasons);
            }
        }
        // A statement that names its check: "`x` is checked above to be valid".
        for (statement, form) in self.grammar.checked_readings(masked) {
            let reason = Reading {
                text: form.words.clone(),
                folded: self.grammar.fold(&form.words),
                found: self.implied(&form.justification, &IndexMap::new()),
            };
            consider(self.predicates(&folded, &statement), vec![reason]);
        }
        // A relative clause about the subject itself: "`src` is a reference which is valid
        // for reads" is "`src` is valid for reads" because "`src` is a reference".
        for (statement, reason) in self.grammar.relative_readings(masked) {
            consider(
                self.predicates(&folded, &statement),
                self.reasons(&folded, &masked[reason], Reasons::AlsoFacts),
            );
        }
        // An opening aside ("As with [`f`], ...") claims nothing; the statement follows it.
        if let Some(r) = self.grammar.without_aside(masked) {
            consider(self.predicates(&folded, &masked[r]), Vec::new());
        }
        // What follows "i.e." says the statement again in other words; it may say more than
        // the entry read before it ("for the duration of this function call and the entire
        // duration when the returned reference exists"), so it stays a part of its own.
        if let Some((statement, restatement)) = self.grammar.restated(masked) {
            let mut parts = self.predicates(&folded, &masked[statement]);
            parts.push(self.read(piece(&folded, &masked[restatement])));
            consider(parts, Vec::new());
        }
        // A statement stressed for size zero holds for every size.
        if let Some(r) = self
            .grammar
            .without_zero_size_emphasis(masked, &folded.codes)
        {
            consider(self.predicates(&folded, &masked[r]), Vec::new());
        }
        // A list of predicates, or subjects sharing one, with no reason (the whole sentence was
        // matched above).
        if !has_reason {
            if let Some(parts) = self.parts(&folded, masked) {
                consider(parts, Vec::new());
            }
        }
        match best {
            Some((score, _, statements, reasons)) if score > 0 => item(
                self.statements(statements, nearest, position),
                reasons
                    .into_iter()
                    .map(|p| self.justification(p, nearest))
                    .collect(),
            ),
            _ => match self.bare(&folded) {
                Some(parts) => item(self.statements(parts, nearest, position), Vec::new()),
                None => item(
                    vec![self.unrecognised(&text, &folded.unmasked(), nearest)],
                    Vec::new(),
                ),
            },
        }
    }

    /// The conditions an item holds under, as written ("If `n` is non-zero"): recognised when
    /// what follows its opening word, or what the grammar says it means ("For ZSTs"), is one
    /// statement the dictionary reads, with nothing else, or statements that all read ("If `K`
    /// and `V` are `Send`" holds under both); never given nearest entries, as a condition needs
    /// no entry of its own.
    fn condition(&self, text: &str) -> Vec<Statement> {
        let unread = || {
            vec![Statement::Unrecognised {
                text: text.to_string(),
                suggestions: Vec::new(),
            }]
        };
        let Some(after) = self
            .grammar
            .condition_meaning(text)
            .or_else(|| self.grammar.after_condition_opener(text))
        else {
            return unread();
        };
        let read = self.analyse_sentence(after, false, Position::Requirement);
        match (
            read.statements.as_slice(),
            read.justifications.is_empty(),
            read.conditions.is_empty(),
        ) {
            ([s @ Statement::Recognised { .. }], true, true) => {
                let mut s = s.clone();
                *s.text_mut() = text.to_string();
                vec![s]
            }
            (all, true, true) if all.len() > 1 && all.iter().all(Statement::is_recognised) => {
                all.to_vec()
            }
            _ => unread(),
        }
    }

    /// "The caller must guarantee that <statement>" in a `// SAFETY:` comment: the statement
    /// read on its own, by the grammar's caller-duty justification first.
    fn caller_duty_item(&self, text: &str, nearest: bool) -> Option<Item> {
        let duty = self.grammar.data.caller_duty.as_ref()?;
        let end = self.grammar.caller_duty(text)?;
        let words = text[..end].trim().to_string();
        let mut item = self.analyse(&text[end..], nearest, Position::SafetyComment);
        if item.text.is_empty() {
            return None;
        }
        let because = match self.implied(&duty.justification, &IndexMap::new()) {
            Some(m) => self.recognised(&words, m, Position::Requirement),
            None => Statement::Unrecognised {
                text: words,
                suggestions: Vec::new(),
            },
        };
        item.justifications.insert(0, because);
        item.text = text.to_string();
        Some(item)
    }

    /// The match of a justification a grammar form implies, its variables filled from `with`
    /// or left as their names; `None` when the entry does not exist.
    fn implied(&self, id: &str, with: &IndexMap<String, String>) -> Option<Match> {
        let e = self.entry(id)?;
        Some(Match {
            entry: e.id.clone(),
            form: Form::Canonical,
            bindings: e
                .vars
                .iter()
                .map(|v| {
                    let value = with
                        .get(&v.name)
                        .cloned()
                        .unwrap_or_else(|| format!("`{}`", v.name));
                    (v.name.clone(), value)
                })
                .collect(),
        })
    }

    /// A phrase without its subject ("valid for reads", "non-null and aligned") read as
    /// the entry it names, with the subject left as the entry's own variable: the sentence
    /// with a stand-in subject in front, as written ("points to ...") or with "is", when every
    /// part of that reading is recognised.
    fn bare(&self, folded: &Folded) -> Option<Vec<Reading>> {
        if folded.masked.is_empty() || crate::grammar::opens_with_code(&folded.masked) {
            return None;
        }
        let stand_in = format!("`{BARE_SUBJECT}`");
        BARE_VERBS.iter().find_map(|verb| {
            let with = self
                .grammar
                .fold(&format!("{stand_in} {verb}{}", folded.unmasked()));
            let mut parts = self.predicates(&with, &with.masked);
            if !parts.iter().all(|r| r.found.is_some()) {
                return None;
            }
            for r in &mut parts {
                if let Some(m) = r.found.as_mut() {
                    for (var, value) in m.bindings.iter_mut() {
                        if *value == stand_in {
                            *value = format!("`{var}`");
                        }
                    }
                }
                if let Some(rest) = r.text.strip_prefix(&stand_in) {
                    let rest = rest.trim_start();
                    r.text = rest.strip_prefix(*verb).unwrap_or(rest).to_string();
                }
            }
            Some(parts)
        })
    }

    fn statements(
        &self,
        mut parts: Vec<Reading>,
        nearest: bool,
        position: Position,
    ) -> Vec<Statement> {
        let refused = self.unread_pointers_as_places(&mut parts);
        parts
            .into_iter()
            .zip(refused)
            .map(|(r, refused)| {
                let mut s = self.statement(r, nearest, position);
                // The entry just refused is no nearest entry either.
                if let (Statement::Unrecognised { suggestions, .. }, Some(id)) = (&mut s, refused) {
                    suggestions.retain(|g| g.entry != id);
                }
                s
            })
            .collect()
    }

    /// Leaves unread a statement that takes a value as a place when another statement of the
    /// sentence takes the same value as a pointer (grammar `pointer_places`): of a pointer,
    /// "is initialized" means what it points to, which the place's entry does not say. Returns,
    /// by part, the entry it refused.
    fn unread_pointers_as_places(&self, parts: &mut [Reading]) -> Vec<Option<String>> {
        let mut refused = vec![None; parts.len()];
        let Some(pp) = &self.grammar.data.pointer_places else {
            return refused;
        };
        let typed = |m: &Match, is: &dyn Fn(&str) -> bool| -> Vec<String> {
            let Some(entry) = self.entry(&m.entry) else {
                return Vec::new();
            };
            m.bindings
                .iter()
                .filter(|(var, _)| entry.var(var).is_some_and(|v| is(&v.ty)))
                .map(|(_, value)| value.clone())
                .collect()
        };
        let pointers: Vec<String> = parts
            .iter()
            .filter_map(|r| r.found.as_ref())
            .flat_map(|m| typed(m, &|t| pp.is_pointer(t)))
            .collect();
        if pointers.is_empty() {
            return refused;
        }
        for (r, refused) in parts.iter_mut().zip(refused.iter_mut()) {
            let clash = r.found.as_ref().is_some_and(|m| {
                typed(m, &|t| pp.is_place(t))
                    .iter()
                    .any(|v| pointers.contains(v))
            });
            if clash {
                *refused = r.found.take().map(|m| m.entry);
            }
        }
        refused
    }

    /// The statement part of a sentence: one statement when it is a phrasing, else the
    /// predicates of a list when it reads as one, else one unrecognised statement.
    fn predicates(&self, folded: &Folded, masked: &str) -> Vec<Reading> {
        let whole = self.read(piece(folded, masked));
        if whole.found.is_some() {
            return vec![whole];
        }
        self.parts(folded, masked).unwrap_or_else(|| vec![whole])
    }

    /// The statement that follows its reason ("X, so Y", "X guarantees Y", "As X, Y"): what
    /// the reason leads to, so a justification's phrasing there is no statement ("The safety
    /// requirements guarantee the type invariants" does not state `type-invariants-of-self`).
    fn claims(&self, folded: &Folded, masked: &str) -> Vec<Reading> {
        let mut readings = self.predicates(folded, masked);
        for r in &mut readings {
            if r.found.as_ref().is_some_and(|m| self.is_justification(m)) {
                r.found = None;
            }
        }
        readings
    }

    /// A statement that is no phrasing as a whole read in parts: a list of predicates, else
    /// two subjects sharing one ("Both `a` and `b` must be aligned", "`x` and `y` are valid
    /// for writes and properly aligned"), each subject's statement read as one phrasing or
    /// list and recognised at least in part.
    fn parts(&self, folded: &Folded, masked: &str) -> Option<Vec<Reading>> {
        if let Some(list) = self.list(folded, masked) {
            return Some(list);
        }
        let subjects = self.grammar.split_subjects(folded, masked)?;
        let mut readings = Vec::new();
        for p in &subjects {
            let read = self.predicates(folded, p);
            if !read.iter().any(|r| r.found.is_some()) {
                return None;
            }
            readings.extend(read);
        }
        Some(readings)
    }

    /// Two subjects sharing one phrasing ("`a` and `b` are non-null"), each read in full.
    fn subjects_sharing(&self, folded: &Folded, masked: &str) -> Option<Vec<Reading>> {
        let readings: Vec<Reading> = self
            .grammar
            .split_subjects(folded, masked)?
            .iter()
            .map(|p| self.read(piece(folded, p)))
            .collect();
        readings
            .iter()
            .all(|r| r.found.is_some())
            .then_some(readings)
    }

    /// The reasons after "by" or a connector, split at the justification conjunction unless
    /// they read as one phrasing: "`i8` and `u8` have the same layout" is one reason.
    fn reasons(&self, folded: &Folded, masked: &str, kind: Reasons) -> Vec<Reading> {
        self.reasons_at(folded, masked, kind, false)
    }

    /// `reasons`, within a reason's own reason when `nested`.
    fn reasons_at(
        &self,
        folded: &Folded,
        masked: &str,
        kind: Reasons,
        nested: bool,
    ) -> Vec<Reading> {
        let counts = |r: &Reading| {
            r.found
                .as_ref()
                .is_some_and(|m| kind == Reasons::AlsoFacts || self.is_justification(m))
        };
        let conj = format!(" {} ", self.grammar.data.justification_conjunction);
        let parts = split_ci_ranges(masked, &conj);
        let mut out = Vec::with_capacity(parts.len());
        // Where the run of unread parts that ends `out` starts: unread words stay one reason,
        // since a conjunction inside them joins nothing the reader is told ("this will be
        // between start and end").
        let mut unread_from = None;
        let mut i = 0;
        while i < parts.len() {
            // The longest run of parts from here that reads as one phrasing is one reason:
            // "`T` and `U` have the same layout and `q` is non-null" has two. So is a run of
            // subjects that share one predicate, one reason for each: "because `a` and `b` are
            // non-null".
            let joined = (i + 1..parts.len()).rev().find_map(|j| {
                let run = &masked[parts[i].start..parts[j].end];
                let r = self.read(piece(folded, run));
                if counts(&r) {
                    return Some((j, vec![r]));
                }
                self.subjects_sharing(folded, run)
                    .filter(|rs| rs.iter().all(counts))
                    .map(|rs| (j, rs))
            });
            if let Some((j, rs)) = joined {
                out.extend(rs);
                unread_from = None;
                i = j + 1;
                continue;
            }
            let part = parts[i].clone();
            let p = &masked[part.clone()];
            i += 1;
            let mut r = self.read(piece(folded, p));
            if counts(&r) {
                out.push(r);
                unread_from = None;
                continue;
            }
            r.found = None;
            // After a connector a reason may give its own reason: "... because `__enqueue`
            // guarantees that the pointer is valid" has the fact "the pointer is valid".
            let facts = (kind == Reasons::AlsoFacts && !nested)
                .then(|| self.reasoned_reason(folded, p))
                .flatten();
            if let Some(facts) = facts {
                out.extend(facts);
                unread_from = None;
            } else if let (Some(start), Some(last)) = (unread_from, out.last_mut()) {
                *last = self.unread(piece(folded, &masked[start..part.end]));
            } else {
                out.push(r);
                unread_from = Some(part.start);
            }
        }
        out
    }

    /// A reason that is itself a statement with a reason, read as the facts it states, one
    /// level deep: the split of the grammar's connectors with the most parts recognised, if
    /// any is.
    fn reasoned_reason(&self, folded: &Folded, masked: &str) -> Option<Vec<Reading>> {
        let masked = masked.trim();
        // "the caller guarantees that <facts>": the facts, and who guarantees them. When no fact
        // is recognised, the words that name the guarantor still are, unless a connector splits
        // the reason better (below).
        let mut guarantor = None;
        if let Some((prefix, rest)) = self.grammar.justification_prefix(masked) {
            let mut facts = self.predicates(folded, rest);
            let fact_known = facts.iter().any(|f| f.found.is_some());
            let found = self.implied(&prefix.justification, &prefix.with);
            let guarantor_known = found.is_some();
            facts.push(Reading {
                text: prefix.prefix.clone(),
                folded: self.grammar.fold(&prefix.prefix),
                found,
            });
            if fact_known {
                return Some(facts);
            }
            guarantor = guarantor_known.then_some(facts);
        }
        let mut best: Option<(usize, Vec<Reading>)> = None;
        for r in self.grammar.reasoned_splits(masked) {
            let statement = &masked[r.statement.clone()];
            let mut facts = if r.statement.start > r.reason.start {
                self.claims(folded, statement)
            } else {
                self.predicates(folded, statement)
            };
            let reasons = self.reasons_at(folded, &masked[r.reason], Reasons::AlsoFacts, true);
            if r.needs_known_reason && !reasons.iter().all(|p| p.found.is_some()) {
                continue;
            }
            facts.extend(reasons);
            let found = facts.iter().filter(|f| f.found.is_some()).count();
            if found > 0 && best.as_ref().is_none_or(|(b, _)| found > *b) {
                best = Some((found, facts));
            }
        }
        best.map(|(_, facts)| facts).or(guarantor)
    }

    /// Reads a list of predicates. The list is split at every separator, and its parts are
    /// joined again in every way (a separator may stand inside a predicate: "aligned and valid
    /// for reads and writes"); a grouping reads its first group as written and each later one
    /// as written or, when that is no phrasing, after the longest shared subject (and verb) of
    /// the first group that makes it one. The grouping kept is one that holds as a list, with
    /// the most parts inside recognised groups, then the fewest groups (a longer phrasing says
    /// more: "valid for reads and writes of `n` bytes" is not reads of one `T`), then the
    /// finest (`Grammar::groupings` order).
    fn list(&self, folded: &Folded, masked: &str) -> Option<Vec<Reading>> {
        let parts = self.grammar.split_predicates(masked)?;
        let text = |g: &Range<usize>| &masked[parts[g.start].start..parts[g.end - 1].end];
        // A later group's reading depends on the first group (its prefixes): keyed by both.
        let mut seen: HashMap<(usize, usize, usize, bool), Vec<Reading>> = HashMap::new();
        // (parts inside recognised groups, fewer groups), and the readings.
        type Scored = ((usize, Reverse<usize>), Vec<Reading>);
        let mut best: Option<Scored> = None;
        for groups in Grammar::groupings(parts.len()) {
            let first_end = groups[0].end;
            let prefixes = self.grammar.shared_prefixes(text(&groups[0]));
            let mut out = Vec::with_capacity(groups.len());
            let mut recognised = Vec::with_capacity(groups.len());
            // Whether a later group named a subject of its own: the groups after it no longer
            // share the first one's ("`ptr` is non-null, and the data area is initialized and
            // aligned" says that the data area is aligned).
            let mut own_subject = false;
            for (i, g) in groups.iter().enumerate() {
                // "..., and that the caller owns the lock": a clause with its own subject.
                let clause = (i > 0).then(|| self.grammar.own_clause(text(g))).flatten();
                let key = (first_end, g.start, g.end, own_subject);
                let readings = seen.entry(key).or_insert_with(|| {
                    let own = clause.unwrap_or(text(g));
                    let alone = self.read(piece(folded, own));
                    if alone.found.is_some() {
                        return vec![alone];
                    }
                    // A later group may carry the first one's subject (and verb), unless it
                    // is a comparison of its own.
                    if i > 0
                        && clause.is_none()
                        && !own_subject
                        && !self.grammar.is_own_comparison(folded, text(g))
                    {
                        let shared = prefixes
                            .iter()
                            .map(|p| self.read(piece(folded, &format!("{p} {}", text(g).trim()))))
                            .find(|r| r.found.is_some());
                        if let Some(r) = shared {
                            return vec![r];
                        }
                    }
                    // A clause of its own may have two subjects: "`ptr` is valid for writes, and
                    // `name` and `key` are valid for reads".
                    self.subjects_sharing(folded, own)
                        .unwrap_or_else(|| vec![alone])
                });
                recognised.push(readings.iter().all(|r| r.found.is_some()));
                out.extend(readings.iter().cloned());
                own_subject |=
                    i > 0 && (clause.is_some() || self.grammar.names_own_subject(text(g)));
            }
            let last = groups.last().map_or("", &text);
            // The separator before the last group.
            let after_comma = groups.last().is_some_and(|g| {
                g.start > 0 && masked[parts[g.start - 1].end..parts[g.start].start].starts_with(',')
            });
            // A code span that compares on its own is a whole statement, if no entry's: the
            // list splits around it as around a recognised part ("`n.leading_zeros() == 0`
            // and `a < n`").
            let stands: Vec<bool> = groups
                .iter()
                .zip(&recognised)
                .map(|(g, r)| *r || self.grammar.is_own_comparison(folded, text(g)))
                .collect();
            if !self.grammar.list_reading_holds(&stands, last, after_comma) {
                continue;
            }
            let covered = groups
                .iter()
                .zip(&recognised)
                .filter(|(_, r)| **r)
                .map(|(g, _)| g.len())
                .sum();
            let score = (covered, Reverse(groups.len()));
            if best.as_ref().is_none_or(|(b, _)| score > *b) {
                best = Some((score, out));
            }
        }
        best.map(|(_, out)| out)
    }

    /// Folds and matches one piece of an item.
    fn read(&self, text: String) -> Reading {
        let folded = self.grammar.fold(&text);
        let found = self.matcher.match_folded(&folded);
        Reading {
            text,
            folded,
            found,
        }
    }

    /// `text` as a reading known to be unread: folded, with no matcher pass.
    fn unread(&self, text: String) -> Reading {
        Reading {
            folded: self.grammar.fold(&text),
            text,
            found: None,
        }
    }

    fn is_justification(&self, m: &Match) -> bool {
        self.entry(&m.entry)
            .is_some_and(|e| e.kind == Kind::Justification)
    }

    fn statement(&self, r: Reading, nearest: bool, position: Position) -> Statement {
        match r.found {
            Some(m) => self.recognised(&r.text, m, position),
            None => self.unrecognised(&r.text, &r.folded.unmasked(), nearest),
        }
    }

    fn justification(&self, r: Reading, nearest: bool) -> Statement {
        let Reading {
            text,
            folded,
            found,
        } = r;
        if let Some(m) = found {
            return self.recognised(&text, m, Position::Requirement);
        }
        let mut s = self.unrecognised(&text, &folded.unmasked(), nearest);
        if let Statement::Unrecognised { suggestions, .. } = &mut s {
            suggestions.retain(|g| {
                self.entry(&g.entry)
                    .is_some_and(|e| e.kind == Kind::Justification)
            });
        }
        s
    }

    fn unrecognised(&self, text: &str, folded: &str, nearest: bool) -> Statement {
        // No limit, no suggestions: `suggest` does no work then.
        let limit = if nearest { SUGGESTION_LIMIT } else { 0 };
        Statement::Unrecognised {
            text: text.to_string(),
            suggestions: self
                .matcher
                .suggest(folded, limit)
                .into_iter()
                .filter_map(|s| {
                    let e = self.entry(&s.entry)?;
                    Some(SuggestionOut {
                        url: self.entry_url(&e.id),
                        entry: s.entry,
                        phrase: e.phrase.clone(),
                        score: (s.score * 1000.0).round() / 1000.0,
                    })
                })
                .collect(),
        }
    }

    pub(crate) fn recognised(&self, text: &str, m: Match, position: Position) -> Statement {
        let Some(n) = self.entry_number(&m.entry) else {
            return self.unrecognised(text, text, true);
        };
        let entry = &self.entries[n];
        let discouraged = match m.form {
            Form::Discouraged(i) => entry.discouraged.get(i).map(|d| Advice {
                reason: d.reason.clone(),
                preferred: substitute(&d.preferred, &m.bindings),
            }),
            _ => None,
        };
        Statement::Recognised {
            text: text.to_string(),
            entry: entry.id.clone(),
            kind: entry.kind,
            url: self.plans[n].url.to_string(),
            form: m.form,
            expansion: Box::new(self.expand_plan(n, &self.bindings_at(&m.bindings, position), 0)),
            bindings: m.bindings,
            discouraged,
        }
    }

    /// The bindings of a sentence where it stands: in a guarantee or an invariant, the call
    /// duration that requirement phrases leave implicit reads as the grammar says.
    fn bindings_at<'a>(
        &'a self,
        map: &'a IndexMap<String, String>,
        position: Position,
    ) -> Bindings<'a> {
        let b = Bindings::from_map(map);
        let Some(d) = &self.grammar.data.durations else {
            return b;
        };
        match position {
            Position::Requirement | Position::SafetyComment => b,
            Position::Guarantee => b.reading_call_as(&d.call, &d.guarantee),
            Position::Invariant => b.reading_call_as(&d.call, &d.invariant),
        }
    }

    /// The tree of `entry` with its variables bound.
    pub fn expand_entry(
        &self,
        entry: &Entry,
        bindings: &IndexMap<String, String>,
        depth: usize,
    ) -> Node {
        match self.entry_number(&entry.id) {
            Some(n) => self.expand_plan(n, &Bindings::from_map(bindings), depth),
            // Not one of this dictionary's entries: only its phrase can be given.
            None => Node {
                entry: Some(entry.id.as_str().into()),
                kind: Some(entry.kind),
                url: Some(self.entry_url(&entry.id).into()),
                text: substitute(&entry.phrase, bindings),
                children: Vec::new(),
            },
        }
    }

    fn expand_plan(&self, n: usize, bindings: &Bindings<'_>, depth: usize) -> Node {
        let (entry, plan) = (&self.entries[n], &self.plans[n]);
        let children = if depth >= MAX_DEPTH {
            Vec::new()
        } else {
            plan.clauses
                .iter()
                .map(|c| match c {
                    ClausePlan::Text(t) => Node {
                        entry: None,
                        kind: None,
                        url: None,
                        text: t.render(bindings),
                        children: Vec::new(),
                    },
                    ClausePlan::Ref {
                        target: Some(m),
                        with,
                        ..
                    } => self.expand_plan(*m, &bindings.inner(with), depth + 1),
                    ClausePlan::Ref {
                        id, target: None, ..
                    } => Node {
                        entry: Some(id.as_str().into()),
                        kind: None,
                        url: None,
                        text: id.clone(),
                        children: Vec::new(),
                    },
                })
                .collect()
        };
        Node {
            entry: Some(plan.id.clone()),
            kind: Some(entry.kind),
            url: Some(plan.url.clone()),
            text: plan.phrase.render(bindings),
            children,
        }
    }

    /// The meaning's lines as an expansion shows them, away from the entry's own page: links
    /// to other entries are absolute.
    pub fn meaning_lines_linked(&self, entry: &Entry) -> Vec<String> {
        self.meaning_lines(entry)
            .into_iter()
            .map(|l| crate::plan::absolute_links(&l, self.site_url()).into_owned())
            .collect()
    }

    /// The meaning of an entry in its own variables, one line per clause.
    pub fn meaning_lines(&self, entry: &Entry) -> Vec<String> {
        entry
            .meaning
            .iter()
            .map(|c| match c {
                Clause::Text { text } => text.clone(),
                Clause::Ref { id, with } => self
                    .entry(id)
                    .map_or_else(|| id.clone(), |e| substitute(&e.phrase, with)),
            })
            .collect()
    }
}

/// What a reason may be. The standard's "Y by X" names a kind of argument, so X must be a
/// justification ("by the type invariants", never "by `p` is aligned"). A connector's reason
/// ("Y because X", "X, so Y") and the reason a relative clause gives ("`p` is a reference which
/// ...") are clauses: one may also state a fact the dictionary knows ("because `n` is
/// non-zero"), which is then read as that entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reasons {
    Justifications,
    AlsoFacts,
}

/// A piece of an item, folded and matched.
#[derive(Clone)]
struct Reading {
    text: String,
    folded: Folded,
    found: Option<Match>,
}

/// Where `sep` stands in `text`, ignoring case. Positions in the lowercased text are positions
/// in the text only when lowercasing kept every length; otherwise there are none (the web
/// expander makes the same check).
fn find_ci(text: &str, sep: &str) -> Vec<usize> {
    let lower = Folded::lowercase(text);
    if lower.len() != text.len() || sep.is_empty() {
        return Vec::new();
    }
    lower.match_indices(sep).map(|(pos, _)| pos).collect()
}

/// Case-insensitive split on a separator of plain ASCII words.
fn split_ci_ranges(text: &str, sep: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    for pos in find_ci(text, sep) {
        out.push(start..pos);
        start = pos + sep.len();
    }
    out.push(start..text.len());
    out
}

/// A piece of a sentence, code back in backticks, without the commas that joined it to the
/// rest ("`p` is valid," of "`p` is valid, because ...").
fn piece(folded: &Folded, masked: &str) -> String {
    folded.unmask(masked.trim().trim_end_matches(',').trim_end())
}

/// Indented Markdown: one bullet per line of each tree, each linked to its entry.
pub fn render_markdown(exp: &Expansion) -> String {
    let mut out = String::new();
    for (n, item) in exp.items.iter().enumerate() {
        if n > 0 {
            out.push('\n');
        }
        let at = match item.position {
            Position::Requirement | Position::SafetyComment => "",
            Position::Guarantee => " (as a guarantee)",
            Position::Invariant => " (as an invariant)",
        };
        out.push_str(&format!("{}. {}{at}\n", n + 1, item.text));
        for s in &item.statements {
            render_statement(&mut out, s, None);
        }
        for j in &item.justifications {
            render_statement(&mut out, j, Some("by"));
        }
        for c in &item.conditions {
            render_statement(&mut out, c, Some("if"));
        }
    }
    out
}

fn render_statement(out: &mut String, s: &Statement, label: Option<&str>) {
    let label = label.map_or(String::new(), |l| format!("**{l}** "));
    match s {
        Statement::Recognised {
            expansion,
            discouraged,
            ..
        } => {
            render_node(out, expansion, 1, &label);
            if let Some(d) = discouraged {
                out.push_str(&format!(
                    "   - discouraged wording: {} Write instead: {}\n",
                    d.reason, d.preferred
                ));
            }
        }
        Statement::Placeholder { text } => {
            out.push_str(&format!(
                "   - {label}a placeholder, not a reason: \"{text}\"\n"
            ));
        }
        Statement::Unrecognised { text, suggestions } => {
            out.push_str(&format!("   - {label}not in the dictionary: \"{text}\"\n"));
            for g in suggestions {
                out.push_str(&format!(
                    "     - nearest: {} ([{}]({}))\n",
                    g.phrase, g.entry, g.url
                ));
            }
        }
    }
}

fn render_node(out: &mut String, node: &Node, depth: usize, label: &str) {
    let indent = "  ".repeat(depth) + " ";
    match (&node.entry, &node.url) {
        (Some(id), Some(url)) => {
            out.push_str(&format!("{indent}- {label}{} ([{id}]({url}))\n", node.text))
        }
        _ => out.push_str(&format!("{indent}- {label}{}\n", node.text)),
    }
    for c in &node.children {
        render_node(out, c, depth + 1, "");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_a_safety_section_into_list_items() {
        let s = "/// # Safety\n///\n/// - `ptr` is valid for reads.\n/// - `ptr` points to\n///   a `NUL`-terminated string.\n";
        assert_eq!(
            split_items(s),
            vec![
                "`ptr` is valid for reads.".to_string(),
                "`ptr` points to a `NUL`-terminated string.".to_string()
            ]
        );
    }

    #[test]
    fn splits_a_safety_comment_into_sentences() {
        let s = "// SAFETY: `a` is valid for reads by function requirements. `b.c` is valid\n// for writes by reference validity.";
        assert_eq!(
            split_items(s),
            vec![
                "`a` is valid for reads by function requirements.".to_string(),
                "`b.c` is valid for writes by reference validity.".to_string()
            ]
        );
    }

    #[test]
    fn fenced_code_and_link_definitions_are_no_items() {
        let s = "/// # Safety\n///\n/// - `p` is [valid].\n///\n/// ```\n/// let x = 1;\n/// ```\n///\n/// [valid]: ptr#safety\n/// [`f`]: crate::f";
        assert_eq!(split_items(s), vec!["`p` is [valid].".to_string()]);
        // A definition cannot interrupt a paragraph: there it is text.
        let s = "`p` is valid.\n[x]: y";
        assert_eq!(split_items(s), vec!["`p` is valid. [x]: y".to_string()]);
        // Not a definition: nothing after the colon, or a link in running text.
        assert_eq!(split_items("[x]:").len(), 1);
        assert_eq!(split_items("[x] is: valid").len(), 1);
    }

    #[test]
    fn a_marker_indented_four_columns_opens_no_list() {
        // A formula wrapped before its `*` goes on the text above it (zerocopy's layout.rs).
        let s = "// SAFETY: the sizes agree:\n//\n//   a + b\n//       = c\n//           * d\n//       <= e.";
        assert_eq!(
            split_items(s),
            vec!["the sizes agree:", "a + b = c * d <= e."]
        );
        // Three columns still open one, and under an open item a deeper one is nested.
        assert_eq!(split_items("Text:\n\n   * `a` is aligned.").len(), 2);
        let s = "/// - `a` is valid.\n///     - `b` is valid.";
        assert_eq!(split_items(s), vec!["`a` is valid.", "`b` is valid."]);
        // A blank line keeps the list open (std's `slice::from_raw_parts`).
        let s = "/// * `a` is valid. In particular:\n///\n///     * `b` is valid.";
        assert_eq!(
            split_items(s),
            vec!["`a` is valid. In particular:", "`b` is valid."]
        );
    }

    #[test]
    fn a_list_comment_keeps_its_preamble_out_when_empty() {
        let s = "// SAFETY:\n// - `a` is valid for reads by reference validity.\n// - `n` is small by function requirements.";
        assert_eq!(split_items(s).len(), 2);
    }

    #[test]
    fn paragraphs_around_a_list_stay_apart_and_in_order() {
        let s = "/// Behavior is undefined if:\n///\n/// - `a` is valid.\n///\n/// Note this:\n/// it holds.\n///\n/// And that.";
        assert_eq!(
            split_items(s),
            vec![
                "Behavior is undefined if:",
                "`a` is valid.",
                "Note this: it holds.",
                "And that."
            ]
        );
    }

    #[test]
    fn the_sentence_before_a_list_leads_its_items_until_the_next_paragraph() {
        let s = "/// Some prose. If `T` is a ZST:\n///\n/// - `a` is valid.\n///   - `b` is valid.\n///\n/// - `c` is valid.\n///\n/// A note.\n/// - `d` is valid.\n///\n/// Otherwise:\n/// - `e` is valid.";
        let units = split_units(s);
        let got: Vec<(&str, Lead<'_>)> =
            units.iter().map(|u| (u.text.as_str(), u.lead())).collect();
        let zst = Lead::Under {
            lead: "If `T` is a ZST:",
            earlier: None,
        };
        assert_eq!(
            got,
            [
                ("Some prose.", Lead::None),
                ("If `T` is a ZST:", Lead::Introduces),
                ("`a` is valid.", zst),
                ("`b` is valid.", zst),
                ("`c` is valid.", zst),
                ("A note.", Lead::None),
                ("`d` is valid.", Lead::None),
                ("Otherwise:", Lead::Introduces),
                (
                    "`e` is valid.",
                    Lead::Under {
                        lead: "Otherwise:",
                        earlier: None,
                    },
                ),
            ]
        );
    }

    #[test]
    fn an_introduction_right_after_a_list_knows_the_one_before() {
        let s = "If `T` is a ZST:\n\n- `a` is valid.\n\nOtherwise:\n\n- `b` is valid.\n\nNote. Else:\n- `c` is valid.";
        let units = split_units(s);
        let leads: Vec<Lead<'_>> = units.iter().map(Unit::lead).collect();
        assert_eq!(
            leads[3],
            Lead::Under {
                lead: "Otherwise:",
                earlier: Some("If `T` is a ZST:")
            }
        );
        // Not after a paragraph of more than the introduction.
        assert_eq!(
            leads[6],
            Lead::Under {
                lead: "Else:",
                earlier: None
            }
        );
    }

    #[test]
    fn prose_paragraphs_stay_apart() {
        // The code block between them is blanked before this split (items.rs, `prepared`).
        let s = "// SAFETY: it stays pinned until it is dropped:\n//\n// A value, once pinned,\n// stays pinned\n//\n// `p` is valid";
        assert_eq!(
            split_items(s),
            vec![
                "it stays pinned until it is dropped:",
                "A value, once pinned, stays pinned",
                "`p` is valid"
            ]
        );
    }

    #[test]
    fn a_parenthesis_opening_a_sentence_is_a_remark_and_a_semicolon_ends_a_clause() {
        assert_eq!(
            split_sentences("`p` is valid. (It need not be in an `Arc`.) (see above). x; y (a; b)"),
            vec![
                "`p` is valid.",
                "(It need not be in an `Arc`.) (see above). x;",
                "y (a; b)"
            ]
        );
    }

    #[test]
    fn periods_inside_code_do_not_split() {
        assert_eq!(
            split_sentences("`a. B` is fine. `c` too."),
            vec!["`a. B` is fine.", "`c` too."]
        );
    }

    #[test]
    fn abbreviations_end_no_sentence() {
        assert_eq!(
            split_sentences("`e` is in range (i.e. `>= -MAX`). E.g. `x` is. Also `y`."),
            vec![
                "`e` is in range (i.e. `>= -MAX`).",
                "E.g. `x` is.",
                "Also `y`."
            ]
        );
    }

    #[test]
    fn case_insensitive_split() {
        let text = "a AND b and c";
        let pieces: Vec<&str> = split_ci_ranges(text, " and ")
            .into_iter()
            .map(|r| &text[r])
            .collect();
        assert_eq!(pieces, vec!["a", "b", "c"]);
    }
}
