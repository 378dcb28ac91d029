//! The matcher runs phrasings without the regex engine; the regexes it exports (for the web
//! expander) must agree with it. Differential test on the real dictionary's phrasings.

use std::path::Path;
use std::sync::OnceLock;

use proptest::prelude::*;
use regex::Regex;
use safety_dict::grammar::mask_index;
use safety_dict::Dictionary;

struct Fixture {
    dict: Dictionary,
    regexes: Vec<Regex>,
}

fn fx() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let dict = Dictionary::load(&root).unwrap_or_else(|e| panic!("the real dictionary: {e}"));
        let regexes = dict
            .matcher()
            .patterns()
            .iter()
            .map(|p| Regex::new(&p.regex).expect("exported regex compiles"))
            .collect();
        Fixture { dict, regexes }
    })
}

/// What the matcher did before: every regex that matches, in pattern order; the most
/// specific one with consistent captures wins.
fn reference(text: &str) -> (Vec<usize>, Option<(String, Vec<String>)>) {
    let f = fx();
    let pats = f.dict.matcher().patterns();
    let all: Vec<usize> = (0..pats.len())
        .filter(|&i| f.regexes[i].is_match(text))
        .collect();
    let mut best: Option<(usize, (String, Vec<String>))> = None;
    for &i in &all {
        let p = &pats[i];
        if best.as_ref().is_some_and(|(s, _)| *s >= p.specificity) {
            continue;
        }
        let caps = f.regexes[i].captures(text).expect("matched");
        let vals: Vec<String> = (1..caps.len())
            .map(|k| caps.get(k).map_or("", |m| m.as_str()).trim().to_string())
            .collect();
        let mut seen: Vec<(&str, String)> = Vec::new();
        let mut consistent = true;
        let grammar = &f.dict.grammar().data;
        let listed = |mut words: Box<dyn Iterator<Item = &String> + '_>, v: &str| {
            words.any(|w| w.eq_ignore_ascii_case(v))
        };
        for (slot, v) in p.slots.iter().zip(&vals) {
            let subjects = grammar.subjects.iter().flat_map(|g| &g.words);
            let v = if listed(Box::new(subjects), v) {
                v.to_lowercase()
            } else if !slot.c_type_openings.is_empty()
                && !v.strip_prefix('`').is_some_and(|code| {
                    slot.c_type_openings
                        .iter()
                        .any(|o| code.starts_with(o.as_str()))
                })
            {
                consistent = false;
                break;
            } else if v.starts_with('`') || slot.words {
                v.clone()
            } else if listed(Box::new(grammar.not_subjects.iter()), v)
                || (slot.names_type
                    && v.chars().all(|c| c.is_ascii_lowercase())
                    && !safety_dict::matcher::LOWERCASE_PRIMITIVES.contains(&v.as_str()))
                || (slot.names_value
                    && v.starts_with(|c: char| c.is_ascii_uppercase())
                    && v.chars().any(|c| c.is_ascii_lowercase()))
            {
                consistent = false;
                break;
            } else {
                format!("`{v}`")
            };
            match seen.iter().find(|(n, _)| *n == slot.var) {
                Some((_, prev)) if *prev != v => consistent = false,
                Some(_) => {}
                None => seen.push((&slot.var, v)),
            }
        }
        if consistent {
            best = Some((
                p.specificity,
                (p.entry.clone(), seen.into_iter().map(|(_, v)| v).collect()),
            ));
        }
    }
    (all, best.map(|(_, m)| m))
}

fn filler() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z_][a-z0-9_]{0,6}".prop_map(|s| format!("`{s}`")),
        // A C type's name, which only a C type's slot takes.
        "[a-z]{1,6}".prop_map(|s| format!("`struct {s}`")),
        "[a-zA-Z_$][a-zA-Z0-9_]{0,5}",
        // Words the grammar treats apart: pronouns are subjects, "we" names no code.
        prop::sample::select(vec!["it", "This", "we", "the pointer", "this function"])
            .prop_map(str::to_string),
        "[a-z]{1,4}(\\.[a-z]{1,4}|::[a-z]{1,3}){1,2}(\\(\\))?",
        "[a-z]{1,5}( [a-z]{1,5}){0,3}",
        "`'[a-z]{1,3}`",
        // Words with a code span among them, as a lifetime slot takes them.
        "[a-z]{1,4} `[a-z]{1,3}`( [a-z]{1,3})?",
        "[a-z]{1,4}, [a-z]{1,3}( `[a-z]`)?",
        "`[a-z]{1,3} \\* [0-9]`",
        Just("`".to_string()),
        Just("".to_string()),
    ]
}

