//! Matching a sentence against every phrasing of every entry.
//!
//! Each phrasing (canonical, accepted, discouraged) is folded by the grammar and described by
//! one anchored regex whose groups are the variable slots (exported for the web expander). In
//! Rust the same pattern is run by a small backtracking matcher that follows the regex's
//! priority order exactly, so nothing is compiled at load time; an index of the literal words
//! of each phrasing picks the few candidates worth trying for a sentence.

use rapidfuzz::distance::levenshtein;
use regex::Regex;
use rustc_hash::FxHashMap;

use indexmap::IndexMap;
use serde::Serialize;

use crate::dictionary::Entry;
use crate::grammar::{mask_index, Folded, Grammar};
use crate::text::fold_char;

/// Which wording of an entry matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "form", content = "index", rename_all = "kebab-case")]
pub enum Form {
    Canonical,
    Accepted(usize),
    Discouraged(usize),
}

impl Form {
    pub fn describe(self) -> String {
        match self {
            Form::Canonical => "phrase".to_string(),
            Form::Accepted(i) => format!("accepted phrasing #{}", i + 1),
            Form::Discouraged(i) => format!("discouraged phrasing #{}", i + 1),
        }
    }
}

/// One slot of a compiled phrasing.
#[derive(Debug, Clone, Serialize)]
pub struct Slot {
    pub var: String,
    /// The slot also takes plain words (lifetimes: "this function call").
    pub words: bool,
    /// The slot names a type (variable type `type`): a bare lowercase word there is English,
    /// not a type ("points to a valid and initialized instance" names no type `instance`).
    pub names_type: bool,
    /// The slot holds a value (its variable's type is none of grammar `type_vars`): a bare
    /// capitalized word there is English or a type's name, not a value ("List must be valid"
    /// is about no variable `List`).
    pub names_value: bool,
    /// The slot names a C type (grammar `c_types.var_type`): it takes only a code span that
    /// opens with one of these (`c_types.openings`: "`struct request`", "`bindings::device`"),
    /// so "a valid `char`" is no C object. Empty for every other slot.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub c_type_openings: Vec<String>,
    /// The slot holds a pointer (its variable's type is one of grammar
    /// `pointer_places.pointer_types`): a code span that by Rust's naming conventions names a
    /// type parameter (`A`, `Self`) is no pointer ("`A` is always valid" of an allocator type
    /// parameter says nothing about a pointer).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub holds_pointer: bool,
    /// The slot names a field (its variable's type is `field`): a code span that by Rust's
    /// naming conventions names a type (`ArchivedTag`) is no field ("`ArchivedTag` is
    /// `repr(u8)` and so is always initialized" says no field of it is ever uninitialized).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub holds_field: bool,
    /// The slot names a function (its variable's type is `function`): a code span that by
    /// Rust's naming conventions names a type or a trait in upper camel case is no function
    /// (objc2's "`NSObjectProtocol` has no safety requirements" above an `unsafe impl` says
    /// nothing of a function), nor does `Self`. A one-letter type parameter (`F`) may stand
    /// for a closure.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub holds_function: bool,
}

/// Rust's primitive types whose names are plain lowercase words; any other bare lowercase word
/// in a type's slot is English (`Slot::names_type`).
pub const LOWERCASE_PRIMITIVES: [&str; 5] = ["bool", "char", "str", "usize", "isize"];

/// Whether a bare word in a type's slot is English rather than a type's name.
fn english_in_type_slot(raw: &str) -> bool {
    !raw.is_empty()
        && raw.bytes().all(|b| b.is_ascii_lowercase())
        && !LOWERCASE_PRIMITIVES.contains(&raw)
}

/// Whether a bare word in a value's slot is a capitalized English word or a type's name
/// (`Child`, `ReallocFunc`) rather than a variable's: it opens with a capital letter and is not
/// all capitals (constants such as `N` and `THIS_MODULE` are values).
fn capitalized_in_value_slot(raw: &str) -> bool {
    raw.starts_with(|c: char| c.is_ascii_uppercase()) && raw.bytes().any(|b| b.is_ascii_lowercase())
}

/// Whether a code span is a type parameter's name by Rust's conventions: one capital letter
/// (`T`, `A`), or `Self`. (A longer upper camel case name may stand for a value of its type:
/// std's "`Box` is guaranteed to be non-null" is said of the box at hand.)
fn names_type_parameter(raw: &str) -> bool {
    matches!(raw.strip_prefix('`').and_then(|r| r.strip_suffix('`')), Some(code)
        if code == "Self" || (code.len() == 1 && code.starts_with(|c: char| c.is_ascii_uppercase())))
}

/// Whether a code span is one capital letter (`F`), a type parameter that may be a closure's.
fn names_one_letter_type(raw: &str) -> bool {
    names_type_parameter(raw) && raw != "`Self`"
}

/// Whether a code span names a type by Rust's naming conventions: a type parameter, or one
/// identifier in upper camel case (`ArchivedTag`; not a constant's `MAX_ERRNO`).
fn names_type_by_convention(raw: &str) -> bool {
    names_type_parameter(raw)
        || matches!(raw.strip_prefix('`').and_then(|r| r.strip_suffix('`')), Some(code)
            if code.starts_with(|c: char| c.is_ascii_uppercase())
                && code.chars().all(|c| c.is_ascii_alphanumeric())
                && code.chars().any(|c| c.is_ascii_lowercase()))
}

/// Whether a name (a code span or a bare word) names a count, a size or a position by its
/// last word (`count_words`): `fls_index`, `first_len`, `self.cap`. Only a plain name or field
/// path; `ptr.add(len)` or `*index` is something else.
fn names_count(raw: &str, count_words: &[String]) -> bool {
    let code = raw
        .strip_prefix('`')
        .and_then(|r| r.strip_suffix('`'))
        .unwrap_or(raw);
    !code.is_empty()
        && code
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
        && code
            .rsplit(['_', '.'])
            .next()
            .is_some_and(|last| count_words.iter().any(|w| last.eq_ignore_ascii_case(w)))
}

