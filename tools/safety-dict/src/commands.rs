//! One function per subcommand; each writes its output to the writer it is given and returns
//! the process exit code, or the error that writing the output met.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use safety_dict::expand::{render_markdown, Node};
use safety_dict::files::Files;
use safety_dict::{Dictionary, Kind, LoadError};
use serde::Serialize;

use crate::cli::{Cli, Command, DataFormat, DocFormat};
use crate::render;
use crate::{EXIT_FINDINGS, EXIT_OK, EXIT_TROUBLE};

pub fn run(cli: Cli) -> u8 {
    let root = match &cli.command {
        Command::Check { dir: Some(d), .. } => Files::Disk(d.clone()),
        _ => find_root(cli.root.as_deref()),
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = dispatch(cli, &root, &mut out).and_then(|code| out.flush().map(|()| code));
    match written {
        Ok(code) => code,
        // The reader went away (`safety-dict list | head`): its choice, not a failure.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => EXIT_OK,
        Err(e) => {
            eprintln!("error: cannot write the output: {e}");
            EXIT_TROUBLE
        }
    }
}

fn dispatch(cli: Cli, root: &Files, out: &mut dyn Write) -> io::Result<u8> {
    if let Command::Check { format, .. } = &cli.command {
        return check(root, *format, out);
    }
    let mut dict = match load(root) {
        Ok(d) => d,
        Err(code) => return Ok(code),
    };
    if let Some(url) = &cli.site_url {
        dict.set_site_url(url);
    }
    match cli.command {
        Command::Check { .. } => Ok(EXIT_OK),
        Command::List { kind, format } => list(&dict, kind.as_deref(), format, out),
        Command::Show { id, format } => show(&dict, &id, format, out),
        Command::Expand { text, file, format } => expand(&dict, text, file, format, out),
        Command::Link { query, format } => link(&dict, &query, format, out),
        // The lint crate owns the arguments and the run.
        Command::Lint(args) => {
            // The reviewed API-specific phrasings are counted apart, not reported as unknown.
            let listed = match safety_dict::api_specific::load_for_lookup(root) {
                Ok(l) => l,
                Err(e) => return Ok(report_load_error(e)),
            };
            let vocab = safety_dict_lint::dictionary::WithApiSpecific::new(&dict, &listed);
            safety_dict_lint::cli::run(&vocab, &args, out)
        }
        Command::Corpus { out: path, data } => {
            Ok(crate::corpus_cmd::corpus(&dict, &path, data.as_deref()))
        }
        Command::Search {
            query,
            limit,
            format,
        } => crate::search_cmd::search(&dict, &query, usize::from(limit), format, out),
    }
}

/// Where the dictionary comes from: the repository given; else the nearest ancestor of the
/// current directory with `dictionary/grammar.toml` (someone editing the dictionary sees their
/// edits); else the dictionary built into the binary.
fn find_root(given: Option<&Path>) -> Files {
    if let Some(g) = given {
        return Files::Disk(g.to_path_buf());
    }
    std::env::current_dir()
        .ok()
        .and_then(|cwd| {
            cwd.ancestors()
                .find(|a| a.join("dictionary").join("grammar.toml").is_file())
                .map(Path::to_path_buf)
        })
        .map_or_else(crate::embedded_files, Files::Disk)
}

fn load(root: &Files) -> Result<Dictionary, u8> {
    Dictionary::load_from(root).map_err(report_load_error)
}

/// Prints the first problem of a dictionary that does not load (`check` prints all of them).
fn report_load_error(e: LoadError) -> u8 {
    match e {
        LoadError::Invalid(diags) => {
            if let Some(first) = diags.0.first() {
                eprintln!("{}", render::diagnostic(first));
            }
            eprintln!(
                "error: the dictionary has {} problem(s); run `safety-dict check` for all of them",
                diags.len()
            );
            EXIT_TROUBLE
        }
        e => {
            eprintln!("error: {e}");
            EXIT_TROUBLE
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

fn check(root: &Files, format: DataFormat, out: &mut dyn Write) -> io::Result<u8> {
    // The list of API-specific phrasings is checked against the dictionary it sits beside.
    let loaded = Dictionary::load_from(root).and_then(|d| {
        safety_dict::api_specific::load(root, &d).map(|list| (d, list.phrasings.len()))
    });
    match loaded {
        Ok((d, api_specific)) => {
            match format {
                DataFormat::Text => writeln!(
                    out,
                    "ok: {} entries, {} examples and {} API-specific phrasings, no problems",
                    d.entries().len(),
                    d.examples().len(),
                    api_specific
                )?,
                DataFormat::Json => write_json(
                    out,
                    &serde_json::json!({
                        "entries": d.entries().len(),
                        "examples": d.examples().len(),
                        "api_specific": api_specific,
                        "problems": [],
                    }),
                )?,
            }
            Ok(EXIT_OK)
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
                    write_json(out, &serde_json::json!({ "problems": problems }))?;
                }
            }
            Ok(EXIT_FINDINGS)
        }
        Err(e) => {
            eprintln!("error: {e}");
            Ok(EXIT_TROUBLE)
        }
    }
}

/// Pretty JSON and a newline. A value that cannot be serialised is an error like a failed
/// write (the command then exits 2), not something to report and go on from.
pub fn write_json<T: Serialize>(out: &mut dyn Write, v: &T) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, v)?;
    writeln!(out)
}

fn list(
    dict: &Dictionary,
    kind: Option<&str>,
    format: DataFormat,
    out: &mut dyn Write,
) -> io::Result<u8> {
    let kind = match kind.map(|k| Kind::from_dir(k).ok_or(k)) {
        Some(Err(k)) => {
            eprintln!(
                "error: unknown kind `{k}`; use one of requirement, justification, guarantee, invariant, concept"
            );
            return Ok(EXIT_TROUBLE);
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
                writeln!(out, "{:<13} {:<width$}  {}", e.kind.dir(), e.id, e.phrase)?;
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
            write_json(out, &rows)?;
        }
    }
    Ok(EXIT_OK)
}

