//! The folding rules of `dictionary/grammar.toml`, compiled once.
//!
//! The same folding is applied to a user's sentence and to every phrasing of every entry, so
//! the rules live in data and the matcher never needs to know English.

use indexmap::IndexMap;
use regex::Regex;
use serde::{Deserialize, Serialize};
use toml::Spanned;

use crate::text::{segments, Segment};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawGrammar {
    pub lead_ins: Vec<String>,
    #[serde(default)]
    pub rewrite: Vec<Rewrite>,
    pub justification_separator: String,
    pub justification_conjunction: String,
    #[serde(default)]
    pub justification_prefix: Vec<RawJustificationPrefix>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Rewrite {
    pub from: String,
    pub to: String,
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
    pub rewrites: Vec<Rewrite>,
    pub justification_separator: String,
    pub justification_conjunction: String,
    pub justification_prefixes: Vec<JustificationPrefix>,
}

/// Compiled folding rules.
#[derive(Debug, Clone)]
pub struct Grammar {
    pub data: GrammarData,
    list_marker: Regex,
    lead_in: Option<Regex>,
    rewrite: Option<Regex>,
    rewrite_to: Vec<(String, String)>,
    prefixes: Vec<(Regex, usize)>,
}

/// First private-use character; code spans are masked as one such character each so that
/// folding rules never apply inside backticks.
const MASK_BASE: u32 = 0xE000;
const MASK_LIMIT: usize = 6000;

/// A folded sentence with its code spans masked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Folded {
    /// Plain words folded; each code span is one mask character.
    pub masked: String,
    /// The code spans, by mask index, whitespace-folded.
    pub codes: Vec<String>,
}

impl Folded {
    /// The folded sentence with code spans back in backticks.
    pub fn unmasked(&self) -> String {
        let mut out = String::with_capacity(self.masked.len() + 8 * self.codes.len());
        for c in self.masked.chars() {
            match mask_index(c) {
                Some(i) if i < self.codes.len() => {
                    out.push('`');
                    out.push_str(&self.codes[i]);
                    out.push('`');
                }
                _ => out.push(c),
            }
        }
        out
    }
}

pub fn mask_index(c: char) -> Option<usize> {
    let v = c as u32;
    (MASK_BASE..MASK_BASE + MASK_LIMIT as u32)
        .contains(&v)
        .then(|| (v - MASK_BASE) as usize)
}

fn mask_char(i: usize) -> char {
    char::from_u32(MASK_BASE + i as u32).unwrap_or('\u{FFFD}')
}

fn words_alternation(words: &[String]) -> String {
    words
        .iter()
        .map(|w| crate::text::fold_whitespace(w))
        .map(|w| regex::escape(&w).replace("\\ ", " ").replace(' ', r"\s+"))
        .collect::<Vec<_>>()
        .join("|")
}

#[derive(Debug, thiserror::Error)]
#[error("grammar rule {rule:?} does not compile: {source}")]
pub struct GrammarError {
    pub rule: String,
    pub source: regex::Error,
}

impl Grammar {
    pub fn compile(raw: &RawGrammar) -> Result<Grammar, GrammarError> {
        let err = |rule: &str| {
            let rule = rule.to_string();
            move |source| GrammarError { rule, source }
        };
        let list_marker = Regex::new(r"^(?:[-*+]|\d+[.)])\s+").map_err(err("list marker"))?;
        let lead_in = if raw.lead_ins.is_empty() {
            None
        } else {
            let alt = words_alternation(&raw.lead_ins);
            Some(Regex::new(&format!(r"(?i)^(?:{alt})(?:\s+|$)")).map_err(err("lead_ins"))?)
        };
        let rewrite_to: Vec<(String, String)> = raw
            .rewrite
            .iter()
            .map(|r| (r.from.to_lowercase(), r.to.clone()))
            .collect();
        let rewrite = if raw.rewrite.is_empty() {
            None
        } else {
            let froms: Vec<String> = raw.rewrite.iter().map(|r| r.from.clone()).collect();
            let alt = words_alternation(&froms);
            Some(Regex::new(&format!(r"(?i)\b(?:{alt})\b")).map_err(err("rewrite"))?)
        };
        let mut prefixes = Vec::new();
        for (i, p) in raw.justification_prefix.iter().enumerate() {
            let alt = words_alternation(std::slice::from_ref(&p.prefix));
            prefixes.push((
                Regex::new(&format!(r"(?i)^(?:{alt})\s+")).map_err(err(&p.prefix))?,
                i,
            ));
        }
        let data = GrammarData {
            lead_ins: raw.lead_ins.clone(),
            rewrites: raw.rewrite.clone(),
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
        };
        Ok(Grammar {
            data,
            list_marker,
            lead_in,
            rewrite,
            rewrite_to,
            prefixes,
        })
    }

