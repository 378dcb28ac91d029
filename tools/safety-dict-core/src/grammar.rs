//! The folding rules of `dictionary/grammar.toml`, compiled once.
//!
//! The same folding is applied to a user's sentence and to every phrasing of every entry, so
//! the rules live in data and the matcher never needs to know English.
//!
//! The rules mean what these regexes say (and the web expander runs exactly them):
//! contractions and rewrites each `(?i)\b(?:<froms>)\b`, replaced left to right (contractions
//! first of all, rewrites after the lead-ins); list marker `^(?:[-*+]|\d+[.)])\s+`; lead-ins
//! `(?i)^(?:<lead-ins>)(?:\s+|$)`, repeated; justification prefixes
//! `(?i)^(?:<prefix>)\s+`; a space inside a rule stands for `\s+`. Building those regexes
//! took longer than loading the rest of the dictionary, so here they are run as literal
//! comparisons that give the same results (`tests/grammar_regex.rs` checks that against the
//! regexes).

use std::sync::OnceLock;

use indexmap::IndexMap;
use regex::Regex;
use serde::{Deserialize, Serialize};
use toml::Spanned;

use crate::declared::DeclaredTypes;
use crate::text::{fold_char, segments, Segment};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawGrammar {
    pub lead_ins: Vec<String>,
    #[serde(default)]
    pub sentence_lead_ins: Vec<String>,
    /// The `sentence_lead_ins` that say the sentence follows from the ones before it ("Hence").
    #[serde(default)]
    pub concluding_lead_ins: Vec<String>,
    #[serde(default)]
    pub introductions: Vec<String>,
    #[serde(default)]
    pub contraction: Vec<Rewrite>,
    #[serde(default)]
    pub rewrite: Vec<RawRewrite>,
    pub justification_separator: String,
    pub justification_conjunction: String,
    #[serde(default)]
    pub justification_prefix: Vec<RawJustificationPrefix>,
    #[serde(default)]
    pub durations: Option<Durations>,
    #[serde(default)]
    pub subjects: Vec<SubjectGroup>,
    #[serde(default)]
    pub not_subjects: Vec<String>,
    #[serde(default)]
    pub code_nouns: Vec<String>,
    #[serde(default)]
    pub code_nouns_before: Vec<String>,
    #[serde(default)]
    pub code_owned_nouns: Vec<String>,
    /// Words before a range written as an interval that go with it ("the interval"); without
    /// this key the grammar reads no intervals.
    #[serde(default)]
    pub interval_words: Option<Vec<String>>,
    /// Words that open a duration which a comma before them sets off from all it bounds ("...
    /// can't drop to zero, for the duration of this function call").
    #[serde(default)]
    pub duration_commas: Vec<String>,
    /// Words an invariant says by where it stands ("always"): a sentence there that no
    /// phrasing reads as written is also read without them.
    #[serde(default)]
    pub invariant_adverbs: Vec<String>,
    /// An object named by the pointer to it in a relative clause ("the C `struct device` `ptr`
    /// points to"); without this key the grammar reads no such clause.
    #[serde(default)]
    pub pointee_clause: Option<PointeeClause>,
    /// Which variables name a C type, and how such a name opens.
    #[serde(default)]
    pub c_types: Option<CTypes>,
    /// Which variables hold a pointer and which a place, so that one value is not both in one
    /// sentence.
    #[serde(default)]
    pub pointer_places: Option<PointerPlaces>,
    /// How a declared type is classed against an entry's variable (the lint's check of a
    /// reading against the code, `crate::declared`).
    #[serde(default)]
    pub declared_types: Option<DeclaredTypes>,
    #[serde(default)]
    pub type_vars: Vec<String>,
    #[serde(default)]
    pub predicate_separators: Vec<String>,
    /// Words after a list's commas that make them list alternatives (`split_predicates`).
    #[serde(default)]
    pub list_alternatives: Vec<String>,
    /// Words a shared subject and verb never end just before (`shared_prefixes`).
    #[serde(default)]
    pub prefix_never_before: Vec<String>,
    #[serde(default)]
    pub connector: Vec<Connector>,
    #[serde(default)]
    pub not_connectors: Vec<String>,
    #[serde(default)]
    pub duty_words: Vec<String>,
    #[serde(default)]
    pub denials: Vec<String>,
    #[serde(default)]
    pub agent_participles: Vec<String>,
    #[serde(default)]
    pub agent_only_participles: Vec<String>,
    #[serde(default)]
    pub conclusions: Vec<String>,
    #[serde(default)]
    pub conclusion_exceptions: Vec<String>,
    #[serde(default)]
    pub conclusion_endings: Vec<String>,
    #[serde(default)]
    pub link_sense: Vec<RawLinkSense>,
    #[serde(default)]
    pub conditions: Vec<String>,
    #[serde(default)]
    pub conditions_without_clause: Vec<String>,
    #[serde(default)]
    pub conditions_read: Vec<String>,
    #[serde(default)]
    pub condition_meaning: Vec<ConditionMeaning>,
    #[serde(default)]
    pub placeholders: Vec<String>,
    #[serde(default)]
    pub dangling_conjunctions: Vec<String>,
    #[serde(default)]
    pub code_comparison: Vec<CodeComparison>,
    #[serde(default)]
    pub comparison_joiners: Vec<String>,
    #[serde(default)]
    pub not_operands: Vec<String>,
    #[serde(default)]
    pub predicate_verbs: Vec<String>,
    #[serde(default)]
    pub clause_subjects: Vec<String>,
    #[serde(default)]
    pub access_objects: Option<AccessObjects>,
    #[serde(default)]
    pub checked_form: Vec<CheckedForm>,
    #[serde(default)]
    pub checked_elsewhere: Vec<String>,
    #[serde(default)]
    pub subject_conjunction: Option<String>,
    #[serde(default)]
    pub subject_openings: Vec<String>,
    #[serde(default)]
    pub subject_distributives: Vec<String>,
    #[serde(default)]
    pub asides: Vec<String>,
    #[serde(default)]
    pub hypotheticals: Vec<String>,
    #[serde(default)]
    pub restatements: Vec<String>,
    #[serde(default)]
    pub clause_openings: Vec<String>,
    #[serde(default)]
    pub quantifiers: Vec<String>,
    #[serde(default)]
    pub exceptions: Vec<String>,
    #[serde(default)]
    pub relative_clause: Option<RelativeClause>,
    #[serde(default)]
    pub zero_size_emphasis: Option<ZeroSizeEmphasis>,
    #[serde(default)]
    pub call_origin: Option<CallOrigin>,
    #[serde(default)]
    pub caller_duty: Option<CallerDuty>,
    #[serde(default)]
    pub requirement_pointer: Option<RequirementPointer>,
    #[serde(default)]
    pub opposite: Option<Opposite>,
    #[serde(default)]
    pub duration_lead: Option<DurationLead>,
    #[serde(default)]
    pub fronted_duration: Option<FrontedDuration>,
    #[serde(default)]
    pub trait_bound: Option<TraitBound>,
}

/// Words that fill a code slot as they are ("the pointer"), in the slots of variables whose type
/// starts with one of `types` (every variable's when `types` is empty): "this function" names
/// a function, never a pointer.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SubjectGroup {
    #[serde(default)]
    pub types: Vec<String>,
    pub words: Vec<String>,
}

impl SubjectGroup {
    /// Whether these words may stand for a variable of type `ty`.
    pub fn fits(&self, ty: &str) -> bool {
        self.types.is_empty() || self.types.iter().any(|t| ty.starts_with(t.as_str()))
    }
}

/// Lead-ins that, in a `// SAFETY:` comment, name who makes the statement hold: the caller of
/// the surrounding function ("the caller must guarantee that ..."), so the statement holds by
/// `justification`. Each is also one of the `lead_ins`, which is all they are elsewhere.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CallerDuty {
    pub justification: String,
    pub lead_ins: Vec<String>,
}

/// A `# Safety` item that only points to another function ("See [`GlobalAlloc::alloc`]."): one
/// of `openings`, one code span (bare or as a link's text), then nothing or one of `endings`.
/// It reads as `reads` with `{}` replaced by the code span.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RequirementPointer {
    pub openings: Vec<String>,
    pub endings: Vec<String>,
    pub reads: String,
}

/// A condition that holds where the one before it does not ("Otherwise:" after a list under
/// "If `T` is a ZST:"): one of `words`, read as the condition before it with its first verb of
/// `negations` (as whole words, outside code) turned into the other ("`T` is a ZST" becomes
/// "`T` is not a ZST").
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Opposite {
    pub words: Vec<String>,
    pub negations: Vec<Rewrite>,
}

/// A list's introduction that asks for each of its items over one duration ("Callers must
/// ensure the following for the lifetime of the returned value:"): its words after the lead-ins
/// are one of `following`, then a duration that opens with one of `openings`.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DurationLead {
    pub following: Vec<String>,
    pub openings: Vec<String>,
}

/// A sentence that opens with the life of something as its duration ("When `CStr` is alive,
/// ..."): a clause that opens with one of `life_openings` and ends with one of `life_endings`
/// reads as `life` and the words between ("for the duration of the life of `CStr`").
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FrontedDuration {
    pub life_openings: Vec<String>,
    pub life_endings: Vec<String>,
    pub life: String,
}

/// A trait bound written as code ("`T: Zeroable`"): a span `pattern` matches whole (a regex in
/// the syntax both engines read, group 1 the type, group 2 the trait) reads as the type, `verb`
/// and the trait ("`T` implements `Zeroable`").
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TraitBound {
    pub pattern: String,
    pub verb: String,
}

/// An object named by the pointer to it in a relative clause without "that": "the", at most
/// [`POINTEE_CLAUSE_WORDS`] words or code spans, a code span, one of `verbs`, then one of
/// `followed_by` (the sentence's own verb, which shows that the words before it are its
/// subject), read as `reads` and the code span ("the C `struct device` `ptr` points to can't drop"
/// as "the object at `ptr` cannot drop").
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PointeeClause {
    pub verbs: Vec<String>,
    pub followed_by: Vec<String>,
    pub reads: String,
}

/// The variables that name a C type (type `var_type`): their slot takes only a code span that
/// opens with one of `openings` ("`struct request`", "`bindings::device`").
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CTypes {
    pub var_type: String,
    pub openings: Vec<String>,
}

/// Variable types that hold a pointer (`pointer_types`) and types that name a place
/// (`place_types`), each by how the type opens: a value that one statement of a sentence reads
/// as a pointer is no place in another statement of it ("`pdu` is valid for reads and is
/// initialized" says what `pdu` points to is initialized).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PointerPlaces {
    pub pointer_types: Vec<String>,
    pub place_types: Vec<String>,
    /// Words that, as the last word of a name (after `_` or `.`), name a count, a size or a
    /// position by convention (`fls_index`, `first_len`, `self.cap`): such a name fills no
    /// pointer's slot.
    #[serde(default)]
    pub count_words: Vec<String>,
}

impl PointerPlaces {
    pub fn is_pointer(&self, ty: &str) -> bool {
        self.pointer_types
            .iter()
            .any(|t| ty.starts_with(t.as_str()))
    }

    pub fn is_place(&self, ty: &str) -> bool {
        self.place_types.iter().any(|t| ty.starts_with(t.as_str()))
    }
}

/// What an access is to, named in plain words or after an article (`access_objects`).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct AccessObjects {
    pub accesses: Vec<String>,
    pub determiners: Vec<String>,
    pub ends: Vec<String>,
}

/// How many words or code spans a pointee clause's noun may have between "the" and the pointer:
/// "the C `struct device`" has two.
pub const POINTEE_CLAUSE_WORDS: usize = 3;

/// Where a reasoning connector puts the reason: "Y because X" (`after`), "X, so Y"
/// (`before`), "As X, Y" (`opening`: the connector starts the sentence and a comma ends the
/// reason).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReasonAt {
    After,
    Before,
    Opening,
}

/// A statement that names the check behind it: "`x` is checked above to be valid" reads as
/// "`x` is valid" (`words` replaced by `to`, a final word of `trailing` dropped) by the
/// justification `justification`.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CheckedForm {
    pub words: String,
    pub to: String,
    pub justification: String,
    #[serde(default)]
    pub trailing: Vec<String>,
}

/// "S is a N which P": a relative clause that says P of the subject S itself, read as the
/// statement "S P" because "S is a N". The noun N stands between one of `openings` and one of
/// `pronouns`, is at most `max_noun_words` long and holds none of `not_in_noun` (a preposition
/// would let the clause be about another noun: "a pointer to a struct which ...").
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RelativeClause {
    pub openings: Vec<String>,
    pub pronouns: Vec<String>,
    pub max_noun_words: usize,
    pub not_in_noun: Vec<String>,
}

/// One comparison read as words: "`lhs` <words> `rhs`", the sides in the order written.
struct Comparison {
    lhs: String,
    words: String,
    rhs: String,
}

impl Comparison {
    fn new(c: &CodeComparison, lhs: String, rhs: String) -> Comparison {
        Comparison {
            lhs,
            words: c.words.clone(),
            rhs,
        }
    }
}

/// Words naming where a value came from ("came from"): before a code span that names a
/// function (`function`, a regex in the syntax both engines read) they are read with `insert`
/// after them ("it came from `Box::into_raw`" as "it came from a previous call to
/// `Box::into_raw`"); before any other span ("came from `bool`") they stay as written.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CallOrigin {
    pub words: Vec<String>,
    pub insert: String,
    pub function: String,
    /// Verbs that, right after a span naming a function, say what the function guarantees
    /// ("`IS_ERR()` ensures ..."): the span is read with `guarantor_insert` before it.
    #[serde(default)]
    pub guarantor_words: Vec<String>,
    #[serde(default)]
    pub guarantor_insert: String,
}

/// A clause that stresses a size of zero ("even for zero-length slices", "even if `T` has size
/// 0"): it opens with one of `openings` and holds one of `marks`, and the statement it stresses
/// holds for every size without it.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ZeroSizeEmphasis {
    pub openings: Vec<String>,
    pub marks: Vec<String>,
}

/// A word or phrase that joins a statement and the reason for it.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Connector {
    pub word: String,
    pub reason: ReasonAt,
}

/// A link text that names a definition elsewhere, and the word it reads as.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawLinkSense {
    pub text: String,
    pub reads: String,
}

/// A `RawLinkSense` with the regex of its link (Rust's syntax, which the web expander's engine
/// also reads): group 1 is what stands before the link, kept; the link reads as `reads`.
#[derive(Debug, Clone, Serialize)]
pub struct LinkSense {
    pub pattern: String,
    pub reads: String,
}