/// Whether a code span is a call (`ascii_to_basic_latin()`, `self.len()`): a path of segments
/// joined by `::` or `.`, whose last opens with a lowercase letter or `_`, then its arguments to
/// the end. No type is written so (`fn()` is a function pointer's type, `FnOnce()` a trait's), so
/// "the invariants of `ascii_to_basic_latin()`" are no type's invariants.
fn names_call(raw: &str) -> bool {
    let Some(code) = raw.strip_prefix('`').and_then(|r| r.strip_suffix('`')) else {
        return false;
    };
    let Some((path, _)) = code.split_once('(') else {
        return false;
    };
    let segments: Vec<&str> = path.split("::").flat_map(|s| s.split('.')).collect();
    let last = segments.last().copied().unwrap_or("");
    code.ends_with(')')
        && segments
            .iter()
            .all(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        && last != "fn"
        && last.starts_with(|c: char| c.is_ascii_lowercase() || c == '_')
}

/// Whether `raw` is a code span that names a C type, by an opening of `slot.c_type_openings`.
fn names_c_type(slot: &Slot, raw: &str) -> bool {
    raw.strip_prefix('`').is_some_and(|code| {
        slot.c_type_openings
            .iter()
            .any(|o| code.starts_with(o.as_str()))
    })
}

/// Whether `text` holds a code span that names a C type for every C type's slot of `p` (true
/// where `p` has none).
fn names_the_c_types_of(p: &Pattern, text: &str) -> bool {
    p.slots.iter().all(|s| {
        s.c_type_openings.is_empty()
            || s.c_type_openings
                .iter()
                .any(|o| text.contains(&format!("`{o}")))
    })
}

/// Whether a code span names a method or a field without what it is taken of (`.add()`,
/// `.offset()`): no value, so no value's slot takes it. uninit's "The `.add()` is valid per
/// invariants of `Vec`" says the offset is allowed, not that a pointer called `.add()` is valid.
fn names_method_alone(raw: &str) -> bool {
    raw.strip_prefix("`.")
        .and_then(|r| r.chars().next())
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
}

/// Whether a code span states a bound or a typed binding (`T: Zeroable`, `x: u32`) rather than
/// naming code: it holds a colon that is not half of a path's `::`. "`T: Zeroable` and
/// `UnsafeCell` is `repr(transparent)`" says that `T` is `Zeroable`, not that it is transparent.
fn states_bound(raw: &str) -> bool {
    let b = raw.as_bytes();
    b.iter()
        .enumerate()
        .any(|(i, &c)| c == b':' && b.get(i + 1) != Some(&b':') && (i == 0 || b[i - 1] != b':'))
}

/// A compiled phrasing, also exported as data for the web expander.
#[derive(Debug, Clone, Serialize)]
pub struct Pattern {
    pub entry: String,
    #[serde(flatten)]
    pub form: Form,
    /// The phrasing as written in the entry.
    pub phrasing: String,
    /// Anchored regex over a folded sentence (ECMAScript-compatible syntax).
    pub regex: String,
    pub slots: Vec<Slot>,
    /// Characters of literal text: the more, the more specific.
    pub specificity: usize,
    /// A sentence this phrasing matches, with slots filled by placeholders.
    pub sample: String,
}

/// Regex of a code slot: a backticked span or a bare (dotted) identifier, which may take generic
/// arguments ("T and MaybeUninit<T> have the same layout", two levels deep, with no space but
/// after a comma, so that "a<b and c>d" stays prose). With the grammar's subjects ("the pointer")
/// it is `code_slot_regex`.
pub const CODE_SLOT: &str = r"(`[^`]+`|[A-Za-z_$][A-Za-z0-9_$]*(?:(?:\.|::)[A-Za-z_$][A-Za-z0-9_$]*)*(?:<(?:[A-Za-z0-9_$:&']|, ?|<(?:[A-Za-z0-9_$:&']|, ?)+>)+>)?(?:\(\))?)";

/// The code slot's regex: a backticked span, one of the grammar's subjects (case-insensitive,
/// in the grammar's order), or a bare (dotted) identifier.
pub fn code_slot_regex(subjects: &[String]) -> String {
    if subjects.is_empty() {
        return CODE_SLOT.to_string();
    }
    let alternatives: Vec<String> = subjects
        .iter()
        .map(|s| regex::escape(&crate::text::fold_whitespace(s).to_lowercase()))
        .collect();
    format!(
        "(`[^`]+`|(?i:{})|{}",
        alternatives.join("|"),
        &CODE_SLOT[r"(`[^`]+`|".len()..]
    )
}
/// Suggestions below this similarity are not worth showing.
pub const SUGGESTION_MIN_SCORE: f64 = 0.3;

/// Regex of a words slot: a backticked span, or words with whole code spans among them ("the
/// returned `RawFormatter`") and no comma, which ends the duration ("for the duration of the
/// call, while `name` ..." does not last "while `name` ...").
pub const WORDS_SLOT: &str = r"(`[^`]+`|(?:`[^`]+`|[^`,])+?)";

#[derive(Debug, Clone)]
pub struct Matcher {
    patterns: Vec<Pattern>,
    programs: Vec<Program>,
    /// Every word some phrasing requires (folded) -> its number.
    vocab: FxHashMap<String, u32>,
    /// By word number: the patterns for which it is the rarest required word.
    index: Vec<Vec<u32>>,
    /// Patterns without any required word: always candidates.
    unindexed: Vec<u32>,
    /// What suggestions compare a sentence with; made on first use (checking a dictionary
    /// never needs it).
    similarity: std::sync::OnceLock<Similarity>,
    /// By pattern: the ordinal of its entry (patterns of one entry are adjacent).
    entry_of: Vec<u32>,
    entry_count: usize,
    /// The grammar's subjects, which similarity scores read as code (`shape_of`); made into
    /// an expression with the rest of `similarity`, on first use.
    subject_words: Vec<String>,
}

/// A text prepared for the similarity scores of `suggest`.
#[derive(Debug, Clone)]
struct Shape {
    chars: Vec<char>,
    /// Bytes of the text without whitespace (`strsim::sorensen_dice` counts bytes).
    dense_len: usize,
    /// The distinct bigrams of the text without whitespace, sorted, with their counts.
    bigrams: Vec<(u64, u32)>,
    /// The distinct characters of the text, sorted, with their counts.
    histogram: Vec<(char, u32)>,
}

fn bigram_code(a: char, b: char) -> u64 {
    (u64::from(a) << 32) | u64::from(b)
}

impl Shape {
    fn new(text: &str) -> Shape {
        let chars: Vec<char> = text.chars().collect();
        let dense: Vec<char> = chars
            .iter()
            .copied()
            .filter(|c| !c.is_whitespace())
            .collect();
        let mut codes: Vec<u64> = dense.windows(2).map(|w| bigram_code(w[0], w[1])).collect();
        codes.sort_unstable();
        let mut bigrams: Vec<(u64, u32)> = Vec::with_capacity(codes.len());
        for c in codes {
            match bigrams.last_mut() {
                Some((last, n)) if *last == c => *n += 1,
                _ => bigrams.push((c, 1)),
            }
        }
        let mut sorted = chars.clone();
        sorted.sort_unstable();
        let mut histogram: Vec<(char, u32)> = Vec::new();
        for c in sorted {
            match histogram.last_mut() {
                Some((last, n)) if *last == c => *n += 1,
                _ => histogram.push((c, 1)),
            }
        }
        Shape {
            dense_len: dense.iter().map(|c| c.len_utf8()).sum(),
            chars,
            bigrams,
            histogram,
        }
    }

    /// The dense text equals the other's (both have the same bigrams and length, and the
    /// bigrams of a text of two or more characters spell it out only up to order, so compare).
    fn dense_eq(&self, other: &Shape) -> bool {
        self.dense_len == other.dense_len
            && self
                .chars
                .iter()
                .filter(|c| !c.is_whitespace())
                .eq(other.chars.iter().filter(|c| !c.is_whitespace()))
    }
}

/// A query text prepared once for scoring against every pattern.
struct Query {
    shape: Shape,
    /// Counts of the query's ASCII characters.
    ascii_counts: [u32; 128],
    /// The query prepared for Levenshtein distances to many texts (rapidfuzz's bit-parallel
    /// algorithm, the same distances as `strsim::levenshtein`).
    levenshtein: levenshtein::BatchComparator<char>,
}

impl Query {
    fn new(text: &str) -> Query {
        let shape = Shape::new(text);
        let mut ascii_counts = [0u32; 128];
        for &(c, n) in &shape.histogram {
            if c.is_ascii() {
                ascii_counts[c as usize] = n;
            }
        }
        Query {
            levenshtein: levenshtein::BatchComparator::new(shape.chars.iter().copied()),
            shape,
            ascii_counts,
        }
    }

    /// An upper bound of `normalized_levenshtein`: every character the two texts do not
    /// have in common (counted with multiplicity) costs at least one edit in the longer text.
    fn levenshtein_bound(&self, other: &Shape) -> f64 {
        let longest = self.shape.chars.len().max(other.chars.len());
        if longest == 0 {
            return 1.0;
        }
        let mut common = 0u32;
        for &(c, n) in &other.histogram {
            let mine = if c.is_ascii() {
                self.ascii_counts[c as usize]
            } else {
                self.shape
                    .histogram
                    .binary_search_by_key(&c, |h| h.0)
                    .map_or(0, |k| self.shape.histogram[k].1)
            };
            common += n.min(mine);
        }
        // The same arithmetic as the score itself, so that equal distances give equal values.
        1.0 - ((longest - common as usize) as f64) / (longest as f64)
    }

    /// `strsim::normalized_levenshtein` of the query and `other` when it is at least
    /// `threshold` (the distance is given up on as soon as it cannot be), `None` when lower.
    fn normalized_levenshtein_from(&self, other: &Shape, threshold: f64) -> Option<f64> {
        let longest = self.shape.chars.len().max(other.chars.len());
        if longest == 0 {
            return Some(1.0);
        }
        // One edit more than the arithmetic allows, so that rounding never loses a score.
        let max = ((1.0 - threshold).max(0.0) * longest as f64).ceil() as usize + 1;
        let args = levenshtein::Args::default().score_cutoff(max);
        let d = self
            .levenshtein
            .distance_with_args(other.chars.iter().copied(), &args)?;
        // strsim's arithmetic, so that equal distances give equal scores.
        Some(1.0 - (d as f64) / (longest as f64)).filter(|&score| score >= threshold)
    }

    /// Exactly `strsim::normalized_levenshtein(query, other)`.
    #[cfg(test)]
    fn normalized_levenshtein(&self, other: &Shape) -> f64 {
        self.normalized_levenshtein_from(other, 0.0).unwrap_or(0.0)
    }
}

/// `shape_of` of every pattern's sample, and an index of their bigrams.
#[derive(Debug, Clone)]
struct Similarity {
    shapes: Vec<Shape>,
    dice: DiceIndex,
    subjects: Option<Regex>,
}

/// Bigram -> the texts that have it, with its count there.
#[derive(Debug, Clone)]
struct DiceIndex(FxHashMap<u64, Vec<(u32, u32)>>);

impl DiceIndex {
    fn new(shapes: &[Shape]) -> DiceIndex {
        let mut index: FxHashMap<u64, Vec<(u32, u32)>> = FxHashMap::default();
        for (i, shape) in shapes.iter().enumerate() {
            for &(code, n) in &shape.bigrams {
                index.entry(code).or_default().push((i as u32, n));
            }
        }
        DiceIndex(index)
    }

    /// Exactly `strsim::sorensen_dice(query, text)` for every text the index was made of:
    /// the query's bigrams visit only the texts that have them.
    fn dice(&self, shapes: &[Shape], query: &Shape) -> Vec<f64> {
        let mut common = vec![0u32; shapes.len()];
        for &(code, mine) in &query.bigrams {
            for &(i, n) in self.0.get(&code).map_or(&[][..], Vec::as_slice) {
                common[i as usize] += n.min(mine);
            }
        }
        shapes
            .iter()
            .zip(common)
            .map(|(other, common)| {
                if query.dense_eq(other) {
                    1.0
                } else if query.dense_len < 2 || other.dense_len < 2 {
                    0.0
                } else {
                    (2 * common as usize) as f64 / (query.dense_len + other.dense_len - 2) as f64
                }
            })
            .collect()
    }
}

/// One element of a compiled phrasing.
#[derive(Debug, Clone)]
enum Elem {
    /// Literal text, compared case-insensitively (already folded by `fold_char`).
    Text(Vec<char>),
    /// A literal code span with its backticks, compared exactly.
    Code(String),
    /// A variable slot: whether it also takes words, and the grammar's subjects ("the
    /// pointer") that fit its variable's type, which a code slot also takes.
    Slot(bool, Subjects),
}

/// Subjects, folded.
type Subjects = std::sync::Arc<[Vec<char>]>;

/// A phrasing as the backtracking matcher runs it.
#[derive(Debug, Clone)]
struct Program {
    elems: Vec<Elem>,
    /// Words that every sentence matching this phrasing contains (folded).
    required: Vec<String>,
    /// The same words by their number in the matcher's vocabulary, sorted.
    required_ids: Vec<u32>,
    /// Every subject of the grammar: a slot's text that is one is kept as words (a slot only
    /// matches the subjects that fit it, so this is the same test, and the web expander's).
    subjects: Subjects,
    /// Words that never fill a code slot as a bare identifier (grammar `not_subjects`).
    not_subjects: Subjects,
    /// The last words of names that fill no pointer's slot (grammar
    /// `pointer_places.count_words`).
    count_words: std::sync::Arc<[String]>,
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Calls `f` with each folded word of a text (maximal runs of word characters).
fn for_each_word(text: &str, mut f: impl FnMut(&str)) {
    let mut cur = String::new();
    if text.is_ascii() {
        // The usual case, without copying words that are already lowercase.
        let b = text.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if !(b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
                continue;
            }
            let start = i;
            let mut upper = false;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                upper |= b[i].is_ascii_uppercase();
                i += 1;
            }
            if upper {
                cur.clear();
                cur.push_str(&text[start..i]);
                cur.make_ascii_lowercase();
                f(&cur);
            } else {
                f(&text[start..i]);
            }
        }
        return;
    }
    for c in text.chars() {
        if is_word_char(c) {
            cur.push(fold_char(c));
        } else if !cur.is_empty() {
            f(&cur);
            cur.clear();
        }
    }
    if !cur.is_empty() {
        f(&cur);
    }
}

