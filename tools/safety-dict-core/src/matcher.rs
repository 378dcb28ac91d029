//! Matching a sentence against every phrasing of every entry.
//!
//! Each phrasing (canonical, accepted, discouraged) is folded by the grammar and described by
//! one anchored regex whose groups are the variable slots (exported for the web expander). In
//! Rust the same pattern is run by a small backtracking matcher that follows the regex's
//! priority order exactly, so nothing is compiled at load time; an index of the literal words
//! of each phrasing picks the few candidates worth trying for a sentence.

use std::collections::HashMap;

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

/// Regex of a code slot: a backticked span or a bare (dotted) identifier.
pub const CODE_SLOT: &str =
    r"(`[^`]+`|[A-Za-z_$][A-Za-z0-9_$]*(?:(?:\.|::)[A-Za-z_$][A-Za-z0-9_$]*)*(?:\(\))?)";
/// Suggestions below this similarity are not worth showing.
pub const SUGGESTION_MIN_SCORE: f64 = 0.3;

/// Regex of a words slot: a backticked span or any words.
pub const WORDS_SLOT: &str = r"(`[^`]+`|[^`]+?)";

#[derive(Debug, Clone)]
pub struct Matcher {
    patterns: Vec<Pattern>,
    programs: Vec<Program>,
    /// Rarest required word of a pattern -> the patterns it indexes.
    index: HashMap<String, Vec<usize>>,
    /// Patterns without any required word: always candidates.
    unindexed: Vec<usize>,
    /// `shape_of` of every pattern's sample, for suggestions.
    shapes: Vec<Shape>,
}

/// A text prepared for the similarity scores of `suggest`.
#[derive(Debug, Clone)]
struct Shape {
    text: String,
    chars: usize,
    /// The text without whitespace, as `strsim::sorensen_dice` compares it.
    dense: String,
    /// Its bigrams, sorted.
    bigrams: Vec<(char, char)>,
    /// For the bit-parallel Levenshtein distance, when the text has 1 to 64 characters.
    peq: Option<Peq>,
}

/// Per character, the positions where it occurs in a text of at most 64 characters.
#[derive(Debug, Clone)]
struct Peq {
    ascii: Box<[u64; 128]>,
    other: Vec<(char, u64)>,
    len: usize,
}

impl Peq {
    fn new(text: &str) -> Option<Peq> {
        let len = text.chars().count();
        if len == 0 || len > 64 {
            return None;
        }
        let mut ascii = Box::new([0u64; 128]);
        let mut other: Vec<(char, u64)> = Vec::new();
        for (i, c) in text.chars().enumerate() {
            let bit = 1u64 << i;
            if c.is_ascii() {
                ascii[c as usize] |= bit;
            } else if let Some(o) = other.iter_mut().find(|o| o.0 == c) {
                o.1 |= bit;
            } else {
                other.push((c, bit));
            }
        }
        Some(Peq { ascii, other, len })
    }

    fn get(&self, c: char) -> u64 {
        if c.is_ascii() {
            self.ascii[c as usize]
        } else {
            self.other.iter().find(|o| o.0 == c).map_or(0, |o| o.1)
        }
    }

    /// The Levenshtein distance between this text and `text` (Myers / Hyyrö bit-vector
    /// algorithm): the same number as `strsim::levenshtein`.
    fn distance(&self, text: &str) -> usize {
        let last = 1u64 << (self.len - 1);
        let mut pv: u64 = !0;
        let mut mv: u64 = 0;
        let mut score = self.len;
        for c in text.chars() {
            let eq = self.get(c);
            let xv = eq | mv;
            let xh = ((eq & pv).wrapping_add(pv) ^ pv) | eq;
            let mut ph = mv | !(xh | pv);
            let mut mh = pv & xh;
            if ph & last != 0 {
                score += 1;
            } else if mh & last != 0 {
                score -= 1;
            }
            ph = (ph << 1) | 1;
            mh <<= 1;
            pv = mh | !(xv | ph);
            mv = ph & xv;
        }
        score
    }
}

impl Shape {
    fn new(text: String) -> Shape {
        let dense: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let cs: Vec<char> = dense.chars().collect();
        let mut bigrams: Vec<(char, char)> = cs.windows(2).map(|w| (w[0], w[1])).collect();
        bigrams.sort_unstable();
        Shape {
            chars: text.chars().count(),
            peq: Peq::new(&text),
            text,
            dense,
            bigrams,
        }
    }