/// A condition whose words state no fact of their own ("For ZSTs"), and the sentence that says
/// what it means ("the type is a zero-sized type").
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ConditionMeaning {
    pub words: String,
    pub reads: String,
}

/// A comparison operator of code and the words a sentence says it with.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CodeComparison {
    pub op: String,
    pub words: String,
}

/// How long the duration an entry leaves implicit lasts, by where the sentence stands.
/// Requirement phrases bind their lifetime to `call` ("this function call"); a guarantee or an
/// invariant cannot end when a call returns, so there `call` reads as `guarantee` or
/// `invariant`.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Durations {
    pub call: String,
    pub guarantee: String,
    pub invariant: String,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Rewrite {
    pub from: String,
    pub to: String,
}

/// A rewrite as written: with `before`, `from` is replaced only where one of those words follows
/// it ("owns" by "holds" before "the lock" or "the mutex"); it stands for one rule per word.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRewrite {
    pub from: String,
    pub to: String,
    #[serde(default)]
    pub before: Vec<String>,
}

impl RawRewrite {
    /// The plain rules this one stands for, in order.
    fn rules(&self) -> Vec<Rewrite> {
        if self.before.is_empty() {
            return vec![Rewrite {
                from: self.from.clone(),
                to: self.to.clone(),
            }];
        }
        self.before
            .iter()
            .map(|b| Rewrite {
                from: format!("{} {b}", self.from),
                to: format!("{} {b}", self.to),
            })
            .collect()
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawJustificationPrefix {
    pub prefix: String,
    pub justification: Spanned<String>,
    #[serde(default)]
    pub with: IndexMap<String, String>,
}

/// A whole-sentence justification form: "<prefix> <requirement>".
#[derive(Debug, Clone, Serialize)]
pub struct JustificationPrefix {
    pub prefix: String,
    pub justification: String,
    pub with: IndexMap<String, String>,
}

/// The rules as data, exported as-is for the web expander.
#[derive(Debug, Clone, Serialize)]
pub struct GrammarData {
    pub lead_ins: Vec<String>,
    pub sentence_lead_ins: Vec<String>,
    pub concluding_lead_ins: Vec<String>,
    /// `introductions` as one regex over a whole folded sentence (its `{n}` a count, its
    /// `{any}` any words): a sentence ending in ":" that it matches only announces what follows.
    pub introduction_pattern: Option<String>,
    pub contractions: Vec<Rewrite>,
    pub rewrites: Vec<Rewrite>,
    pub justification_separator: String,
    pub justification_conjunction: String,
    pub justification_prefixes: Vec<JustificationPrefix>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub durations: Option<Durations>,
    pub subjects: Vec<SubjectGroup>,
    pub not_subjects: Vec<String>,
    /// `code_nouns` and `code_nouns_before` as one regex (Rust's syntax, which the web
    /// expander's engine also reads): "the `x` argument" and "the pointer `x`" read as "`x`".
    pub code_noun_pattern: Option<String>,
    /// `code_owned_nouns` as one regex: "the `Arc` type invariant" reads as "the type
    /// invariant of `Arc`" (group 2 the code span's mask, group 3 the noun).
    pub code_owned_pattern: Option<String>,
    /// A comma, and one of `duration_commas` after it, as one regex: group 1 the words and what
    /// follows them, which replace the comma and its spaces (with one space).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration_comma_pattern: Option<String>,
    /// `invariant_adverbs` as one regex: the spaces before one of them, and group 1 what ends
    /// it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invariant_adverb_pattern: Option<String>,
    /// `pointee_clause` as one regex: group 1 what stands before the clause, group 2 the
    /// pointer's mask, group 3 the verb that follows and group 4 what stands after it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pointee_pattern: Option<String>,
    /// Which variables name a C type, and how such a name opens (`c_types`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub c_types: Option<CTypes>,
    /// Which variable types hold a pointer and which a place (`pointer_places`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pointer_places: Option<PointerPlaces>,
    /// How declared types contradict entries' variables (`declared_types`); only the lint,
    /// which sees the code, uses it, so the web expander's data leaves it out.
    #[serde(skip)]
    pub declared_types: Option<DeclaredTypes>,
    /// What a pointee clause reads as, before its pointer (`pointee_clause.reads`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pointee_reads: Option<String>,
    /// A range written as an interval ("[`a`,`b`)"), with the `interval_words` before it:
    /// group 1 is what stands before, groups 2 and 3 the masks of its ends, group 4 its closing
    /// bracket. None where the grammar reads no intervals.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interval_pattern: Option<String>,
    pub type_vars: Vec<String>,
    pub predicate_separators: Vec<String>,
    pub list_alternatives: Vec<String>,
    pub prefix_never_before: Vec<String>,
    pub connectors: Vec<Connector>,
    pub not_connectors: Vec<String>,
    pub duty_words: Vec<String>,
    pub denials: Vec<String>,
    pub agent_participles: Vec<String>,
    /// Participles after which "by" names who does it, whatever follows it.
    pub agent_only_participles: Vec<String>,
    /// What stands after a connector when it only concludes that the operation may go ahead
    /// ("it is safe to", "we can"); `conclusion_exceptions` are the words after which it
    /// claims a fact instead ("it is safe to assume that ...").
    pub conclusions: Vec<String>,
    pub conclusion_exceptions: Vec<String>,
    /// The same conclusion said of the operation at the end ("the pointer dereference is safe
    /// because ..."): words a statement ends with.
    pub conclusion_endings: Vec<String>,
    pub link_senses: Vec<LinkSense>,
    pub conditions: Vec<String>,
    /// Conditions that open no clause of their own ending at a comma ("whether", "either"):
    /// the rest of such a sentence is not read under them.
    pub conditions_without_clause: Vec<String>,
    /// Conditions whose words after them state what holds ("if", "when"), so that those words
    /// may be read as an entry; not "unless" (it states the opposite) nor "until" (a time).
    pub conditions_read: Vec<String>,
    /// Conditions the grammar says in other words, so that they are read as an entry ("For
    /// ZSTs" as "the type is a zero-sized type"), in folded lowercase without their comma.
    pub condition_meanings: Vec<ConditionMeaning>,
    pub placeholders: Vec<String>,
    pub dangling_conjunctions: Vec<String>,
    pub code_comparisons: Vec<CodeComparison>,
    pub comparison_joiners: Vec<String>,
    /// Lowercased: bare words that are never a side of a comparison written outside code.
    pub not_operands: Vec<String>,
    pub predicate_verbs: Vec<String>,
    /// Words that open the subject of a clause of its own after "and" (`clause_subjects`).
    pub clause_subjects: Vec<String>,
    /// `access_objects` as one regex: group 1 what stands before the access, group 2 its
    /// words, groups 3 and 4 the " to" and the space and code span of an object in code, group
    /// 5 what ends the object; the replacement `${1}${2}${3}${4}${5}` drops an object in plain
    /// words and the article of one in code.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub access_object_pattern: Option<String>,
    pub checked_forms: Vec<CheckedForm>,
    /// Words that, with a code span after them at the end of a checked form's statement, say
    /// the check stands in another function ("checked to be non-null in `f`").
    pub checked_elsewhere: Vec<String>,
    pub subject_conjunction: Option<String>,
    pub subject_openings: Vec<String>,
    pub subject_distributives: Vec<String>,
    pub asides: Vec<String>,
    /// Words that, in the clause a connector's reason ends with, make both sides hypothetical.
    pub hypotheticals: Vec<String>,
    pub restatements: Vec<String>,
    pub clause_openings: Vec<String>,
    pub quantifiers: Vec<String>,
    /// Words that take something back from what the sentence says ("..., except that ..."):
    /// a sentence holding one is never split into statements either.
    pub exceptions: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub relative_clause: Option<RelativeClause>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zero_size_emphasis: Option<ZeroSizeEmphasis>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub call_origin: Option<CallOrigin>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caller_duty: Option<CallerDuty>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requirement_pointer: Option<RequirementPointer>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opposite: Option<Opposite>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration_lead: Option<DurationLead>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fronted_duration: Option<FrontedDuration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trait_bound: Option<TraitBound>,
}

/// The words of one rule, case-folded by `fold_char`; `None` stands for a run of whitespace.
#[derive(Debug, Clone)]
struct Words(Vec<Option<char>>);

impl Words {
    fn new(rule: &str) -> Words {
        Words(
            crate::text::fold_whitespace(rule)
                .chars()
                .map(|c| (c != ' ').then(|| fold_char(c)))
                .collect(),
        )
    }

    /// Each of `rules`, compiled.
    fn all<'a>(rules: impl IntoIterator<Item = &'a String>) -> Vec<Words> {
        rules.into_iter().map(|r| Words::new(r)).collect()
    }

    /// Where these words end when they start at byte `start` of `text`.
    fn match_at(&self, text: &str, start: usize) -> Option<usize> {
        let mut pos = start;
        for want in &self.0 {
            match want {
                None => {
                    let run = whitespace_run(&text[pos..]);
                    if run == 0 {
                        return None;
                    }
                    pos += run;
                }
                Some(want) => match text[pos..].chars().next() {
                    Some(c) if fold_char(c) == *want => pos += c.len_utf8(),
                    _ => return None,
                },
            }
        }
        Some(pos)
    }
}

/// Whole-word replacements (`contraction` or `rewrite` rules), compared as the regex
/// `(?i)\b(?:<froms>)\b` replaced left to right: at each place the first rule that matches wins.
#[derive(Debug, Clone)]
struct Replacements {
    froms: Vec<Words>,
    /// Each `from` lowercased and whitespace-folded (what the found text is looked up by, as the
    /// regex's replacement does), and its `to`.
    keys: Vec<(String, String)>,
    first: FirstChars,
}

impl Replacements {
    fn new(rules: &[Rewrite]) -> Replacements {
        let froms: Vec<Words> = rules.iter().map(|r| Words::new(&r.from)).collect();
        Replacements {
            first: FirstChars::new(&froms),
            froms,
            keys: rules
                .iter()
                .map(|r| {
                    (
                        crate::text::fold_whitespace(&r.from.to_lowercase()),
                        r.to.clone(),
                    )
                })
                .collect(),
        }
    }

    /// `s` with each rule's `from`, standing as whole words, replaced by its `to`; `None` when
    /// nothing is replaced.
    fn replace(&self, s: &str) -> Option<String> {
        let mut out: Option<String> = None;
        let mut copied = 0;
        let mut prev_word = false;
        for (pos, c) in s.char_indices() {
            let word = is_word(Some(c));
            let boundary = prev_word != word;
            prev_word = word;
            if pos < copied || !boundary || !self.first.may_start(c) {
                continue;
            }
            let first = Some(fold_char(c));
            let found = self.froms.iter().find_map(|w| {
                if w.0.first() != Some(&first) {
                    return None;
                }
                w.match_at(s, pos).filter(|&end| is_boundary(s, end))
            });
            if let Some(end) = found {
                let out = out.get_or_insert_with(|| String::with_capacity(s.len()));
                out.push_str(&s[copied..pos]);
                let key = crate::text::fold_whitespace(&s[pos..end]).to_lowercase();
                match self.keys.iter().find(|(from, _)| *from == key) {
                    Some((_, to)) => out.push_str(to),
                    None => out.push_str(&s[pos..end]),
                }
                copied = end;
            }
        }
        let mut out = out?;
        out.push_str(&s[copied..]);
        Some(out)
    }
}

/// The folded first characters of a set of rules, to skip places where none can start.
#[derive(Debug, Clone, Default)]
struct FirstChars {
    ascii: u128,
    other: bool,
}

impl FirstChars {
    fn new<'a>(rules: impl IntoIterator<Item = &'a Words>) -> FirstChars {
        let mut f = FirstChars::default();
        for w in rules {
            match w.0.first() {
                Some(Some(c)) if c.is_ascii() => f.ascii |= 1u128 << (*c as u32),
                // A rule starting with whitespace cannot exist (rules are trimmed), but be safe.
                _ => f.other = true,
            }
        }
        f
    }

    /// Whether some rule may start with the (unfolded) character `c`.
    fn may_start(&self, c: char) -> bool {
        if self.other {
            return true;
        }
        let c = fold_char(c);
        c.is_ascii() && self.ascii & (1u128 << (c as u32)) != 0
    }
}

/// Bytes of whitespace at the start of `text`.
fn whitespace_run(text: &str) -> usize {
    text.find(|c: char| !c.is_whitespace())
        .unwrap_or(text.len())
}

/// Unicode `\w` as the regex engine (and the web expander) define it.
fn is_word(c: Option<char>) -> bool {
    match c {
        None => false,
        Some(c) if c.is_ascii() => c.is_ascii_alphanumeric() || c == '_',
        Some(c) if mask_index(c).is_some() => false,
        Some(c) => regex_syntax::is_word_character(c),
    }
}

/// `\b` at byte `pos` of `text`.
fn is_boundary(text: &str, pos: usize) -> bool {
    is_word(text[..pos].chars().next_back()) != is_word(text[pos..].chars().next())
}

/// `\d` (Unicode decimal digits).
fn is_decimal_digit(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_digit();
    }
    // Rare enough that a regex built on first use is fine; `is_numeric` also takes letter
    // numbers and other numbers, which `\d` does not.
    static DIGIT: OnceLock<Option<Regex>> = OnceLock::new();
    c.is_numeric()
        && DIGIT
            .get_or_init(|| Regex::new(r"^\d$").ok())
            .as_ref()
            .is_some_and(|re| re.is_match(c.encode_utf8(&mut [0; 4])))
}