/// The folded words of a text.
fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for_each_word(text, |w| out.push(w.to_string()));
    out
}

impl Program {
    fn new(
        elems: Vec<Elem>,
        subjects: Subjects,
        not_subjects: Subjects,
        count_words: std::sync::Arc<[String]>,
    ) -> Program {
        let mut required = Vec::new();
        for (i, e) in elems.iter().enumerate() {
            let Elem::Text(t) = e else { continue };
            let text: String = t.iter().collect();
            let mut ws = words(&text);
            // A word touching a slot or a code span may be longer in the sentence.
            if i + 1 < elems.len() && t.last().is_some_and(|&c| is_word_char(c)) {
                ws.pop();
            }
            if i > 0 && t.first().is_some_and(|&c| is_word_char(c)) && !ws.is_empty() {
                ws.remove(0);
            }
            required.extend(ws.into_iter().filter(|w| w.is_ascii()));
        }
        required.sort();
        required.dedup();
        Program {
            elems,
            required,
            required_ids: Vec::new(),
            subjects,
            not_subjects,
            count_words,
        }
    }

    /// Captures (byte ranges) of the slots in the first match in the regex's priority order.
    fn captures(&self, text: &str) -> Option<Vec<(usize, usize)>> {
        let mut caps = Vec::new();
        self.go(0, text, 0, &mut caps).then_some(caps)
    }

