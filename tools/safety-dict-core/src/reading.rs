//! The sentence structure rules of `dictionary/grammar.toml`: placeholders, reasoning
//! connectors ("Y because X", "X, so Y", "As X, Y") and lists of predicates ("`p` is valid,
//! non-null and aligned").
//!
//! They work on a folded sentence with its code spans masked (so nothing inside backticks is a
//! connector or a separator), compare case-insensitively, and are written as plain scans that
//! `theme/safety-dict-expander.js` repeats step by step; the conformance corpus holds both to
//! the same results.

use std::ops::Range;

use crate::grammar::{mask_index, CheckedForm, Folded, Grammar, ReasonAt};

/// A statement read out of a relative clause, masked like its sentence, and where the reason
/// for it stands in the sentence.
pub type RelativeReading = (String, Range<usize>);

/// More predicates than this in one list is not a list a person wrote.
pub const MAX_PREDICATES: usize = 8;
/// A shared subject and verb ("`self.ptr` is", "the returned pointer points") are at most
/// this many words long.
pub const MAX_PREFIX_WORDS: usize = 6;
/// A clause after a comma names its subject and verb within this many words ("the caller
/// must", "other CPUs may", "the `Arc` must").
pub const CLAUSE_VERB_WORDS: usize = 4;

/// A statement and the reason given for it, as byte ranges of the masked sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reasoned {
    pub statement: Range<usize>,
    pub reason: Range<usize>,
    /// The split stands only if its reason is read as a known reason: no comma marks where
    /// the reason ends, so a code span inside the statement could have been taken for its
    /// start ("by the type invariant pointers are aligned and `start <= end`").
    pub needs_known_reason: bool,
}

/// `text` lowercased when that keeps every byte offset, so that positions found in it are
/// positions in `text` (the web expander makes the same check).
fn lower_same_len(text: &str) -> Option<String> {
    let lower = Folded::lowercase(text).into_owned();
    (lower.len() == text.len()).then_some(lower)
}

/// The length of the spaces `s` opens with.
fn whitespace_len(s: &str) -> usize {
    s.len() - s.trim_start_matches(' ').len()
}

/// Whether `lower` starts with `phrase` as whole words.
fn starts_with_words(lower: &str, phrase: &str) -> bool {
    lower.starts_with(phrase) && matches!(lower.as_bytes().get(phrase.len()), None | Some(b' '))
}

/// The first comma at or after `from` outside parentheses (code is masked), where a clause
/// that opens a sentence ends.
fn clause_comma(lower: &str, from: usize) -> Option<usize> {
    let mut depth = 0usize;
    lower
        .char_indices()
        .skip_while(|&(i, _)| i < from)
        .find(|&(_, c)| match c {
            '(' => {
                depth += 1;
                false
            }
            ')' => {
                depth = depth.saturating_sub(1);
                false
            }
            ',' => depth == 0,
            _ => false,
        })
        .map(|(i, _)| i)
}

/// The longest of `words` (lowercased) that `lower` opens with as whole words.
fn longest_opening(lower: &str, words: &[String]) -> Option<String> {
    words
        .iter()
        .map(|w| w.to_lowercase())
        .filter(|w| starts_with_words(lower, w))
        .max_by_key(String::len)
}

/// Whether `lower` ends with `phrase` as whole words.
fn ends_with_words(lower: &str, phrase: &str) -> bool {
    lower.ends_with(phrase)
        && lower[..lower.len() - phrase.len()]
            .chars()
            .next_back()
            .is_none_or(|c| c == ' ')
}

/// Whether `lower` holds `phrase` as whole words, between spaces or at either end.
fn has_words(lower: &str, phrase: &str) -> bool {
    word_at(lower, phrase).is_some()
}

/// Where `phrase` first stands in `lower` as whole words.
fn word_at(lower: &str, phrase: &str) -> Option<usize> {
    lower.match_indices(phrase).map(|(at, _)| at).find(|&at| {
        let before = lower[..at].chars().next_back();
        let after = lower[at + phrase.len()..].chars().next();
        before.is_none_or(|c| c == ' ') && after.is_none_or(|c| c == ' ')
    })
}

/// How a connector stands between two parts: a connector that starts with a comma ("`, so`")
/// follows the first part directly; any other stands between spaces.
/// Whether `statement` ends with one of `words`, as whole words, in any case.
fn ends_with_one_of(statement: &str, words: &[String]) -> bool {
    let lower = statement.trim_end().to_lowercase();
    words
        .iter()
        .any(|w| ends_with_words(&lower, &w.to_lowercase()))
}

fn separator(word: &str) -> String {
    if word.starts_with(',') {
        format!("{word} ")
    } else {
        format!(" {word} ")
    }
}

fn non_empty(masked: &str, r: &Range<usize>) -> bool {
    !masked[r.clone()].trim().is_empty()
}

impl Grammar {
    /// A placeholder instead of a reason ("TODO", "FIXME: explain"): the sentence is one of
    /// the placeholder words, or starts with one followed by a colon or a space.
    pub fn is_placeholder(&self, masked: &str) -> bool {
        let lower = masked.trim().to_lowercase();
        self.data.placeholders.iter().any(|p| {
            let p = p.to_lowercase();
            lower == p
                || lower
                    .strip_prefix(p.as_str())
                    .is_some_and(|rest| rest.starts_with([':', ' ']))
        })
    }

    /// Whether the sentence is a parenthetical remark: wholly in one pair of parentheses, as in
    /// Linux's "(It need not be in an `Arc`.)" after a requirement, or std's "(See below for an
    /// example.)". Parentheses set a remark apart from the text it explains, so the sentence is
    /// no item of its own: what it says belongs to the item before it. `masked` has its code
    /// spans masked, so a parenthesis in code ("`f()`") is not one of the sentence's.
    pub fn is_parenthetical(masked: &str) -> bool {
        let t = masked.trim();
        let Some(inner) = t
            .strip_suffix(").")
            .or_else(|| t.strip_suffix(')'))
            .and_then(|t| t.strip_prefix('('))
        else {
            return false;
        };
        // The opening parenthesis closes only at the end: "(a) b (c)" is no remark.
        let mut depth = 0usize;
        for c in inner.chars() {
            match c {
                '(' => depth += 1,
                ')' if depth == 0 => return false,
                ')' => depth -= 1,
                _ => {}
            }
        }
        depth == 0
    }

    /// Whether the sentence opens with a condition ("If ...", "When ...", "For ZSTs, ..."): its
    /// parts hold only under it, so they are never read as statements of their own.
    pub fn starts_with_condition(&self, masked: &str) -> bool {
        longest_opening(&masked.trim_start().to_lowercase(), &self.data.conditions).is_some()
    }

    /// Where a sentence that opens with a condition splits into the condition and what holds
    /// under it ("If `n` is non-zero, `p` must be non-null", "For ZSTs, `raw` must be
    /// dangling"): the condition's range, and where the rest starts (after the comma and a
    /// "then"). The condition runs to its first comma outside parentheses (code is masked), or
    /// ends with the condition's own comma ("for zsts,"). None for a condition that opens no
    /// clause (`conditions_without_clause`), without a comma, or with nothing after it.
    pub fn condition_clause(&self, masked: &str) -> Option<(Range<usize>, usize)> {
        let lower = lower_same_len(masked)?;
        let opener = longest_opening(&lower, &self.data.conditions)?;
        if self
            .data
            .conditions_without_clause
            .iter()
            .any(|c| c.eq_ignore_ascii_case(&opener))
        {
            return None;
        }
        let comma = if opener.ends_with(',') {
            opener.len() - 1
        } else {
            clause_comma(&lower, opener.len())?
        };
        let mut rest = comma + 1;
        rest += whitespace_len(&lower[rest..]);
        if starts_with_words(&lower[rest..], "then") {
            rest += "then".len();
            rest += whitespace_len(&lower[rest..]);
        }
        (!lower[rest..].trim().is_empty() && !lower[..comma].trim().is_empty())
            .then_some((0..comma, rest))
    }

    /// What the grammar says a condition means in other words (`condition_meaning`): "For
    /// ZSTs" (with or without its comma, in any case) reads "the type is a zero-sized type".
    pub fn condition_meaning(&self, text: &str) -> Option<&str> {
        let words = crate::text::fold_whitespace(text.trim_end_matches(',')).to_lowercase();
        self.data
            .condition_meanings
            .iter()
            .find(|m| m.words == words)
            .map(|m| m.reads.as_str())
    }