/// Compiled folding rules.
#[derive(Debug, Clone)]
pub struct Grammar {
    pub data: GrammarData,
    lead_ins: Vec<Words>,
    sentence_lead_ins: Vec<Words>,
    concluding_lead_ins: Vec<Words>,
    contractions: Replacements,
    rewrites: Replacements,
    prefixes: Vec<Words>,
    /// The caller duties' lead-ins, as compared.
    duties: Vec<Words>,
    /// The openings of `requirement_pointer`, as compared.
    pointer_openings: Vec<Words>,
    lead_in_first: FirstChars,
    /// Each subject group's words, folded as the matcher compares them.
    subject_chars: Vec<Vec<Vec<char>>>,
    /// Every group's words together, folded.
    all_subjects: std::sync::Arc<[Vec<char>]>,
    /// `not_subjects`, folded.
    not_subjects: std::sync::Arc<[Vec<char>]>,
    /// `pointer_places.count_words`, lowercased.
    count_words: std::sync::Arc<[String]>,
    /// `GrammarData::code_noun_pattern`, compiled on first use.
    code_nouns: OnceLock<Option<Regex>>,
    /// `GrammarData::access_object_pattern`, compiled on first use.
    access_objects: OnceLock<Option<Regex>>,
    /// `GrammarData::code_owned_pattern`, compiled on first use.
    code_owned: OnceLock<Option<Regex>>,
    /// `GrammarData::duration_comma_pattern`, compiled on first use.
    duration_comma: OnceLock<Option<Regex>>,
    /// `GrammarData::invariant_adverb_pattern`, compiled on first use.
    invariant_adverb: OnceLock<Option<Regex>>,
    /// `GrammarData::pointee_pattern`, compiled on first use.
    pointee: OnceLock<Option<Regex>>,
    /// `GrammarData::interval_pattern`, compiled on first use.
    interval: OnceLock<Option<Regex>>,
    /// `GrammarData::introduction_pattern`, compiled on first use.
    introduction: OnceLock<Option<Regex>>,
    /// `GrammarData::link_senses`' patterns, compiled on first use.
    link_senses: OnceLock<Vec<(Regex, String)>>,
    /// `call_origin.function`, compiled.
    call_function: Option<Regex>,
    /// `trait_bound.pattern`, compiled.
    trait_bound: Option<Regex>,
    /// `call_origin.words`, each lowercased, whole and split into its words.
    call_words: Vec<(String, Vec<String>)>,
    /// `call_origin.guarantor_words`, each lowercased.
    guarantor_words: Vec<String>,
    /// `not_connectors`, lowercased, each cut at every word boundary before its last word into
    /// the words that may stand before a connector position and those that start at it
    /// ("once per": "" + "once per", "once" + "per").
    pub(crate) not_connector_cuts: Vec<(String, String)>,
}

fn folded_chars(words: &str) -> Vec<char> {
    crate::text::fold_whitespace(words)
        .chars()
        .map(fold_char)
        .collect()
}

/// First private-use character; code spans are masked as one such character each so that
/// folding rules never apply inside backticks.
const MASK_BASE: u32 = 0xE000;
const MASK_LIMIT: usize = 6000;

/// A folded sentence with its code spans masked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Folded {
    /// Plain words folded; each code span is one mask character.
    pub masked: String,
    /// The code spans, by mask index, whitespace-folded.
    pub codes: Vec<String>,
    /// The mask indices of the spans that are a side of a comparison written as code and read
    /// as words ("`a < n`" as "`a` is less than `n`"): such a span stands in a statement of its
    /// own, whose subject no other span shares.
    pub compared: Vec<usize>,
}

impl Folded {
    /// The folded sentence with code spans back in backticks.
    pub fn unmasked(&self) -> String {
        self.unmask(&self.masked)
    }

    /// A slice of `masked` with its code spans back in backticks.
    pub fn unmask(&self, masked: &str) -> String {
        let mut out = String::with_capacity(masked.len() + 8 * self.codes.len());
        let mut copied = 0;
        for (i, c) in masked.char_indices() {
            if let Some(code) = mask_index(c).and_then(|k| self.codes.get(k)) {
                out.push_str(&masked[copied..i]);
                out.push('`');
                out.push_str(code);
                out.push('`');
                copied = i + c.len_utf8();
            }
        }
        out.push_str(&masked[copied..]);
        out
    }

    /// `masked`, lowercased (borrowed when that changes nothing: plain lowercase ASCII and
    /// masks, which have no case).
    pub fn lowercase(masked: &str) -> std::borrow::Cow<'_, str> {
        let unchanged = masked
            .chars()
            .all(|c| (c.is_ascii() && !c.is_ascii_uppercase()) || mask_index(c).is_some());
        if unchanged {
            std::borrow::Cow::Borrowed(masked)
        } else {
            std::borrow::Cow::Owned(masked.to_lowercase())
        }
    }
}

pub fn mask_index(c: char) -> Option<usize> {
    let v = c as u32;
    (MASK_BASE..MASK_BASE + MASK_LIMIT as u32)
        .contains(&v)
        .then(|| (v - MASK_BASE) as usize)
}

/// Whether `s` opens with a code span (its mask character).
pub(crate) fn opens_with_code(s: &str) -> bool {
    s.chars().next().is_some_and(|c| mask_index(c).is_some())
}

/// Whether the token `t` is one code span and nothing else.
fn is_one_span(t: &str) -> bool {
    let mut cs = t.chars();
    cs.next().and_then(mask_index).is_some() && cs.next().is_none()
}

/// Punctuation that may follow the last operand of a comparison ("`a` < `b`,").
const TRAILING_PUNCTUATION: [char; 4] = ['.', ',', ';', ':'];

pub(crate) fn mask_char(i: usize) -> char {
    char::from_u32(MASK_BASE + i as u32).unwrap_or('\u{FFFD}')
}

#[derive(Debug, thiserror::Error)]
#[error("grammar rule {rule:?} {problem}")]
pub struct GrammarError {
    pub rule: String,
    pub problem: &'static str,
}

/// Every word list and rule of the grammar, as written.
fn rules_of(raw: &RawGrammar) -> impl Iterator<Item = &String> {
    raw.lead_ins
        .iter()
        .chain(&raw.sentence_lead_ins)
        .chain(&raw.concluding_lead_ins)
        .chain(&raw.introductions)
        .chain(
            raw.rewrite
                .iter()
                .flat_map(|r| std::iter::once(&r.from).chain(&r.before)),
        )
        .chain(raw.justification_prefix.iter().map(|p| &p.prefix))
        .chain([&raw.justification_separator, &raw.justification_conjunction])
        .chain(
            raw.subjects
                .iter()
                .flat_map(|g| g.types.iter().chain(&g.words)),
        )
        .chain(&raw.not_subjects)
        .chain(&raw.code_nouns)
        .chain(&raw.code_nouns_before)
        .chain(&raw.code_owned_nouns)
        .chain(&raw.duration_commas)
        .chain(raw.pointee_clause.iter().flat_map(|p| {
            p.verbs
                .iter()
                .chain(&p.followed_by)
                .chain(std::iter::once(&p.reads))
        }))
        .chain(&raw.type_vars)
        .chain(&raw.predicate_separators)
        .chain(raw.connector.iter().map(|c| &c.word))
        .chain(&raw.not_connectors)
        .chain(&raw.duty_words)
        .chain(&raw.denials)
        .chain(&raw.agent_participles)
        .chain(&raw.agent_only_participles)
        .chain(&raw.conclusions)
        .chain(&raw.conclusion_exceptions)
        .chain(&raw.conclusion_endings)
        .chain(raw.link_sense.iter().flat_map(|l| [&l.text, &l.reads]))
        .chain(&raw.conditions)
        .chain(&raw.conditions_without_clause)
        .chain(&raw.conditions_read)
        .chain(
            raw.condition_meaning
                .iter()
                .flat_map(|m| [&m.words, &m.reads]),
        )
        .chain(&raw.placeholders)
        .chain(&raw.dangling_conjunctions)
        .chain(raw.code_comparison.iter().flat_map(|c| [&c.op, &c.words]))
        .chain(&raw.comparison_joiners)
        .chain(&raw.not_operands)
        .chain(&raw.predicate_verbs)
        .chain(&raw.clause_subjects)
        .chain(raw.checked_form.iter().map(|c| &c.words))
        .chain(&raw.checked_elsewhere)
        .chain(&raw.subject_conjunction)
        .chain(&raw.subject_openings)
        .chain(&raw.subject_distributives)
        .chain(&raw.asides)
        .chain(&raw.hypotheticals)
        .chain(&raw.restatements)
        .chain(&raw.clause_openings)
        .chain(&raw.quantifiers)
        .chain(&raw.exceptions)
        .chain(
            raw.relative_clause
                .iter()
                .flat_map(|r| r.openings.iter().chain(&r.pronouns).chain(&r.not_in_noun)),
        )
        .chain(
            raw.zero_size_emphasis
                .iter()
                .flat_map(|z| z.openings.iter().chain(&z.marks)),
        )
        .chain(
            raw.access_objects
                .iter()
                .flat_map(|a| a.accesses.iter().chain(&a.determiners).chain(&a.ends)),
        )
        .chain(raw.caller_duty.iter().flat_map(|d| &d.lead_ins))
        .chain(
            raw.requirement_pointer
                .iter()
                .flat_map(|p| p.openings.iter().chain(&p.endings).chain([&p.reads])),
        )
        .chain(
            raw.call_origin
                .iter()
                .flat_map(|c| c.words.iter().chain([&c.insert, &c.function])),
        )
        .chain(raw.opposite.iter().flat_map(|o| {
            o.words
                .iter()
                .chain(o.negations.iter().flat_map(|n| [&n.from, &n.to]))
        }))
}

