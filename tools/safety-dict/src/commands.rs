//! One function per subcommand; each returns the process exit code.

use std::io::Read;
use std::path::{Path, PathBuf};

use safety_dict::expand::{render_markdown, Node};
use safety_dict::{Dictionary, Kind, LoadError};
use serde::Serialize;

use crate::cli::{Cli, Command, DataFormat, DocFormat};
use crate::render;
use crate::{EXIT_FINDINGS, EXIT_OK, EXIT_TROUBLE};

pub fn run(cli: Cli) -> u8 {
    let root = match &cli.command {
        Command::Check { dir: Some(d), .. } => Ok(d.clone()),
        _ => find_root(cli.root.as_deref()),
    };
    let root = match root {
        Ok(r) => r,
        Err(msg) => {
            eprintln!("error: {msg}");
            return EXIT_TROUBLE;
        }
    };
    if let Command::Check { format, .. } = &cli.command {
        return check(&root, *format);
    }
    let mut dict = match load(&root) {
        Ok(d) => d,
        Err(code) => return code,
    };
    if let Some(url) = &cli.site_url {
        dict.set_site_url(url);
    }
    match cli.command {
        Command::Check { .. } => EXIT_OK,
        Command::List { kind, format } => list(&dict, kind.as_deref(), format),
        Command::Show { id, format } => show(&dict, &id, format),
        Command::Expand { text, file, format } => expand(&dict, text, file, format),
        Command::Link { query, format } => link(&dict, &query, format),
        // The lint crate owns the arguments and the run; here it only gets the dictionary.
        Command::Lint(args) => {
            safety_dict_lint::cli::run(&dict, &args, &mut std::io::stdout().lock())
        }
        Command::Corpus { out, data } => crate::corpus_cmd::corpus(&dict, &out, data.as_deref()),
        Command::Search {
            query,
            limit,
            format,
        } => crate::search_cmd::search(&dict, &query, usize::from(limit), format),
    }
}

/// The repository root: given, or the nearest ancestor of the current directory with
/// `dictionary/grammar.toml`.
fn find_root(given: Option<&Path>) -> Result<PathBuf, String> {
    if let Some(g) = given {
        return Ok(g.to_path_buf());
    }
    let cwd =
        std::env::current_dir().map_err(|e| format!("cannot read the current directory: {e}"))?;
    cwd.ancestors()
        .find(|a| a.join("dictionary").join("grammar.toml").is_file())
        .map(Path::to_path_buf)
        .ok_or_else(|| {
            "no dictionary found here or above; run inside the safety-dict repository or pass --root DIR"
                .to_string()
        })
}

fn load(root: &Path) -> Result<Dictionary, u8> {
    match Dictionary::load(root) {
        Ok(d) => Ok(d),
        Err(LoadError::Invalid(diags)) => {
            if let Some(first) = diags.0.first() {
                eprintln!("{}", render::diagnostic(first));
            }
            eprintln!(
                "error: the dictionary has {} problem(s); run `safety-dict check` for all of them",
                diags.len()
            );
            Err(EXIT_TROUBLE)
        }
        Err(e) => {
            eprintln!("error: {e}");
            Err(EXIT_TROUBLE)
        }
    }
}

#[derive(Serialize)]
struct CheckProblem<'a> {
    file: String,
    line: usize,
    column: usize,
    message: &'a str,
    hint: Option<&'a str>,
}

fn check(root: &Path, format: DataFormat) -> u8 {
    match Dictionary::load(root) {
        Ok(d) => {
            match format {
                DataFormat::Text => println!(
                    "ok: {} entries and {} examples, no problems",
                    d.entries().len(),
                    d.examples().len()
                ),
                DataFormat::Json => print_json(&serde_json::json!({
                    "entries": d.entries().len(),
                    "examples": d.examples().len(),
                    "problems": [],
                })),
            }
            EXIT_OK
        }
        Err(LoadError::Invalid(diags)) => {
            match format {
                DataFormat::Text => {
                    for d in &diags.0 {
                        eprintln!("{}", render::diagnostic(d));
                    }
                    eprintln!(
                        "error: {} problem(s) found; nothing was written",
                        diags.len()
                    );
                }
                DataFormat::Json => {
                    let problems: Vec<CheckProblem<'_>> = diags
                        .0
                        .iter()
                        .map(|d| CheckProblem {
                            file: d.file.display().to_string(),
                            line: d.line,
                            column: d.column,
                            message: &d.message,
                            hint: d.hint.as_deref(),
                        })
                        .collect();
                    print_json(&serde_json::json!({ "problems": problems }));
                }
            }
            EXIT_FINDINGS
        }
        Err(e) => {
            eprintln!("error: {e}");
            EXIT_TROUBLE
        }
    }
}

fn print_json<T: Serialize>(v: &T) {
    match serde_json::to_string_pretty(v) {
        Ok(s) => println!("{s}"),
        Err(e) => eprintln!("error: cannot serialise output: {e}"),
    }
}