    fn go(&self, i: usize, text: &str, pos: usize, caps: &mut Vec<(usize, usize)>) -> bool {
        let Some(e) = self.elems.get(i) else {
            return pos == text.len();
        };
        match e {
            Elem::Text(t) => {
                let mut p = pos;
                for &want in t {
                    match text[p..].chars().next() {
                        Some(c) if fold_char(c) == want => p += c.len_utf8(),
                        _ => return false,
                    }
                }
                self.go(i + 1, text, p, caps)
            }
            Elem::Code(c) => {
                text[pos..].starts_with(c.as_str()) && self.go(i + 1, text, pos + c.len(), caps)
            }
            Elem::Slot(words, subjects) => {
                let mut ends = Vec::new();
                if !*words {
                    subject_ends(subjects, text, pos, &mut ends);
                }
                slot_ends(text, pos, *words, &mut ends);
                for end in ends {
                    caps.push((pos, end));
                    if self.go(i + 1, text, end, caps) {
                        return true;
                    }
                    caps.pop();
                }
                false
            }
        }
    }
}

/// Where each subject that starts at `pos` ends, in the grammar's order (after a backticked
/// span, before an identifier, as in `code_slot_regex`).
fn subject_ends(subjects: &Subjects, text: &str, pos: usize, out: &mut Vec<usize>) {
    if text.as_bytes().get(pos) == Some(&b'`') {
        return;
    }
    for subject in subjects.iter() {
        let mut p = pos;
        let whole = subject.iter().all(|&want| match text[p..].chars().next() {
            Some(c) if fold_char(c) == want => {
                p += c.len_utf8();
                true
            }
            _ => false,
        });
        if whole {
            out.push(p);
        }
    }
}

fn is_one_of(words: &Subjects, raw: &str) -> bool {
    words
        .iter()
        .any(|s| raw.chars().map(fold_char).eq(s.iter().copied()))
}

/// The ends a slot starting at `pos` can take, in the priority order of `CODE_SLOT` /
/// `WORDS_SLOT`: a backticked span first, then a (dotted) identifier longest first, or words
/// shortest first.
fn slot_ends(text: &str, pos: usize, words: bool, out: &mut Vec<usize>) {
    let b = text.as_bytes();
    if b.get(pos) == Some(&b'`') {
        if let Some(close) = text[pos + 1..].find('`') {
            if close > 0 {
                out.push(pos + 1 + close + 1);
            }
        }
    }
    if words {
        // `(?:`[^`]+`|[^`,])+?`: after each character or whole code span, shortest first.
        let mut p = pos;
        while let Some(c) = text[p..].chars().next() {
            if c == ',' {
                break;
            }
            if c == '`' {
                match text[p + 1..].find('`') {
                    Some(close) if close > 0 => p += 1 + close + 1,
                    _ => break,
                }
            } else {
                p += c.len_utf8();
            }
            out.push(p);
        }
    } else {
        ident_path_ends(b, pos, out);
    }
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c == b'$'
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$'
}