impl Grammar {
    pub fn compile(raw: &RawGrammar) -> Result<Grammar, GrammarError> {
        let contractions = Replacements::new(&raw.contraction);
        if let Some(c) = raw.contraction.iter().find(|c| c.from.trim().is_empty()) {
            return Err(GrammarError {
                rule: c.from.clone(),
                problem: "is empty: it would match everywhere",
            });
        }
        for rule in rules_of(raw) {
            if rule.trim().is_empty() {
                return Err(GrammarError {
                    rule: rule.clone(),
                    problem: "is empty: it would match everywhere",
                });
            }
            // Contractions are expanded before any other rule is compared, so a rule that
            // holds one would never match.
            if contractions.replace(rule).is_some() {
                return Err(GrammarError {
                    rule: rule.clone(),
                    problem: "holds a contraction, which is expanded before any rule is compared: write out the words (\"are not\" for \"aren't\")",
                });
            }
        }
        // The first justification prefix that opens a sentence wins, so a prefix after one
        // that is its own opening words would never be taken ("the caller has guaranteed"
        // before "the caller has guaranteed that" leaves "that" to the statement).
        for (i, later) in raw.justification_prefix.iter().enumerate() {
            let words = later.prefix.to_lowercase();
            if raw.justification_prefix[..i].iter().any(|earlier| {
                let e = earlier.prefix.to_lowercase();
                words.len() > e.len() && words.starts_with(&e) && words[e.len()..].starts_with(' ')
            }) {
                return Err(GrammarError {
                    rule: later.prefix.clone(),
                    problem: "comes after a justification_prefix that is its opening words, which always wins: put the longer one first",
                });
            }
        }
        // A link sense's word is put in as it stands, so it must hold no replacement syntax.
        if let Some(l) = raw.link_sense.iter().find(|l| l.reads.contains('$')) {
            return Err(GrammarError {
                rule: l.reads.clone(),
                problem:
                    "holds a `$` (link_sense.reads): write the word the link reads as without it",
            });
        }
        let call_function = match &raw.call_origin {
            Some(c) => Some(Regex::new(&c.function).map_err(|_| GrammarError {
                rule: c.function.clone(),
                problem: "is no regex (call_origin.function): write one in the syntax of Rust's `regex` crate that JavaScript also reads",
            })?),
            None => None,
        };
        let trait_bound = match &raw.trait_bound {
            Some(t) => Some(Regex::new(&t.pattern).map_err(|_| GrammarError {
                rule: t.pattern.clone(),
                problem: "is no regex (trait_bound.pattern): write one in the syntax of Rust's `regex` crate that JavaScript also reads",
            })?),
            None => None,
        };
        let folded_key = |r: &str| crate::text::fold_whitespace(&r.to_lowercase());
        for word in &raw.concluding_lead_ins {
            if !raw
                .sentence_lead_ins
                .iter()
                .any(|l| folded_key(l) == folded_key(word))
            {
                return Err(GrammarError {
                    rule: word.clone(),
                    problem: "is a concluding lead-in but not one of the sentence_lead_ins: add it there too, so the sentence is read without it",
                });
            }
        }
        for duty in raw.caller_duty.iter().flat_map(|d| &d.lead_ins) {
            if !raw
                .lead_ins
                .iter()
                .any(|l| folded_key(l) == folded_key(duty))
            {
                return Err(GrammarError {
                    rule: duty.clone(),
                    problem: "is a caller duty but not one of the lead_ins: add it there too, so a `# Safety` item drops it",
                });
            }
        }
        let rewrites: Vec<Rewrite> = raw.rewrite.iter().flat_map(RawRewrite::rules).collect();
        // Rewriting is one pass in which the first rule that matches at a place wins, so a rule
        // whose first words an earlier rule matches whole ("are" before "are guaranteed to be")
        // never applies.
        // Each rule's words once, not once per pair: this runs at every start.
        let keys: Vec<String> = rewrites
            .iter()
            .map(|r| format!("{} ", folded_key(&r.from)))
            .collect();
        for (j, later) in rewrites.iter().enumerate() {
            let later_words = &keys[j];
            if keys[..j].iter().any(|earlier_words| {
                earlier_words != later_words && later_words.starts_with(earlier_words.as_str())
            }) {
                return Err(GrammarError {
                    rule: later.from.clone(),
                    problem: "is never applied: an earlier rewrite matches its first words, and the first rule that matches at a place wins; move it above that rule",
                });
            }
        }
        let data = GrammarData {
            lead_ins: raw.lead_ins.clone(),
            sentence_lead_ins: raw.sentence_lead_ins.clone(),
            concluding_lead_ins: raw.concluding_lead_ins.clone(),
            introduction_pattern: introduction_pattern(
                &raw.introductions,
                &Replacements::new(&rewrites),
            ),
            contractions: raw.contraction.clone(),
            rewrites: rewrites.clone(),
            justification_separator: raw.justification_separator.clone(),
            justification_conjunction: raw.justification_conjunction.clone(),
            justification_prefixes: raw
                .justification_prefix
                .iter()
                .map(|p| JustificationPrefix {
                    prefix: p.prefix.clone(),
                    justification: p.justification.get_ref().clone(),
                    with: p.with.clone(),
                })
                .collect(),
            durations: raw.durations.clone(),
            subjects: raw.subjects.clone(),
            not_subjects: raw.not_subjects.clone(),
            code_noun_pattern: code_noun_pattern(&raw.code_nouns, &raw.code_nouns_before),
            code_owned_pattern: code_owned_pattern(&raw.code_owned_nouns),
            interval_pattern: raw.interval_words.as_deref().map(interval_pattern),
            pointee_pattern: raw.pointee_clause.as_ref().map(pointee_pattern),
            duration_comma_pattern: (!raw.duration_commas.is_empty())
                .then(|| duration_comma_pattern(&raw.duration_commas)),
            invariant_adverb_pattern: (!raw.invariant_adverbs.is_empty())
                .then(|| invariant_adverb_pattern(&raw.invariant_adverbs)),
            pointee_reads: raw.pointee_clause.as_ref().map(|p| p.reads.clone()),
            c_types: raw.c_types.clone(),
            pointer_places: raw.pointer_places.clone(),
            declared_types: raw.declared_types.clone(),
            type_vars: raw.type_vars.clone(),
            predicate_separators: raw.predicate_separators.clone(),
            prefix_never_before: raw.prefix_never_before.clone(),
            list_alternatives: raw.list_alternatives.clone(),
            connectors: raw.connector.clone(),
            not_connectors: raw.not_connectors.clone(),
            duty_words: raw.duty_words.clone(),
            denials: raw.denials.clone(),
            agent_participles: raw.agent_participles.clone(),
            agent_only_participles: raw.agent_only_participles.clone(),
            conclusions: raw.conclusions.clone(),
            conclusion_exceptions: raw.conclusion_exceptions.clone(),
            conclusion_endings: raw.conclusion_endings.clone(),
            link_senses: raw
                .link_sense
                .iter()
                .map(|l| LinkSense {
                    pattern: link_sense_pattern(&l.text),
                    reads: crate::text::fold_whitespace(l.reads.trim()),
                })
                .collect(),
            conditions: raw.conditions.clone(),
            conditions_without_clause: raw.conditions_without_clause.clone(),
            conditions_read: raw.conditions_read.clone(),
            condition_meanings: raw
                .condition_meaning
                .iter()
                .map(|m| ConditionMeaning {
                    words: crate::text::fold_whitespace(m.words.trim_end_matches(','))
                        .to_lowercase(),
                    reads: crate::text::fold_whitespace(&m.reads),
                })
                .collect(),
            placeholders: raw.placeholders.clone(),
            dangling_conjunctions: raw
                .dangling_conjunctions
                .iter()
                .map(|c| crate::text::fold_whitespace(c).to_lowercase())
                .collect(),
            code_comparisons: raw
                .code_comparison
                .iter()
                .map(|c| CodeComparison {
                    op: c.op.trim().to_string(),
                    words: crate::text::fold_whitespace(c.words.trim()).to_lowercase(),
                })
                .collect(),
            comparison_joiners: raw
                .comparison_joiners
                .iter()
                .map(|j| j.trim().to_string())
                .collect(),
            // The words that join parts and reasons are never operands either.
            not_operands: raw
                .not_operands
                .iter()
                .chain(&raw.predicate_verbs)
                .chain(&raw.not_subjects)
                .chain(&raw.duty_words)
                .chain([&raw.justification_conjunction, &raw.justification_separator])
                .chain(&raw.subject_conjunction)
                .chain(raw.connector.iter().map(|c| &c.word))
                .map(|w| w.trim().trim_start_matches(',').trim().to_lowercase())
                .filter(|w| !w.is_empty() && !w.contains(' '))
                .collect(),
            predicate_verbs: raw.predicate_verbs.clone(),
            clause_subjects: raw.clause_subjects.clone(),
            access_object_pattern: raw.access_objects.as_ref().map(access_object_pattern),
            checked_forms: raw.checked_form.clone(),
            checked_elsewhere: raw.checked_elsewhere.clone(),
            subject_conjunction: raw.subject_conjunction.clone(),
            subject_openings: raw.subject_openings.clone(),
            subject_distributives: raw.subject_distributives.clone(),
            asides: raw.asides.clone(),
            hypotheticals: raw.hypotheticals.clone(),
            restatements: raw.restatements.clone(),
            clause_openings: raw.clause_openings.clone(),
            quantifiers: raw.quantifiers.clone(),
            exceptions: raw.exceptions.clone(),
            relative_clause: raw.relative_clause.clone(),
            zero_size_emphasis: raw.zero_size_emphasis.clone(),
            call_origin: raw.call_origin.clone(),
            caller_duty: raw.caller_duty.clone(),
            requirement_pointer: raw.requirement_pointer.clone(),
            opposite: raw.opposite.clone(),
            duration_lead: raw.duration_lead.clone(),
            fronted_duration: raw.fronted_duration.clone(),
            trait_bound: raw.trait_bound.clone(),
        };
        if let Some(i) = raw.introductions.iter().find(|i| {
            i.replace(COUNT_SLOT, "")
                .replace(ANY_SLOT, "")
                .contains(['{', '}'])
        }) {
            return Err(GrammarError {
                rule: i.clone(),
                problem: "holds a brace that is no slot (introductions): the slots are `{n}` (a count) and `{any}` (any words)",
            });
        }
        let lead_ins = Words::all(&raw.lead_ins);
        Ok(Grammar {
            data,
            lead_in_first: FirstChars::new(&lead_ins),
            lead_ins,
            sentence_lead_ins: Words::all(&raw.sentence_lead_ins),
            concluding_lead_ins: Words::all(&raw.concluding_lead_ins),
            introduction: OnceLock::new(),
            contractions,
            rewrites: Replacements::new(&rewrites),
            prefixes: Words::all(raw.justification_prefix.iter().map(|p| &p.prefix)),
            duties: Words::all(raw.caller_duty.iter().flat_map(|d| &d.lead_ins)),
            pointer_openings: Words::all(raw.requirement_pointer.iter().flat_map(|p| &p.openings)),
            subject_chars: raw
                .subjects
                .iter()
                .map(|g| g.words.iter().map(|w| folded_chars(w)).collect())
                .collect(),
            all_subjects: raw
                .subjects
                .iter()
                .flat_map(|g| &g.words)
                .map(|w| folded_chars(w))
                .collect(),
            not_subjects: raw.not_subjects.iter().map(|w| folded_chars(w)).collect(),
            count_words: raw
                .pointer_places
                .iter()
                .flat_map(|p| &p.count_words)
                .map(|w| w.trim().to_lowercase())
                .collect(),
            code_nouns: OnceLock::new(),
            access_objects: OnceLock::new(),
            code_owned: OnceLock::new(),
            pointee: OnceLock::new(),
            duration_comma: OnceLock::new(),
            invariant_adverb: OnceLock::new(),
            interval: OnceLock::new(),
            link_senses: OnceLock::new(),
            call_function,
            trait_bound,
            call_words: raw
                .call_origin
                .iter()
                .flat_map(|c| &c.words)
                .map(|w| {
                    let words: Vec<String> = w.split_whitespace().map(str::to_lowercase).collect();
                    (words.join(" "), words)
                })
                .collect(),
            guarantor_words: raw
                .call_origin
                .iter()
                .flat_map(|c| &c.guarantor_words)
                .map(|w| w.to_lowercase())
                .collect(),
            not_connector_cuts: raw
                .not_connectors
                .iter()
                .flat_map(|n| {
                    let words: Vec<String> = n.split_whitespace().map(str::to_lowercase).collect();
                    (0..words.len())
                        .map(|k| (words[..k].join(" "), words[k..].join(" ")))
                        .collect::<Vec<_>>()
                })
                .collect(),
        })
    }

    /// The subjects a code slot for a variable of type `ty` also takes, folded, in the
    /// grammar's order.
    pub(crate) fn subject_chars(&self, ty: &str) -> std::sync::Arc<[Vec<char>]> {
        self.data
            .subjects
            .iter()
            .zip(&self.subject_chars)
            .filter(|(g, _)| g.fits(ty))
            .flat_map(|(_, chars)| chars.iter().cloned())
            .collect()
    }