    /// Exactly `strsim::normalized_levenshtein(&other.text, &self.text)`.
    fn normalized_levenshtein(&self, other: &str) -> f64 {
        let Some(peq) = &self.peq else {
            return strsim::normalized_levenshtein(other, &self.text);
        };
        let longest = self.chars.max(other.chars().count());
        1.0 - (peq.distance(other) as f64) / (longest as f64)
    }

    /// The same, using whichever of the two has the bit vectors.
    fn normalized_levenshtein_to(&self, other: &Shape) -> f64 {
        if self.peq.is_none() && other.peq.is_some() {
            other.normalized_levenshtein(&self.text)
        } else {
            self.normalized_levenshtein(&other.text)
        }
    }

    /// Exactly `strsim::sorensen_dice(&self.text, &other.text)`.
    fn dice(&self, other: &Shape) -> f64 {
        if self.dense == other.dense {
            return 1.0;
        }
        if self.dense.len() < 2 || other.dense.len() < 2 {
            return 0.0;
        }
        let (a, b) = (&self.bigrams, &other.bigrams);
        let (mut i, mut j, mut common) = (0, 0, 0usize);
        while i < a.len() && j < b.len() {
            match a[i].cmp(&b[j]) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => {
                    common += 1;
                    i += 1;
                    j += 1;
                }
            }
        }
        (2 * common) as f64 / (self.dense.len() + other.dense.len() - 2) as f64
    }

    /// An upper bound of `strsim::normalized_levenshtein`: the distance is at least the
    /// difference in length.
    fn levenshtein_bound(&self, other: &Shape) -> f64 {
        let longest = self.chars.max(other.chars);
        if longest == 0 {
            return 1.0;
        }
        1.0 - (self.chars.abs_diff(other.chars) as f64) / (longest as f64)
    }
}

/// One element of a compiled phrasing.
#[derive(Debug, Clone)]
enum Elem {
    /// Literal text, compared case-insensitively (already folded by `fold_char`).
    Text(Vec<char>),
    /// A literal code span with its backticks, compared exactly.
    Code(String),
    /// A variable slot; `true` when it also takes words.
    Slot(bool),
}