    /// Masks code spans and folds whitespace; nothing else.
    pub fn mask(&self, text: &str) -> Folded {
        let mut masked = String::with_capacity(text.len());
        let mut codes = Vec::new();
        for seg in segments(text) {
            match seg {
                Segment::Plain(p) => masked.push_str(p),
                Segment::Code(c) if codes.len() < MASK_LIMIT => {
                    masked.push(' ');
                    masked.push(mask_char(codes.len()));
                    masked.push(' ');
                    codes.push(crate::text::fold_whitespace(c));
                }
                Segment::Code(c) => {
                    masked.push('`');
                    masked.push_str(c);
                    masked.push('`');
                }
            }
        }
        // Masks were padded with spaces so that words stay apart; put back the adjacency the
        // text had ("`T`'s" keeps its apostrophe next to the span).
        let folded = crate::text::fold_whitespace(&masked);
        Folded {
            masked: rejoin_masks(text, &folded),
            codes,
        }
    }

    /// Applies every folding rule: list marker, lead-ins, rewrites, final punctuation.
    pub fn fold(&self, text: &str) -> Folded {
        let mut f = self.mask(text);
        let mut s = std::mem::take(&mut f.masked);
        if let Some(m) = self.list_marker.find(&s) {
            s = s[m.end()..].to_string();
        }
        s = strip_final_punctuation(&s).to_string();
        if let Some(re) = &self.lead_in {
            while let Some(m) = re.find(&s) {
                if m.end() == 0 {
                    break;
                }
                s = s[m.end()..].to_string();
            }
        }
        if let Some(re) = &self.rewrite {
            s = re
                .replace_all(&s, |caps: &regex::Captures<'_>| {
                    let found = crate::text::fold_whitespace(&caps[0]).to_lowercase();
                    self.rewrite_to
                        .iter()
                        .find(|(from, _)| crate::text::fold_whitespace(from) == found)
                        .map_or_else(|| caps[0].to_string(), |(_, to)| to.clone())
                })
                .into_owned();
        }
        s = strip_final_punctuation(&s).trim().to_string();
        f.masked = s;
        f
    }

    /// If `folded` (masked) starts with a whole-sentence justification prefix, returns the
    /// prefix rule and the rest of the sentence.
    pub fn justification_prefix<'a>(
        &'a self,
        masked: &'a str,
    ) -> Option<(&'a JustificationPrefix, &'a str)> {
        self.prefixes.iter().find_map(|(re, i)| {
            re.find(masked)
                .map(|m| (&self.data.justification_prefixes[*i], &masked[m.end()..]))
        })
    }
}

fn strip_final_punctuation(s: &str) -> &str {
    s.trim_end()
        .trim_end_matches(['.', ';', ':', ','])
        .trim_end()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn grammar() -> Grammar {
        let raw: RawGrammar = toml::from_str(
            r#"
            lead_ins = ["the caller must ensure that", "safety:"]
            justification_separator = "by"
            justification_conjunction = "and"
            [[rewrite]]
            from = "must not be"
            to = "is not"
            [[rewrite]]
            from = "must be"
            to = "is"
            [[justification_prefix]]
            prefix = "the caller guarantees that"
            justification = "function-requirements"
            "#,
        )
        .expect("test grammar parses");
        Grammar::compile(&raw).expect("test grammar compiles")
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
    fn rules_do_not_apply_inside_backticks() {
        let g = grammar();
        let f = g.fold("`must be` must be fine.");
        assert_eq!(f.unmasked(), "`must be` is fine");
    }

    #[test]
    fn keeps_glued_punctuation_next_to_code() {
        let g = grammar();
        assert_eq!(g.mask("`T`'s value, `a`.").unmasked(), "`T`'s value, `a`.");
    }

    #[test]
    fn finds_justification_prefix() {
        let g = grammar();
        let f = g.fold("The caller guarantees that `p` is valid for reads.");
        let (p, rest) = g.justification_prefix(&f.masked).expect("prefix found");
        assert_eq!(p.justification, "function-requirements");
        assert!(rest.ends_with("is valid for reads"));
    }
}
