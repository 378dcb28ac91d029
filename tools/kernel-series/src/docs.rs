//! `Documentation/rust/safety-standard/`: the book's chapters converted to reST, the dictionary
//! page generated from the model, and the examples described as the samples they become.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::path::Path;

use mdbook_safety_dict::pages::term_label;
use safety_dict::model::{Kind, Outcome};
use safety_dict::report::SideName;
use safety_dict::{Dictionary, Entry, Example};

use crate::error::{Result, SeriesError};
use crate::rest::{self, Directive, Link, Resolver};
use crate::samples;
use crate::tree::Change;

/// Where the pages go in the kernel tree.
pub const DIR: &str = "Documentation/rust/safety-standard";
/// The page generated from the dictionary.
pub const DICTIONARY_DOC: &str = "dictionary";

/// Book chapters that stay on the site: they are about this project's tools and workflow, not
/// about the standard. Every other chapter of `book/SUMMARY.md` goes into the series.
pub const SITE_ONLY: &[&str] = &["tools.md", "proposing-entries.md"];

/// One chapter of the book, in `SUMMARY.md` order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chapter {
    /// `requirements.md`
    pub file: String,
    /// The Sphinx document name: `requirements`, or `index` for the introduction.
    pub doc: String,
}

/// The chapters of `book/SUMMARY.md` that the series carries.
pub fn chapters(summary: &str) -> Vec<Chapter> {
    let mut out = Vec::new();
    for line in summary.lines() {
        let Some(start) = line.find("](") else {
            continue;
        };
        let rest = &line[start + 2..];
        let Some(end) = rest.find(')') else { continue };
        let file = &rest[..end];
        if file.contains('/') || SITE_ONLY.contains(&file) || !file.ends_with(".md") {
            continue;
        }
        let stem = file.trim_end_matches(".md");
        let doc = if out.is_empty() { "index" } else { stem };
        out.push(Chapter {
            file: file.to_string(),
            doc: doc.to_string(),
        });
    }
    out
}

/// The label of a dictionary entry.
pub fn entry_label(id: &str) -> String {
    format!("safety-standard-entry-{id}")
}

/// The label of a heading of a page, from its mdBook anchor.
pub fn heading_label(doc: &str, anchor: &str) -> String {
    format!("safety-standard-{doc}-{anchor}")
}

/// The label of an example.
pub fn example_label(id: &str) -> String {
    format!("safety-standard-example-{id}")
}

/// Everything a page needs to resolve links: shared by all pages of one series.
pub struct Context<'a> {
    pub dict: &'a Dictionary,
    pub chapters: Vec<Chapter>,
    /// Labels defined so far, and labels referred to (checked once every page is written).
    defined: RefCell<BTreeSet<String>>,
    used: RefCell<BTreeSet<(String, String)>>,
}

impl<'a> Context<'a> {
    pub fn new(dict: &'a Dictionary, chapters: Vec<Chapter>) -> Self {
        let mut defined = BTreeSet::new();
        for e in dict.entries() {
            defined.insert(entry_label(&e.id));
        }
        for x in dict.examples() {
            defined.insert(example_label(&x.id));
        }
        Context {
            dict,
            chapters,
            defined: RefCell::new(defined),
            used: RefCell::new(BTreeSet::new()),
        }
    }

    fn site(&self, path: &str) -> String {
        format!("{}{path}", self.dict.site_url())
    }

    fn doc_of(&self, file: &str) -> Option<&str> {
        self.chapters
            .iter()
            .find(|c| c.file == file)
            .map(|c| c.doc.as_str())
    }

    fn use_label(&self, page: &str, label: String) -> Link {
        self.used
            .borrow_mut()
            .insert((page.to_string(), label.clone()));
        Link::Label(label)
    }

    /// Every label some page refers to must be defined by some page.
    pub fn check_labels(&self) -> Result<()> {
        let defined = self.defined.borrow();
        let missing: Vec<String> = self
            .used
            .borrow()
            .iter()
            .filter(|(_, l)| !defined.contains(l))
            .map(|(page, l)| format!("{page}: no heading or entry has the label `{l}`"))
            .collect();
        if missing.is_empty() {
            Ok(())
        } else {
            Err(SeriesError::Link(missing.join("\n")))
        }
    }

    fn entry(&self, id: &str) -> Result<&'a Entry> {
        self.dict.entry(id).ok_or_else(|| SeriesError::Unknown {
            what: "dictionary entry",
            id: id.to_string(),
        })
    }
}