/// Ends of `[A-Za-z_$][A-Za-z0-9_$]*(?:(?:\.|::)[A-Za-z_$][A-Za-z0-9_$]*)*(?:\(\))?` from
/// a segment start, in backtracking order.
fn ident_path_ends(b: &[u8], start: usize, out: &mut Vec<usize>) {
    if !b.get(start).is_some_and(|&c| is_ident_start(c)) {
        return;
    }
    let mut max = start + 1;
    while b.get(max).is_some_and(|&c| is_ident_char(c)) {
        max += 1;
    }
    for end in (start + 1..=max).rev() {
        if end == max {
            // Another segment first (greedy star), then stop, with `()` before without.
            let sep = if b.get(end) == Some(&b'.') {
                1
            } else if b.get(end) == Some(&b':') && b.get(end + 1) == Some(&b':') {
                2
            } else {
                0
            };
            if sep > 0 {
                ident_path_ends(b, end + sep, out);
            }
            if let Some(g) = generic_args_end(b, end) {
                if b.get(g) == Some(&b'(') && b.get(g + 1) == Some(&b')') {
                    out.push(g + 2);
                }
                out.push(g);
            }
            if b.get(end) == Some(&b'(') && b.get(end + 1) == Some(&b')') {
                out.push(end + 2);
            }
        }
        out.push(end);
    }
}

/// The end of generic arguments opening at `pos`, as `CODE_SLOT` takes them:
/// `<(?:[A-Za-z0-9_$:&']|, ?|<(?:[A-Za-z0-9_$:&']|, ?)+>)+>` (one nested level; no space but
/// after a comma).
fn generic_args_end(b: &[u8], pos: usize) -> Option<usize> {
    let arg_char = |c: u8| is_ident_char(c) || matches!(c, b':' | b'&' | b'\'');
    if b.get(pos) != Some(&b'<') {
        return None;
    }
    let mut depth = 0usize;
    let mut p = pos;
    loop {
        let c = *b.get(p)?;
        match c {
            b'<' if depth < 2 => depth += 1,
            // Brackets hold at least one argument: "<>" is no generic.
            b'>' if b[p - 1] != b'<' => {
                depth -= 1;
                if depth == 0 {
                    return Some(p + 1);
                }
            }
            b',' => {
                if b.get(p + 1) == Some(&b' ') {
                    p += 1;
                }
            }
            _ if arg_char(c) => {}
            _ => return None,
        }
        p += 1;
    }
}

/// The compiled phrasings of one entry.
#[derive(Debug, Clone)]
pub struct CompiledEntry(Vec<(Pattern, Program)>);

/// A sentence recognised as one wording of one entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Match {
    pub entry: String,
    pub form: Form,
    /// Variable -> the text that filled its slot, as Markdown (code keeps its backticks).
    pub bindings: IndexMap<String, String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Suggestion {
    pub entry: String,
    pub phrasing: String,
    pub score: f64,
}

/// Two phrasings of different entries that match the same sentence.
#[derive(Debug, Clone)]
pub struct Conflict {
    pub first: (String, Form),
    pub second: (String, Form),
    pub sentence: String,
}

/// Compiles one phrasing of an entry.
fn compile(grammar: &Grammar, entry: &Entry, form: Form, phrasing: &str) -> (Pattern, Program) {
    let folded = grammar.fold(phrasing);
    let mut elems = Vec::new();
    let mut regex = String::from("^");
    let mut sample = String::new();
    let mut literal = String::new();
    let mut slots = Vec::new();
    let mut specificity = 0;
    let flush = |literal: &mut String, regex: &mut String, elems: &mut Vec<Elem>| {
        if !literal.is_empty() {
            regex.push_str("(?i:");
            regex.push_str(&regex::escape(literal));
            regex.push(')');
            elems.push(Elem::Text(literal.chars().map(fold_char).collect()));
            literal.clear();
        }
    };
    for c in folded.masked.chars() {
        match mask_index(c).and_then(|i| folded.codes.get(i)) {
            Some(code) => match entry.var(code) {
                Some(var) => {
                    flush(&mut literal, &mut regex, &mut elems);
                    let words = var.takes_words();
                    if words {
                        regex.push_str(WORDS_SLOT);
                    } else {
                        let subjects: Vec<String> =
                            grammar.subjects_for(&var.ty).cloned().collect();
                        regex.push_str(&code_slot_regex(&subjects));
                    }
                    elems.push(Elem::Slot(words, grammar.subject_chars(&var.ty)));
                    let c_type_openings: Vec<String> = grammar
                        .data
                        .c_types
                        .as_ref()
                        .filter(|c| c.var_type == var.ty)
                        .map(|c| c.openings.clone())
                        .unwrap_or_default();
                    // A C type's sample names one, as the slot asks.
                    let opening = c_type_openings.first().map_or("", String::as_str);
                    sample.push_str(&format!("`{opening}v{}`", slots.len()));
                    slots.push(Slot {
                        var: var.name.clone(),
                        words,
                        names_type: var.ty == "type",
                        names_value: !grammar.data.type_vars.contains(&var.ty),
                        c_type_openings,
                        holds_pointer: grammar
                            .data
                            .pointer_places
                            .as_ref()
                            .is_some_and(|p| p.is_pointer(&var.ty)),
                        holds_field: var.ty == "field",
                        holds_function: var.ty == "function",
                    });
                }
                None => {
                    flush(&mut literal, &mut regex, &mut elems);
                    let lit = format!("`{code}`");
                    regex.push_str(&regex::escape(&lit));
                    elems.push(Elem::Code(lit.clone()));
                    sample.push_str(&lit);
                    specificity += lit.len();
                }
            },
            None => {
                literal.push(c);
                sample.push(c);
                specificity += 1;
            }
        }
    }
    flush(&mut literal, &mut regex, &mut elems);
    regex.push('$');
    (
        Pattern {
            entry: entry.id.clone(),
            form,
            phrasing: phrasing.to_string(),
            regex,
            slots,
            specificity,
            sample,
        },
        Program::new(
            elems,
            grammar.all_subject_chars(),
            grammar.not_subject_chars(),
            grammar.count_words(),
        ),
    )
}

impl Matcher {
    /// Compiles every phrasing of every entry that can be matched (all but concepts).
    pub fn build(grammar: &Grammar, entries: &[Entry]) -> Matcher {
        Matcher::assemble(
            grammar,
            entries.iter().map(|e| Matcher::compile_entry(grammar, e)),
        )
    }