    /// In a list's introduction (`masked`, folded, lead-ins dropped): where the duration that it
    /// holds each item over starts, when its words are one of `duration_lead.following` and
    /// then a duration ("the following for the duration of the returned value").
    pub fn duration_lead(&self, masked: &str) -> Option<usize> {
        let rule = self.data.duration_lead.as_ref()?;
        let lower = lower_same_len(masked)?;
        rule.following.iter().find_map(|f| {
            let f = f.to_lowercase();
            if !starts_with_words(&lower, &f) {
                return None;
            }
            let start = f.len() + whitespace_len(&lower[f.len()..]);
            longest_opening(&lower[start..], &rule.openings).map(|_| start)
        })
    }

    /// A sentence that opens with how long it holds, up to its first comma outside
    /// parentheses: a duration that opens with one of `duration_lead.openings` ("For the
    /// duration of the lifetime annotated on this `ArcBorrow`, ..."), or one of
    /// `fronted_duration.life_openings` and `life_endings` around what lives ("When `CStr` is
    /// alive, ..."), which reads as `life` and those words. The duration in the words that
    /// follow a statement (masked like `masked`), and where the rest of the sentence starts;
    /// `None` where the rest names a duration of its own.
    pub fn fronted_duration(&self, masked: &str) -> Option<(String, usize)> {
        let lower = lower_same_len(masked)?;
        let comma = clause_comma(&lower, 0)?;
        let clause = masked[..comma].trim_end();
        let lower_clause = &lower[..clause.len()];
        let rest = comma + 1 + whitespace_len(&lower[comma + 1..]);
        let openings = &self.data.duration_lead.as_ref()?.openings;
        // A sentence that says its own duration as well gets no second one.
        if lower[rest..].trim().is_empty()
            || openings
                .iter()
                .any(|o| has_words(&lower[rest..], &o.to_lowercase()))
        {
            return None;
        }
        if longest_opening(lower_clause, openings).is_some() {
            return Some((clause.to_string(), rest));
        }
        let rule = self.data.fronted_duration.as_ref()?;
        let opening = longest_opening(lower_clause, &rule.life_openings)?;
        let ending = rule
            .life_endings
            .iter()
            .map(|e| e.to_lowercase())
            .find(|e| ends_with_words(lower_clause, e))?;
        let lives = clause.get(opening.len()..clause.len().checked_sub(ending.len())?)?;
        let lives = lives.trim();
        (!lives.is_empty()).then(|| (format!("{} {lives}", rule.life), rest))
    }

    /// Whether a condition is one of `opposite.words` ("Otherwise"): it holds where the
    /// condition before it does not.
    pub fn is_otherwise(&self, condition: &str) -> bool {
        let words = crate::text::fold_whitespace(condition.trim_end_matches([',', ':']));
        self.data
            .opposite
            .iter()
            .flat_map(|o| &o.words)
            .any(|w| w.eq_ignore_ascii_case(&words))
    }

    /// `words` with its first verb of `opposite.negations` turned into the other ("`T` is a
    /// ZST" as "`T` is not a ZST"), outside code spans; `None` without one.
    pub fn negated(&self, words: &str) -> Option<String> {
        let rule = self.data.opposite.as_ref()?;
        let folded = self.mask(words);
        let lower = lower_same_len(&folded.masked)?;
        // The earliest verb; at one place the rule listed first ("is not" before "is").
        let (at, rule) = rule
            .negations
            .iter()
            .filter_map(|n| word_at(&lower, &n.from.to_lowercase()).map(|at| (at, n)))
            .min_by_key(|&(at, _)| at)?;
        let masked = format!(
            "{}{}{}",
            &folded.masked[..at],
            rule.to,
            &folded.masked[at + rule.from.len()..]
        );
        Some(folded.unmask(&masked))
    }