/// The resolver of one page.
struct Page<'c, 'a> {
    cx: &'c Context<'a>,
    doc: String,
}

impl Resolver for Page<'_, '_> {
    fn link(&self, dest: &str) -> Result<Link> {
        if dest.starts_with("http://")
            || dest.starts_with("https://")
            || dest.starts_with("mailto:")
        {
            return Ok(Link::External(dest.to_string()));
        }
        let (path, frag) = dest.split_once('#').unwrap_or((dest, ""));
        if path.is_empty() {
            return Ok(self.cx.use_label(&self.doc, heading_label(&self.doc, frag)));
        }
        if path == "dictionary/index.md" {
            return Ok(Link::Doc(DICTIONARY_DOC.to_string()));
        }
        let entry_id = path
            .strip_prefix("dictionary/")
            .unwrap_or(path)
            .trim_end_matches(".md")
            .trim_end_matches(".html");
        if self.cx.dict.entry(entry_id).is_some() && !path.contains('?') {
            return Ok(self.cx.use_label(&self.doc, entry_label(entry_id)));
        }
        if let Some(doc) = self.cx.doc_of(path) {
            return Ok(if frag.is_empty() {
                Link::Doc(doc.to_string())
            } else {
                self.cx.use_label(&self.doc, heading_label(doc, frag))
            });
        }
        if let Some(stem) = path.strip_suffix(".md") {
            // A chapter that stays on the site.
            let page = format!("{stem}.html");
            let anchor = if frag.is_empty() {
                String::new()
            } else {
                format!("#{frag}")
            };
            return Ok(Link::External(self.cx.site(&format!("{page}{anchor}"))));
        }
        if path.ends_with(".html") || path.starts_with("expander.html") {
            return Ok(Link::External(self.cx.site(dest)));
        }
        Err(SeriesError::Link(format!(
            "{}: a link to `{dest}` has no place in the kernel's documentation",
            self.doc
        )))
    }

    fn directive(&self, name: &str, args: &str) -> Result<Directive> {
        let mut words = args.split_whitespace();
        let id = words.next().unwrap_or("");
        let rest: Vec<&str> = words.collect();
        match name {
            "term" => {
                let e = self.cx.entry(id)?;
                let text = if rest.is_empty() {
                    term_label(e)
                } else {
                    rest.join(" ")
                };
                let label = entry_label(id);
                self.cx
                    .used
                    .borrow_mut()
                    .insert((self.doc.clone(), label.clone()));
                Ok(Directive::Inline(rest::reference(&text, &label)))
            }
            "table" => {
                let kind = Kind::from_dir(id).ok_or_else(|| SeriesError::Unknown {
                    what: "kind",
                    id: id.to_string(),
                })?;
                Ok(Directive::Block(summary_table(self, kind)?))
            }
            "example" => {
                let x = self
                    .cx
                    .dict
                    .example(id)
                    .ok_or_else(|| SeriesError::Unknown {
                        what: "example",
                        id: id.to_string(),
                    })?;
                Ok(Directive::Block(example_card(self, x)?))
            }
            other => Err(SeriesError::Unknown {
                what: "directive",
                id: other.to_string(),
            }),
        }
    }

    fn heading_label(&self, anchor: &str) -> String {
        let label = heading_label(&self.doc, anchor);
        self.cx.defined.borrow_mut().insert(label.clone());
        label
    }
}

/// The short table a chapter shows for `{{#table KIND}}`: each phrase with its summary, the
/// full definition one click away on the dictionary page.
fn summary_table(page: &Page<'_, '_>, kind: Kind) -> Result<String> {
    let mut rows = vec![vec!["Phrase".to_string(), "In short".to_string()]];
    for e in page.cx.dict.entries_of_kind(kind) {
        let phrase = rest::inline(&e.phrase, page)?;
        let link = rest::reference(&e.id, &entry_label(&e.id));
        rows.push(vec![
            format!("{phrase} ({link})"),
            rest::inline(&e.summary, page)?,
        ]);
    }
    Ok(rest::list_table(&rows, 1))
}

/// What a side is declared to do, in words.
fn declared(x: &Example, side: SideName) -> String {
    let spec = match side {
        SideName::Good => &x.good.spec,
        SideName::Bad => &x.bad.spec,
    };
    match spec.expect {
        Outcome::Runs => "loads and runs cleanly".to_string(),
        Outcome::BuildFails => "does not compile".to_string(),
        o => {
            let f = spec
                .function
                .as_deref()
                .map(|f| format!(" in ``{f}``"))
                .unwrap_or_default();
            format!("{}{f}", samples::outcome_words(o))
        }
    }
}

