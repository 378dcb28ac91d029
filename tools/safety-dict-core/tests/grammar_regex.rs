//! The grammar runs its rules as literal comparisons; the rules are specified (and run by
//! the web expander) as regexes. Differential test of the two on the real `grammar.toml` and
//! on sentences built from its own rule words, in mixed case, with Unicode look-alikes,
//! marks, digits and whitespace around them.

use std::path::Path;
use std::sync::OnceLock;

use proptest::prelude::*;
use regex::Regex;
use safety_dict::grammar::{Grammar, RawGrammar};

struct Reference {
    raw: RawGrammar,
    grammar: Grammar,
    list_marker: Regex,
    lead_in: Regex,
    contraction: Regex,
    rewrite: Regex,
    prefixes: Vec<Regex>,
}

fn alternation(words: &[&String]) -> String {
    words
        .iter()
        .map(|w| safety_dict::text::fold_whitespace(w))
        .map(|w| regex::escape(&w).replace("\\ ", " ").replace(' ', r"\s+"))
        .collect::<Vec<_>>()
        .join("|")
}

fn fx() -> &'static Reference {
    static F: OnceLock<Reference> = OnceLock::new();
    F.get_or_init(|| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../dictionary/grammar.toml");
        let text = std::fs::read_to_string(path).expect("grammar.toml is readable");
        let raw: RawGrammar = toml::from_str(&text).expect("grammar.toml parses");
        let grammar = Grammar::compile(&raw).expect("grammar compiles");
        let leads: Vec<&String> = raw.lead_ins.iter().collect();
        let froms: Vec<&String> = grammar.data.rewrites.iter().map(|r| &r.from).collect();
        let contracted: Vec<&String> = raw.contraction.iter().map(|r| &r.from).collect();
        let re = |s: String| Regex::new(&s).expect("reference regex compiles");
        Reference {
            list_marker: re(r"^(?:[-*+]|\d+[.)])\s+".to_string()),
            lead_in: re(format!(r"(?i)^(?:{})(?:\s+|$)", alternation(&leads))),
            contraction: re(format!(r"(?i)\b(?:{})\b", alternation(&contracted))),
            rewrite: re(format!(r"(?i)\b(?:{})\b", alternation(&froms))),
            prefixes: raw
                .justification_prefix
                .iter()
                .map(|p| re(format!(r"(?i)^(?:{})\s+", alternation(&[&p.prefix]))))
                .collect(),
            raw,
            grammar,
        }
    })
}

fn strip_final_punctuation(s: &str) -> &str {
    s.trim_end()
        .trim_end_matches(['.', ';', ':', ','])
        .trim_end()
}

/// Folding the way the regexes define it.
fn reference_fold(text: &str) -> (String, Vec<String>) {
    let f = fx();
    let masked = f.grammar.mask(text);
    // Markdown links read as their text, right after masking, as the web expander does.
    let link = regex::Regex::new(safety_dict::grammar::LINK_PATTERN).expect("link pattern");
    let mut s = link.replace_all(&masked.masked, "$1$2").into_owned();
    let emphasis =
        regex::Regex::new(safety_dict::grammar::EMPHASIS_PATTERN).expect("emphasis pattern");
    s = emphasis.replace_all(&s, "$1$2").into_owned();
    s = replace_words(&f.contraction, &f.raw.contraction, &s);
    if let (Some(p), Some(reads)) = (
        &f.grammar.data.pointee_pattern,
        &f.grammar.data.pointee_reads,
    ) {
        let pointee = Regex::new(p).expect("pointee pattern");
        s = pointee
            .replace_all(&s, format!("${{1}}{reads} ${{2}} ${{3}}${{4}}").as_str())
            .into_owned();
    }
    if let Some(m) = f.list_marker.find(&s) {
        s = s[m.end()..].to_string();
    }
    s = strip_final_punctuation(&s).to_string();
    while let Some(m) = f.lead_in.find(&s) {
        if m.end() == 0 {
            break;
        }
        s = s[m.end()..].to_string();
    }
    if let Some(p) = &f.grammar.data.duration_comma_pattern {
        let comma = Regex::new(p).expect("duration comma pattern");
        s = comma.replace_all(&s, " ${1}").into_owned();
    }
    s = replace_words(&f.rewrite, &f.grammar.data.rewrites, &s);
    (strip_final_punctuation(&s).trim().to_string(), masked.codes)
}