    /// The subjects a code slot for a variable of type `ty` also takes, as written.
    pub fn subjects_for<'a>(&'a self, ty: &'a str) -> impl Iterator<Item = &'a String> + 'a {
        self.data
            .subjects
            .iter()
            .filter(move |g| g.fits(ty))
            .flat_map(|g| &g.words)
    }

    /// Every subject of every group, folded, once each.
    pub fn subject_words(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for w in self.all_subjects.iter() {
            let w: String = w.iter().collect();
            if !out.contains(&w) {
                out.push(w);
            }
        }
        out
    }

    /// Every subject, folded.
    pub(crate) fn all_subject_chars(&self) -> std::sync::Arc<[Vec<char>]> {
        self.all_subjects.clone()
    }

    /// Words that never fill a code slot as a bare identifier ("we are always initialized"
    /// is about no variable), folded.
    pub(crate) fn not_subject_chars(&self) -> std::sync::Arc<[Vec<char>]> {
        self.not_subjects.clone()
    }

    /// The last words of names that name a count, a size or a position (`pointer_places`).
    pub(crate) fn count_words(&self) -> std::sync::Arc<[String]> {
        self.count_words.clone()
    }

    /// Masks code spans and folds whitespace; nothing else.
    ///
    /// A mask stands apart from its neighbours by one space unless the text had it glued to
    /// them ("`T`'s" keeps its apostrophe next to the span).
    pub fn mask(&self, text: &str) -> Folded {
        let mut masked = String::with_capacity(text.len());
        let mut codes = Vec::new();
        // A space is owed before the next visible character.
        let mut space = false;
        // Plain text word by word: whitespace becomes one owed space.
        let push_plain = |masked: &mut String, space: &mut bool, p: &str| {
            for (i, word) in p.split(char::is_whitespace).enumerate() {
                *space |= i > 0;
                if word.is_empty() {
                    continue;
                }
                if std::mem::take(space) && !masked.is_empty() {
                    masked.push(' ');
                }
                masked.push_str(word);
            }
        };
        let segs = segments(text);
        for (k, seg) in segs.iter().enumerate() {
            match *seg {
                Segment::Plain(p) => push_plain(&mut masked, &mut space, p),
                Segment::Code(c) if codes.len() < MASK_LIMIT => {
                    let glued_before = match k.checked_sub(1).map(|j| &segs[j]) {
                        Some(Segment::Plain(p)) => !p.ends_with(char::is_whitespace),
                        Some(Segment::Code(_)) => true,
                        None => false,
                    };
                    let glued_after = match segs.get(k + 1) {
                        Some(Segment::Plain(p)) => !p.starts_with(char::is_whitespace),
                        Some(Segment::Code(_)) => true,
                        None => false,
                    };
                    if !glued_before && !masked.is_empty() {
                        masked.push(' ');
                    }
                    masked.push(mask_char(codes.len()));
                    space = !glued_after;
                    codes.push(crate::text::fold_whitespace(c));
                }
                Segment::Code(c) => {
                    push_plain(&mut masked, &mut space, "`");
                    push_plain(&mut masked, &mut space, c);
                    push_plain(&mut masked, &mut space, "`");
                }
            }
        }
        Folded {
            masked,
            codes,
            compared: Vec::new(),
        }
    }

    /// Applies every folding rule: link senses, markup, contractions, code nouns, list marker,
    /// lead-ins, rewrites, final punctuation.
    pub fn fold(&self, text: &str) -> Folded {
        let mut f = self.mask(text);
        // Before links, which "[`a`, `b`]" would otherwise be.
        self.intervals_in_code(&mut f);
        // Before links read as their text: a link that names a definition reads as a word of
        // its own ("[valid]" is `core::ptr`'s "valid", not this dictionary's).
        if f.masked.contains('[') {
            // The patterns escape their link text, so they always compile.
            let senses = self.link_senses.get_or_init(|| {
                self.data
                    .link_senses
                    .iter()
                    .map(|l| {
                        let re = Regex::new(&l.pattern).expect("escaped link text");
                        (re, l.reads.clone())
                    })
                    .collect()
            });
            for (re, reads) in senses {
                if let std::borrow::Cow::Owned(s) =
                    re.replace_all(&f.masked, format!("${{1}}{reads}"))
                {
                    f.masked = s;
                }
            }
        }
        for markup in [&LINKS, &EMPHASIS] {
            if let std::borrow::Cow::Owned(plain) = markup.plain(&f.masked) {
                f.masked = plain;
            }
        }
        // Before every other rule, so that none needs to know both "can't" and "cannot".
        if let Some(expanded) = self.contractions.replace(&f.masked) {
            f.masked = expanded;
        }
        // Before the code nouns, which would read "the `Arc` type" as "`Arc`".
        if let Some(owned) = self.with_owner_after(&f.masked) {
            f.masked = owned;
        }
        if let Some(plain) = self.without_code_nouns(&f.masked) {
            f.masked = plain;
        }
        if let Some(plain) = self.access_objects_unnamed(&f.masked) {
            f.masked = plain;
        }
        if let Some(named) = self.pointees_named(&f.masked) {
            f.masked = named;
        }
        self.comparisons_in_words(&mut f);
        self.bounds_in_words(&mut f);
        self.calls_in_words(&mut f);
        let mut s: &str = &f.masked;
        s = &s[list_marker_len(s)..];
        s = self.strip_end(s);
        while let Some(end) = self.lead_in_len(s) {
            if end == 0 {
                break;
            }
            s = &s[end..];
        }
        if let Some(rest) = without_article_before_code(s) {
            s = rest;
        }
        // After the lead-ins, one of which may end with the comma ("Further, for the duration
        // of ...").
        let joined = self.durations_joined(s);
        let s = joined.as_deref().unwrap_or(s);
        let s = match self.rewrites.replace(s) {
            Some(rewritten) => self.strip_end(&rewritten).trim().to_string(),
            None => self.strip_end(s).trim().to_string(),
        };
        f.masked = s;
        f
    }

    /// Each range written as an interval read as one code span of the range, with the words
    /// before it that name it so: "the interval [`a`,`b`)" as "`a..b`", "[`a`, `b`]" as
    /// "`a..=b`" (not where that is a link's text: "[`a`, `b`](url)").
    fn intervals_in_code(&self, f: &mut Folded) {
        if !f.masked.contains('[') {
            return;
        }
        let re = self.interval.get_or_init(|| {
            let pattern = self.data.interval_pattern.as_deref()?;
            Some(Regex::new(pattern).expect("grammar's interval pattern compiles"))
        });
        let Some(re) = re.as_ref() else {
            return;
        };
        // Most folds with a bracket hold a link, not an interval: the text is rebuilt only
        // where the pattern matched.
        let masked = std::mem::take(&mut f.masked);
        let codes = &mut f.codes;
        let read = re.replace_all(&masked, |c: &regex::Captures| {
            let end = |k: usize| {
                let m = c.get(k)?.as_str().chars().next()?;
                codes.get(mask_index(m)?).cloned()
            };
            let closed = &c[4] == "]";
            let after = c.get(0).map_or("", |m| &masked[m.end()..]);
            let link = closed && after.starts_with(['(', '[']);
            match (end(2), end(3)) {
                (Some(a), Some(b)) if !link && codes.len() < MASK_LIMIT => {
                    codes.push(format!("{a}{}{b}", if closed { "..=" } else { ".." }));
                    format!("{}{}", &c[1], mask_char(codes.len() - 1))
                }
                _ => c[0].to_string(),
            }
        });
        let read = match read {
            std::borrow::Cow::Owned(read) => Some(read),
            std::borrow::Cow::Borrowed(_) => None,
        };
        f.masked = read.unwrap_or(masked);
    }

    /// `op` when it is a comparison operator (`code_comparisons`).
    fn comparison(&self, op: &str) -> Option<&CodeComparison> {
        self.data.code_comparisons.iter().find(|c| c.op == op)
    }

    /// Whether a token of code joins a comparison to others (`comparison_joiners`).
    fn joins_comparisons(&self, t: &str) -> bool {
        self.data.comparison_joiners.iter().any(|j| j == t)
    }

    /// Whether `part` (masked like `f`) is one code span that compares or joins on its own
    /// (a `code_comparisons` operator or one of `comparison_joiners` among its tokens): a
    /// statement with its own subject, which shares no other's ("`index <= len` and
    /// `len + n == grown <= LIMIT`" says nothing more of `index`).
    pub fn is_own_comparison(&self, f: &Folded, part: &str) -> bool {
        let part = part.trim().trim_end_matches(TRAILING_PUNCTUATION);
        let Some(code) = part
            .chars()
            .next()
            .and_then(mask_index)
            .filter(|_| is_one_span(part))
            .and_then(|i| f.codes.get(i))
        else {
            return false;
        };
        code.split(' ')
            .any(|t| self.comparison(t).is_some() || self.joins_comparisons(t))
    }

    /// A code span that is one comparison ("len <= cap") or a chain of them ("a < b <= c"):
    /// each comparison's two sides, in the order its words read them, and those words; a
    /// chain gives one comparison per operator, its middle operands in two of them. Not a
    /// comparison joined to others ("a < b && c", `comparison_joiners`), nor one with a side
    /// missing.
    fn comparisons_in_code(&self, code: &str) -> Option<Vec<Comparison>> {
        let tokens: Vec<&str> = code.split(' ').collect();
        if tokens.iter().any(|t| self.joins_comparisons(t)) {
            return None;
        }
        // The operands between the operators (token ranges), and the operators.
        let mut operands = Vec::new();
        let mut ops = Vec::new();
        let mut start = 0;
        for (i, t) in tokens.iter().enumerate() {
            if let Some(c) = self.comparison(t) {
                operands.push(start..i);
                ops.push(c);
                start = i + 1;
            }
        }
        operands.push(start..tokens.len());
        if ops.is_empty() || operands.iter().any(|r| r.is_empty()) {
            return None;
        }
        let side = |k: usize| tokens[operands[k].clone()].join(" ");
        Some(
            ops.iter()
                .enumerate()
                .map(|(i, c)| Comparison::new(c, side(i), side(i + 1)))
                .collect(),
        )
    }

    /// Comparisons as words, joined by `justification_conjunction`: each one's sides in spans
    /// around its words ("`a` is less than `b` and `b` is less than or equal to `c`"). The
    /// first span is `first`, its code replaced; every other span is a new one.
    fn comparisons_as_words(&self, f: &mut Folded, first: char, cmps: Vec<Comparison>) -> String {
        let mut out = String::new();
        for (i, c) in cmps.into_iter().enumerate() {
            if i > 0 {
                out.push(' ');
                out.push_str(&self.data.justification_conjunction);
                out.push(' ');
            }
            let lhs = match mask_index(first).filter(|_| i == 0) {
                Some(k) => {
                    f.codes[k] = c.lhs;
                    f.compared.push(k);
                    first
                }
                None => {
                    f.codes.push(c.lhs);
                    f.compared.push(f.codes.len() - 1);
                    mask_char(f.codes.len() - 1)
                }
            };
            f.codes.push(c.rhs);
            f.compared.push(f.codes.len() - 1);
            out.push(lhs);
            out.push(' ');
            out.push_str(&c.words);
            out.push(' ');
            out.push(mask_char(f.codes.len() - 1));
        }
        out
    }

    /// Comparisons written as code read as their words: "`len <= cap`" as "`len` is less than
    /// or equal to `cap`" (the span split in two), "`read` > `write`" (an operator between two
    /// spans) as "`read` is greater than `write`", and a chain ("`a < b <= c`", "`a` ≤ `b` ≤ `c`")
    /// as each of its comparisons ("`a` is less than `b` and `b` is less than or equal to
    /// `c`").
    fn comparisons_in_words(&self, f: &mut Folded) {
        // Every fold comes here (phrasings, pieces, runs located in an item); most hold no
        // operator at all.
        let has_op = |t: &str| self.data.code_comparisons.iter().any(|c| t.contains(&c.op));
        if !has_op(&f.masked) && !f.codes.iter().any(|c| has_op(c)) {
            return;
        }
        self.bare_operands(f);
        let masked = std::mem::take(&mut f.masked);
        let mut out = String::with_capacity(masked.len() + 16);
        for c in masked.chars() {
            let cmps = mask_index(c)
                .filter(|_| f.codes.len() < MASK_LIMIT)
                .and_then(|k| self.comparisons_in_code(f.codes.get(k)?));
            match cmps {
                Some(cmps) => out.push_str(&self.comparisons_as_words(f, c, cmps)),
                None => out.push(c),
            }
        }
        // Operators between spans: "`a` ≤ `b`", "`a` ≤ `b` ≤ `c`". Every operand but the last
        // is a span alone; the last one may have punctuation after it.
        let tokens: Vec<&str> = out.split(' ').collect();
        let span = |t: &str, punctuation: bool| {
            let mut cs = t.chars();
            let m = cs.next().filter(|&c| mask_index(c).is_some())?;
            cs.all(|c| punctuation && TRAILING_PUNCTUATION.contains(&c))
                .then_some(m)
        };
        let code = |f: &Folded, t: &str| {
            span(t, true)
                .and_then(mask_index)
                .and_then(|k| f.codes.get(k).cloned())
                .unwrap_or_default()
        };
        let mut words: Vec<String> = Vec::with_capacity(tokens.len());
        let mut i = 0;
        while i < tokens.len() {
            // The longest run "span op span (op span)*" from here.
            let mut end = i;
            while span(tokens[end], false).is_some()
                && tokens
                    .get(end + 1)
                    .is_some_and(|t| self.comparison(t).is_some())
                && tokens.get(end + 2).is_some_and(|t| span(t, true).is_some())
            {
                end += 2;
            }
            let Some(first) = span(tokens[i], false).filter(|_| end > i) else {
                words.push(tokens[i].to_string());
                i += 1;
                continue;
            };
            let cmps: Vec<Comparison> = (i..end)
                .step_by(2)
                .filter_map(|k| {
                    let c = self.comparison(tokens[k + 1])?;
                    Some(Comparison::new(
                        c,
                        code(f, tokens[k]),
                        code(f, tokens[k + 2]),
                    ))
                })
                .collect();
            let last = tokens[end];
            let punctuation = &last[last.chars().next().map_or(0, char::len_utf8)..];
            let read = self.comparisons_as_words(f, first, cmps);
            words.push(format!("{read}{punctuation}"));
            i = end + 1;
        }
        f.masked = words.join(" ");
    }

    /// Whether `t` (a token of masked text, without punctuation after it) may be a side of a
    /// comparison written outside code: a span, or a bare word that could be code (letters,
    /// digits and `_ . : ( ) [ ] $ '`, brackets balanced), which is no word of `not_operands`.
    fn bare_operand(&self, t: &str) -> bool {
        if is_one_span(t) {
            return true;
        }
        // Brackets nest and close in kind: "f(a)", "v[i]", not "g(b]".
        let mut open = Vec::new();
        let balanced = t.chars().all(|c| match c {
            '(' | '[' => {
                open.push(c);
                true
            }
            ')' => open.pop() == Some('('),
            ']' => open.pop() == Some('['),
            _ => true,
        }) && open.is_empty();
        balanced
            && t.chars().any(|c| c.is_ascii_alphanumeric())
            && t.chars()
                .all(|c| c.is_ascii_alphanumeric() || "_.:()[]$'".contains(c))
            && !self
                .data
                .not_operands
                .iter()
                .any(|w| w.eq_ignore_ascii_case(t))
    }

    /// Comparisons written outside code read as if written in it: each side of an operator
    /// of `code_comparisons` that stands alone ("pos < end <= self.len()", "cap >= len +
    /// additional", "0 <= `i` < N") becomes one span, bare words, spans and arithmetic
    /// operators between them alike, so that the spans-around-an-operator reading takes it.
    /// Only when both sides are operands: "the count is > 0" stays as written.
    fn bare_operands(&self, f: &mut Folded) {
        const ARITHMETIC: [&str; 5] = ["+", "-", "*", "/", "%"];
        let tokens: Vec<&str> = f.masked.split(' ').collect();
        if !tokens.iter().any(|t| self.comparison(t).is_some()) {
            return;
        }
        let operand = |t: &str| self.bare_operand(t);
        let last_operand = |t: &str| operand(t.trim_end_matches(TRAILING_PUNCTUATION));
        // The token ranges (inclusive) of each side found.
        let mut sides: Vec<(usize, usize)> = Vec::new();
        for i in 1..tokens.len().saturating_sub(1) {
            if self.comparison(tokens[i]).is_none()
                || !operand(tokens[i - 1])
                || !last_operand(tokens[i + 1])
            {
                continue;
            }
            let mut left = i - 1;
            while left >= 2 && ARITHMETIC.contains(&tokens[left - 1]) && operand(tokens[left - 2]) {
                left -= 2;
            }
            let mut right = i + 1;
            while !tokens[right].ends_with(TRAILING_PUNCTUATION)
                && right + 2 < tokens.len()
                && ARITHMETIC.contains(&tokens[right + 1])
                && last_operand(tokens[right + 2])
            {
                right += 2;
            }
            sides.push((left, i - 1));
            sides.push((i + 1, right));
        }
        if sides.is_empty() {
            return;
        }
        sides.sort_unstable();
        sides.dedup();
        let mut out: Vec<String> = Vec::with_capacity(tokens.len());
        let mut next = 0;
        for (start, end) in sides {
            // A side already taken (the middle of a chain, read from both of its operators).
            if start < next {
                continue;
            }
            out.extend(tokens[next..start].iter().map(|t| t.to_string()));
            next = end + 1;
            let last = tokens[end];
            let kept = last.trim_end_matches(TRAILING_PUNCTUATION);
            let punctuation = &last[kept.len()..];
            let mut words: Vec<&str> = tokens[start..end].to_vec();
            words.push(kept);
            if (words.len() == 1 && is_one_span(words[0])) || f.codes.len() >= MASK_LIMIT {
                out.push(last.to_string());
                continue;
            }
            let code = f.unmask(&words.join(" ")).replace('`', "");
            f.codes.push(code);
            out.push(format!("{}{punctuation}", mask_char(f.codes.len() - 1)));
        }
        out.extend(tokens[next..].iter().map(|t| t.to_string()));
        f.masked = out.join(" ");
    }

    /// "came from `f`" read as "came from a previous call to `f`", and "`f` ensures" as "the
    /// guarantee of `f` ensures", when the span names a function (`call_origin`).
    fn calls_in_words(&self, f: &mut Folded) {
        let (Some(origin), Some(function)) = (&self.data.call_origin, &self.call_function) else {
            return;
        };
        if f.codes.is_empty() {
            return;
        }
        // Most folds hold none of the words: look for them before splitting into tokens.
        let lower = Folded::lowercase(&f.masked);
        if !self
            .call_words
            .iter()
            .any(|(phrase, _)| lower.contains(phrase.as_str()))
            && !self
                .guarantor_words
                .iter()
                .any(|w| lower.contains(w.as_str()))
        {
            return;
        }
        let tokens: Vec<&str> = f.masked.split(' ').collect();
        let names_function = |t: &str| {
            t.chars()
                .next()
                .and_then(mask_index)
                .and_then(|k| f.codes.get(k))
                .is_some_and(|code| function.is_match(code))
        };
        let mut out: Vec<&str> = Vec::with_capacity(tokens.len() + 4);
        for (i, t) in tokens.iter().enumerate() {
            let after_words = self.call_words.iter().any(|(_, words)| {
                i >= words.len()
                    && tokens[i - words.len()..i]
                        .iter()
                        .zip(words)
                        .all(|(a, b)| a.eq_ignore_ascii_case(b))
            });
            if after_words && names_function(t) {
                out.push(&origin.insert);
            }
            let guarantees = tokens.get(i + 1).is_some_and(|next| {
                self.guarantor_words
                    .iter()
                    .any(|w| Folded::lowercase(next) == w.as_str())
            });
            if guarantees && !origin.guarantor_insert.is_empty() && names_function(t) {
                out.push(&origin.guarantor_insert);
            }
            out.push(t);
        }
        if out.len() != tokens.len() {
            f.masked = out.join(" ");
        }
    }

    /// Each trait bound written as code read as its words (`trait_bound`): "`T: Zeroable`" as
    /// "`T` implements `Zeroable`"; a span holding anything else stays as written.
    fn bounds_in_words(&self, f: &mut Folded) {
        let (Some(rule), Some(re)) = (&self.data.trait_bound, &self.trait_bound) else {
            return;
        };
        // Paths ("`Arc::into_raw`") hold colons too: the text is rebuilt only where a span is
        // a bound.
        let bounds: Vec<(usize, String, String)> = f
            .codes
            .iter()
            .enumerate()
            .filter(|(_, c)| c.contains(':'))
            .filter_map(|(k, c)| {
                let caps = re.captures(c)?;
                Some((
                    k,
                    caps.get(1)?.as_str().into(),
                    caps.get(2)?.as_str().into(),
                ))
            })
            .collect();
        if bounds.is_empty() {
            return;
        }
        let masked = std::mem::take(&mut f.masked);
        let mut out = String::with_capacity(masked.len() + 16);
        for c in masked.chars() {
            let bound = mask_index(c).and_then(|k| bounds.iter().find(|b| b.0 == k));
            match bound {
                Some((_, ty, tr)) if f.codes.len() + 2 <= MASK_LIMIT => {
                    f.codes.push(ty.clone());
                    out.push(mask_char(f.codes.len() - 1));
                    out.push(' ');
                    out.push_str(&rule.verb);
                    out.push(' ');
                    f.codes.push(tr.clone());
                    out.push(mask_char(f.codes.len() - 1));
                }
                _ => out.push(c),
            }
        }
        f.masked = out;
    }

    /// `s` without its final punctuation and a conjunction left dangling at its end ("`ptr`
    /// is allocated via this allocator, and"), as often as either stands there.
    fn strip_end<'s>(&self, s: &'s str) -> &'s str {
        let mut s = strip_final_punctuation(s);
        while let Some(rest) = self.data.dangling_conjunctions.iter().find_map(|c| {
            let at = s.len().checked_sub(c.len())?;
            let rest = s.get(..at)?;
            (s[at..].eq_ignore_ascii_case(c) && rest.ends_with(char::is_whitespace)).then_some(rest)
        }) {
            s = strip_final_punctuation(rest);
        }
        s
    }

    /// `masked` with "the <code> <noun>" read as "the <noun> of <code>" (`code_owned_nouns`);
    /// `None` when there is none.
    fn with_owner_after(&self, masked: &str) -> Option<String> {
        let pattern = self.data.code_owned_pattern.as_deref();
        replace_around_code(
            &self.code_owned,
            pattern,
            masked,
            "${1}the ${3} of ${2}${4}",
        )
    }

    /// `masked` with "the <code> <noun>" read as "<code>" (`code_nouns`); `None` when there is
    /// none.
    fn without_code_nouns(&self, masked: &str) -> Option<String> {
        let pattern = self.data.code_noun_pattern.as_deref();
        replace_around_code(&self.code_nouns, pattern, masked, "${1}${2}${3}${4}")
    }

    /// `masked` with what an access is to dropped where it is named in plain words, and its
    /// article dropped where it is a code span (`access_objects`); `None` when there is none.
    fn access_objects_unnamed(&self, masked: &str) -> Option<String> {
        // Only the words of an access compile and run the pattern (phrasings are folded too).
        let holds = |words: &[u8]| {
            masked
                .as_bytes()
                .windows(words.len())
                .any(|w| w.eq_ignore_ascii_case(words))
        };
        if !holds(b" access to ") && !holds(b" reference to ") {
            return None;
        }
        let pattern = self.data.access_object_pattern.as_deref();
        replace_compiled(
            &self.access_objects,
            pattern,
            masked,
            "${1}${2}${3}${4}${5}",
        )
    }

    /// `masked` with each pointee clause read as the object at its pointer (`pointee_clause`);
    /// `None` when there is none.
    fn pointees_named(&self, masked: &str) -> Option<String> {
        let reads = self.data.pointee_reads.as_deref()?;
        let pattern = self.data.pointee_pattern.as_deref();
        replace_around_code(
            &self.pointee,
            pattern,
            masked,
            &format!("${{1}}{} ${{2}} ${{3}}${{4}}", reads.replace('$', "$$")),
        )
    }

    /// `masked` without the comma that sets a duration off from all it bounds
    /// (`duration_commas`); `None` when there is none.
    fn durations_joined(&self, masked: &str) -> Option<String> {
        if !masked.contains(',') {
            return None;
        }
        let pattern = self.data.duration_comma_pattern.as_deref();
        replace_compiled(&self.duration_comma, pattern, masked, " ${1}")
    }

    /// `text` without the words `invariant_adverbs` lists, outside code spans ("`p` is always
    /// non-null" is "`p` is non-null"); `None` when it holds none.
    pub fn without_invariant_adverbs(&self, text: &str) -> Option<String> {
        let pattern = self.data.invariant_adverb_pattern.as_deref();
        let mut changed = false;
        let mut out = String::with_capacity(text.len());
        for segment in segments(text) {
            match segment {
                Segment::Code(code) => {
                    out.push('`');
                    out.push_str(code);
                    out.push('`');
                }
                Segment::Plain(plain) => {
                    match replace_compiled(&self.invariant_adverb, pattern, plain, "${1}") {
                        Some(without) => {
                            changed = true;
                            out.push_str(&without);
                        }
                        None => out.push_str(plain),
                    }
                }
            }
        }
        changed.then_some(out)
    }

    /// Length of the first lead-in (and the whitespace after it) at the start of `s`.
    fn lead_in_len(&self, s: &str) -> Option<usize> {
        if !s
            .chars()
            .next()
            .is_some_and(|c| self.lead_in_first.may_start(c))
        {
            return None;
        }
        self.lead_ins.iter().find_map(|l| {
            let end = l.match_at(s, 0)?;
            let run = whitespace_run(&s[end..]);
            (run > 0 || end == s.len()).then_some(end + run)
        })
    }

    /// If `folded` (masked) starts with a whole-sentence justification prefix, returns the
    /// prefix rule and the rest of the sentence.
    pub fn justification_prefix<'a>(
        &'a self,
        masked: &'a str,
    ) -> Option<(&'a JustificationPrefix, &'a str)> {
        self.prefixes.iter().enumerate().find_map(|(i, w)| {
            let end = w.match_at(masked, 0)?;
            let run = whitespace_run(&masked[end..]);
            (run > 0).then(|| (&self.data.justification_prefixes[i], &masked[end + run..]))
        })
    }

    /// Whether a whole-sentence prefix gives the caller's promise as its reason ("The caller
    /// guarantees that"): the justification `caller_duty` gives.
    pub fn is_caller_promise(&self, prefix: &JustificationPrefix) -> bool {
        self.data
            .caller_duty
            .as_ref()
            .is_some_and(|d| d.justification == prefix.justification)
    }

    /// In a `// SAFETY:` comment: whether `text` opens with a caller duty, and where the words
    /// after it start. The duties hold no code span, so the text needs no masking.
    pub fn caller_duty(&self, text: &str) -> Option<usize> {
        opening(&self.duties, text)
    }

    /// In a `# Safety` item: the sentence that a pointer to another function's requirements
    /// reads as ("See [`GlobalAlloc::alloc`]." as "this function has the same safety
    /// requirements as [`GlobalAlloc::alloc`]"), when `text` is nothing but an opening, one code
    /// span and nothing or one ending of `requirement_pointer`.
    pub fn requirement_pointer(&self, text: &str) -> Option<String> {
        let rule = self.data.requirement_pointer.as_ref()?;
        let t = text.trim().trim_end_matches('.').trim_end();
        // It opens an item: "Rust allows unaligned pointers; see [`std::ptr::read_unaligned`]."
        // (yoke) backs a claim with the clause after its semicolon.
        if !t.starts_with(|c: char| c.is_ascii_uppercase()) {
            return None;
        }
        let rest = &t[opening(&self.pointer_openings, t)?..];
        let code_len = if let Some(inner) = rest.strip_prefix("[`") {
            inner.find("`]")? + 4
        } else {
            rest.strip_prefix('`')?.find('`')? + 2
        };
        let (code, after) = rest.split_at(code_len);
        let after = after.trim();
        (after.is_empty()
            || rule
                .endings
                .iter()
                .any(|e| after.eq_ignore_ascii_case(e.trim())))
        .then(|| rule.reads.replace("{}", code))
    }

    /// Whether a sentence only announces the list or example after it ("Specifically:", "There
    /// are three cases:", "The call is made safe by:"): it ends in a colon, and its folded words
    /// (`masked`, lead-ins dropped) are one of `introductions`. Such a sentence states nothing
    /// of its own; what it announces is read where it is written.
    pub fn is_introduction(&self, text: &str, masked: &str) -> bool {
        if !text.trim_end().ends_with(':') {
            return false;
        }
        // Compiled on first use: most runs meet no colon, and a load should not pay for it. The
        // phrases are escaped, so the pattern always compiles.
        self.introduction
            .get_or_init(|| {
                let pattern = self.data.introduction_pattern.as_deref()?;
                Some(Regex::new(pattern).expect("escaped introductions compile"))
            })
            .as_ref()
            .is_some_and(|re| re.is_match(masked.trim()))
    }

    /// Where a sentence starts after the words that only join it to the sentences before it
    /// ("So the result cannot be zero."), if it opens with them. Not where those words open a
    /// condition ("So long as ..."), nor before a word of `clause_openings`, where they open a
    /// clause of purpose or reason ("So that ...", "Now that we removed the node, ...").
    pub fn sentence_lead_in(&self, text: &str) -> Option<usize> {
        if self.starts_with_condition(text) {
            return None;
        }
        opening(&self.sentence_lead_ins, text)
            .filter(|&end| self.clause_opening(&text[end..]).is_none())
    }

    /// Whether a sentence opens with words that say it follows from the sentences before it
    /// (`concluding_lead_ins`: "Hence, ...", "Therefore ..."); asked where `sentence_lead_in`
    /// has found its lead-in.
    pub fn opens_with_conclusion_word(&self, text: &str) -> bool {
        opening(&self.concluding_lead_ins, text).is_some()
    }
}