/// `{{#example ID}}`: the example's explanation, and where its two sides are in the tree.
fn example_card(page: &Page<'_, '_>, x: &Example) -> Result<String> {
    let mut s = format!(".. _{}:\n\n", example_label(&x.id));
    s.push_str(&format!(
        ".. rubric:: {}\n\n",
        rest::inline(&x.title, page)?
    ));
    s.push_str(&rest::convert(&x.explanation, page)?);
    s.push('\n');
    let mut illustrates = Vec::new();
    for id in &x.illustrates {
        let e = page.cx.entry(id)?;
        illustrates.push(rest::reference(&term_label(e), &entry_label(id)));
    }
    let mut items = vec![format!("Illustrates: {}.", illustrates.join(", "))];
    for side in [SideName::Good, SideName::Bad] {
        items.push(format!(
            "The {} side, ``{}/{}.rs`` (``CONFIG_{}``), {}.",
            side.as_str(),
            samples::DIR,
            samples::object(&x.id, side),
            samples::symbol(&x.id, side),
            declared(x, side)
        ));
    }
    for item in items {
        let filled = rest::fill(&item, rest::WIDTH - 2);
        let mut lines = filled.lines();
        s.push_str(&format!("- {}\n", lines.next().unwrap_or("")));
        for l in lines {
            s.push_str(&format!("  {l}\n"));
        }
    }
    Ok(s)
}

/// One entry of the dictionary page: phrase, meaning, variables and its stable URL.
fn entry_definition(page: &Page<'_, '_>, e: &Entry) -> Result<String> {
    let mut s = format!(".. _{}:\n\n", entry_label(&e.id));
    s.push_str(&format!("``{}``\n", e.id));
    let mut body = Vec::new();
    body.push(format!("**Phrase:** {}", rest::inline(&e.phrase, page)?));
    body.push(rest::inline(&e.summary, page)?);
    let lines = page.cx.dict.meaning_lines(e);
    if !lines.is_empty() {
        let mut m = String::from("**Meaning:**\n\n");
        for (clause, line) in e.meaning.iter().zip(&lines) {
            let text = rest::inline(line, page)?;
            let text = match clause {
                safety_dict::Clause::Ref { id, .. } => {
                    format!("{text} ({})", rest::reference(id, &entry_label(id)))
                }
                safety_dict::Clause::Text { .. } => text,
            };
            let filled = rest::fill(&text, rest::WIDTH - 5);
            let mut ls = filled.lines();
            m.push_str(&format!("- {}\n", ls.next().unwrap_or("")));
            for l in ls {
                m.push_str(&format!("  {l}\n"));
            }
        }
        body.push(m.trim_end().to_string());
    }
    if !e.vars.is_empty() {
        let vars: Vec<String> = e
            .vars
            .iter()
            .map(|v| format!("{}: {}", rest::literal(&v.name), rest::literal(&v.ty)))
            .collect();
        body.push(format!("**Variables:** {}.", vars.join(", ")));
    }
    let url = page.cx.dict.entry_url(&e.id);
    body.push(format!("**Stable URL:** {url}"));
    for (i, b) in body.iter().enumerate() {
        if i > 0 {
            s.push('\n');
        }
        let text = if b.contains('\n') {
            b.clone()
        } else {
            rest::fill(b, rest::WIDTH - 3)
        };
        for l in text.lines() {
            if l.is_empty() {
                s.push('\n');
            } else {
                s.push_str(&format!("   {l}\n"));
            }
        }
    }
    Ok(s)
}

const SPDX: &str = ".. SPDX-License-Identifier: GPL-2.0\n\n";

/// `dictionary.rst`: every entry, grouped by kind.
fn dictionary_page(cx: &Context<'_>) -> Result<String> {
    let page = Page {
        cx,
        doc: DICTIONARY_DOC.to_string(),
    };
    let mut s = String::from(SPDX);
    s.push_str(&rest::title("Dictionary of standard phrases", '=', true));
    s.push('\n');
    s.push_str(&rest::fill(
        &format!(
            "Every phrase of the standard, generated from its dictionary. An entry gives the \
             exact phrase, what it means (often in terms of other entries) and the variables \
             it takes. The stable URL of an entry never changes meaning and can be quoted in \
             a review. The dictionary is also published with a search and an expander at {}.",
            cx.dict.site_url()
        ),
        rest::WIDTH,
    ));
    for kind in Kind::ALL {
        let entries: Vec<&Entry> = cx.dict.entries_of_kind(kind).collect();
        if entries.is_empty() {
            continue;
        }
        s.push('\n');
        s.push_str(&rest::title(kind.title(), '=', false));
        for e in entries {
            s.push('\n');
            s.push_str(&entry_definition(&page, e)?);
        }
    }
    Ok(s)
}