/// Each match of `re` replaced by the `to` of the rule whose `from` it is.
fn replace_words(re: &Regex, rules: &[safety_dict::grammar::Rewrite], s: &str) -> String {
    re.replace_all(s, |caps: &regex::Captures<'_>| {
        let found = safety_dict::text::fold_whitespace(&caps[0]).to_lowercase();
        rules
            .iter()
            .find(|r| safety_dict::text::fold_whitespace(&r.from.to_lowercase()) == found)
            .map_or_else(|| caps[0].to_string(), |r| r.to.clone())
    })
    .into_owned()
}

fn reference_prefix(masked: &str) -> Option<(String, String)> {
    let f = fx();
    f.prefixes.iter().enumerate().find_map(|(i, re)| {
        re.find(masked).map(|m| {
            (
                f.raw.justification_prefix[i].prefix.clone(),
                masked[m.end()..].to_string(),
            )
        })
    })
}

fn check(text: &str) -> Result<(), TestCaseError> {
    let f = fx();
    let got = f.grammar.fold(text);
    let want = reference_fold(text);
    prop_assert_eq!(
        (&got.masked, &got.codes),
        (&want.0, &want.1),
        "fold {:?}",
        text
    );
    let got_prefix = f
        .grammar
        .justification_prefix(&got.masked)
        .map(|(p, rest)| (p.prefix.clone(), rest.to_string()));
    prop_assert_eq!(
        got_prefix,
        reference_prefix(&got.masked),
        "prefix {:?}",
        text
    );
    Ok(())
}

/// Every rule word of the grammar, and pieces that sit at the edges of words.
fn atoms() -> Vec<String> {
    let f = fx();
    let mut out: Vec<String> = f.raw.lead_ins.clone();
    for r in f.raw.contraction.iter().chain(&f.grammar.data.rewrites) {
        out.push(r.from.clone());
        out.push(r.to.clone());
    }
    out.extend(f.raw.justification_prefix.iter().map(|p| p.prefix.clone()));
    out.extend(f.raw.duration_commas.iter().cloned());
    if let Some(p) = &f.raw.pointee_clause {
        out.extend(p.verbs.iter().chain(&p.followed_by).cloned());
    }
    for s in [
        "`p`",
        "`a b`",
        "`",
        "x",
        "is",
        "valid",
        "_",
        "é",
        "\u{301}",
        "\u{212A}",
        "\u{17F}",
        "MUST",
        "Must",
        "mUST",
        "-",
        "*",
        "+",
        "1.",
        "12)",
        "\u{663}.",
        "\u{2162}.",
        "3",
        ".",
        ",",
        ":",
        ";",
        "'",
        "(",
        ")",
        "\u{A0}",
        "\t",
        "\n",
        "  ",
        "\u{2003}",
        "sſ",
        "Ⅻ",
        "ß",
    ] {
        out.push(s.to_string());
    }
    out
}

fn sentence() -> impl Strategy<Value = String> {
    let atoms = atoms();
    let n = atoms.len();
    prop::collection::vec(
        (
            0..n,
            prop_oneof![Just(" "), Just(""), Just("  "), Just("\n")],
            0..4u8,
        ),
        0..9,
    )
    .prop_map(move |parts| {
        let mut s = String::new();
        for (i, sep, case) in parts {
            let a = &atoms[i];
            let a = match case {
                0 => a.to_uppercase(),
                1 => a
                    .chars()
                    .enumerate()
                    .map(|(k, c)| {
                        if k % 2 == 0 {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        }
                    })
                    .collect(),
                // Look-alikes that fold to ASCII letters under `(?i)`.
                2 => a.replace('k', "\u{212A}").replace('s', "\u{17F}"),
                _ => a.clone(),
            };
            s.push_str(&a);
            s.push_str(sep);
        }
        s
    })
}

#[test]
fn rule_words_alone_and_in_sentences_agree() {
    for a in atoms() {
        check(&a).unwrap_or_else(|e| panic!("{e}"));
        check(&format!("{a} `p` is valid for reads.")).unwrap_or_else(|e| panic!("{e}"));
        check(&format!("- {a} {a}")).unwrap_or_else(|e| panic!("{e}"));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    #[test]
    fn random_sentences_agree(s in sentence()) {
        check(&s)?;
    }

    #[test]
    fn arbitrary_text_agrees(s in "\\PC{0,40}") {
        check(&s)?;
    }
}