/// A pattern's sample with its placeholder slots (`v0`, `v1`, ...) replaced by fillers,
/// randomly upper-cased outside code.
fn sentence() -> impl Strategy<Value = String> {
    let n = fx().dict.matcher().patterns().len();
    (
        0..n,
        prop::collection::vec(filler(), 4),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(i, fills, upper, tail)| {
            let p = &fx().dict.matcher().patterns()[i];
            let mut s = p.sample.clone();
            for (k, f) in fills.iter().enumerate() {
                s = s.replace(&format!("`v{k}`"), f);
            }
            if upper {
                s = s
                    .split('`')
                    .enumerate()
                    .map(|(j, part)| {
                        if j % 2 == 0 {
                            part.to_uppercase()
                        } else {
                            part.to_string()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join("`");
            }
            if tail {
                s.push('s');
            }
            s
        })
}

fn check(text: &str) -> Result<(), TestCaseError> {
    assert!(!text.chars().any(|c| mask_index(c).is_some()));
    let m = fx().dict.matcher();
    let (all, best) = reference(text);
    prop_assert_eq!(m.matching(text), all, "matching {:?}", text);
    let got = m
        .match_text(text)
        .map(|m| (m.entry, m.bindings.into_values().collect::<Vec<_>>()));
    prop_assert_eq!(got, best, "match_text {:?}", text);
    Ok(())
}

#[test]
fn every_sample_agrees_with_the_regexes() {
    let m = fx().dict.matcher();
    assert!(m.patterns().len() > 100);
    for p in m.patterns() {
        check(&p.sample).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            m.matching(&p.sample)
                .iter()
                .any(|&i| std::ptr::eq(&m.patterns()[i], p)),
            "{:?} does not match its own sample",
            p.regex
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn filled_samples_agree_with_the_regexes(s in sentence()) {
        check(&s)?;
    }
}

/// The scores `suggest` promises, computed the slow way.
fn reference_suggest(text: &str, limit: usize) -> Vec<(String, String, f64)> {
    // The grammar's subjects count as code: at each word start, the longest subject that ends
    // at a word end becomes `x`.
    fn without_subjects(plain: &str, subjects: &[String]) -> String {
        let chars: Vec<char> = plain.chars().collect();
        let word = |i: usize| {
            chars
                .get(i)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_')
        };
        let mut out = String::new();
        let mut i = 0;
        while i < chars.len() {
            let starts = word(i) && (i == 0 || !word(i - 1));
            let found = subjects.iter().find(|s| {
                let s: Vec<char> = s.chars().collect();
                starts && chars[i..].starts_with(&s) && !word(i + s.len())
            });
            match found {
                Some(s) => {
                    out.push('x');
                    i += s.chars().count();
                }
                None => {
                    out.push(chars[i]);
                    i += 1;
                }
            }
        }
        out
    }
    let mut subjects: Vec<String> = fx()
        .dict
        .grammar()
        .subject_words()
        .iter()
        .map(|w| w.to_lowercase())
        .collect();
    subjects.sort_by_key(|w| std::cmp::Reverse(w.chars().count()));
    let shape = |t: &str| -> String {
        safety_dict::text::segments(t)
            .into_iter()
            .map(|s| match s {
                safety_dict::text::Segment::Plain(p) => {
                    without_subjects(&p.to_lowercase(), &subjects)
                }
                safety_dict::text::Segment::Code(_) => "x".to_string(),
            })
            .collect()
    };
    let q = shape(text);
    let mut best: Vec<(String, String, f64)> = Vec::new();
    for p in fx().dict.matcher().patterns() {
        // A phrasing with a C type's slot is near only a text that names a C type.
        let c_types_named = p.slots.iter().all(|s| {
            s.c_type_openings.is_empty()
                || s.c_type_openings
                    .iter()
                    .any(|o| text.contains(&format!("`{o}")))
        });
        if !c_types_named {
            continue;
        }
        let o = shape(&p.sample);
        let score = strsim::sorensen_dice(&q, &o).max(strsim::normalized_levenshtein(&q, &o));
        match best.iter_mut().find(|b| b.0 == p.entry) {
            Some(b) if score > b.2 => *b = (p.entry.clone(), p.phrasing.clone(), score),
            Some(_) => {}
            None => best.push((p.entry.clone(), p.phrasing.clone(), score)),
        }
    }
    best.retain(|b| b.2 >= safety_dict::matcher::SUGGESTION_MIN_SCORE);
    best.sort_by(|a, b| b.2.total_cmp(&a.2).then(a.0.cmp(&b.0)));
    best.truncate(limit);
    best
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 80, ..ProptestConfig::default() })]

    #[test]
    fn suggestions_are_the_best_scores(
        s in sentence(),
        junk in "[a-z `]{0,30}",
        subject in prop::sample::select(vec!["the pointer", "the pointers", "it", "xit", "this pointer is"]),
        limit in 0usize..6,
    ) {
        let with_subject = format!("{subject} {junk}");
        for text in [s.clone(), format!("{s} {junk}"), junk.clone(), with_subject] {
            let got: Vec<(String, String, f64)> = fx()
                .dict
                .matcher()
                .suggest(&text, limit)
                .into_iter()
                .map(|g| (g.entry, g.phrasing, g.score))
                .collect();
            prop_assert_eq!(got, reference_suggest(&text, limit), "{:?}", text);
        }
    }
}