    /// What a condition states after its opening word ("If `n` is non-zero" states "`n` is
    /// non-zero"), for the conditions of `conditions_read`; None for any other condition, or
    /// when nothing follows the word.
    pub fn after_condition_opener<'t>(&self, text: &'t str) -> Option<&'t str> {
        let lower = lower_same_len(text)?;
        let opener = longest_opening(&lower, &self.data.conditions_read)?;
        let rest = text[opener.len()..].trim_start();
        (!rest.is_empty()).then_some(rest)
    }

    /// Whether the sentence (lowercased) holds a quantifier outside code ("for all indices `0 < i < n`,
    /// ..."): what follows it is said of every value it ranges over, so its parts are no
    /// statements of their own; nor are they when it holds an exception ("..., except that
    /// `dest` does not need to be properly aligned"), which takes back part of what it says.
    fn holds_quantifier_or_exception(&self, lower: &str) -> bool {
        self.data
            .quantifiers
            .iter()
            .chain(&self.data.exceptions)
            .any(|q| has_words(lower, &q.to_lowercase()))
    }

    /// Every way the connectors split the sentence into a statement and a reason, connector
    /// by connector in the grammar's order, each from left to right.
    pub fn reasoned_splits(&self, masked: &str) -> Vec<Reasoned> {
        let Some(lower) = lower_same_len(masked) else {
            return Vec::new();
        };
        // A phrase of `not_connectors` may start before the connector ("once per"): the
        // words before `at` end with its head and the words from `at` open with its tail.
        let excluded = |at: usize| {
            let before = lower[..at].trim_end();
            let rest = lower[at..].trim_start_matches([',', ' ']);
            self.not_connector_cuts.iter().any(|(head, tail)| {
                (head.is_empty() || ends_with_words(before, head)) && starts_with_words(rest, tail)
            })
        };
        // Whether the words before `at` end with one of `words`.
        let after_one_of = |at: usize, words: &[String]| {
            let before = lower[..at].trim_end();
            words
                .iter()
                .any(|w| ends_with_words(before, &w.to_lowercase()))
        };
        // "the caller must ensure that ...": what comes before is a duty, not a reason. And
        // "Holding the lock does not guarantee that ...": a reason that denies its connector
        // gives no statement. (A denial earlier in the reason is a fact of its own: "it is not
        // null, so ...".)
        let no_reason = |at: usize| {
            after_one_of(at, &self.data.duty_words) || after_one_of(at, &self.data.denials)
        };
        // "Writing `dst` will be in bounds if the caller guarantees that `dst` is valid ...":
        // a condition in the clause that runs into the connector makes what follows it
        // hypothetical, so the sentence states neither side.
        let conditional_reason = |at: usize| {
            let clause = &lower[lower[..at].rfind(", ").map_or(0, |c| c + 2)..at];
            self.data
                .hypotheticals
                .iter()
                .any(|h| has_words(clause, &h.to_lowercase()))
        };
        // Where a connector that has its reason after it stands: "`r` is valid because `a <
        // b` so `c < d`" gives "because" the rest of the sentence as its reason, so "so" cannot
        // take what stands before it (with "because" inside) as its reason.
        let reason_after: Vec<usize> = self
            .data
            .connectors
            .iter()
            .filter(|c| c.reason == ReasonAt::After)
            .flat_map(|c| {
                let sep = separator(&c.word.to_lowercase());
                lower
                    .match_indices(&sep)
                    .map(|(pos, _)| pos)
                    .collect::<Vec<_>>()
            })
            .filter(|&pos| !excluded(pos))
            .collect();
        // "If `i < n`, `x` is added so `i < m`": what follows "so" holds only under the
        // condition, so it is no statement of its own.
        let conditional = self.starts_with_condition(masked);
        let mut out = Vec::new();
        for c in &self.data.connectors {
            let word = c.word.to_lowercase();
            match c.reason {
                ReasonAt::After | ReasonAt::Before => {
                    let sep = separator(&word);
                    for (pos, _) in lower.match_indices(&sep) {
                        if excluded(pos)
                            || (c.reason == ReasonAt::Before
                                && (conditional
                                    || no_reason(pos)
                                    || conditional_reason(pos)
                                    || reason_after.iter().any(|&a| a < pos)))
                        {
                            continue;
                        }
                        let (left, right) = (0..pos, pos + sep.len()..masked.len());
                        let split = if c.reason == ReasonAt::After {
                            Reasoned {
                                statement: left,
                                reason: right,
                                needs_known_reason: false,
                            }
                        } else {
                            Reasoned {
                                statement: right,
                                reason: left,
                                needs_known_reason: false,
                            }
                        };
                        if non_empty(masked, &split.statement) && non_empty(masked, &split.reason) {
                            out.push(split);
                        }
                    }
                }
                ReasonAt::Opening => {
                    if !starts_with_words(&lower, &word) || excluded(0) {
                        continue;
                    }
                    let start = word.len() + 1;
                    // The reason ends at a comma, or, in a sentence without one, where a code
                    // span opens the statement: "By type invariant `inner` is valid"; that
                    // split needs a known reason. After the standard's own "by", which only
                    // ever opens a justification, it may end at any word: "By the safety
                    // requirements ptr is valid", "by the function requirements the pointer
                    // is valid".
                    let needs_known_reason = !lower.contains(", ");
                    let any_word = word.eq_ignore_ascii_case(&self.data.justification_separator);
                    let mut ends: Vec<(usize, usize)> = if needs_known_reason {
                        lower
                            .match_indices(' ')
                            .map(|(pos, _)| pos)
                            .filter(|pos| {
                                any_word
                                    || lower[pos + 1..]
                                        .chars()
                                        .next()
                                        .and_then(mask_index)
                                        .is_some()
                            })
                            .map(|pos| (pos, pos + 1))
                            .collect()
                    } else {
                        lower
                            .match_indices(", ")
                            .map(|(pos, _)| (pos, pos + 2))
                            .collect()
                    };
                    // Of two such splits that read as well, the longer reason is the one meant:
                    // "By the type invariant of `ArrayLayout` we have ..." names the type.
                    if any_word && needs_known_reason {
                        ends.reverse();
                    }
                    for (pos, after) in ends {
                        if pos <= start {
                            continue;
                        }
                        let split = Reasoned {
                            statement: after..masked.len(),
                            reason: start..pos,
                            needs_known_reason,
                        };
                        if non_empty(masked, &split.statement) && non_empty(masked, &split.reason) {
                            out.push(split);
                        }
                    }
                }
            }
        }
        out
    }

    /// Where the predicates of a list stand ("`p` is valid, non-null and aligned" gives
    /// "`p` is valid", "non-null", "aligned"): split at every one of the grammar's separators,
    /// the longest separator first where several start at the same place; `None` when the
    /// sentence is not a list of 2 to `MAX_PREDICATES` non-empty parts or opens with a
    /// condition. A separator may also stand inside one predicate ("valid for reads and
    /// writes"); `groupings` gives the ways to join parts again.
    pub fn split_predicates(&self, masked: &str) -> Option<Vec<Range<usize>>> {
        if self.starts_with_condition(masked) {
            return None;
        }
        let lower = lower_same_len(masked)?;
        if self.holds_quantifier_or_exception(&lower) {
            return None;
        }
        let mut seps: Vec<String> = self
            .data
            .predicate_separators
            .iter()
            .map(|s| separator(&s.to_lowercase()))
            .collect();
        seps.sort_by_key(|s| std::cmp::Reverse(s.len()));
        let comma = separator(",");
        // Where each separator stands, and how long it is.
        let mut found: Vec<(usize, usize)> = Vec::new();
        let mut i = 0;
        while i < lower.len() {
            if let Some(sep) = seps.iter().find(|s| lower[i..].starts_with(s.as_str())) {
                found.push((i, sep.len()));
                i += sep.len();
                continue;
            }
            i += lower[i..].chars().next().map_or(1, char::len_utf8);
        }
        // A comma before one of `list_alternatives` (up to the next separator that is not a
        // comma) lists alternatives, which hold one at a time, not predicates that each hold:
        // "prevented by atomic intrinsics, the kernel user helper, or the lock".
        let is_comma = |&(at, len): &(usize, usize)| lower[at..at + len] == comma;
        let kept: Vec<(usize, usize)> = found
            .iter()
            .enumerate()
            .filter(|(k, sep)| {
                if !is_comma(sep) {
                    return true;
                }
                let from = sep.0 + sep.1;
                let to = found[k + 1..]
                    .iter()
                    .find(|s| !is_comma(s))
                    .map_or(lower.len(), |s| s.0);
                let run = format!(" {}", &lower[from..to]);
                !self
                    .data
                    .list_alternatives
                    .iter()
                    .any(|w| has_words(&run, &w.to_lowercase()))
            })
            .map(|(_, sep)| *sep)
            .collect();
        let mut parts = Vec::new();
        let mut start = 0;
        for (at, len) in kept {
            parts.push(start..at);
            start = at + len;
        }
        parts.push(start..masked.len());
        let ok = (2..=MAX_PREDICATES).contains(&parts.len())
            && parts.iter().all(|p| non_empty(masked, p));
        ok.then_some(parts)
    }

    /// Every way to join `n` consecutive parts of a list into two or more groups (each group a
    /// range of part indices), the finest first: grouping `k` cuts after part `i` when bit `i`
    /// of `2^(n-1) - 1 - k` is set.
    pub fn groupings(n: usize) -> Vec<Vec<Range<usize>>> {
        if n < 2 {
            return Vec::new();
        }
        let all = (1usize << (n - 1)) - 1;
        (0..all)
            .map(|k| {
                let cuts = all - k;
                let mut groups = Vec::new();
                let mut start = 0;
                for i in 0..n - 1 {
                    if cuts & (1 << i) != 0 {
                        groups.push(start..i + 1);
                        start = i + 1;
                    }
                }
                groups.push(start..n);
                groups
            })
            .collect()
    }

    /// The subjects (with their verbs) a later predicate of a list may share with the first
    /// one: the first part cut after each of its first words, longest first ("`p` is valid"
    /// gives "`p` is", "`p`"), but never just before one of `prefix_never_before`, inside
    /// the words of one predicate ("`i` is less than or equal to `n`" gives no "`i` is less
    /// than").
    pub fn shared_prefixes<'a>(&self, first: &'a str) -> Vec<&'a str> {
        let first = first.trim();
        let never_before = |at: usize| {
            let next = first[at + 1..].split(' ').next().unwrap_or("");
            self.data
                .prefix_never_before
                .iter()
                .any(|w| w.eq_ignore_ascii_case(next))
        };
        let mut cuts: Vec<usize> = first
            .match_indices(' ')
            .map(|(i, _)| i)
            .take(MAX_PREFIX_WORDS)
            .filter(|&i| !never_before(i))
            .collect();
        cuts.reverse();
        cuts.into_iter().map(|i| &first[..i]).collect()
    }

    /// The prefixes of `shared_prefixes` that are a subject, or a subject and its verb (the
    /// last word one of `predicate_verbs`): what a statement after its reason may share.
    /// Never more: "`idx` < `len`, so readable" does not read "`idx` is less than readable".
    pub fn shared_subjects<'a>(&self, reason: &'a str) -> Vec<&'a str> {
        self.shared_prefixes(reason)
            .into_iter()
            .filter(|p| match p.rsplit_once(' ') {
                None => true,
                Some((_, last)) => self
                    .data
                    .predicate_verbs
                    .iter()
                    .any(|v| v.eq_ignore_ascii_case(last)),
            })
            .collect()
    }

    /// The readings a checked form gives ("`x` is checked above to be valid" → "`x` is
    /// valid"), each with its form, in the grammar's order; the returned text is masked like
    /// `masked`.
    pub fn checked_readings(&self, masked: &str) -> Vec<(String, &CheckedForm)> {
        let Some(lower) = lower_same_len(masked) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for form in &self.data.checked_forms {
            let sep = format!(" {} ", form.words.to_lowercase());
            let Some(pos) = lower.find(&sep) else {
                continue;
            };
            let mut rest = masked[pos + sep.len()..].trim_end();
            rest = rest.strip_suffix('.').unwrap_or(rest).trim_end();
            for t in &form.trailing {
                let cut = rest.len().saturating_sub(t.len());
                if rest.is_char_boundary(cut)
                    && rest[cut..].eq_ignore_ascii_case(t)
                    && rest[..cut].ends_with(' ')
                {
                    rest = rest[..cut].trim_end();
                }
            }
            if pos == 0 || rest.is_empty() || self.checked_elsewhere(rest) {
                continue;
            }
            out.push((format!("{} {} {rest}", &masked[..pos], form.to), form));
        }
        out
    }

    /// Whether what a checked form says the value was checked to be ends by naming where the
    /// check stands, one of `checked_elsewhere` and a code span after some words of its own:
    /// "non-null in `locate_handle_buffer`" (but not "in `0..len`", which is what was checked).
    fn checked_elsewhere(&self, rest: &str) -> bool {
        let Some((head, last)) = rest.rsplit_once(' ') else {
            return false;
        };
        let mut chars = last.chars();
        let one_span = chars.next().and_then(mask_index).is_some() && chars.next().is_none();
        let Some((said, word)) = head.rsplit_once(' ') else {
            return false;
        };
        one_span
            && !said.trim().is_empty()
            && self
                .data
                .checked_elsewhere
                .iter()
                .any(|w| w.eq_ignore_ascii_case(word))
    }

    /// "S is a N which P" as the statement "S P" (masked like `masked`) and where "S is a N",
    /// its reason, stands: for each opening and pronoun in the grammar's order, at the first
    /// opening and the first pronoun after it.
    pub fn relative_readings(&self, masked: &str) -> Vec<RelativeReading> {
        let (Some(rc), Some(lower)) = (&self.data.relative_clause, lower_same_len(masked)) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for opening in &rc.openings {
            let sep = format!(" {} ", opening.to_lowercase());
            let Some(at) = lower.find(&sep) else {
                continue;
            };
            let subject = &masked[..at];
            if subject.trim().is_empty() || subject.split(' ').count() > MAX_PREFIX_WORDS {
                continue;
            }
            let noun_start = at + sep.len();
            for pronoun in &rc.pronouns {
                let pronoun = format!(" {} ", pronoun.to_lowercase());
                let Some(end) = lower[noun_start..].find(&pronoun).map(|e| e + noun_start) else {
                    continue;
                };
                // "a reference, which is ...": the comma belongs to the pronoun.
                let noun = lower[noun_start..end]
                    .strip_suffix(',')
                    .unwrap_or(&lower[noun_start..end]);
                let words: Vec<&str> = noun.split(' ').collect();
                let short = !noun.trim().is_empty()
                    && words.len() <= rc.max_noun_words
                    && !noun.contains(',');
                let plain = !words
                    .iter()
                    .any(|w| rc.not_in_noun.iter().any(|n| n.eq_ignore_ascii_case(w)));
                let predicate = &masked[end + pronoun.len()..];
                if short && plain && non_empty(masked, &(end + pronoun.len()..masked.len())) {
                    out.push((format!("{subject} {predicate}"), 0..noun_start + noun.len()));
                }
            }
        }
        out
    }

    /// The statement a zero-size emphasis stresses, without the emphasis: "`p` must be
    /// aligned, even if `T` has size 0" and "Even for zero-length slices, `p` must be aligned"
    /// give where "`p` must be aligned" stands. `None` when no clause of the sentence opens
    /// with an emphasis word and names a zero size, in words or code ("if `T` has size `0`";
    /// `codes` are the sentence's code spans).
    pub fn without_zero_size_emphasis(
        &self,
        masked: &str,
        codes: &[String],
    ) -> Option<Range<usize>> {
        let z = self.data.zero_size_emphasis.as_ref()?;
        let lower = lower_same_len(masked)?;
        let names_zero = |clause: &str| {
            let text: String = clause
                .chars()
                .map(|c| match mask_index(c).and_then(|k| codes.get(k)) {
                    Some(code) => code.to_lowercase(),
                    None => c.to_string(),
                })
                .collect();
            z.marks.iter().any(|m| text.contains(&m.to_lowercase()))
        };
        for opening in &z.openings {
            let opening = opening.to_lowercase();
            if starts_with_words(&lower, &opening) {
                let comma = lower.find(", ")?;
                if names_zero(&lower[..comma]) && non_empty(masked, &(comma + 2..masked.len())) {
                    return Some(comma + 2..masked.len());
                }
                continue;
            }
            let Some(at) = lower.find(&format!(" {opening} ")) else {
                continue;
            };
            let end = if lower[..at].ends_with(',') {
                at - 1
            } else {
                at
            };
            if names_zero(&lower[at..]) && non_empty(masked, &(0..end)) {
                return Some(0..end);
            }
        }
        None
    }

    /// Where a statement that is said again in other words stands, and where its restatement
    /// (from the marker on) stands: "`p` has a non-zero reference count, i.e. it must be
    /// ensured that the count can't drop to zero" gives "`p` has a non-zero reference count"
    /// and "i.e. it must be ...". `None` when no restatement marker (outside code) follows
    /// some text.
    pub fn restated(&self, masked: &str) -> Option<(Range<usize>, Range<usize>)> {
        let lower = lower_same_len(masked)?;
        let at = self
            .data
            .restatements
            .iter()
            .filter_map(|m| {
                let m = m.to_lowercase();
                lower
                    .match_indices(&m)
                    .map(|(at, _)| at)
                    .find(|&at| lower[at + m.len()..].starts_with([' ', ',']))
            })
            .min()?;
        let restatement = at + lower[at..].find(|c: char| c != ',' && c != ' ')?..masked.len();
        non_empty(masked, &(0..at)).then_some((0..at, restatement))
    }

    /// Where the statement after an opening aside stands ("As with [`f`], it is up to the
    /// caller to ...": after the aside's first comma); `None` when the sentence opens with no
    /// aside of the grammar's `asides`.
    pub fn without_aside(&self, masked: &str) -> Option<Range<usize>> {
        let lower = lower_same_len(masked)?;
        if !self
            .data
            .asides
            .iter()
            .any(|a| starts_with_words(&lower, &a.to_lowercase()))
        {
            return None;
        }
        let comma = lower.find(", ")?;
        let rest = comma + 2..masked.len();
        non_empty(masked, &rest).then_some(rest)
    }

    /// The predicate two subjects share without the word that spreads it over both ("are
    /// both readable", "must each be valid"), which stands first or second in it.
    fn without_distributive(&self, rest: &str) -> String {
        let words: Vec<&str> = rest.split(' ').collect();
        let spread = words.iter().take(2).position(|w| {
            self.data
                .subject_distributives
                .iter()
                .any(|d| d.eq_ignore_ascii_case(w))
        });
        match spread {
            Some(i) => [&words[..i], &words[i + 1..]].concat().join(" "),
            None => rest.to_string(),
        }
    }

    /// Two code subjects sharing one predicate ("both `a` and `b` is aligned", after the
    /// rewrites; "`a` and `b` must each be valid"): the predicate once for each subject,
    /// masked like `masked` (a slice of `f`'s). A span that compares on its own or is a side
    /// of a comparison read as words is no such subject: "`n.leading_zeros() == 0` and
    /// `a < n`" are two statements, and neither says that anything is less than `n`.
    pub fn split_subjects(&self, f: &Folded, masked: &str) -> Option<[String; 2]> {
        let conj = self.data.subject_conjunction.as_deref()?.to_lowercase();
        let lower = lower_same_len(masked)?;
        let mut at = 0;
        for o in &self.data.subject_openings {
            let o = o.to_lowercase();
            if starts_with_words(&lower, &o) {
                at = o.len() + 1;
                break;
            }
        }
        // A subject is a code span, or a lone capital letter, which names a type parameter
        // ("If K and V can be sent across threads").
        let code = |i: usize| {
            let mut chars = masked.get(i..)?.chars();
            let c = chars.next()?;
            if let Some(k) = crate::grammar::mask_index(c) {
                let span = &masked[i..i + c.len_utf8()];
                let alone = !f.compared.contains(&k) && !self.is_own_comparison(f, span);
                return alone.then_some(c.len_utf8());
            }
            (c.is_ascii_uppercase() && chars.next() == Some(' ')).then_some(1)
        };
        let first = code(at)?;
        let sep = format!(" {conj} ");
        let second_at = at + first + sep.len();
        if lower.get(at + first..second_at)? != sep {
            return None;
        }
        let second = code(second_at)?;
        let rest = masked.get(second_at + second..)?;
        let rest = self.without_distributive(rest.strip_prefix(' ')?);
        if rest.trim().is_empty() {
            return None;
        }
        Some([
            format!("{} {rest}", &masked[at..at + first]),
            format!("{} {rest}", &masked[second_at..second_at + second]),
        ])
    }

    /// The length of the word of `clause_openings` that `text` opens with (as a whole word, in
    /// any case), if it does.
    pub(crate) fn clause_opening(&self, text: &str) -> Option<usize> {
        self.clause_opening_lower(&lower_same_len(text)?)
    }

    fn clause_opening_lower(&self, lower: &str) -> Option<usize> {
        self.data.clause_openings.iter().find_map(|w| {
            let w = w.to_lowercase();
            starts_with_words(lower, &w).then_some(w.len())
        })
    }

    /// The clause a later part of a list holds when it opens with a word of `clause_openings`
    /// ("ensure that `p` is valid and that the caller owns the lock": "the caller owns the
    /// lock"); such a clause has a subject of its own. `None` for any other part, and when
    /// the word is no conjunction: a subject followed by its verb ("..., and that is why ...")
    /// or a determiner of a noun followed by its verb ("..., and that region is initialized").
    pub fn own_clause<'a>(&self, part: &'a str) -> Option<&'a str> {
        let part = part.trim_start();
        let lower = lower_same_len(part)?;
        let at = self
            .clause_opening_lower(&lower)
            .filter(|&n| lower.len() > n)?
            + 1;
        // Words without the punctuation that may end them ("that is, ...").
        let mut words = lower[at..]
            .split(' ')
            .map(|w| w.trim_end_matches([',', ';', ':']));
        let (first, second) = (words.next().unwrap_or(""), words.next());
        let is_verb = |w: &str| self.is_predicate_verb(w);
        let pronoun = self
            .data
            .subjects
            .iter()
            .flat_map(|g| &g.words)
            .chain(&self.data.not_subjects)
            .any(|w| w.eq_ignore_ascii_case(first));
        let code = crate::grammar::opens_with_code(first);
        let noun_then_verb = !pronoun && !code && second.is_some_and(is_verb);
        let rest = part[at..].trim_start();
        (!is_verb(first) && !noun_then_verb && !rest.is_empty()).then_some(rest)
    }

    /// Whether `w` is one of `predicate_verbs`.
    fn is_predicate_verb(&self, w: &str) -> bool {
        self.data
            .predicate_verbs
            .iter()
            .any(|v| v.eq_ignore_ascii_case(w))
    }

    /// Whether the statement of a reasoned sentence only concludes that the operation may go
    /// ahead ("it is safe to dereference it", "we can create a `ListArc`", or with the
    /// operation first, "the pointer dereference is safe"): it names no requirement. Not when
    /// it goes on to claim a fact ("it is safe to assume that `p` is aligned").
    pub fn is_conclusion(&self, statement: &str) -> bool {
        let Some(lower) = lower_same_len(statement.trim()) else {
            return false;
        };
        // "the pointer dereference is safe": the operation first, the conclusion last. Only
        // where the words before it name the operation and claim nothing themselves: no comma
        // and no reason of their own ("all this does is leak elements, which is safe", "`i`
        // cannot overflow, so the call to `add` is safe" state a fact first).
        let unpunctuated = lower.trim_end_matches(['.', ';', ',']).trim_end();
        if self.data.conclusion_endings.iter().any(|e| {
            let e = e.to_lowercase();
            if !ends_with_words(unpunctuated, &e) {
                return false;
            }
            let head = unpunctuated[..unpunctuated.len() - e.len()].trim_end();
            !head.is_empty() && !head.contains(',') && self.reasoned_splits(head).is_empty()
        }) {
            return true;
        }
        self.data.conclusions.iter().any(|c| {
            let c = c.to_lowercase();
            if !starts_with_words(&lower, &c) {
                return false;
            }
            let rest = lower[c.len()..].trim_start();
            !rest.is_empty()
                && !self
                    .data
                    .conclusion_exceptions
                    .iter()
                    .any(|e| starts_with_words(rest, &e.to_lowercase()))
        })
    }

    /// Whether a statement ends with a participle of `agent_participles`, so that a "by" after
    /// it names who does it ("The lock is held by another thread") rather than a justification.
    pub fn ends_with_agent_participle(&self, statement: &str) -> bool {
        ends_with_one_of(statement, &self.data.agent_participles)
    }

    /// Whether a statement ends with a participle of `agent_only_participles`, after which
    /// "by" names who does it even where a justification's words follow ("`'a` is defined by
    /// the caller").
    pub fn ends_with_agent_only_participle(&self, statement: &str) -> bool {
        ends_with_one_of(statement, &self.data.agent_only_participles)
    }

    /// Whether a later part of a list names a subject of its own: a verb of `predicate_verbs`
    /// stands after its first word ("the private data area is initialized"), where a part that
    /// shares the list's subject opens with its predicate ("aligned", "is aligned", "has a
    /// non-zero reference count").
    pub fn names_own_subject(&self, part: &str) -> bool {
        let lower = part.trim().to_lowercase();
        lower
            .split(' ')
            .skip(1)
            .any(|w| self.is_predicate_verb(w.trim_end_matches([',', ';', ':'])))
    }

    /// Whether `part` opens with a subject of its own and its verb: a verb of
    /// `predicate_verbs` among its first `CLAUSE_VERB_WORDS` words, after a first word that is
    /// not one ("the caller must hold the lock", "other CPUs may not access it"). Not a part
    /// that opens with a connector's first word ("thus the negation cannot overflow" is a
    /// conclusion, read by the connector), a condition or a relative pronoun ("which it is").
    pub fn opens_clause(&self, part: &str) -> bool {
        let lower = part.trim().to_lowercase();
        let mut words = lower
            .split(' ')
            .map(|w| w.trim_end_matches([',', ';', ':']));
        let Some(first) = words.next() else {
            return false;
        };
        let first_of = |phrase: &str| {
            phrase
                .trim_start_matches([',', ' '])
                .split(' ')
                .next()
                .is_some_and(|w| w.trim_end_matches(',').eq_ignore_ascii_case(first))
        };
        let opens_otherwise = self.data.connectors.iter().any(|c| first_of(&c.word))
            || self.data.conditions.iter().any(|c| first_of(c))
            || self
                .data
                .relative_clause
                .as_ref()
                .is_some_and(|r| r.pronouns.iter().any(|p| first_of(p)));
        !self.is_predicate_verb(first)
            && !opens_otherwise
            && words
                .take(CLAUSE_VERB_WORDS - 1)
                .any(|w| self.is_predicate_verb(w))
    }

    /// Whether `part` opens with one of `clause_subjects` ("we have unique access", "the
    /// private data is initialized").
    fn opens_with_clause_subject(&self, part: &str) -> bool {
        let lower = part.trim().to_lowercase();
        self.data
            .clause_subjects
            .iter()
            .any(|w| starts_with_words(&lower, &w.to_lowercase()))
    }

    /// Whether a list read with these parts (`true` for each recognised one; `last` is the
    /// last part's text) is a reading at all: every part is recognised, or at least two parts
    /// are (of three or more), or the first of two is, and the last part is either recognised
    /// or opens with a verb of `predicate_verbs` ("... and has a non-zero reference count") or
    /// with a subject of its own, a code span or subject words ("... and `*p` is owned by this
    /// guard", "..., and it was added"). An
    /// unrecognised last part without its own verb or subject may be a modifier of the whole
    /// list ("... and writes for `len` bytes"), so it does not count as a predicate.
    ///
    /// After a comma (`after_comma`: "..., and the caller must hold the lock"), when the first
    /// part is recognised, a last part that `opens_clause` is a clause with a subject of its
    /// own too: a modifier of the list is not cut off by a comma, and one that holds a verb
    /// holds it later ("... and writes for as long as the guard is alive"). Without the comma
    /// so is a last part that opens with one of `clause_subjects` ("... and we have unique
    /// access").
    pub fn list_reading_holds(&self, recognised: &[bool], last: &str, after_comma: bool) -> bool {
        let n = recognised.len();
        let count = recognised.iter().filter(|r| **r).count();
        if count == n {
            return true;
        }
        let last_stands = recognised.last().copied().unwrap_or(false)
            || self.own_clause(last).is_some()
            || (recognised.first() == Some(&true)
                && (after_comma || self.opens_with_clause_subject(last))
                && self.opens_clause(last))
            || {
                let lower = last.trim().to_lowercase();
                self.data
                .predicate_verbs
                .iter()
                .any(|v| starts_with_words(&lower, &v.to_lowercase()))
                // A code span (with or without "the") or a subject word first is a subject of
                // its own ("... and `*p` is owned by this guard", "..., and the `Arc` must not
                // have been destroyed", "..., and it was added to the VFS"): a clause, never a
                // modifier of the list.
                || crate::grammar::opens_with_code(&lower)
                || crate::grammar::without_article_before_code(&lower).is_some()
                || self
                    .data
                    .subjects
                    .iter()
                    .flat_map(|g| &g.words)
                    .any(|w| starts_with_words(&lower, &w.to_lowercase()))
            };
        (count >= 2 || (n == 2 && recognised[0])) && last_stands
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::RawGrammar;

    fn grammar() -> Grammar {
        let raw: RawGrammar = toml::from_str(
            r#"
            lead_ins = ["safety:"]
            justification_separator = "by"
            justification_conjunction = "and"
            predicate_separators = [", and", ",", "and"]
            prefix_never_before = ["or"]
            list_alternatives = ["or"]
            not_connectors = ["so that", "as long as", "once per"]
            duty_words = ["must", "to"]
            denials = ["not", "nothing", "no longer"]
            conclusions = ["it is safe to", "we can"]
            conclusion_exceptions = ["assume", "only"]
            conclusion_endings = ["is safe"]
            conditions = ["if", "only if", "for zsts,", "whether", "unless"]
            conditions_without_clause = ["whether"]
            conditions_read = ["if", "only if"]
            placeholders = ["todo", "fixme"]
            predicate_verbs = ["has", "points"]
            clause_subjects = ["the"]

            subject_conjunction = "and"
            subject_openings = ["both"]
            subject_distributives = ["both", "each"]
            asides = ["as with"]
            hypotheticals = ["if", "unless"]
            restatements = [", i.e."]
            clause_openings = ["that"]
            quantifiers = ["for all"]
            exceptions = ["except"]
            checked_elsewhere = ["in"]
            comparison_joiners = ["==", "&&"]

            [[subjects]]
            words = ["it"]

            [[code_comparison]]
            op = "<"
            words = "is less than"

            [[checked_form]]
            words = "is checked to be"
            to = "is"
            justification = "check-above"
            trailing = ["above"]
            [[connector]]
            word = "because"
            reason = "after"
            [[connector]]
            word = ", so"
            reason = "before"
            [[connector]]
            word = "as"
            reason = "opening"
            [[connector]]
            word = "ensure that"
            reason = "before"
            [[connector]]
            word = "per"
            reason = "after"

            [relative_clause]
            openings = ["is a", "is an"]
            pronouns = ["which", "that"]
            max_noun_words = 3
            not_in_noun = ["to", "of"]

            [zero_size_emphasis]
            openings = ["even for", "even if"]
            marks = ["zero-length", "size 0"]

            [duration_lead]
            following = ["the following"]
            openings = ["for the duration of", "during"]

            [fronted_duration]
            life_openings = ["when", "as long as"]
            life_endings = ["is alive"]
            life = "for the life of"
            "#,
        )
        .expect("test grammar parses");
        Grammar::compile(&raw).expect("test grammar compiles")
    }

    fn parts<'a>(s: &'a str, r: &Reasoned) -> (&'a str, &'a str) {
        (&s[r.statement.clone()], &s[r.reason.clone()])
    }

    #[test]
    fn a_parenthetical_remark_is_one_sentence_wholly_in_parentheses() {
        for remark in [
            "(It need not be in an `Arc`.)",
            "(See below.).",
            " (a (b) c) ",
        ] {
            assert!(Grammar::is_parenthetical(remark), "{remark}");
        }
        for not_remark in ["(a) b (c)", "(a) and b.", "a (b)", "(a", "()x", "(a))"] {
            assert!(!Grammar::is_parenthetical(not_remark), "{not_remark}");
        }
    }

    #[test]
    fn so_takes_no_reason_from_a_condition_or_a_because() {
        let g = grammar();
        let splits = |s: &str| -> Vec<(String, String)> {
            g.reasoned_splits(s)
                .iter()
                .map(|r| {
                    let (a, b) = parts(s, r);
                    (a.to_string(), b.to_string())
                })
                .collect()
        };
        // The reason of "because" runs to the end; "so" stands inside it.
        assert_eq!(
            splits("p is valid because a < b, so c < d"),
            vec![("p is valid".to_string(), "a < b, so c < d".to_string())]
        );
        // What follows "so" after a condition holds only under it.
        assert!(splits("if a < b, c is added, so c < d").is_empty());
        assert_eq!(splits("a < b, so c < d").len(), 1);
    }

    #[test]
    fn connectors_in_each_position() {
        let g = grammar();
        let s = "p is valid because we checked";
        assert_eq!(
            g.reasoned_splits(s)
                .iter()
                .map(|r| parts(s, r))
                .collect::<Vec<_>>(),
            vec![("p is valid", "we checked")]
        );
        let s = "we own it, so p is valid";
        assert_eq!(
            parts(s, &g.reasoned_splits(s)[0]),
            ("p is valid", "we own it")
        );
        let s = "As we own it, p is valid";
        assert_eq!(
            parts(s, &g.reasoned_splits(s)[0]),
            ("p is valid", "we own it")
        );
    }

    #[test]
    fn an_opening_reason_without_its_comma_ends_where_code_opens_the_statement() {
        let g = grammar();
        // Masked code spans, as `Grammar::fold` leaves them. With a comma, the comma alone ends
        // the reason; without one, the split needs a known reason.
        for (s, needs_known_reason) in [
            ("As \u{E000} is ours \u{E001} is valid", true),
            ("As \u{E000} is ours, \u{E001} is valid", false),
        ] {
            let splits = g.reasoned_splits(s);
            assert_eq!(splits.len(), 1, "{s}");
            assert_eq!(
                parts(s, &splits[0]),
                ("\u{E001} is valid", "\u{E000} is ours")
            );
            assert_eq!(splits[0].needs_known_reason, needs_known_reason);
        }
    }

    #[test]
    fn a_restatement_is_a_part_of_its_own() {
        let g = grammar();
        let cut = |s: &str| {
            g.restated(s)
                .map(|(a, b)| (s[a].to_string(), s[b].to_string()))
        };
        assert_eq!(
            cut("p has a count, i.e. it cannot drop to zero"),
            Some((
                "p has a count".to_string(),
                "i.e. it cannot drop to zero".to_string()
            ))
        );
        assert_eq!(
            cut("p is initialized, i.e., valid"),
            Some(("p is initialized".to_string(), "i.e., valid".to_string()))
        );
        assert_eq!(cut(", i.e. nothing before"), None);
        assert_eq!(cut("p is valid, i.e.x"), None);
    }

    #[test]
    fn a_duty_is_no_reason() {
        let g = grammar();
        let s = "the checks ensure that p is valid";
        assert_eq!(
            parts(s, &g.reasoned_splits(s)[0]),
            ("p is valid", "the checks")
        );
        assert!(g
            .reasoned_splits("also, callers must ensure that p is valid")
            .is_empty());
        assert!(g
            .reasoned_splits("it is up to you to ensure that p is valid")
            .is_empty());
        // A word that only ends like a duty word is none.
        assert_eq!(
            g.reasoned_splits("the checks into ensure that p is valid")
                .len(),
            1
        );
    }

    /// Asserts how many ways each sentence splits into a statement and a reason.
    fn assert_splits(g: &Grammar, expected: &[(&str, usize)]) {
        for &(s, n) in expected {
            assert_eq!(g.reasoned_splits(s).len(), n, "{s}");
        }
    }

    #[test]
    fn a_denial_is_no_reason() {
        assert_splits(
            &grammar(),
            &[
                ("holding the lock does not ensure that p is valid", 0),
                ("nothing ensure that p is valid", 0),
                ("the invariants no longer ensure that p is valid", 0),
                // Only whole words deny ("cannot" ends with "not" only as letters), and only
                // right before the connector: earlier, a denial is a fact of the reason.
                ("cannot ensure that p is valid", 1),
                ("q is not null, so p is valid", 1),
            ],
        );
    }

    #[test]
    fn a_hypothesis_in_the_reasons_last_clause_splits_nothing() {
        assert_splits(
            &grammar(),
            &[
                (
                    "writes are in bounds if the caller ensure that p is valid",
                    0,
                ),
                ("it stays valid unless the lock ensure that p is valid", 0),
                // Only in the clause that runs into the connector, and only as a whole word: a
                // condition before a comma is a clause of its own, and "gift" holds no "if".
                (
                    "q is checked if needed, and the checks ensure that p is valid",
                    1,
                ),
                ("the gift ensure that p is valid", 1),
            ],
        );
    }

    #[test]
    fn a_conclusion_names_the_operation_only() {
        let g = grammar();
        for s in [
            "it is safe to unlock it",
            "It is safe to call `f`.",
            "  we can create a `ListArc`",
        ] {
            assert!(g.is_conclusion(s), "{s}");
        }
        for s in [
            // A fact after the words, or a limit on the operation.
            "we can assume that p is aligned",
            "we can only read it once",
            // Nothing after them, or not at the start, or only part of a word.
            "it is safe to",
            "p is valid, so it is safe to read it",
            "we cannot read it",
        ] {
            assert!(!g.is_conclusion(s), "{s}");
        }
        // The operation first: only where the words before the ending name it and claim
        // nothing of their own.
        for s in [
            "the pointer dereference is safe",
            "Reading from `p` is safe.",
        ] {
            assert!(g.is_conclusion(s), "{s}");
        }
        for s in [
            "is safe",
            "all this does is leak elements, which is safe",
            "p is aligned because the cast is safe",
            "the cast is safer",
            "the cast to \u{fc} is unsafe",
            // A cut seven bytes from the end would fall inside the two bytes of the "ü".
            "x\u{fc}abcdef",
        ] {
            assert!(!g.is_conclusion(s), "{s}");
        }
    }

    #[test]
    fn excluded_connectors_do_not_split() {
        let g = grammar();
        assert!(g.reasoned_splits("we wait, so that p is valid").is_empty());
        assert!(g
            .reasoned_splits("as long as we hold it, p is valid")
            .is_empty());
        // A phrase that starts before its connector: "per" after "once" counts, it gives no
        // reason; elsewhere "per" still gives one.
        assert!(g
            .reasoned_splits("we call init once per lock, namely here")
            .is_empty());
        let text = "p is valid per the invariant";
        let splits = g.reasoned_splits(text);
        assert_eq!(
            splits.first().map(|r| parts(text, r)),
            Some(("p is valid", "the invariant"))
        );
    }

    #[test]
    fn lists_split_longest_separator_first() {
        let g = grammar();
        let text = "p is valid, non-null, and aligned";
        let parts = g
            .split_predicates(text)
            .map(|v| v.into_iter().map(|r| &text[r]).collect::<Vec<_>>());
        assert_eq!(parts, Some(vec!["p is valid", "non-null", "aligned"]));
        assert_eq!(g.split_predicates("p is valid"), None);
        assert_eq!(
            g.split_predicates("p is a heap, i.e. for all i, a and b"),
            None
        );
        assert!(g.split_predicates("p is valid and good for alls").is_some());
        assert_eq!(
            g.split_predicates("p is like q, except that p is aligned"),
            None
        );
        assert!(g
            .split_predicates("p is valid and exceptional, aligned")
            .is_some());
        assert_eq!(g.split_predicates("if p is null, q is valid"), None);
        assert_eq!(g.split_predicates("p is valid, , aligned"), None);
    }

    #[test]
    fn two_subjects_drop_the_spreading_word() {
        let g = grammar();
        assert_eq!(
            g.split_subjects(
                &Folded::default(),
                "\u{e000} and \u{e001} must each be valid"
            ),
            Some([
                "\u{e000} must be valid".to_string(),
                "\u{e001} must be valid".to_string()
            ])
        );
        assert_eq!(
            g.split_subjects(
                &Folded::default(),
                "\u{e000} and \u{e001} are both readable"
            ),
            Some([
                "\u{e000} are readable".to_string(),
                "\u{e001} are readable".to_string()
            ])
        );
        // A third word is part of the predicate.
        assert_eq!(
            g.split_subjects(&Folded::default(), "\u{e000} and \u{e001} hold for both"),
            Some([
                "\u{e000} hold for both".to_string(),
                "\u{e001} hold for both".to_string()
            ])
        );
    }

    #[test]
    fn relative_clause_about_the_subject_only() {
        let g = grammar();
        let s = "p is a reference which is valid";
        let read = g.relative_readings(s);
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].0, "p is valid");
        assert_eq!(&s[read[0].1.clone()], "p is a reference");
        let s = "p is an odd pointer, that points to x";
        assert_eq!(g.relative_readings(s)[0].0, "p points to x");
        assert_eq!(
            &s[g.relative_readings(s)[0].1.clone()],
            "p is an odd pointer"
        );
        // The clause may be about another noun, or the noun is too long to be a name.
        assert!(g
            .relative_readings("p is a pointer to a struct which is valid")
            .is_empty());
        assert!(g
            .relative_readings("p is a very long odd name which is valid")
            .is_empty());
        assert!(g.relative_readings("p is a reference which").is_empty());
    }

    #[test]
    fn zero_size_emphasis_is_dropped_only_for_zero_sizes() {
        let g = grammar();
        let cut = |s: &str| {
            g.without_zero_size_emphasis(s, &[])
                .map(|r| s[r].to_string())
        };
        assert_eq!(
            cut("p must be aligned, even if T has size 0."),
            Some("p must be aligned".to_string())
        );
        assert_eq!(
            cut("p is non-null even for zero-length slices"),
            Some("p is non-null".to_string())
        );
        assert_eq!(
            cut("Even for zero-length slices, p is aligned"),
            Some("p is aligned".to_string())
        );
        assert_eq!(cut("p stays valid even if q is read"), None);
        assert_eq!(cut("p is valid"), None);
        // A size named in code: "if `T` has size `0`".
        let codes = ["T".to_string(), "0".to_string()];
        let coded = "Even if \u{e000} has size \u{e001}, p is aligned";
        assert_eq!(
            g.without_zero_size_emphasis(coded, &codes)
                .map(|r| &coded[r]),
            Some("p is aligned")
        );
        let other = ["T".to_string(), "n".to_string()];
        assert_eq!(g.without_zero_size_emphasis(coded, &other), None);
    }

    #[test]
    fn an_opening_aside_is_left_out() {
        let g = grammar();
        let cut = |s: &str| g.without_aside(s).map(|r| s[r].to_string());
        assert_eq!(
            cut("As with f, the caller must ensure that p is valid"),
            Some("the caller must ensure that p is valid".to_string())
        );
        assert_eq!(cut("As with f"), None);
        assert_eq!(cut("As we hold the lock, p is valid"), None);
    }

    #[test]
    fn a_last_part_with_its_own_subject_stands() {
        let g = grammar();
        assert!(g.list_reading_holds(&[true, true, false], "\u{e000} is owned by us", false));
        assert!(!g.list_reading_holds(&[true, true, false], "writes for n bytes", false));
        assert!(g.list_reading_holds(&[true, true, false], "has a count", false));
        assert!(g.list_reading_holds(&[true, false], "it was added", false));
        assert!(!g.list_reading_holds(&[true, false], "items were added", false));
        // After a comma, a verb among the first words names a subject of its own.
        assert!(g.list_reading_holds(&[true, false], "other items has a count", true));
        assert!(g.list_reading_holds(&[true, false], "the caller has it", true));
        assert!(!g.list_reading_holds(&[true, false], "writes for as long as it has", true));
        // Without it, only a subject of `clause_subjects` opens a clause.
        assert!(g.list_reading_holds(&[true, false], "the list has a count", false));
        assert!(!g.list_reading_holds(&[true, false], "other items has a count", false));
        assert!(!g.list_reading_holds(&[false, false], "the list has a count", false));
        assert!(!g.opens_clause("has a count"));
        assert!(g.opens_clause("the list has a count"));
        assert!(!g.opens_clause("writes to the buffer that has"));
    }

    #[test]
    fn groupings_finest_first_and_never_whole() {
        assert_eq!(Grammar::groupings(2), vec![vec![0..1, 1..2]]);
        assert_eq!(
            Grammar::groupings(3),
            vec![vec![0..1, 1..2, 2..3], vec![0..2, 2..3], vec![0..1, 1..3],]
        );
        assert_eq!(Grammar::groupings(8).len(), 127);
        assert!(Grammar::groupings(1).is_empty());
    }

    #[test]
    fn prefixes_longest_first() {
        let g = grammar();
        assert_eq!(g.shared_prefixes("p is valid"), vec!["p is", "p"]);
    }

    #[test]
    fn no_prefix_ends_inside_one_predicate() {
        let g = grammar();
        assert_eq!(
            g.shared_prefixes("i is less than or equal to n"),
            vec![
                "i is less than or equal",
                "i is less than or",
                "i is less",
                "i is",
                "i"
            ]
        );
    }

    #[test]
    fn commas_before_or_list_alternatives() {
        let g = grammar();
        let text = "races are prevented by a, b, or c and p is valid";
        let parts = g.split_predicates(text).expect("a list");
        let parts: Vec<&str> = parts.iter().map(|r| &text[r.clone()]).collect();
        assert_eq!(parts, ["races are prevented by a, b, or c", "p is valid"]);
        let text = "p is aligned, non-null, and valid or null";
        let parts = g.split_predicates(text).expect("a list");
        assert_eq!(parts.len(), 3);
        assert!(g
            .split_predicates("p is aligned, non-null, or dangling")
            .is_none());
    }

    #[test]
    fn two_subjects_share_a_predicate() {
        let g = grammar();
        let a = crate::grammar::mask_char(0);
        let b = crate::grammar::mask_char(1);
        let split = g.split_subjects(&Folded::default(), &format!("Both {a} and {b} is aligned"));
        assert_eq!(
            split,
            Some([format!("{a} is aligned"), format!("{b} is aligned")])
        );
        assert!(g
            .split_subjects(&Folded::default(), &format!("{a} and {b}"))
            .is_none());
        assert!(g
            .split_subjects(
                &Folded::default(),
                &format!("{a} is aligned and {b} is valid")
            )
            .is_none());
        assert!(g
            .split_subjects(&Folded::default(), "x and y is aligned")
            .is_none());
        // A span that compares on its own, or a side of a comparison read as words, stands in
        // a statement of its own.
        let f = g.fold("`x == 0` and `b < n`");
        assert!(g.split_subjects(&f, &f.masked).is_none());
        let f = g.fold("`x` and `b < n`");
        assert!(g.split_subjects(&f, &f.masked).is_none());
        let f = g.fold("`x` and `b` is less than `n`");
        assert!(g.split_subjects(&f, &f.masked).is_some());
    }

    #[test]
    fn checked_forms_read_as_the_predicate() {
        let g = grammar();
        let r = g.checked_readings("x is checked to be valid and in bounds above.");
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].0, "x is valid and in bounds");
        assert_eq!(r[0].1.justification, "check-above");
        // "above" is dropped only as a whole last word, and a form needs a subject.
        assert_eq!(
            g.checked_readings("x is checked to be in the glove")[0].0,
            "x is in the glove"
        );
        assert!(g.checked_readings("is checked to be valid").is_empty());
        assert!(g.checked_readings("x is valid").is_empty());
        // A check that stands in another function is no check above; what was checked may
        // still be a span after "in".
        let f = g.fold("`x` is checked to be non-null in `f`");
        assert!(g.checked_readings(&f.masked).is_empty());
        let f = g.fold("`x` is checked to be in `0..n`");
        assert_eq!(g.checked_readings(&f.masked).len(), 1);
    }

    #[test]
    fn placeholders() {
        let g = grammar();
        assert!(g.is_placeholder("TODO"));
        assert!(g.is_placeholder("FIXME: explain"));
        assert!(!g.is_placeholder("todos are fine"));
    }

    #[test]
    fn a_that_clause_in_a_list_has_its_own_subject() {
        let g = grammar();
        assert_eq!(
            g.own_clause(" that the caller owns it"),
            Some("the caller owns it")
        );
        assert_eq!(
            g.own_clause("that \u{e000} is aligned"),
            Some("\u{e000} is aligned")
        );
        assert_eq!(
            g.own_clause("that it points to a list"),
            Some("it points to a list")
        );
        // "that" as the subject, or as the determiner of a noun with its verb.
        assert_eq!(g.own_clause("that has a count"), None);
        assert_eq!(g.own_clause("that has, in short, a count"), None);
        assert_eq!(g.own_clause("that region has a count"), None);
        assert_eq!(g.own_clause("that"), None);
        assert_eq!(g.own_clause("the caller owns it"), None);
        assert!(g.list_reading_holds(&[true, false], "that the caller owns it", false));
    }

    #[test]
    fn a_statement_shares_only_its_reasons_subject_and_verb() {
        let g = grammar();
        assert_eq!(
            g.shared_subjects("\u{e000} has more than \u{e001}"),
            vec!["\u{e000} has", "\u{e000}"]
        );
        assert_eq!(g.shared_subjects("it points to"), vec!["it points", "it"]);
    }

    #[test]
    fn list_readings() {
        let g = grammar();
        assert!(g.list_reading_holds(&[true, true], "aligned", false));
        assert!(g.list_reading_holds(&[true, false], "has a count", false));
        assert!(!g.list_reading_holds(&[true, false], "writes for `len` bytes", false));
        assert!(!g.list_reading_holds(&[false, true], "aligned", false));
        assert!(g.list_reading_holds(&[true, false, true], "aligned", false));
        assert!(!g.list_reading_holds(&[false, false, true], "aligned", false));
        assert!(g.list_reading_holds(&[true, true, false], "has a non-zero count", false));
        assert!(!g.list_reading_holds(&[true, true, false], "writes for `len` bytes", false));
        assert!(!g.list_reading_holds(&[true, false, false], "has a non-zero count", false));
    }

    #[test]
    fn a_condition_splits_off_what_holds_under_it() {
        let g = grammar();
        let split = |s: &str| {
            g.condition_clause(s)
                .map(|(c, rest)| (s[c].to_string(), s[rest..].to_string()))
        };
        let both = |c: &str, r: &str| Some((c.to_string(), r.to_string()));
        for (sentence, want) in [
            (
                "If `n` is non-zero, `p` is non-null.",
                both("If `n` is non-zero", "`p` is non-null."),
            ),
            ("if a, then b", both("if a", "b")),
            ("Only if a, b", both("Only if a", "b")),
            (
                "For ZSTs, `raw` is dangling.",
                both("For ZSTs", "`raw` is dangling."),
            ),
            // A comma inside parentheses is the condition's own.
            (
                "If f(a, b) holds, c is aligned",
                both("If f(a, b) holds", "c is aligned"),
            ),
            ("Unless a, b", both("Unless a", "b")),
            // "then" opens the rest only as a word.
            ("If a, thence b", both("If a", "thence b")),
            ("Whether a, b", None),
            ("If a is valid", None),
            ("If a,", None),
            ("If a, then", None),
            ("`p` is valid if a, b", None),
            ("Iffy a, b", None),
        ] {
            assert_eq!(split(sentence), want, "{sentence}");
        }
        assert_eq!(
            g.after_condition_opener("If `n` is non-zero"),
            Some("`n` is non-zero")
        );
        assert_eq!(g.after_condition_opener("only if a"), Some("a"));
        assert_eq!(g.after_condition_opener("Unless a"), None);
        assert_eq!(g.after_condition_opener("For ZSTs"), None);
        assert_eq!(g.after_condition_opener("If"), None);
    }

    #[test]
    fn a_sentence_may_open_with_its_duration() {
        let g = grammar();
        let fronted = |s: &str| {
            g.fronted_duration(s)
                .map(|(duration, rest)| (duration, s[rest..].to_string()))
        };
        let both = |d: &str, r: &str| Some((d.to_string(), r.to_string()));
        for (sentence, want) in [
            (
                "For the duration of 'a, x holds.",
                both("For the duration of 'a", "x holds."),
            ),
            ("During f(a, b), c", both("During f(a, b)", "c")),
            ("When x is alive,  y", both("for the life of x", "y")),
            (
                "As long as the y is alive, z",
                both("for the life of the y", "z"),
            ),
            // What lives must be named, and the clause must end with its life.
            ("When is alive, y", None),
            ("When x is alive and well, y", None),
            ("When x is aliveness, y", None),
            // No second duration, none without a rest, none that is a condition.
            ("During 'a, x holds for the duration of 'b", None),
            ("During 'a,", None),
            ("If x is alive, y", None),
            ("Duringly 'a, x", None),
        ] {
            assert_eq!(fronted(sentence), want, "{sentence}");
        }
    }
}