/// The end of the first of `rules` that `text` opens with, and the whitespace after it.
fn opening(rules: &[Words], text: &str) -> Option<usize> {
    rules.iter().find_map(|w| {
        let end = w.match_at(text, 0)?;
        let run = whitespace_run(&text[end..]);
        (run > 0).then_some(end + run)
    })
}

/// A statement that opens with "the" and a code span ("the `MaybeUninit<T>` really is in an
/// initialized state", after its lead-in) without "the": the article only says that the code
/// names a value, so the code span is the subject.
pub(crate) fn without_article_before_code(s: &str) -> Option<&str> {
    if !s.get(..4)?.eq_ignore_ascii_case("the ") {
        return None;
    }
    let rest = &s[4..];
    let mut chars = rest.chars();
    mask_index(chars.next()?)?;
    (chars.next() == Some(' ')).then_some(rest)
}

/// Length of a list marker (`- `, `1. `, `2) `) at the start of `s`, 0 if none.
fn list_marker_len(s: &str) -> usize {
    let mut chars = s.char_indices();
    let end = match chars.next() {
        Some((_, '-' | '*' | '+')) => 1,
        Some((_, c)) if is_decimal_digit(c) => {
            let Some((k, _)) = s.char_indices().find(|&(_, c)| !is_decimal_digit(c)) else {
                return 0;
            };
            if !s[k..].starts_with(['.', ')']) {
                return 0;
            }
            k + 1
        }
        _ => return 0,
    };
    match whitespace_run(&s[end..]) {
        0 => 0,
        run => end + run,
    }
}

/// Markdown links read as their text: "[`RBTree`]", "[valid](valid.html)" and "[text][ref]"
/// outside code spans (already masked), when the bracket opens a word, also inside emphasis
/// ("is *[undefined behavior]*", which the emphasis rule then reads as its words). The web
/// expander runs the same regex.
pub const LINK_PATTERN: &str = r"(^|[ (*])\[([^\[\]]+)\](?:\([^() ]*\)|\[[^\[\]]*\])?";

/// Markdown emphasis reads as its words: "`src` *must* be aligned", "**not**", outside code
/// spans (already masked). A `*` that a space follows (a list marker, a product) opens none. The
/// web expander runs the same regex.
pub const EMPHASIS_PATTERN: &str = r"(^|[ (])\*{1,2}([^*\s](?:[^*]*[^*\s])?)\*{1,2}";

/// Markdown markup that reads as the words inside it: a regex whose groups 1 and 2 are kept,
/// tried only where its opening character stands.
struct Markup {
    opens: char,
    pattern: &'static str,
    re: OnceLock<Regex>,
}

static LINKS: Markup = Markup {
    opens: '[',
    pattern: LINK_PATTERN,
    re: OnceLock::new(),
};

static EMPHASIS: Markup = Markup {
    opens: '*',
    pattern: EMPHASIS_PATTERN,
    re: OnceLock::new(),
};

impl Markup {
    fn plain<'a>(&self, masked: &'a str) -> std::borrow::Cow<'a, str> {
        if !masked.contains(self.opens) {
            return std::borrow::Cow::Borrowed(masked);
        }
        self.re
            .get_or_init(|| Regex::new(self.pattern).expect("static regex"))
            .replace_all(masked, "$1$2")
    }
}

/// Rust regex's Unicode `\w`, written out so that the web expander's engine reads it too.
const WORD_CLASS: &str = r"\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}";

/// The regex of "the <code> <noun>" for `code_nouns` and "the <noun> <code>" for
/// `code_nouns_before` (words case-insensitive, spelled as character classes: the web
/// expander's engine has no `(?i)`); groups 1 and 4 are what stands around the phrase, group 2
/// or 3 the code span's mask (the other one is empty or does not take part).
/// `word` as a regex of any case, spelled as character classes (the web expander's engine has
/// no `(?i)`).
fn any_case(word: &str) -> String {
    word.chars()
        .map(|c| {
            let (lo, up) = (c.to_lowercase().to_string(), c.to_uppercase().to_string());
            if lo == up {
                regex::escape(&lo)
            } else {
                format!("[{lo}{up}]")
            }
        })
        .collect()
}

/// The regex of a Markdown link whose text is `text` (in any case), as `LINK_PATTERN` reads
/// links: group 1 is what stands before it.
fn link_sense_pattern(text: &str) -> String {
    format!(
        r"(^|[ (*])\[{}\](?:\([^() ]*\)|\[[^\[\]]*\])?",
        any_case(&crate::text::fold_whitespace(text.trim()))
    )
}

/// The slot of an introduction that stands for a count ("there are {n} cases").
const COUNT_SLOT: &str = "{n}";
/// The slot of an introduction that stands for any words ("{any} is safe, because").
const ANY_SLOT: &str = "{any}";
/// What a count slot reads: "two" to "six", "several", "these", "the following", or digits.
const COUNT_WORDS: [&str; 8] = [
    "two",
    "three",
    "four",
    "five",
    "six",
    "several",
    "these",
    "the following",
];

/// The regex of a whole sentence that is one of `introductions`, each word in any case. A
/// phrase is compared as sentences are, after the rewrites ("there are" reads "there is").
fn introduction_pattern(phrases: &[String], rewrites: &Replacements) -> Option<String> {
    if phrases.is_empty() {
        return None;
    }
    let words = COUNT_WORDS.map(String::from);
    let count = format!("(?:{}|[0-9]+)", any_case_alternatives(&words));
    let phrase = |p: &String| {
        let p = crate::text::fold_whitespace(p);
        rewrites
            .replace(&p)
            .unwrap_or(p)
            .split(COUNT_SLOT)
            .map(|part| {
                part.split(ANY_SLOT)
                    .map(any_case)
                    .collect::<Vec<_>>()
                    .join(".+")
            })
            .collect::<Vec<_>>()
            .join(&count)
    };
    let alternatives: Vec<String> = phrases.iter().map(phrase).collect();
    Some(format!("^(?:{})$", alternatives.join("|")))
}