    /// Compiles every phrasing of one entry (none for a concept), on its own: entries can be
    /// compiled wherever they are loaded and the matcher assembled from them in order.
    pub fn compile_entry(grammar: &Grammar, e: &Entry) -> CompiledEntry {
        if !e.kind.is_phrase_kind() {
            return CompiledEntry(Vec::new());
        }
        let forms = std::iter::once((Form::Canonical, e.phrase.as_str()))
            .chain(
                e.accepted
                    .iter()
                    .enumerate()
                    .map(|(i, p)| (Form::Accepted(i), p.as_str())),
            )
            .chain(
                e.discouraged
                    .iter()
                    .enumerate()
                    .map(|(i, d)| (Form::Discouraged(i), d.phrase.as_str())),
            );
        CompiledEntry(
            forms
                .map(|(form, phrasing)| compile(grammar, e, form, phrasing))
                .collect(),
        )
    }

    /// The matcher of entries compiled by `compile_entry`, in the entries' order.
    pub fn assemble(
        grammar: &Grammar,
        compiled: impl IntoIterator<Item = CompiledEntry>,
    ) -> Matcher {
        let (patterns, mut programs): (Vec<Pattern>, Vec<Program>) =
            compiled.into_iter().flat_map(|c| c.0).unzip();
        let mut vocab: FxHashMap<String, u32> = FxHashMap::default();
        let mut freq: Vec<usize> = Vec::new();
        for p in &mut programs {
            for w in &p.required {
                let next = vocab.len() as u32;
                let id = *vocab.entry(w.clone()).or_insert(next);
                if id as usize == freq.len() {
                    freq.push(0);
                }
                freq[id as usize] += 1;
                p.required_ids.push(id);
            }
            p.required_ids.sort_unstable();
        }
        let mut index: Vec<Vec<u32>> = vec![Vec::new(); vocab.len()];
        let mut unindexed = Vec::new();
        for (i, p) in programs.iter().enumerate() {
            // The rarest word, the first in alphabetical order on a tie.
            let rarest = p
                .required
                .iter()
                .map(|w| (freq[vocab[w] as usize], w))
                .min()
                .map(|(_, w)| vocab[w]);
            match rarest {
                Some(id) => index[id as usize].push(i as u32),
                None => unindexed.push(i as u32),
            }
        }
        let mut entry_of = Vec::with_capacity(patterns.len());
        let mut entry_count = 0;
        for (i, p) in patterns.iter().enumerate() {
            if i == 0 || patterns[i - 1].entry != p.entry {
                entry_count += 1;
            }
            entry_of.push(entry_count as u32 - 1);
        }
        Matcher {
            entry_of,
            entry_count,
            patterns,
            programs,
            vocab,
            index,
            unindexed,
            similarity: std::sync::OnceLock::new(),
            subject_words: grammar.subject_words(),
        }
    }