fn unknown_id(dict: &Dictionary, id: &str) -> u8 {
    eprintln!("error: no entry `{id}`");
    for s in dict.lookup(id).suggestions.iter().take(3) {
        eprintln!("  did you mean `{}`: {}", s.entry, s.phrase);
    }
    EXIT_FINDINGS
}

fn show(dict: &Dictionary, id: &str, format: DocFormat, out: &mut dyn Write) -> io::Result<u8> {
    let Some(e) = dict.entry(id) else {
        return Ok(unknown_id(dict, id));
    };
    let expansion = dict.expand_entry(e, &e.identity_bindings(), 0);
    match format {
        DocFormat::Json => write_json(
            out,
            &serde_json::json!({
                "entry": e,
                "url": dict.entry_url(&e.id),
                "expansion": expansion,
                "used_in": dict.used_in(&e.id).iter().map(|u| &u.id).collect::<Vec<_>>(),
                "examples": dict.examples_of(&e.id).iter().map(|x| &x.id).collect::<Vec<_>>(),
            }),
        )?,
        DocFormat::Markdown => {
            writeln!(out, "# {}\n", e.phrase)?;
            writeln!(
                out,
                "{} · `{}` · <{}>\n",
                e.kind,
                e.id,
                dict.entry_url(&e.id)
            )?;
            writeln!(out, "{}\n", e.summary)?;
            if let Some(o) = e.origin {
                writeln!(out, "From {}.", o.label())?;
            }
            if let Some(d) = &e.rfc_difference {
                writeln!(out, "Differs from the RFC: {}", d.trim())?;
            }
            if e.origin.is_some() || e.rfc_difference.is_some() {
                writeln!(out)?;
            }
            if !e.vars.is_empty() {
                writeln!(out, "Variables:")?;
                for v in &e.vars {
                    writeln!(out, "- `{}`: `{}`", v.name, v.ty)?;
                }
                writeln!(out)?;
            }
            if !e.meaning.is_empty() {
                writeln!(out, "Meaning:")?;
                for line in dict.meaning_lines_linked(e) {
                    writeln!(out, "- {line}")?;
                }
                writeln!(out, "\nFull expansion:")?;
                let mut tree = String::new();
                for c in &expansion.children {
                    node_md(&mut tree, c, 0);
                }
                out.write_all(tree.as_bytes())?;
            }
            if let Some(n) = &e.notes {
                writeln!(out, "\nNotes:\n{n}")?;
            }
            if !e.accepted.is_empty() {
                writeln!(out, "\nAlso accepted:")?;
                for a in &e.accepted {
                    writeln!(out, "- {a}")?;
                }
            }
            if !e.discouraged.is_empty() {
                writeln!(out, "\nDiscouraged:")?;
                for d in &e.discouraged {
                    writeln!(out, "- {} ({}; write: {})", d.phrase, d.reason, d.preferred)?;
                }
            }
            if !e.tags.is_empty() {
                writeln!(out, "\nSafety tags: {}", e.tags.join(", "))?;
            }
        }
    }
    Ok(EXIT_OK)
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

fn expand(
    dict: &Dictionary,
    text: Option<String>,
    file: Option<PathBuf>,
    format: DocFormat,
    out: &mut dyn Write,
) -> io::Result<u8> {
    let input = match (text, file) {
        (Some(t), _) if t != "-" => t,
        (_, Some(f)) => match std::fs::read_to_string(&f) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: cannot read {}: {e}", f.display());
                return Ok(EXIT_TROUBLE);
            }
        },
        _ => {
            let mut s = String::new();
            if let Err(e) = std::io::stdin().read_to_string(&mut s) {
                eprintln!("error: cannot read standard input: {e}");
                return Ok(EXIT_TROUBLE);
            }
            s
        }
    };
    let exp = dict.expand(&input);
    if exp.items.is_empty() {
        eprintln!(
            "error: nothing to expand: the input holds no sentence or list item of its own \
             (an introduction such as \"Specifically:\", a remark in parentheses or a \
             conclusion such as \"Hence, it is safe to ...\" is read with the sentences \
             around it: paste those too)"
        );
        return Ok(EXIT_TROUBLE);
    }
    match format {
        DocFormat::Markdown => out.write_all(render_markdown(&exp).as_bytes())?,
        DocFormat::Json => write_json(out, &exp)?,
    }
    Ok(if exp.unrecognised().next().is_some() {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    })
}

fn link(dict: &Dictionary, query: &str, format: DataFormat, out: &mut dyn Write) -> io::Result<u8> {
    let found = dict.lookup(query);
    Ok(match (found.entry, format) {
        (Some(id), DataFormat::Text) => {
            writeln!(out, "{}", dict.entry_url(&id))?;
            EXIT_OK
        }
        (Some(id), DataFormat::Json) => {
            write_json(
                out,
                &serde_json::json!({ "entry": id, "url": dict.entry_url(&id) }),
            )?;
            EXIT_OK
        }
        (None, DataFormat::Json) => {
            write_json(
                out,
                &serde_json::json!({ "entry": null, "suggestions": found.suggestions }),
            )?;
            EXIT_FINDINGS
        }
        (None, DataFormat::Text) => {
            eprintln!("error: no entry matches {query:?}");
            for s in found.suggestions.iter().take(3) {
                eprintln!("  nearest: {} ({})  {}", s.entry, s.phrase, s.url);
            }
            EXIT_FINDINGS
        }
    })
}