fn code_noun_pattern(after: &[String], before: &[String]) -> Option<String> {
    if after.is_empty() && before.is_empty() {
        return None;
    }
    let code = mask_class();
    // Groups 2 and 3 always exist, so the replacement is the same whichever lists are empty.
    let phrase = match (before.is_empty(), after.is_empty()) {
        (true, _) => format!("()({code}) (?:{})", any_case_alternatives(after)),
        (false, true) => format!("(?:{}) ({code})()", any_case_alternatives(before)),
        (false, false) => format!(
            "(?:(?:{}) ({code})|({code}) (?:{}))",
            any_case_alternatives(before),
            any_case_alternatives(after)
        ),
    };
    Some(format!(
        "(^|[^{w}]){the} {phrase}($|[^{w}])",
        w = WORD_CLASS,
        the = any_case("the"),
    ))
}

/// The regex of `access_objects` (words in any case, as `code_noun_pattern` spells them):
/// group 1 what stands before the access, group 2 the access's words, groups 3 and 4 the " to"
/// and the space and mask of an object in code (not taking part for one in words), group 5 what
/// ends the object.
fn access_object_pattern(a: &AccessObjects) -> String {
    let code = mask_class();
    let not_code = format!("[^{},;.:()\\[\\]`]", &code[1..code.len() - 1]);
    format!(
        "(^|[ (])({accesses})(?: {to} (?:{det}) {not_code}+?|( {to}) (?:{det})( {code}))($|[,;.:)]| (?:{ends})(?:$|[ ,;.:)]))",
        to = any_case("to"),
        accesses = any_case_alternatives(&a.accesses),
        det = any_case_alternatives(&a.determiners),
        ends = any_case_alternatives(&a.ends),
    )
}

/// The regex of "the <code> <noun>" for `code_owned_nouns`, spelled as `code_noun_pattern`
/// spells its words: groups 1 and 4 are what stands around the phrase, group 2 the code span's
/// mask and group 3 the noun.
fn code_owned_pattern(nouns: &[String]) -> Option<String> {
    if nouns.is_empty() {
        return None;
    }
    Some(format!(
        "(^|[^{w}]){the} ({code}) ({nouns})($|[^{w}])",
        w = WORD_CLASS,
        the = any_case("the"),
        code = mask_class(),
        nouns = any_case_alternatives(nouns),
    ))
}

/// The regex of a comma before a duration (`GrammarData::duration_comma_pattern`): the comma,
/// its spaces, and group 1 one of `words` (any case) with what ends it.
fn duration_comma_pattern(words: &[String]) -> String {
    format!(
        ", +((?:{})(?:$|[^{w}]))",
        any_case_alternatives(words),
        w = WORD_CLASS
    )
}

/// The regex of an invariant adverb (`GrammarData::invariant_adverb_pattern`): the spaces
/// before one of `words` (any case), and group 1 what ends it.
fn invariant_adverb_pattern(words: &[String]) -> String {
    format!(
        " +(?:{})($|[^{w}])",
        any_case_alternatives(words),
        w = WORD_CLASS
    )
}

/// The regex of a pointee clause (`GrammarData::pointee_pattern`): "the", at most
/// [`POINTEE_CLAUSE_WORDS`] words or code spans, the pointer's code span, a verb of `verbs` and
/// one of `followed_by`, each in any case.
fn pointee_pattern(clause: &PointeeClause) -> String {
    format!(
        "(^|[^{w}]){the} (?:(?:[{w}]+|{code}) ){{0,{n}}}({code}) (?:{verbs}) ({after})($|[^{w}])",
        w = WORD_CLASS,
        the = any_case("the"),
        code = mask_class(),
        n = POINTEE_CLAUSE_WORDS,
        verbs = any_case_alternatives(&clause.verbs),
        after = any_case_alternatives(&clause.followed_by),
    )
}

/// The regex of a range written as an interval, "[`a`,`b`)" or "[`a`, `b`]", and any one of
/// `words` (any case) before it (`GrammarData::interval_pattern`).
fn interval_pattern(words: &[String]) -> String {
    let before = if words.is_empty() {
        String::new()
    } else {
        format!("(?:(?:{}) )?", any_case_alternatives(words))
    };
    format!(
        r"(^|[ (]){before}\[ ?({m}) ?, ?({m}) ?([)\]])",
        m = mask_class()
    )
}

/// `words` (whitespace folded) as alternatives of a regex, each in any case.
fn any_case_alternatives(words: &[String]) -> String {
    words
        .iter()
        .map(|w| any_case(&crate::text::fold_whitespace(w)))
        .collect::<Vec<_>>()
        .join("|")
}

/// `masked` with every match of `pattern` (compiled into `cell` on first use) replaced by
/// `with`; `None` when `masked` holds no code span or nothing matched.
fn replace_around_code(
    cell: &OnceLock<Option<Regex>>,
    pattern: Option<&str>,
    masked: &str,
    with: &str,
) -> Option<String> {
    if !masked.chars().any(|c| mask_index(c).is_some()) {
        return None;
    }
    replace_compiled(cell, pattern, masked, with)
}

/// `text` with every match of `pattern` (compiled into `cell` on first use) replaced by
/// `with`; `None` when nothing matched. The patterns are generated from escaped words.
fn replace_compiled(
    cell: &OnceLock<Option<Regex>>,
    pattern: Option<&str>,
    text: &str,
    with: &str,
) -> Option<String> {
    let re = cell
        .get_or_init(|| {
            pattern.map(|p| Regex::new(p).expect("grammar's generated pattern compiles"))
        })
        .as_ref()?;
    match re.replace_all(text, with) {
        std::borrow::Cow::Owned(replaced) => Some(replaced),
        std::borrow::Cow::Borrowed(_) => None,
    }
}

/// The character class of every code span's mask, in the syntax both regex engines read.
fn mask_class() -> String {
    format!(
        "[\\u{{{base:X}}}-\\u{{{last:X}}}]",
        base = MASK_BASE,
        last = MASK_BASE + MASK_LIMIT as u32 - 1,
    )
}