    /// Indices, ascending, of the patterns whose required words all occur in `text`.
    fn candidates(&self, text: &str) -> Vec<usize> {
        // The vocabulary words present, as bits and as a list.
        let mut present = vec![0u64; self.vocab.len().div_ceil(64)];
        let mut ids: Vec<u32> = Vec::new();
        for_each_word(text, |w| {
            if let Some(&id) = self.vocab.get(w) {
                let (word, bit) = (id as usize / 64, 1u64 << (id % 64));
                if present[word] & bit == 0 {
                    present[word] |= bit;
                    ids.push(id);
                }
            }
        });
        let has = |id: &u32| present[*id as usize / 64] & (1u64 << (id % 64)) != 0;
        let mut out: Vec<usize> = self.unindexed.iter().map(|&i| i as usize).collect();
        for &w in &ids {
            out.extend(
                self.index[w as usize]
                    .iter()
                    .map(|&i| i as usize)
                    .filter(|&i| self.programs[i].required_ids.iter().all(has)),
            );
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Indices, ascending, of the patterns that match `text` (as a `RegexSet` of their
    /// regexes would report them).
    pub fn matching(&self, text: &str) -> Vec<usize> {
        self.candidates(text)
            .into_iter()
            .filter(|&i| self.programs[i].captures(text).is_some())
            .collect()
    }

    pub fn patterns(&self) -> &[Pattern] {
        &self.patterns
    }

    /// Matches a folded sentence; the most specific phrasing wins.
    pub fn match_folded(&self, folded: &Folded) -> Option<Match> {
        self.match_text(&folded.unmasked())
    }

    /// Matches an already folded, unmasked sentence.
    pub fn match_text(&self, text: &str) -> Option<Match> {
        let mut best: Option<(usize, Match)> = None;
        for i in self.candidates(text) {
            let p = &self.patterns[i];
            if best.as_ref().is_some_and(|(s, _)| *s >= p.specificity) {
                continue;
            }
            if let Some(m) = self.capture(i, text) {
                best = Some((p.specificity, m));
            }
        }
        best.map(|(_, m)| m)
    }

    fn capture(&self, i: usize, text: &str) -> Option<Match> {
        let p = &self.patterns[i];
        let caps = self.programs[i].captures(text)?;
        let mut bindings = IndexMap::new();
        for (k, slot) in p.slots.iter().enumerate() {
            let (start, end) = *caps.get(k)?;
            let raw = text[start..end].trim();
            let program = &self.programs[i];
            let value = if is_one_of(&program.subjects, raw) {
                raw.to_lowercase()
            } else if (raw.starts_with('`') && states_bound(raw))
                || (slot.names_value && names_method_alone(raw))
                || (!slot.c_type_openings.is_empty() && !names_c_type(slot, raw))
                || (slot.holds_pointer && names_type_parameter(raw))
                || (slot.holds_pointer && names_count(raw, &program.count_words))
                || (slot.holds_field && names_type_by_convention(raw))
                || (slot.holds_function
                    && names_type_by_convention(raw)
                    && !names_one_letter_type(raw))
                || (slot.names_type && names_call(raw))
            {
                return None;
            } else if raw.starts_with('`') || slot.words {
                raw.to_string()
            } else if is_one_of(&program.not_subjects, raw)
                || (slot.names_type && english_in_type_slot(raw))
                || (slot.names_value && capitalized_in_value_slot(raw))
            {
                return None;
            } else {
                format!("`{raw}`")
            };
            match bindings.get(&slot.var) {
                // A variable used twice must be filled the same way twice.
                Some(prev) if prev != &value => return None,
                _ => {
                    bindings.insert(slot.var.clone(), value);
                }
            }
        }
        Some(Match {
            entry: p.entry.clone(),
            form: p.form,
            bindings,
        })
    }

    /// The entries closest to an unrecognised sentence, best first: for each entry the best
    /// of `max(sorensen_dice, normalized_levenshtein)` over its phrasings (the first phrasing
    /// on a tie). Levenshtein distances are only computed where they can change the result.
    pub fn suggest(&self, folded_text: &str, limit: usize) -> Vec<Suggestion> {
        if limit == 0 {
            return Vec::new();
        }
        let Similarity {
            shapes,
            dice,
            subjects,
        } = self.similarity();
        let query = Query::new(&shape_of(folded_text, subjects.as_ref()));
        let mut dice = dice.dice(shapes, &query.shape);
        // A phrasing with a C type's slot is near only a text that names a C type: "`ptr`
        // must point to a valid `T`" is not near "`ptr` points to a valid `struct S`".
        for (d, p) in dice.iter_mut().zip(&self.patterns) {
            if !names_the_c_types_of(p, folded_text) {
                *d = -1.0;
            }
        }
        // A score is at least the Dice coefficient, so the `limit`-th best entry by Dice
        // alone already bounds from below what the last suggestion will score.
        let mut entry_dice: Vec<f64> = vec![0.0; self.entry_count];
        for (i, &d) in dice.iter().enumerate() {
            let e = self.entry_of[i] as usize;
            entry_dice[e] = entry_dice[e].max(d);
        }
        let mut threshold = SUGGESTION_MIN_SCORE;
        if entry_dice.len() >= limit {
            entry_dice.select_nth_unstable_by(limit - 1, |a, b| b.total_cmp(a));
            threshold = threshold.max(entry_dice[limit - 1]);
        }
        // (upper bound, dice, pattern) of the patterns that can still matter, best first.
        let mut order: Vec<(f64, f64, usize)> = dice
            .iter()
            .enumerate()
            .filter_map(|(i, &d)| {
                if d < 0.0 {
                    return None;
                }
                if d >= threshold {
                    return Some((d.max(query.levenshtein_bound(&shapes[i])), d, i));
                }
                let bound = query.levenshtein_bound(&shapes[i]);
                (bound >= threshold).then_some((bound, d, i))
            })
            .collect();
        order.sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then(a.2.cmp(&b.2)));
        // By entry: its best (score, pattern) so far.
        let mut best: Vec<Option<(f64, usize)>> = vec![None; self.entry_count];
        // The best `limit` entries so far, best first: (score, entry).
        let mut top: Vec<(f64, usize)> = Vec::with_capacity(limit);
        for &(bound, dice, i) in &order {
            if bound < threshold {
                break;
            }
            // A Levenshtein score below the threshold cannot change the result.
            let score = if bound > dice {
                query
                    .normalized_levenshtein_from(&shapes[i], threshold)
                    .map_or(dice, |lev| dice.max(lev))
            } else {
                dice
            };
            let e = self.entry_of[i] as usize;
            let better = best[e].is_none_or(|(s, j)| score > s || (score == s && i < j));
            if !better {
                continue;
            }
            best[e] = Some((score, i));
            // Scores only rise, so the best `limit` change only where this entry enters them.
            if let Some(at) = top.iter().position(|t| t.1 == e) {
                top[at].0 = score;
            } else if top.len() < limit {
                top.push((score, e));
            } else if let Some(last) = top.last_mut().filter(|last| score > last.0) {
                *last = (score, e);
            }
            top.sort_by(|a, b| b.0.total_cmp(&a.0));
            // The `limit`-th best score only rises when a score passes it.
            if top.len() == limit && score > threshold {
                threshold = threshold.max(top[limit - 1].0);
            }
        }
        let mut all: Vec<Suggestion> = best
            .iter()
            .flatten()
            .filter(|(score, _)| *score >= SUGGESTION_MIN_SCORE)
            .map(|&(score, i)| Suggestion {
                entry: self.patterns[i].entry.clone(),
                phrasing: self.patterns[i].phrasing.clone(),
                score,
            })
            .collect();
        all.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.entry.cmp(&b.entry)));
        all.truncate(limit);
        all
    }

    fn similarity(&self) -> &Similarity {
        self.similarity.get_or_init(|| {
            let subjects = shape_subjects(&self.subject_words);
            let shapes: Vec<Shape> = self
                .patterns
                .iter()
                .map(|p| Shape::new(&shape_of(&p.sample, subjects.as_ref())))
                .collect();
            Similarity {
                dice: DiceIndex::new(&shapes),
                subjects,
                shapes,
            }
        })
    }

    /// Pairs of phrasings of different entries that read a common sentence.
    pub fn conflicts(&self) -> Vec<Conflict> {
        let mut out: Vec<Conflict> = Vec::new();
        for (i, p) in self.patterns.iter().enumerate() {
            for j in self.matching(&p.sample) {
                let q = &self.patterns[j];
                // Only a reading counts: a slot that rejects its filler ("zero" names no
                // variable) makes no conflict.
                if q.entry == p.entry || self.capture(j, &p.sample).is_none() {
                    continue;
                }
                let already = out.iter().any(|c| {
                    c.first == (q.entry.clone(), q.form) && c.second == (p.entry.clone(), p.form)
                });
                if !already && i != j {
                    out.push(Conflict {
                        first: (p.entry.clone(), p.form),
                        second: (q.entry.clone(), q.form),
                        sentence: p.sample.clone(),
                    });
                }
            }
        }
        out
    }
}

/// Lowercase text with every code span, and every subject of the grammar, reduced to `x`, for
/// similarity scores: "the pointer is valid" fills the same slot as "`ptr` is valid", so a
/// phrasing that happens to start with "the pointer" is no nearer to it than one with a code
/// subject.
fn shape_of(text: &str, subjects: Option<&Regex>) -> String {
    let mut out = String::with_capacity(text.len());
    for seg in crate::text::segments(text) {
        match seg {
            crate::text::Segment::Plain(p) => {
                let lower = p.to_lowercase();
                match subjects {
                    Some(re) => out.push_str(&re.replace_all(&lower, "x")),
                    None => out.push_str(&lower),
                }
            }
            crate::text::Segment::Code(_) => out.push('x'),
        }
    }
    out
}