/// A phrasing as the backtracking matcher runs it.
#[derive(Debug, Clone)]
struct Program {
    elems: Vec<Elem>,
    /// Words that every sentence matching this phrasing contains (folded).
    required: Vec<String>,
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The folded words of a text: maximal runs of word characters.
fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in text.chars() {
        if is_word_char(c) {
            cur.push(fold_char(c));
        } else if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

impl Program {
    fn new(elems: Vec<Elem>) -> Program {
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
        Program { elems, required }
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
            Elem::Slot(words) => {
                let mut ends = Vec::new();
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
        // `[^`]+?`
        let stop = text[pos..].find('`').map_or(text.len(), |k| pos + k);
        let mut p = pos;
        for c in text[pos..stop].chars() {
            p += c.len_utf8();
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
            if b.get(end) == Some(&b'(') && b.get(end + 1) == Some(&b')') {
                out.push(end + 2);
            }
        }
        out.push(end);
    }
}

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

#[derive(Debug, thiserror::Error)]
#[error("phrasing {phrasing:?} of `{entry}` does not compile: {source}")]
pub struct PatternError {
    pub entry: String,
    pub phrasing: String,
    pub source: regex::Error,
}

/// Compiles one phrasing of an entry.
pub fn compile_phrasing(
    grammar: &Grammar,
    entry: &Entry,
    form: Form,
    phrasing: &str,
) -> Result<Pattern, PatternError> {
    compile(grammar, entry, form, phrasing).map(|(p, _)| p)
}

fn compile(
    grammar: &Grammar,
    entry: &Entry,
    form: Form,
    phrasing: &str,
) -> Result<(Pattern, Program), PatternError> {
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
                    regex.push_str(if words { WORDS_SLOT } else { CODE_SLOT });
                    elems.push(Elem::Slot(words));
                    sample.push_str(&format!("`v{}`", slots.len()));
                    slots.push(Slot {
                        var: var.name.clone(),
                        words,
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
    Ok((
        Pattern {
            entry: entry.id.clone(),
            form,
            phrasing: phrasing.to_string(),
            regex,
            slots,
            specificity,
            sample,
        },
        Program::new(elems),
    ))
}

impl Matcher {
    /// Compiles every phrasing of every entry that can be matched (all but concepts).
    pub fn build(grammar: &Grammar, entries: &[Entry]) -> Result<Matcher, PatternError> {
        let mut patterns = Vec::new();
        let mut programs = Vec::new();
        for e in entries.iter().filter(|e| e.kind.is_phrase_kind()) {
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
            for (form, phrasing) in forms {
                let (p, r) = compile(grammar, e, form, phrasing)?;
                patterns.push(p);
                programs.push(r);
            }
        }
        let mut freq: HashMap<&str, usize> = HashMap::new();
        for p in &programs {
            for w in &p.required {
                *freq.entry(w).or_default() += 1;
            }
        }
        let mut index: HashMap<String, Vec<usize>> = HashMap::new();
        let mut unindexed = Vec::new();
        for (i, p) in programs.iter().enumerate() {
            match p
                .required
                .iter()
                .min_by_key(|w| (freq[w.as_str()], w.as_str()))
            {
                Some(w) => index.entry(w.clone()).or_default().push(i),
                None => unindexed.push(i),
            }
        }
        let shapes = patterns
            .iter()
            .map(|p| Shape::new(shape_of(&p.sample)))
            .collect();
        Ok(Matcher {
            patterns,
            programs,
            index,
            unindexed,
            shapes,
        })
    }

    /// Indices, ascending, of the patterns whose required words all occur in `text`.
    fn candidates(&self, text: &str) -> Vec<usize> {
        let mut ws = words(text);
        ws.sort();
        ws.dedup();
        let mut out: Vec<usize> = self.unindexed.clone();
        for w in &ws {
            if let Some(list) = self.index.get(w) {
                out.extend(list.iter().copied().filter(|&i| {
                    self.programs[i]
                        .required
                        .iter()
                        .all(|r| ws.binary_search(r).is_ok())
                }));
            }
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
            let value = if raw.starts_with('`') || slot.words {
                raw.to_string()
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
        let shape = Shape::new(shape_of(folded_text));
        // (upper bound, dice, pattern), best bound first.
        let mut order: Vec<(f64, f64, usize)> = self
            .shapes
            .iter()
            .enumerate()
            .map(|(i, other)| {
                let dice = shape.dice(other);
                (dice.max(shape.levenshtein_bound(other)), dice, i)
            })
            .collect();
        order.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.2.cmp(&b.2)));
        // Entry -> (score, pattern).
        let mut best: HashMap<&str, (f64, usize)> = HashMap::new();
        let mut threshold = SUGGESTION_MIN_SCORE;
        for (bound, dice, i) in order {
            if bound < threshold {
                break;
            }
            let score = dice.max(self.shapes[i].normalized_levenshtein_to(&shape));
            let entry = self.patterns[i].entry.as_str();
            let better = best
                .get(entry)
                .is_none_or(|&(s, j)| score > s || (score == s && i < j));
            if better {
                best.insert(entry, (score, i));
                if limit > 0 && best.len() >= limit {
                    let mut scores: Vec<f64> = best.values().map(|v| v.0).collect();
                    scores.sort_by(|a, b| b.total_cmp(a));
                    threshold = threshold.max(scores[limit - 1]);
                }
            }
        }
        let mut all: Vec<Suggestion> = best
            .into_iter()
            .filter(|(_, (score, _))| *score >= SUGGESTION_MIN_SCORE)
            .map(|(entry, (score, i))| Suggestion {
                entry: entry.to_string(),
                phrasing: self.patterns[i].phrasing.clone(),
                score,
            })
            .collect();
        all.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.entry.cmp(&b.entry)));
        all.truncate(limit);
        all
    }

    /// Pairs of phrasings of different entries that match a common sentence.
    pub fn conflicts(&self) -> Vec<Conflict> {
        let mut out: Vec<Conflict> = Vec::new();
        for (i, p) in self.patterns.iter().enumerate() {
            for j in self.matching(&p.sample) {
                let q = &self.patterns[j];
                if q.entry == p.entry {
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

/// Lowercase text with every code span reduced to `x`, for similarity scores.
fn shape_of(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for seg in crate::text::segments(text) {
        match seg {
            crate::text::Segment::Plain(p) => out.push_str(&p.to_lowercase()),
            crate::text::Segment::Code(_) => out.push('x'),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn bit_parallel_levenshtein_is_strsim(a in "[ab xé`]{0,70}", b in "[ab xé`]{0,70}") {
            let shape = Shape::new(a.clone());
            prop_assert_eq!(
                shape.normalized_levenshtein(&b),
                strsim::normalized_levenshtein(&b, &a)
            );
        }
    }

    #[test]
    fn sixty_four_characters_use_the_bit_vector() {
        let a = "x".repeat(64);
        let shape = Shape::new(a.clone());
        assert!(shape.peq.is_some());
        assert_eq!(shape.peq.as_ref().map(|p| p.distance("")), Some(64));
        assert_eq!(
            shape.peq.as_ref().map(|p| p.distance(&"x".repeat(70))),
            Some(6)
        );
        assert!(Shape::new("y".repeat(65)).peq.is_none());
    }
}