fn list(dict: &Dictionary, kind: Option<&str>, format: DataFormat) -> u8 {
    let kind = match kind.map(|k| Kind::from_dir(k).ok_or(k)) {
        Some(Err(k)) => {
            eprintln!(
                "error: unknown kind `{k}`; use one of requirement, justification, guarantee, invariant, concept"
            );
            return EXIT_TROUBLE;
        }
        Some(Ok(k)) => Some(k),
        None => None,
    };
    let entries: Vec<_> = dict
        .entries()
        .iter()
        .filter(|e| kind.is_none_or(|k| e.kind == k))
        .collect();
    match format {
        DataFormat::Text => {
            let width = entries.iter().map(|e| e.id.len()).max().unwrap_or(0);
            for e in &entries {
                println!("{:<13} {:<width$}  {}", e.kind.dir(), e.id, e.phrase);
            }
        }
        DataFormat::Json => {
            let rows: Vec<_> = entries
                .iter()
                .map(|e| {
                    serde_json::json!({
                        "id": e.id, "kind": e.kind, "phrase": e.phrase,
                        "summary": e.summary, "url": dict.entry_url(&e.id),
                    })
                })
                .collect();
            print_json(&rows);
        }
    }
    EXIT_OK
}

fn unknown_id(dict: &Dictionary, id: &str) -> u8 {
    eprintln!("error: no entry `{id}`");
    for s in dict.lookup(id).suggestions.iter().take(3) {
        eprintln!("  did you mean `{}`: {}", s.entry, s.phrase);
    }
    EXIT_FINDINGS
}

fn show(dict: &Dictionary, id: &str, format: DocFormat) -> u8 {
    let Some(e) = dict.entry(id) else {
        return unknown_id(dict, id);
    };
    let expansion = dict.expand_entry(e, &e.identity_bindings(), 0);
    match format {
        DocFormat::Json => print_json(&serde_json::json!({
            "entry": e,
            "url": dict.entry_url(&e.id),
            "expansion": expansion,
            "used_in": dict.used_in(&e.id).iter().map(|u| &u.id).collect::<Vec<_>>(),
            "examples": dict.examples_of(&e.id).iter().map(|x| &x.id).collect::<Vec<_>>(),
        })),
        DocFormat::Markdown => {
            println!("# {}\n", e.phrase);
            println!("{} · `{}` · <{}>\n", e.kind, e.id, dict.entry_url(&e.id));
            println!("{}\n", e.summary);
            if !e.vars.is_empty() {
                println!("Variables:");
                for v in &e.vars {
                    println!("- `{}`: `{}`", v.name, v.ty);
                }
                println!();
            }
            if !e.meaning.is_empty() {
                println!("Meaning:");
                for line in dict.meaning_lines(e) {
                    println!("- {line}");
                }
                println!("\nFull expansion:");
                let mut out = String::new();
                for c in &expansion.children {
                    node_md(&mut out, c, 0);
                }
                print!("{out}");
            }
            if let Some(n) = &e.notes {
                println!("\nNotes:\n{n}");
            }
            if !e.accepted.is_empty() {
                println!("\nAlso accepted:");
                for a in &e.accepted {
                    println!("- {a}");
                }
            }
            if !e.discouraged.is_empty() {
                println!("\nDiscouraged:");
                for d in &e.discouraged {
                    println!("- {} ({}; write: {})", d.phrase, d.reason, d.preferred);
                }
            }
            if !e.tags.is_empty() {
                println!("\nSafety tags: {}", e.tags.join(", "));
            }
        }
    }
    EXIT_OK
}

fn node_md(out: &mut String, n: &Node, depth: usize) {
    let indent = "  ".repeat(depth);
    match (&n.entry, &n.url) {
        (Some(id), Some(url)) => out.push_str(&format!("{indent}- {} ([{id}]({url}))\n", n.text)),
        _ => out.push_str(&format!("{indent}- {}\n", n.text)),
    }
    for c in &n.children {
        node_md(out, c, depth + 1);
    }
}

fn expand(dict: &Dictionary, text: Option<String>, file: Option<PathBuf>, format: DocFormat) -> u8 {
    let input = match (text, file) {
        (Some(t), _) if t != "-" => t,
        (_, Some(f)) => match std::fs::read_to_string(&f) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: cannot read {}: {e}", f.display());
                return EXIT_TROUBLE;
            }
        },
        _ => {
            let mut s = String::new();
            if let Err(e) = std::io::stdin().read_to_string(&mut s) {
                eprintln!("error: cannot read standard input: {e}");
                return EXIT_TROUBLE;
            }
            s
        }
    };
    let exp = dict.expand(&input);
    if exp.items.is_empty() {
        eprintln!("error: nothing to expand: the input holds no sentence or list item");
        return EXIT_TROUBLE;
    }
    match format {
        DocFormat::Markdown => print!("{}", render_markdown(&exp)),
        DocFormat::Json => print_json(&exp),
    }
    if exp.unrecognised().next().is_some() {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    }
}

fn link(dict: &Dictionary, query: &str, format: DataFormat) -> u8 {
    let found = dict.lookup(query);
    match (found.entry, format) {
        (Some(id), DataFormat::Text) => {
            println!("{}", dict.entry_url(&id));
            EXIT_OK
        }
        (Some(id), DataFormat::Json) => {
            print_json(&serde_json::json!({ "entry": id, "url": dict.entry_url(&id) }));
            EXIT_OK
        }
        (None, DataFormat::Json) => {
            print_json(&serde_json::json!({ "entry": null, "suggestions": found.suggestions }));
            EXIT_FINDINGS
        }
        (None, DataFormat::Text) => {
            eprintln!("error: no entry matches {query:?}");
            for s in found.suggestions.iter().take(3) {
                eprintln!("  nearest: {} ({})  {}", s.entry, s.phrase, s.url);
            }
            EXIT_FINDINGS
        }
    }
}