fn strip_final_punctuation(s: &str) -> &str {
    s.trim_end()
        .trim_end_matches(['.', ';', ':', ','])
        .trim_end()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Masking as it was first written: pad every mask with spaces, fold whitespace, then
    /// take back the spaces the text did not have.
    fn reference_mask(text: &str) -> Folded {
        let mut masked = String::new();
        let mut codes = Vec::new();
        for seg in segments(text) {
            match seg {
                Segment::Plain(p) => masked.push_str(p),
                Segment::Code(c) => {
                    masked.push(' ');
                    masked.push(mask_char(codes.len()));
                    masked.push(' ');
                    codes.push(crate::text::fold_whitespace(c));
                }
            }
        }
        let folded = crate::text::fold_whitespace(&masked);
        Folded {
            masked: rejoin_masks(text, &folded),
            codes,
            compared: Vec::new(),
        }
    }

    /// Removes the padding spaces put around masks where the original text had none.
    fn rejoin_masks(original: &str, folded: &str) -> String {
        // Decide per code span whether it was glued to the text before / after it.
        let mut glue = Vec::new();
        let segs = segments(original);
        for (k, seg) in segs.iter().enumerate() {
            if let Segment::Code(_) = seg {
                let before = match k.checked_sub(1).map(|j| &segs[j]) {
                    Some(Segment::Plain(p)) => !p.ends_with(char::is_whitespace),
                    Some(Segment::Code(_)) => true,
                    None => false,
                };
                let after = match segs.get(k + 1) {
                    Some(Segment::Plain(p)) => !p.starts_with(char::is_whitespace),
                    Some(Segment::Code(_)) => true,
                    None => false,
                };
                glue.push((before, after));
            }
        }
        let chars: Vec<char> = folded.chars().collect();
        let mut out = String::with_capacity(folded.len());
        for (idx, &c) in chars.iter().enumerate() {
            if c == ' ' {
                let prev_glued = idx > 0
                    && mask_index(chars[idx - 1]).is_some_and(|i| glue.get(i).is_some_and(|g| g.1));
                let next_glued = chars
                    .get(idx + 1)
                    .and_then(|&n| mask_index(n))
                    .is_some_and(|i| glue.get(i).is_some_and(|g| g.0));
                if prev_glued || next_glued {
                    continue;
                }
            }
            out.push(c);
        }
        out
    }

    #[test]
    fn invariant_adverbs_go_outside_code_only() {
        let g = grammar();
        assert_eq!(
            g.without_invariant_adverbs("`p` is always non-null and Always `always` aligned.")
                .as_deref(),
            Some("`p` is non-null and `always` aligned.")
        );
        assert_eq!(
            g.without_invariant_adverbs("`p` is always, as said, non-null")
                .as_deref(),
            Some("`p` is, as said, non-null")
        );
        // A word that only begins with it, and a sentence without it, are left alone.
        assert_eq!(
            g.without_invariant_adverbs("`p` is alwaysish non-null"),
            None
        );
        assert_eq!(g.without_invariant_adverbs("`always` is non-null"), None);
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

        #[test]
        fn one_pass_masking_is_the_reference(text in "[ab`' \n.\t\x0b\u{a0}-]{0,24}") {
            prop_assert_eq!(grammar().mask(&text), reference_mask(&text));
        }
    }

    fn grammar() -> Grammar {
        let raw: RawGrammar = toml::from_str(
            r#"
            lead_ins = ["the caller must ensure that", "safety:"]
            justification_separator = "by"
            justification_conjunction = "and"
            dangling_conjunctions = ["and"]
            comparison_joiners = ["&&"]
            not_operands = ["is"]
            interval_words = ["the interval"]
            duration_commas = ["for the duration of", "during"]
            invariant_adverbs = ["always"]
            [trait_bound]
            pattern = '^(Self|[A-Z][A-Za-z0-9_]*): ?([A-Z][A-Za-z0-9_]*(?:<[^<>]*>)?)$'
            verb = "implements"
            [pointee_clause]
            verbs = ["points to"]
            followed_by = ["is", "cannot"]
            reads = "the object at"
            [[contraction]]
            from = "can't"
            to = "cannot"
            [[rewrite]]
            from = "must not be"
            to = "is not"
            [[rewrite]]
            from = "must be"
            to = "is"
            [[rewrite]]
            from = "cannot be null"
            to = "is not null"
            [[justification_prefix]]
            prefix = "the caller guarantees that"
            justification = "function-requirements"
            [[code_comparison]]
            op = "<="
            words = "is less than or equal to"
            [[code_comparison]]
            op = "<"
            words = "is less than"
            [[code_comparison]]
            op = ">"
            words = "is greater than"
            [call_origin]
            words = ["came from"]
            insert = "a call to"
            function = '^(?:[A-Za-z_][A-Za-z0-9_]*::)+[a-z_][a-z0-9_]*$|^[a-z_][a-z0-9_]*\(\)$'
            "#,
        )
        .expect("test grammar parses");
        Grammar::compile(&raw).expect("test grammar compiles")
    }

    #[test]
    fn a_pointee_clause_names_the_object_at_its_pointer() {
        let g = grammar();
        for (text, folded) in [
            (
                "the count of the C `struct device` `ptr` points to can't drop",
                "the count of the object at `ptr` cannot drop",
            ),
            (
                "The value `p` Points To is live.",
                "the object at `p` is live",
            ),
            // "points to" as the sentence's own verb, or too long a noun, is no such clause.
            (
                "the pointer `p` points to a value",
                "the pointer `p` points to a value",
            ),
            (
                "the a b c d `p` points to is live",
                "the a b c d `p` points to is live",
            ),
            ("`p` points to is live", "`p` points to is live"),
        ] {
            assert_folds(&g, text, folded);
        }
    }

    #[test]
    fn a_comma_before_a_duration_is_dropped() {
        let g = grammar();
        for (text, folded) in [
            (
                "`k` and `v` are valid,  For The Duration of `'a`.",
                "`k` and `v` are valid For The Duration of `'a`",
            ),
            ("`p` is valid, during `'a`", "`p` is valid during `'a`"),
            // Only before the whole words.
            ("`p` is valid, duringly", "`p` is valid, duringly"),
            ("`p` is valid,during `'a`", "`p` is valid,during `'a`"),
        ] {
            assert_folds(&g, text, folded);
        }
    }

    #[test]
    fn came_from_a_function_is_a_call_to_it() {
        let g = grammar();
        for (text, folded) in [
            (
                "it came from `Box::into_raw`.",
                "it came from a call to `Box::into_raw`",
            ),
            ("`p` Came From `make()`", "`p` Came From a call to `make()`"),
            // A type or a value is no function; other words are no origin.
            ("it came from `bool`", "it came from `bool`"),
            ("it came from `self.ptr`", "it came from `self.ptr`"),
            ("it came from a `Vec`", "it came from a `Vec`"),
            ("it is from `Box::into_raw`", "it is from `Box::into_raw`"),
        ] {
            assert_folds(&g, text, folded);
        }
    }

    #[test]
    fn a_call_origin_that_is_no_regex_is_reported() {
        let raw: RawGrammar = toml::from_str(
            r#"
            lead_ins = ["safety:"]
            justification_separator = "by"
            justification_conjunction = "and"
            [call_origin]
            words = ["came from"]
            insert = "a call to"
            function = '^(unclosed'
            "#,
        )
        .expect("test grammar parses");
        let Err(err) = Grammar::compile(&raw) else {
            panic!("an unclosed group is no regex");
        };
        assert!(err.to_string().contains("is no regex"), "{err}");
    }

    #[test]
    fn a_concluding_lead_in_must_be_a_sentence_lead_in() {
        let raw: RawGrammar = toml::from_str(
            r#"
            lead_ins = ["safety:"]
            justification_separator = "by"
            justification_conjunction = "and"
            sentence_lead_ins = ["so"]
            concluding_lead_ins = ["so", "hence"]
            "#,
        )
        .expect("test grammar parses");
        let Err(err) = Grammar::compile(&raw) else {
            panic!("\"hence\" is no sentence lead-in");
        };
        assert!(err.to_string().contains("hence"), "{err}");
        assert!(err.to_string().contains("sentence_lead_ins"), "{err}");
    }

    #[test]
    fn a_code_span_that_compares_or_joins_is_its_own_statement() {
        let g = grammar();
        let f = g.fold("`a` and `n < grown && ok` and `x && y` and `i` and `Vec<u8>`.");
        let spans: Vec<String> = (0..f.codes.len())
            .map(|i| mask_char(i).to_string())
            .collect();
        let own: Vec<bool> = spans.iter().map(|s| g.is_own_comparison(&f, s)).collect();
        assert_eq!(f.codes.len(), 5, "{:?}", f.codes);
        assert_eq!(
            own,
            [false, true, true, false, false],
            "{:?} {:?}",
            f.codes,
            own
        );
        assert!(g.is_own_comparison(&f, &format!(" {}.", spans[1])));
        assert!(!g.is_own_comparison(&f, &format!("{} is", spans[1])));
    }

    #[test]
    fn reads_one_comparison_written_as_code_in_words() {
        let g = grammar();
        for (text, folded) in [
            ("`len <= cap`.", "`len` is less than or equal to `cap`"),
            (
                "`self.len() + n <= self.capacity()` due to reserve",
                "`self.len() + n` is less than or equal to `self.capacity()` due to reserve",
            ),
            ("`a > b`", "`a` is greater than `b`"),
            ("`read` > `write`, so", "`read` is greater than `write`, so"),
            ("`len` <= `cap`.", "`len` is less than or equal to `cap`"),
            // A chain is each of its comparisons, the middle operand in both.
            (
                "`a` <= `b` <= `c`",
                "`a` is less than or equal to `b` and `b` is less than or equal to `c`",
            ),
            (
                "`pos < end <= self.len()`.",
                "`pos` is less than `end` and `end` is less than or equal to `self.len()`",
            ),
            (
                "`a > b` and `c` > `d` > `e`, so",
                "`a` is greater than `b` and `c` is greater than `d` and `d` is greater than `e`, so",
            ),
            // Not a comparison: generics, one joined to others, no spaces, a side missing.
            ("`Vec<T>` is fine", "`Vec<T>` is fine"),
            ("`a <= b && c`", "`a <= b && c`"),
            ("`a<=b`", "`a<=b`"),
            ("`a <= <= c`", "`a <= <= c`"),
            ("`<= c`", "`<= c`"),
            ("`a` <= and `b`", "`a` <= and `b`"),
            // Outside code: each side that could be code is a span; a word of the sentence
            // is no side.
            (
                "pos < end <= self.len().",
                "`pos` is less than `end` and `end` is less than or equal to `self.len()`",
            ),
            (
                "len + additional <= cap, so",
                "`len + additional` is less than or equal to `cap`, so",
            ),
            (
                "0 <= `i` < N",
                "`0` is less than or equal to `i` and `i` is less than `N`",
            ),
            ("the count is > 0", "the count is > 0"),
            ("f(a) < g(b]", "f(a) < g(b]"),
        ] {
            assert_folds(&g, text, folded);
        }
    }

    #[track_caller]
    fn assert_folds(g: &Grammar, text: &str, folded: &str) {
        assert_eq!(g.fold(text).unmasked(), folded, "{text:?}");
    }

    #[test]
    fn a_trait_bound_reads_as_its_words() {
        let g = grammar();
        for (text, folded) in [
            ("`T: Zeroable` holds", "`T` implements `Zeroable` holds"),
            ("so `Self:Foo<u8>`.", "so `Self` implements `Foo<u8>`"),
            // A variable's type, negative, relaxed and several bounds stay as written.
            ("`v: Vec<T>`", "`v: Vec<T>`"),
            ("`T: !Unpin`", "`T: !Unpin`"),
            ("`T: ?Sized`", "`T: ?Sized`"),
            ("`T: A + B`", "`T: A + B`"),
            ("`a::b`", "`a::b`"),
        ] {
            assert_folds(&g, text, folded);
        }
    }

    #[test]
    fn an_interval_is_one_code_span_of_its_range() {
        let g = grammar();
        for (text, folded) in [
            (
                "all elements within the interval [`a`,`b`) are set",
                "all elements within `a..b` are set",
            ),
            ("THE INTERVAL [ `a` , `f(b)` ]", "`a..=f(b)`"),
            ("(in [`a`, `b`)) x", "(in `a..b`) x"),
            // A link reads as its text; code that does not stand alone, other words: as
            // written.
            ("see [`a`, `b`](u)", "see `a`, `b`"),
            ("see [`a`, `b`][r]", "see `a`, `b`"),
            ("x[`a`, `b`)", "x[`a`, `b`)"),
            ("[`a` and `b`)", "[`a` and `b`)"),
            ("[`a`,`b`,`c`)", "[`a`,`b`,`c`)"),
            ("an interval [`a`,`b`)", "an interval `a..b`"),
        ] {
            assert_folds(&g, text, folded);
        }
    }

    #[test]
    fn drops_a_conjunction_left_dangling_at_the_end() {
        let g = grammar();
        for (text, folded) in [
            ("* `p` must be valid, and", "`p` is valid"),
            ("`p` must be valid and,", "`p` is valid"),
            ("`p` is valid AND ; and", "`p` is valid"),
            ("`p` must be valid, or", "`p` is valid, or"),
            ("`p` is a band", "`p` is a band"),
            ("`and`", "`and`"),
        ] {
            assert_folds(&g, text, folded);
        }
    }

    #[test]
    fn folds_lead_ins_rewrites_and_punctuation() {
        let g = grammar();
        let f = g.fold("- The caller  must ensure that `ptr`\n must be valid for reads.");
        assert_eq!(f.unmasked(), "`ptr` is valid for reads");
        let f = g.fold("`p` MUST NOT BE null");
        assert_eq!(f.unmasked(), "`p` is not null");
    }

    #[test]
    fn contractions_are_expanded_before_the_rules() {
        let g = grammar();
        // The rewrite is written with "cannot" only, yet reads "can't" too.
        assert_eq!(g.fold("`p` can't be null.").unmasked(), "`p` is not null");
        assert_eq!(g.fold("`p` CAN'T be null").unmasked(), "`p` is not null");
        assert_eq!(g.fold("`can't` is code").unmasked(), "`can't` is code");
    }

    #[test]
    fn a_requirement_pointer_is_an_opening_one_code_span_and_an_ending() {
        let raw = with_rewrites(
            r#"
            [requirement_pointer]
            openings = ["see"]
            endings = ["for safety conditions"]
            reads = "this has the requirements of {}."
            "#,
        );
        let g = Grammar::compile(&raw).expect("compiles");
        let reads = |t: &str| g.requirement_pointer(t);
        let of = |code: &str| Some(format!("this has the requirements of {code}."));
        assert_eq!(
            reads("See [`GlobalAlloc::alloc`]."),
            of("[`GlobalAlloc::alloc`]")
        );
        assert_eq!(reads("See `f` for safety conditions"), of("`f`"));
        // It opens an item: after a semicolon it backs a claim.
        assert_eq!(reads("see `f` for safety conditions"), None);
        assert_eq!(reads("See also [`f`]."), None);
        assert_eq!(reads("See `f` for more."), None);
        assert_eq!(reads("See [`f`][link]."), None);
        assert_eq!(reads("See the docs of `f`."), None);
        assert_eq!(reads("Seen `f`."), None);
        assert_eq!(reads("See `f"), None);
    }

    /// A grammar with nothing but the required keys and the given `[[rewrite]]` tables.
    fn with_rewrites(rewrites: &str) -> RawGrammar {
        let text = format!(
            "lead_ins = []\njustification_separator = \"by\"\njustification_conjunction = \"and\"\n{rewrites}"
        );
        toml::from_str(&text).expect("grammar parses")
    }

    #[test]
    fn a_rewrite_with_before_applies_only_before_those_words() {
        let raw = with_rewrites(
            r#"
            [[rewrite]]
            from = "owns"
            to = "holds"
            before = ["the lock", "the mutex"]
            "#,
        );
        let g = Grammar::compile(&raw).expect("grammar compiles");
        assert_eq!(g.fold("it owns the lock").unmasked(), "it holds the lock");
        assert_eq!(
            g.fold("it OWNS the  Mutex").unmasked(),
            "it holds the mutex"
        );
        assert_eq!(g.fold("it owns the list").unmasked(), "it owns the list");
        assert_eq!(g.data.rewrites.len(), 2);
    }

    #[test]
    fn a_rule_that_holds_a_contraction_is_rejected() {
        let raw: RawGrammar = toml::from_str(
            r#"
            lead_ins = ["the caller can't"]
            justification_separator = "by"
            justification_conjunction = "and"
            [[contraction]]
            from = "can't"
            to = "cannot"
            "#,
        )
        .expect("grammar parses");
        let err = Grammar::compile(&raw).expect_err("a lead-in with a contraction never matches");
        assert_eq!(err.rule, "the caller can't");
        assert!(err.problem.contains("contraction"), "{}", err.problem);
    }

    #[test]
    fn a_justification_prefix_after_its_own_opening_words_is_rejected() {
        let prefixes = |first: &str, second: &str| {
            format!(
                r#"
                lead_ins = []
                justification_separator = "by"
                justification_conjunction = "and"
                [[justification_prefix]]
                prefix = "{first}"
                justification = "function-requirements"
                [[justification_prefix]]
                prefix = "{second}"
                justification = "function-requirements"
                "#
            )
        };
        let raw: RawGrammar = toml::from_str(&prefixes(
            "the caller has guaranteed",
            "the caller has guaranteed that",
        ))
        .expect("grammar parses");
        let err = Grammar::compile(&raw).expect_err("the longer prefix is never taken");
        assert_eq!(err.rule, "the caller has guaranteed that");
        let raw: RawGrammar = toml::from_str(&prefixes(
            "the caller has guaranteed that",
            "the caller has guaranteed",
        ))
        .expect("grammar parses");
        assert!(Grammar::compile(&raw).is_ok());
        let raw: RawGrammar = toml::from_str(&prefixes("caller guarantees", "caller guaranteesx"))
            .expect("grammar parses");
        assert!(Grammar::compile(&raw).is_ok(), "only whole words shadow");
    }

    #[test]
    fn an_introduction_is_a_whole_sentence_ending_in_a_colon() {
        let raw: RawGrammar = toml::from_str(
            r#"
            lead_ins = ["in other words,"]
            introductions = ["specifically", "there are {n} cases", "{any} is safe, because"]
            justification_separator = "by"
            justification_conjunction = "and"
            [[rewrite]]
            from = "are"
            to = "is"
            "#,
        )
        .expect("grammar parses");
        let g = Grammar::compile(&raw).expect("grammar compiles");
        let intro = |text: &str| g.is_introduction(text, &g.fold(text).masked);
        for yes in [
            "Specifically:",
            "SPECIFICALLY :",
            "In other words, specifically:",
            "There are 12 cases:",
            "There are several cases:",
            "The `add` here is safe, because:",
        ] {
            assert!(intro(yes), "{yes}");
        }
        for no in [
            "Specifically.",
            "Specifically, `p` is valid:",
            "There are many cases:",
            "There are two cases: `p` is null",
            "is safe, because:",
        ] {
            assert!(!intro(no), "{no}");
        }
        let raw: RawGrammar = toml::from_str(
            r#"
            lead_ins = []
            introductions = ["there are {count} cases"]
            justification_separator = "by"
            justification_conjunction = "and"
            "#,
        )
        .expect("grammar parses");
        let err = Grammar::compile(&raw).expect_err("an unknown slot would be read as words");
        assert_eq!(err.rule, "there are {count} cases");
        assert!(err.problem.contains("slot"), "{}", err.problem);
    }

    #[test]
    fn a_rewrite_an_earlier_one_shadows_is_rejected() {
        let raw = with_rewrites(
            r#"
            [[rewrite]]
            from = "are"
            to = "is"
            [[rewrite]]
            from = "are guaranteed to be"
            to = "is"
            "#,
        );
        let err = Grammar::compile(&raw).expect_err("the longer rule never applies");
        assert_eq!(err.rule, "are guaranteed to be");
        assert!(err.problem.contains("never applied"), "{}", err.problem);
        // The other way round both apply; a rule that only starts with the same letters is none.
        let raw = with_rewrites(
            r#"
            [[rewrite]]
            from = "are guaranteed to be"
            to = "is"
            [[rewrite]]
            from = "are"
            to = "is"
            [[rewrite]]
            from = "area"
            to = "region"
            "#,
        );
        assert!(Grammar::compile(&raw).is_ok());
    }

    #[test]
    fn rules_do_not_apply_inside_backticks() {
        let g = grammar();
        let f = g.fold("`must be` must be fine.");
        assert_eq!(f.unmasked(), "`must be` is fine");
    }

    #[test]
    fn lowercasing_borrows_only_what_it_would_not_change() {
        for text in [
            "ab \u{E000} c",
            "Ab \u{E000}",
            "\u{C9}t\u{E9}",
            "\u{1C5}",
            "\u{130}",
        ] {
            let lower = Folded::lowercase(text);
            assert_eq!(lower, text.to_lowercase(), "{text:?}");
            assert_eq!(
                matches!(lower, std::borrow::Cow::Borrowed(_)),
                text == "ab \u{E000} c"
            );
        }
    }

    #[test]
    fn keeps_glued_punctuation_next_to_code() {
        let g = grammar();
        assert_eq!(g.mask("`T`'s value, `a`.").unmasked(), "`T`'s value, `a`.");
    }

    #[test]
    fn an_article_before_a_code_subject_is_dropped() {
        let g = grammar();
        assert_eq!(g.fold("The `x` is valid.").unmasked(), "`x` is valid");
        // Only before a code span that a word follows, and only at the start.
        assert_eq!(g.fold("the `x`").unmasked(), "the `x`");
        assert_eq!(
            g.fold("so the `x` is valid").unmasked(),
            "so the `x` is valid"
        );
        assert_eq!(
            g.fold("the pointer is valid").unmasked(),
            "the pointer is valid"
        );
    }

    #[test]
    fn finds_justification_prefix() {
        let g = grammar();
        let f = g.fold("The caller guarantees that `p` is valid for reads.");
        let (p, rest) = g.justification_prefix(&f.masked).expect("prefix found");
        assert_eq!(p.justification, "function-requirements");
        assert!(rest.ends_with("is valid for reads"));
    }

    #[test]
    fn markdown_emphasis_reads_as_its_words() {
        let g = grammar();
        assert_eq!(
            g.fold("`p` *must* **not** be null").unmasked(),
            "`p` is not null"
        );
        // A list marker or a product is no emphasis.
        assert_eq!(
            g.fold("`a` * `b` is small").unmasked(),
            "`a` * `b` is small"
        );
        assert_eq!(g.fold("*either* x *or* y").unmasked(), "either x or y");
    }

    #[test]
    fn markdown_links_read_as_their_text() {
        assert_eq!(
            LINKS.plain("p is [valid](valid.html) for reads"),
            "p is valid for reads"
        );
        assert_eq!(LINKS.plain("[a][r] and ([b])"), "a and (b)");
        assert_eq!(LINKS.plain("x[i] is [open"), "x[i] is [open");
        assert_eq!(
            LINKS.plain("is *[undefined behavior]*"),
            "is *undefined behavior*"
        );
    }
}