/// The list of every example as the kernel samples it becomes, appended to the examples page.
fn samples_section(cx: &Context<'_>) -> Result<String> {
    let page = Page {
        cx,
        doc: "examples".to_string(),
    };
    let mut s = format!(
        ".. _{}:\n\n",
        heading_label("examples", "the-examples-as-kernel-samples")
    );
    s.push_str(&rest::title("The examples as kernel samples", '=', false));
    s.push('\n');
    s.push_str(&rest::fill(
        &format!(
            "Every example is also a pair of sample modules in ``{}/``, under the \
             ``CONFIG_{}`` menu. The bad sides that crash the kernel sit in a submenu of their \
             own, ``CONFIG_{}``, which needs KASAN.",
            samples::DIR,
            samples::MENU,
            samples::BAD_MENU
        ),
        rest::WIDTH,
    ));
    s.push('\n');
    let mut rows = vec![vec![
        "Example".to_string(),
        "Good side".to_string(),
        "Bad side".to_string(),
    ]];
    for x in cx.dict.examples() {
        rows.push(vec![
            rest::inline(&x.title, &page)?,
            format!("``CONFIG_{}``", samples::symbol(&x.id, SideName::Good)),
            format!(
                "``CONFIG_{}``: {}",
                samples::symbol(&x.id, SideName::Bad),
                declared(x, SideName::Bad)
            ),
        ]);
    }
    s.push_str(&rest::list_table(&rows, 1));
    Ok(s)
}

/// The `toctree` of the index page.
fn toctree(cx: &Context<'_>) -> String {
    let mut s = String::from(".. toctree::\n   :maxdepth: 1\n\n");
    for c in cx.chapters.iter().skip(1) {
        s.push_str(&format!("   {}\n", c.doc));
    }
    s.push_str(&format!("   {DICTIONARY_DOC}\n"));
    s
}

/// Every documentation change of the series: the pages, and the line that adds them to
/// `Documentation/rust/index.rst`.
pub fn changes(root: &Path, dict: &Dictionary) -> Result<Vec<Change>> {
    let read = |p: &Path| std::fs::read_to_string(p).map_err(|e| SeriesError::io("read", p, e));
    let summary = read(&root.join("book/SUMMARY.md"))?;
    let cx = Context::new(dict, chapters(&summary));
    let mut out = vec![Change::Insert {
        path: "Documentation/rust/index.rst".into(),
        anchor: "    coding-guidelines".into(),
        before: false,
        lines: "    safety-standard/index\n".into(),
    }];
    for c in &cx.chapters {
        let md = read(&root.join("book").join(&c.file))?;
        let page = Page {
            cx: &cx,
            doc: c.doc.clone(),
        };
        let mut rst = String::from(SPDX);
        rst.push_str(
            &rest::convert(&md, &page).map_err(|e| SeriesError::InChapter {
                file: c.file.clone(),
                source: Box::new(e),
            })?,
        );
        if c.doc == "index" {
            rst.push('\n');
            rst.push_str(&toctree(&cx));
        }
        if c.doc == "examples" {
            rst.push('\n');
            rst.push_str(&samples_section(&cx)?);
        }
        out.push(Change::Create {
            path: format!("{DIR}/{}.rst", c.doc),
            content: rst,
        });
    }
    out.push(Change::Create {
        path: format!("{DIR}/{DICTIONARY_DOC}.rst"),
        content: dictionary_page(&cx)?,
    });
    cx.check_labels()?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chapters_follow_the_summary_and_leave_site_pages_out() {
        let s = "# Summary\n\n[Introduction](introduction.md)\n\n- [A](a.md)\n- [Tools](tools.md)\n- [Dictionary](dictionary/index.md)\n";
        let c = chapters(s);
        assert_eq!(
            c,
            vec![
                Chapter {
                    file: "introduction.md".into(),
                    doc: "index".into()
                },
                Chapter {
                    file: "a.md".into(),
                    doc: "a".into()
                },
            ]
        );
    }
}