/// The grammar's subjects as whole words, longest first (the web expander builds the same
/// expression from the same words). `\b` is ASCII, as in JavaScript.
fn shape_subjects(subject_words: &[String]) -> Option<Regex> {
    let mut words: Vec<String> = subject_words.iter().map(|w| w.to_lowercase()).collect();
    words.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    words.dedup();
    if words.is_empty() {
        return None;
    }
    let alternatives: Vec<String> = words.iter().map(|w| regex::escape(w)).collect();
    Regex::new(&format!(r"(?-u:\b)(?:{})(?-u:\b)", alternatives.join("|"))).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_call_names_no_type() {
        for call in [
            "`ascii_to_basic_latin()`",
            "`Vec::new()`",
            "`self.len()`",
            "`_f(x, y)`",
        ] {
            assert!(names_call(call), "{call}");
        }
        for ty in [
            "`Foo`",
            "`fn()`",
            "`FnOnce()`",
            "`Box<dyn Fn()>`",
            "`(A, B)`",
            "`f`",
            "f()",
        ] {
            assert!(!names_call(ty), "{ty}");
        }
    }

    #[test]
    fn a_method_alone_names_no_value() {
        assert!(names_method_alone("`.add()`"));
        assert!(names_method_alone("`.offset(1)`"));
        for value in [
            "`p.add(1)`",
            "`self.0`",
            "`.0`",
            "`..`",
            "`..len`",
            "`0..len`",
        ] {
            assert!(!names_method_alone(value), "{value}");
        }
    }

    #[test]
    fn a_type_is_named_in_upper_camel_case() {
        for ty in ["`ArchivedTag`", "`Vec`", "`T`", "`Self`", "`U8x16`"] {
            assert!(names_type_by_convention(ty), "{ty}");
        }
        for value in [
            "`MAX_ERRNO`",
            "`N`x",
            "`self.tag`",
            "`tag`",
            "`Foo::bar`",
            "`V8`",
        ] {
            assert!(!names_type_by_convention(value), "{value}");
        }
    }

    #[test]
    fn a_count_is_named_by_its_last_word() {
        let words: Vec<String> = ["len", "index", "cap"].map(String::from).to_vec();
        for name in ["`fls_index`", "first_len", "`self.cap`", "`len`", "`Index`"] {
            assert!(names_count(name, &words), "{name}");
        }
        for name in [
            "`len_ptr`",
            "`ptr.add(len)`",
            "`*index`",
            "`self.buf`",
            "`length`",
            "``",
        ] {
            assert!(!names_count(name, &words), "{name}");
        }
    }

    proptest! {
        #[test]
        fn levenshtein_is_strsim(a in "[ab xé`]{0,200}", b in "[ab xé`]{0,200}") {
            prop_assert_eq!(
                Query::new(&a).normalized_levenshtein(&Shape::new(&b)),
                strsim::normalized_levenshtein(&a, &b)
            );
        }

        #[test]
        fn a_cut_off_distance_is_below_the_threshold(
            a in "[ab xé`]{0,150}",
            b in "[ab xé`]{0,150}",
            threshold in 0.0f64..1.0,
        ) {
            let exact = strsim::normalized_levenshtein(&a, &b);
            prop_assert_eq!(
                Query::new(&a).normalized_levenshtein_from(&Shape::new(&b), threshold),
                (exact >= threshold).then_some(exact)
            );
        }

        #[test]
        fn histogram_bound_is_an_upper_bound(a in "[ab xé`]{0,90}", b in "[ab xé`]{0,90}") {
            let q = Query::new(&a);
            let other = Shape::new(&b);
            prop_assert!(q.levenshtein_bound(&other) >= q.normalized_levenshtein(&other));
        }

        /// The hand-written backtracking takes exactly the bare identifiers `CODE_SLOT` (which
        /// the web expander runs) takes.
        #[test]
        fn identifier_ends_are_code_slot(
            text in "(([aB_]{1,3}(::|\\.)?){1,2}(<([aB':&]|, ?|<([aB']|, ?){0,3}>?){0,4}>?)?(\\(\\))?[<> ,a]{0,2}|[aB_<>, :&'().]{0,14})",
        ) {
            let bare = &CODE_SLOT[r"(`[^`]+`|".len()..];
            let re = Regex::new(&format!("^(?:{bare}$")).expect("static regex");
            let mut ends = Vec::new();
            ident_path_ends(text.as_bytes(), 0, &mut ends);
            ends.sort_unstable();
            ends.dedup();
            let want: Vec<usize> = (1..=text.len()).filter(|&e| re.is_match(&text[..e])).collect();
            prop_assert_eq!(ends, want);
        }

        #[test]
        fn dice_is_strsim(
            a in "[ab \txé`ü]{0,40}",
            texts in prop::collection::vec("[ab \txé`ü]{0,40}", 0..6),
        ) {
            let shapes: Vec<Shape> = texts.iter().map(|t| Shape::new(t)).collect();
            let want: Vec<f64> = texts.iter().map(|t| strsim::sorensen_dice(&a, t)).collect();
            prop_assert_eq!(DiceIndex::new(&shapes).dice(&shapes, &Shape::new(&a)), want);
        }
    }

    #[test]
    fn ascii_words_fold_like_the_rest() {
        for text in ["Is VALID for_reads, x2 `A.b`", "é Is VALID for_reads", ""] {
            let mut fast = Vec::new();
            for_each_word(text, |w| fast.push(w.to_string()));
            let slow: Vec<String> = text
                .split(|c: char| !is_word_char(c))
                .filter(|w| !w.is_empty())
                .map(|w| w.chars().map(fold_char).collect())
                .collect();
            assert_eq!(fast, slow, "{text:?}");
        }
    }

    #[test]
    fn bounds_name_nothing() {
        for bound in ["`T: Zeroable`", "`x: u32`", "`'a: 'b`", "`:x`"] {
            assert!(states_bound(bound), "{bound}");
        }
        for name in ["`a::b`", "`Foo::<T>::bar()`", "`*ptr`", "`T`"] {
            assert!(!states_bound(name), "{name}");
        }
    }
}
