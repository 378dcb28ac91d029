//! Reading `dictionary/` and `examples/` from disk and checking every rule of the schema.
//!
//! Every problem is collected (never just the first), each located in its file.

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use indexmap::IndexMap;
use rustc_hash::FxHashMap;
use toml::Spanned;

use crate::config;
use crate::diag::{Diagnostic, Diagnostics};
use crate::dictionary::{Clause, Dictionary, Discouraged, Entry, Example, Side, Var};
use crate::files::Files;
use crate::grammar::{Grammar, RawGrammar};
use crate::matcher::{Form, Matcher};
use crate::model::{Kind, RawEntry, RawExample};
use crate::text::{code_spans, looks_like_variable};

/// Why a dictionary could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The files could not be read at all.
    #[error("cannot read {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Config(#[from] config::ConfigError),
    /// The files were read and are wrong.
    #[error("{0}")]
    Invalid(Diagnostics),
}

/// One loaded source file, kept for snippets.
struct Source {
    rel: PathBuf,
    text: Arc<str>,
}

impl Source {
    fn diag(&self, span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(&self.rel, &self.text, span, message)
    }
}

/// Reads a whole UTF-8 file. Files here are small, so this skips the `stat` that
/// `fs::read_to_string` makes to size its buffer (a fifth of the loading time went to
/// system calls).
pub(crate) fn read_text(path: &Path) -> std::io::Result<String> {
    use std::io::Read;
    let file = std::fs::File::open(path)?;
    let mut text = String::with_capacity(8 * 1024);
    file.take(u64::MAX).read_to_string(&mut text)?;
    Ok(text)
}

fn read(files: &Files, rel: &Path) -> Result<Source, LoadError> {
    let text = files.read(rel).map_err(|source| LoadError::Io {
        path: files.display_path(rel),
        source,
    })?;
    Ok(Source {
        rel: rel.to_path_buf(),
        text: Arc::from(text),
    })
}

/// The entries of a directory, sorted, as relative paths, each with whether it is a directory.
fn list_dir(files: &Files, rel: &Path) -> Result<Vec<(PathBuf, bool)>, LoadError> {
    files.list_dir(rel).map_err(|source| LoadError::Io {
        path: files.display_path(rel),
        source,
    })
}

fn is_kebab(id: &str) -> bool {
    !id.is_empty()
        && !id.starts_with('-')
        && !id.ends_with('-')
        && !id.contains("--")
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

fn toml_error(src: &Source, e: &toml::de::Error) -> Diagnostic {
    let span = e.span().unwrap_or(0..0);
    let message = e.message().trim().to_string();
    let hint = if message.contains("unknown field") {
        "remove the field or fix its spelling; dictionary/README.md lists every field"
    } else if message.contains("missing field") {
        "add the field; dictionary/README.md lists the required fields"
    } else if message.contains("invalid type") {
        "give the field the type that dictionary/README.md documents"
    } else {
        "fix the TOML syntax"
    };
    src.diag(span, message).with_hint(hint)
}

/// A loaded entry with the spans the cross-entry checks point at.
struct Loaded {
    entry: Entry,
    src: Arc<Source>,
    raw: RawEntry,
    /// Its phrasings, compiled by the thread that loaded it (when the grammar loaded).
    compiled: Option<crate::matcher::CompiledEntry>,
}

/// Loads and validates the dictionary and examples under `root` (the repository root).
pub fn load(root: &Path) -> Result<Dictionary, LoadError> {
    load_from(&Files::Disk(root.to_path_buf()))
}

/// Loads and validates the dictionary and examples of a set of files (a repository on disk, or
/// its files in memory).
pub fn load_from(files: &Files) -> Result<Dictionary, LoadError> {
    let root = files;
    let mut diags = Diagnostics::default();
    let site_url = config::site_url_from(files)?;
    let dict_dir = Path::new("dictionary");
    if !files.is_dir(dict_dir) {
        return Err(LoadError::Io {
            path: files.display_path(dict_dir),
            source: std::io::Error::new(
                std::io::ErrorKind::NotFound,
                "no dictionary directory here; run from the repository root or pass its path",
            ),
        });
    }

    let grammar = load_grammar(root, &mut diags)?;

    let mut files: Vec<(PathBuf, Kind)> = Vec::new();
    for (path, is_dir) in list_dir(root, dict_dir)? {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if is_dir {
            match Kind::from_dir(&name) {
                Some(kind) => {
                    for (file, is_dir) in list_dir(root, &path)? {
                        if is_dir || file.extension().is_none_or(|e| e != "toml") {
                            diags.push(stray(&file, "not a .toml entry file"));
                            continue;
                        }
                        files.push((file, kind));
                    }
                }
                None => diags.push(stray(&path, "a directory that is not an entry kind")),
            }
        } else if name != "README.md" && name != "grammar.toml" && name != "api-specific.toml" {
            diags.push(stray(&path, "a file outside the kind directories"));
        }
    }

    // Reading and parsing the files is most of the work and each file stands alone: a second
    // thread reads the examples and two fifths of the entries.
    let (first, second) = files.split_at(files.len() * 3 / 5);
    let (a, (b, examples)) = std::thread::scope(|scope| {
        let helper = scope.spawn(|| {
            let mut diags = Diagnostics::default();
            let examples = load_examples(root, &mut diags).map(|e| (e, diags));
            (load_entry_files(root, grammar.as_ref(), second), examples)
        });
        let a = load_entry_files(root, grammar.as_ref(), first);
        let b = helper
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (a, b)
    });
    let mut loaded: Vec<Loaded> = Vec::with_capacity(files.len());
    // Ids (file stems) of entry files that do not parse: reported once, and not again as
    // "missing" wherever they are referred to.
    let mut unparsed: HashSet<String> = HashSet::new();
    for part in [a?, b?] {
        loaded.extend(part.loaded);
        unparsed.extend(part.unparsed);
        diags.0.extend(part.diags.0);
    }

    check_duplicates(&loaded, &mut diags);
    // In the dictionary's order from here on, so that `ids` also serves as its index.
    loaded.sort_by(|a, b| (a.entry.kind, &a.entry.id).cmp(&(b.entry.kind, &b.entry.id)));
    let ids: FxHashMap<String, usize> = loaded
        .iter()
        .enumerate()
        .map(|(i, l)| (l.entry.id.clone(), i))
        .collect();
    for l in &loaded {
        check_references(l, &loaded, &ids, &unparsed, &mut diags);
    }
    check_cycles(&loaded, &ids, &mut diags);
    check_exclusive(&loaded, &ids, &mut diags);

    let (examples, example_diags) = examples?;
    diags.0.extend(example_diags.0);
    check_illustrates(&examples, &ids, &unparsed, &mut diags);
    let examples: Vec<Example> = examples.into_iter().filter_map(|e| e.example).collect();

    let grammar = match grammar {
        Some(g) => g,
        None => {
            diags.sort();
            return Err(LoadError::Invalid(diags));
        }
    };
    let matcher = Matcher::assemble(
        &grammar,
        loaded.iter_mut().map(|l| {
            l.compiled
                .take()
                .unwrap_or_else(|| Matcher::compile_entry(&grammar, &l.entry))
        }),
    );
    for c in matcher.conflicts() {
        let Some(l) = loaded.iter().find(|l| l.entry.id == c.first.0) else {
            continue;
        };
        let span = form_span(&l.raw, c.first.1);
        diags.push(
            l.src
                .diag(
                    span,
                    format!(
                        "{} of `{}` and {} of `{}` match the same sentence: \"{}\"",
                        c.first.1.describe(),
                        c.first.0,
                        c.second.1.describe(),
                        c.second.0,
                        c.sentence
                    ),
                )
                .with_hint("reword one of them, or merge the two entries"),
        );
    }

    if !diags.is_empty() {
        diags.sort();
        return Err(LoadError::Invalid(diags));
    }
    let entries: Vec<Entry> = loaded.into_iter().map(|l| l.entry).collect();
    let plans = entries
        .iter()
        .map(|e| crate::plan::EntryPlan::new(e, &site_url, |id| ids.get(id).copied()))
        .collect();
    Ok(Dictionary {
        entries,
        // With no duplicates (they were reported above), `ids` numbers exactly these entries.
        index: ids,
        plans,
        examples,
        grammar,
        matcher,
        site_url,
    })
}

fn form_span(raw: &RawEntry, form: Form) -> Range<usize> {
    match form {
        Form::Canonical => raw.phrase.span(),
        Form::Accepted(i) => raw.accepted.get(i).map_or(raw.phrase.span(), |s| s.span()),
        Form::Discouraged(i) => raw
            .discouraged
            .get(i)
            .map_or(raw.phrase.span(), |s| s.get_ref().phrase.span()),
    }
}

fn stray(rel: &Path, what: &str) -> Diagnostic {
    Diagnostic::new(rel, &Arc::from(""), 0..0, format!("{} is {what}", rel.display())).with_hint(
        "entries live in dictionary/<kind>/<id>.toml with kind one of requirement, justification, guarantee, invariant, concept",
    )
}

fn load_grammar(root: &Files, diags: &mut Diagnostics) -> Result<Option<Grammar>, LoadError> {
    let rel = Path::new("dictionary/grammar.toml");
    if !root.is_file(rel) {
        diags.push(
            Diagnostic::new(
                rel,
                &Arc::from(""),
                0..0,
                "the folding rules file is missing",
            )
            .with_hint("restore dictionary/grammar.toml"),
        );
        return Ok(None);
    }
    let src = read(root, rel)?;
    let raw: RawGrammar = match toml::from_str(&src.text) {
        Ok(r) => r,
        Err(e) => {
            diags.push(toml_error(&src, &e));
            return Ok(None);
        }
    };
    match Grammar::compile(&raw) {
        Ok(g) => Ok(Some(g)),
        Err(e) => {
            let span = rule_span(&src.text, &e.rule).unwrap_or(0..0);
            diags.push(src.diag(span, e.to_string()).with_hint("fix the rule"));
            Ok(None)
        }
    }
}

/// Where a grammar rule stands in `grammar.toml`: the first TOML string, in either quotes,
/// that holds exactly its text. `None` when it is written with escapes.
fn rule_span(text: &str, rule: &str) -> Option<Range<usize>> {
    ['"', '\'']
        .into_iter()
        .filter_map(|q| text.find(&format!("{q}{rule}{q}")))
        .min()
        .map(|at| at + 1..at + 1 + rule.len())
}

/// What loading some entry files gave.
#[derive(Default)]
struct EntryFiles {
    loaded: Vec<Loaded>,
    unparsed: HashSet<String>,
    diags: Diagnostics,
}

fn load_entry_files(
    root: &Files,
    grammar: Option<&Grammar>,
    files: &[(PathBuf, Kind)],
) -> Result<EntryFiles, LoadError> {
    let mut out = EntryFiles::default();
    for (file, kind) in files {
        load_entry_file(
            root,
            grammar,
            file,
            *kind,
            &mut out.loaded,
            &mut out.unparsed,
            &mut out.diags,
        )?;
    }
    Ok(out)
}

fn load_entry_file(
    root: &Files,
    grammar: Option<&Grammar>,
    file: &Path,
    kind: Kind,
    loaded: &mut Vec<Loaded>,
    unparsed: &mut HashSet<String>,
    diags: &mut Diagnostics,
) -> Result<(), LoadError> {
    let rel = file.to_path_buf();
    let src = Arc::new(read(root, &rel)?);
    let raw: RawEntry = match toml::from_str(&src.text) {
        Ok(r) => r,
        Err(e) => {
            diags.push(toml_error(&src, &e));
            if let Some(stem) = file.file_stem() {
                unparsed.insert(stem.to_string_lossy().into_owned());
            }
            return Ok(());
        }
    };
    let stem = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let id = raw.id.get_ref().clone();
    if !is_kebab(&id) {
        diags.push(
            src.diag(raw.id.span(), format!("id `{id}` is not kebab-case"))
                .with_hint(
                    "use lowercase ASCII words joined by single hyphens, e.g. `valid-for-reads`",
                ),
        );
    } else if id != stem {
        diags.push(
            src.diag(
                raw.id.span(),
                format!("id `{id}` does not match the file name `{stem}.toml`"),
            )
            .with_hint(format!(
                "rename the file to `{id}.toml` or set `id = \"{stem}\"`"
            )),
        );
    }

    let entry = build_entry(&raw, kind, &rel, &src, diags);
    let compiled = grammar.map(|g| Matcher::compile_entry(g, &entry));
    loaded.push(Loaded {
        entry,
        src,
        raw,
        compiled,
    });
    Ok(())
}

fn build_entry(
    raw: &RawEntry,
    kind: Kind,
    rel: &Path,
    src: &Source,
    diags: &mut Diagnostics,
) -> Entry {
    let vars: Vec<Var> = raw
        .vars
        .as_ref()
        .map(|v| {
            v.get_ref()
                .iter()
                .map(|(k, t)| Var {
                    name: k.get_ref().clone(),
                    ty: t.get_ref().clone(),
                })
                .collect()
        })
        .unwrap_or_default();
    let declared: HashSet<&str> = vars.iter().map(|v| v.name.as_str()).collect();

    // Every declared variable appears in the phrase.
    let phrase_codes: HashSet<&str> = code_spans(raw.phrase.get_ref()).into_iter().collect();
    if let Some(v) = &raw.vars {
        for (k, _) in v.get_ref() {
            if !phrase_codes.contains(k.get_ref().as_str()) {
                diags.push(
                    src.diag(
                        k.span(),
                        format!(
                            "variable `{}` is declared but the phrase does not use it",
                            k.get_ref()
                        ),
                    )
                    .with_hint(format!(
                        "write `{}` in backticks in the phrase, or remove it from `vars`",
                        k.get_ref()
                    )),
                );
            }
            if k.get_ref().trim().is_empty() || k.get_ref().contains('`') {
                diags.push(
                    src.diag(
                        k.span(),
                        "a variable name must be non-empty and contain no backticks",
                    )
                    .with_hint("name it as it is written in the phrase, e.g. `ptr` or `'a`"),
                );
            }
        }
    }
    // Other phrasings use exactly the phrase's variables.
    let check_phrasing = |s: &Spanned<String>, what: &str, diags: &mut Diagnostics| {
        let codes: HashSet<&str> = code_spans(s.get_ref()).into_iter().collect();
        // A type variable may be left out: it is then the pointee type ("`ptr` points to a
        // valid value" for "... of type `T`"). So may a lifetime: "we have a mutable reference
        // to `x`" claims unique access for a time it does not name, which the expansion shows
        // unfilled. Values may all be left out together, never some of them: "the reference
        // count is non-zero" says it of an object the sentence names by no code, which the
        // expansion shows unfilled too; a phrasing naming one value and not another would
        // read as a claim about the wrong one. (Only these two of grammar `type_vars`: an
        // allocator or a function left out would change the claim, "was allocated" is not "was
        // allocated with `A`"; below, they may stay while the values go.)
        let values: Vec<&Var> = vars
            .iter()
            .filter(|v| v.ty != "type" && v.ty != "lifetime")
            .collect();
        if values.iter().all(|v| !codes.contains(v.name.as_str())) {
            undeclared_uses(s, &declared, what, src, diags);
            return;
        }
        // So may the values alone where the functions and allocators the claim names are
        // named: Linux's "it must not be called more than once for each previous call to
        // [`Arc::into_raw`]" says of whatever pointer the call takes that it comes back at most
        // once for each time `into_raw` gave it out.
        let named = |v: &Var| matches!(v.ty.as_str(), "function" | "allocator");
        let (named_vars, data): (Vec<&Var>, Vec<&Var>) = values.iter().partition(|v| named(v));
        if !data.is_empty()
            && !named_vars.is_empty()
            && data.iter().all(|v| !codes.contains(v.name.as_str()))
            && named_vars.iter().all(|v| codes.contains(v.name.as_str()))
        {
            undeclared_uses(s, &declared, what, src, diags);
            return;
        }
        for v in values {
            if !codes.contains(v.name.as_str()) {
                diags.push(
                    src.diag(
                        s.span(),
                        format!("{what} does not use variable `{}` of the phrase", v.name),
                    )
                    .with_hint("every wording of an entry must use the same variables"),
                );
            }
        }
        undeclared_uses(s, &declared, what, src, diags);
    };
    for a in &raw.accepted {
        check_phrasing(a, "accepted phrasing", diags);
    }
    for d in &raw.discouraged {
        check_phrasing(&d.get_ref().phrase, "discouraged phrasing", diags);
        if let Some(p) = &d.get_ref().preferred {
            undeclared_uses(p, &declared, "preferred phrasing", src, diags);
        }
    }

    let mut meaning = Vec::new();
    if kind != Kind::Concept && raw.meaning.is_empty() {
        diags.push(
            src.diag(raw.id.span(), "missing field `meaning`")
                .with_hint("every entry but a concept states its meaning as a list of clauses"),
        );
    }
    for clause in &raw.meaning {
        let c = clause.get_ref();
        match (&c.text, &c.reference) {
            (Some(t), None) => {
                if c.with.is_some() {
                    diags.push(
                        src.diag(clause.span(), "a text clause cannot have `with`")
                            .with_hint("`with` binds the variables of a `ref` clause"),
                    );
                }
                undeclared_uses(t, &declared, "meaning", src, diags);
                meaning.push(Clause::Text {
                    text: t.get_ref().clone(),
                });
            }
            (None, Some(r)) => {
                let mut with = IndexMap::new();
                if let Some(w) = &c.with {
                    for (k, v) in w.get_ref() {
                        undeclared_uses(v, &declared, "binding", src, diags);
                        with.insert(k.get_ref().clone(), v.get_ref().clone());
                    }
                }
                meaning.push(Clause::Ref {
                    id: r.get_ref().clone(),
                    with,
                });
            }
            _ => diags.push(
                src.diag(
                    clause.span(),
                    "a meaning clause needs exactly one of `text` or `ref`",
                )
                .with_hint("write `{ text = \"...\" }` or `{ ref = \"<id>\", with = { ... } }`"),
            ),
        }
    }

    Entry {
        id: raw.id.get_ref().clone(),
        kind,
        phrase: raw.phrase.get_ref().clone(),
        summary: raw.summary.get_ref().clone(),
        vars,
        meaning,
        notes: raw.notes.clone(),
        accepted: raw.accepted.iter().map(|s| s.get_ref().clone()).collect(),
        discouraged: raw
            .discouraged
            .iter()
            .map(|d| {
                let d = d.get_ref();
                Discouraged {
                    phrase: d.phrase.get_ref().clone(),
                    reason: d.reason.clone(),
                    preferred: d
                        .preferred
                        .as_ref()
                        .map_or_else(|| raw.phrase.get_ref().clone(), |p| p.get_ref().clone()),
                }
            })
            .collect(),
        tags: raw.tags.clone(),
        see_also: raw.see_also.iter().map(|s| s.get_ref().clone()).collect(),
        sources: raw.sources.clone(),
        origin: raw.origin,
        rfc_difference: raw.rfc_difference.clone(),
        exclusive: raw.exclusive.as_ref().is_some_and(|e| *e.get_ref()),
        file: rel.to_path_buf(),
    }
}

/// Lowercase words that are code, not meta variables, when written in backticks.
const LITERAL_WORDS: &[&str] = &[
    "self", "unsafe", "mut", "const", "static", "fn", "impl", "trait", "struct", "enum", "union",
    "true", "false", "drop", "null", "usize", "isize", "u8", "u16", "u32", "u64", "i32", "i64",
    "bool", "char", "str", "ref", "move", "dyn", "async", "await", "loop", "match", "return", "as",
];

/// Reports backticked variable-like names that the phrase does not declare.
fn undeclared_uses(
    s: &Spanned<String>,
    declared: &HashSet<&str>,
    what: &str,
    src: &Source,
    diags: &mut Diagnostics,
) {
    for code in code_spans(s.get_ref()) {
        if looks_like_variable(code) && !declared.contains(code) && !LITERAL_WORDS.contains(&code) {
            diags.push(
                src.diag(
                    s.span(),
                    format!("{what} uses variable `{code}`, which the phrase does not declare"),
                )
                .with_hint(format!(
                    "declare `{code}` in `vars` and use it in the phrase, or write the text without backticks"
                )),
            );
        }
    }
}

fn check_duplicates(loaded: &[Loaded], diags: &mut Diagnostics) {
    let mut first: HashMap<&str, &Loaded> = HashMap::new();
    for l in loaded {
        match first.get(l.entry.id.as_str()) {
            Some(prev) => diags.push(
                l.src
                    .diag(
                        l.raw.id.span(),
                        format!(
                            "duplicate id `{}`: already used by {}",
                            l.entry.id,
                            prev.src.rel.display()
                        ),
                    )
                    .with_hint("ids are unique across all kinds; pick another id"),
            ),
            None => {
                first.insert(&l.entry.id, l);
            }
        }
    }
}

fn check_references(
    l: &Loaded,
    all: &[Loaded],
    ids: &FxHashMap<String, usize>,
    unparsed: &HashSet<String>,
    diags: &mut Diagnostics,
) {
    let unknown = |id: &str| {
        let mut near: Vec<(f64, &str)> = ids
            .keys()
            .map(|k| (strsim::normalized_levenshtein(id, k), k.as_str()))
            .collect();
        near.sort_by(|a, b| b.0.total_cmp(&a.0));
        match near.first() {
            Some((s, k)) if *s > 0.5 => format!("did you mean `{k}`?"),
            _ => "create the entry or fix the id".to_string(),
        }
    };
    for clause in &l.raw.meaning {
        let c = clause.get_ref();
        let Some(r) = &c.reference else { continue };
        let target = match ids.get(r.get_ref()) {
            Some(&t) => &all[t],
            None if unparsed.contains(r.get_ref()) => continue,
            None => {
                diags.push(
                    l.src
                        .diag(
                            r.span(),
                            format!("reference to missing entry `{}`", r.get_ref()),
                        )
                        .with_hint(unknown(r.get_ref())),
                );
                continue;
            }
        };
        if target.entry.kind == Kind::Concept {
            diags.push(
                l.src
                    .diag(r.span(), format!("`{}` is a concept and has no meaning to refer to", r.get_ref()))
                    .with_hint("refer to concepts in text clauses; `ref` is for requirements, justifications, guarantees and invariants"),
            );
            continue;
        }
        let given: Vec<&Spanned<String>> = c
            .with
            .as_ref()
            .map(|w| w.get_ref().keys().collect())
            .unwrap_or_default();
        let with_span = c.with.as_ref().map_or(r.span(), |w| w.span());
        for v in &target.entry.vars {
            if !given.iter().any(|g| g.get_ref() == &v.name) {
                diags.push(
                    l.src
                        .diag(
                            with_span.clone(),
                            format!(
                                "missing binding for variable `{}` of `{}`",
                                v.name, target.entry.id
                            ),
                        )
                        .with_hint(format!("add `\"{}\" = \"...\"` to `with`", v.name)),
                );
            }
        }
        for g in given {
            if target.entry.var(g.get_ref()).is_none() {
                let declared: Vec<String> = target
                    .entry
                    .vars
                    .iter()
                    .map(|v| format!("`{}`", v.name))
                    .collect();
                diags.push(
                    l.src
                        .diag(
                            g.span(),
                            format!("`{}` has no variable `{}`", target.entry.id, g.get_ref()),
                        )
                        .with_hint(if declared.is_empty() {
                            format!("`{}` takes no bindings; remove `with`", target.entry.id)
                        } else {
                            format!("its variables are {}", declared.join(", "))
                        }),
                );
            }
        }
    }
    for s in &l.raw.see_also {
        if !ids.contains_key(s.get_ref()) && !unparsed.contains(s.get_ref()) {
            diags.push(
                l.src
                    .diag(
                        s.span(),
                        format!("see_also names missing entry `{}`", s.get_ref()),
                    )
                    .with_hint(unknown(s.get_ref())),
            );
        }
    }
}

/// A guarantee or an invariant whose meaning reaches an exclusive requirement promises that
/// nothing else touches the memory; only an exclusive owner can keep that, so it must say it
/// is one.
fn check_exclusive(all: &[Loaded], ids: &FxHashMap<String, usize>, diags: &mut Diagnostics) {
    // The first exclusive entry reachable from `start`, with the path to it.
    let path_to_exclusive = |start: usize| -> Option<Vec<usize>> {
        let mut seen = vec![false; all.len()];
        let mut stack: Vec<Vec<usize>> = vec![vec![start]];
        while let Some(path) = stack.pop() {
            let Some(&at) = path.last() else { continue };
            for clause in &all[at].entry.meaning {
                let Clause::Ref { id, .. } = clause else {
                    continue;
                };
                let Some(&next) = ids.get(id) else { continue };
                if std::mem::replace(&mut seen[next], true) {
                    continue;
                }
                let mut longer = path.clone();
                longer.push(next);
                if all[next].entry.exclusive {
                    return Some(longer);
                }
                stack.push(longer);
            }
        }
        None
    };
    for (i, l) in all.iter().enumerate() {
        if !matches!(l.entry.kind, Kind::Guarantee | Kind::Invariant) || l.entry.exclusive {
            continue;
        }
        let Some(path) = path_to_exclusive(i) else {
            continue;
        };
        let shown: Vec<String> = path
            .iter()
            .map(|&n| format!("`{}`", all[n].entry.id))
            .collect();
        diags.push(
            l.src
                .diag(
                    l.raw.id.span(),
                    format!(
                        "{} `{}` promises exclusive access ({}), which only an exclusive owner can keep",
                        l.entry.kind,
                        l.entry.id,
                        shown.join(" → ")
                    ),
                )
                .with_hint(
                    "write `exclusive = true` if it hands its holder exclusive ownership; otherwise \
                     refer to an entry that lets others use the memory too",
                ),
        );
    }
}

fn check_cycles(all: &[Loaded], ids: &FxHashMap<String, usize>, diags: &mut Diagnostics) {
    // 0 = unvisited, 1 = on the stack, 2 = done.
    let mut state = vec![0u8; all.len()];
    let mut reported: HashSet<Vec<usize>> = HashSet::new();
    fn visit(
        i: usize,
        all: &[Loaded],
        ids: &FxHashMap<String, usize>,
        state: &mut [u8],
        stack: &mut Vec<usize>,
        reported: &mut HashSet<Vec<usize>>,
        diags: &mut Diagnostics,
    ) {
        state[i] = 1;
        stack.push(i);
        for clause in &all[i].raw.meaning {
            let Some(r) = &clause.get_ref().reference else {
                continue;
            };
            let Some(&j) = ids.get(r.get_ref()) else {
                continue;
            };
            if state[j] == 1 {
                let pos = stack.iter().position(|&k| k == j).unwrap_or(0);
                let cycle: Vec<usize> = stack[pos..].to_vec();
                let mut key = cycle.clone();
                key.sort_unstable();
                if reported.insert(key) {
                    let mut names: Vec<&str> =
                        cycle.iter().map(|&k| all[k].entry.id.as_str()).collect();
                    names.push(&all[j].entry.id);
                    diags.push(
                        all[i]
                            .src
                            .diag(r.span(), format!("cycle among abbreviations: {}", names.join(" -> ")))
                            .with_hint("an entry cannot be defined through itself; break the cycle with a text clause"),
                    );
                }
            } else if state[j] == 0 {
                visit(j, all, ids, state, stack, reported, diags);
            }
        }
        stack.pop();
        state[i] = 2;
    }
    let mut stack = Vec::new();
    for i in 0..all.len() {
        if state[i] == 0 {
            visit(i, all, ids, &mut state, &mut stack, &mut reported, diags);
        }
    }
}

/// An example as read, with what the check against the entries needs.
struct ReadExample {
    /// `None` when a side could not be read (already reported).
    example: Option<Example>,
    src: Source,
    illustrates: Vec<Spanned<String>>,
}

/// Reads `examples/`; the entries it names are checked by `check_illustrates` once the
/// entries are known.
fn load_examples(root: &Files, diags: &mut Diagnostics) -> Result<Vec<ReadExample>, LoadError> {
    let dir = Path::new("examples");
    let mut out = Vec::new();
    if !root.is_dir(dir) {
        return Ok(out);
    }
    for (path, is_dir) in list_dir(root, dir)? {
        if !is_dir {
            continue;
        }
        let id = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let rel_dir = path.clone();
        let toml_rel = rel_dir.join("example.toml");
        let text = match root.read(&toml_rel) {
            Ok(text) => text,
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(LoadError::Io {
                    path: root.display_path(&toml_rel),
                    source: e,
                })
            }
            Err(_) => {
                diags.push(
                    Diagnostic::new(
                        &toml_rel,
                        &Arc::from(""),
                        0..0,
                        format!("example `{id}` has no example.toml"),
                    )
                    .with_hint(
                        "every examples/<id>/ directory holds example.toml, good.rs and bad.rs",
                    ),
                );
                continue;
            }
        };
        let src = Source {
            rel: toml_rel.clone(),
            text: Arc::from(text),
        };
        let raw: RawExample = match toml::from_str(&src.text) {
            Ok(r) => r,
            Err(e) => {
                let d = toml_error(&src, &e);
                diags.push(Diagnostic {
                    hint: Some(
                        "see the fields of RawExample in tools/safety-dict-core/src/model.rs"
                            .into(),
                    ),
                    ..d
                });
                continue;
            }
        };
        if !is_kebab(&id) {
            diags.push(
                src.diag(0..0, format!("example directory `{id}` is not kebab-case"))
                    .with_hint(
                        "it becomes the example's URL; use lowercase words joined by hyphens",
                    ),
            );
        }
        let mut read_side = |name: &str, spec: &crate::model::RawSide| {
            let rel = rel_dir.join(name);
            match root.read(&rel) {
                Ok(source) => Some(Side {
                    spec: spec.clone(),
                    source,
                    file: rel,
                }),
                Err(e) => {
                    // Worded by kind, so that a file missing on disk and one missing from an
                    // embedded set read the same.
                    let why = if e.kind() == std::io::ErrorKind::NotFound {
                        "no such file".to_string()
                    } else {
                        e.to_string()
                    };
                    diags.push(
                        src.diag(0..0, format!("cannot read {}: {why}", rel.display()))
                            .with_hint(
                                "each example has a good.rs and a bad.rs beside example.toml",
                            ),
                    );
                    None
                }
            }
        };
        let good = read_side("good.rs", &raw.good);
        let bad = read_side("bad.rs", &raw.bad);
        crate::example_rules::check(
            &id,
            &src.rel,
            &src.text,
            [
                good.as_ref().map(|s| (&*s.file, &*s.source)),
                bad.as_ref().map(|s| (&*s.file, &*s.source)),
            ],
            diags,
        );
        let example = match (good, bad) {
            (Some(good), Some(bad)) => Some(Example {
                id,
                title: raw.title,
                summary: raw.summary,
                explanation: raw.explanation,
                illustrates: raw
                    .illustrates
                    .iter()
                    .map(|i| i.get_ref().clone())
                    .collect(),
                good,
                bad,
                dir: rel_dir,
            }),
            _ => None,
        };
        out.push(ReadExample {
            example,
            src,
            illustrates: raw.illustrates,
        });
    }
    Ok(out)
}

/// Every entry an example illustrates must exist.
fn check_illustrates(
    examples: &[ReadExample],
    ids: &FxHashMap<String, usize>,
    unparsed: &HashSet<String>,
    diags: &mut Diagnostics,
) {
    for ex in examples {
        for i in &ex.illustrates {
            if !ids.contains_key(i.get_ref()) && !unparsed.contains(i.get_ref()) {
                diags.push(
                    ex.src
                        .diag(
                            i.span(),
                            format!("example illustrates missing entry `{}`", i.get_ref()),
                        )
                        .with_hint("use the id of an existing dictionary entry"),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::is_kebab;

    #[test]
    fn kebab_case_ids() {
        assert!(is_kebab("valid-for-reads"));
        assert!(is_kebab("nul-terminated-2"));
        assert!(!is_kebab("Valid"));
        assert!(!is_kebab("a--b"));
        assert!(!is_kebab("-a"));
        assert!(!is_kebab("a_b"));
    }
}
