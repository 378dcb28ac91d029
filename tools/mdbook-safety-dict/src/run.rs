//! One run of the preprocessor over a book.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use mdbook_preprocessor::book::{Book, BookItem, Chapter};
use mdbook_preprocessor::PreprocessorContext;
use safety_dict::model::Kind;
use safety_dict::report::{Report, DEFAULT_REPORT_PATH};
use safety_dict::{Dictionary, LoadError};

use crate::directives::{self, ChapterError};
use crate::highlight::Highlighter;
use crate::links;
use crate::pages::{self, Site, TermUses};
use crate::registry;

pub const NAME: &str = "safety-dict";

/// Loads the dictionary, turning its diagnostics into one readable error.
pub fn load_dictionary(root: &Path) -> Result<Dictionary> {
    Dictionary::load(root).map_err(|e| match e {
        LoadError::Invalid(d) => anyhow!(
            "the dictionary is invalid ({} problem(s); `safety-dict check` shows them with snippets):\n{}",
            d.len(),
            d.0.iter().map(|x| x.to_string()).collect::<Vec<_>>().join("\n")
        ),
        other => anyhow!(other),
    })
}

pub fn report_path(ctx: &PreprocessorContext) -> PathBuf {
    if let Ok(p) = std::env::var("SAFETY_DICT_REPORT") {
        return PathBuf::from(p);
    }
    let configured: Option<String> = ctx
        .config
        .get(&format!("preprocessor.{NAME}.report"))
        .ok()
        .flatten();
    ctx.root
        .join(configured.unwrap_or_else(|| DEFAULT_REPORT_PATH.to_string()))
}

fn chapter_stem(path: &Path) -> String {
    let s = path.to_string_lossy().replace('\\', "/");
    s.strip_suffix(".md").unwrap_or(&s).to_string()
}

fn source_name(ctx: &PreprocessorContext, ch: &Chapter) -> String {
    let src = ctx.config.book.src.to_string_lossy().to_string();
    match &ch.source_path {
        Some(p) => format!("{src}/{}", p.display()),
        None => format!(
            "(generated) {}",
            ch.path
                .as_ref()
                .map_or(String::new(), |p| p.display().to_string())
        ),
    }
}

/// The published page paths whose URLs are permanent.
pub fn stable_paths(dict: &Dictionary) -> BTreeSet<String> {
    dict.entries()
        .iter()
        .map(|e| Dictionary::entry_path(&e.id))
        .chain(
            dict.examples()
                .iter()
                .map(|x| Dictionary::example_path(&x.id)),
        )
        .collect()
}

fn generated(name: String, content: String, path: String, parents: Vec<String>) -> Chapter {
    let mut ch = Chapter::new(&name, content, PathBuf::from(path), parents);
    ch.source_path = None;
    ch
}

pub fn run(ctx: &PreprocessorContext, mut book: Book) -> Result<Book> {
    let dict = load_dictionary(&ctx.root)?;
    let report_file = report_path(ctx);
    let report = Report::load(&report_file).with_context(|| "reading the examples' QEMU report")?;
    let html = ctx.renderer == "html";
    let highlighter = html.then(Highlighter::new);
    // The highlighting CSS goes into the pages with code (the examples) only.
    let code_css = if html {
        Some(crate::highlight::examples_css(&ctx.root)?)
    } else {
        None
    };

    // Which chapters use which terms, for the backlinks of entry pages.
    let mut term_uses: TermUses = BTreeMap::new();
    for item in book.iter() {
        if let BookItem::Chapter(ch) = item {
            let Some(path) = &ch.path else { continue };
            for f in directives::scan(&ch.content) {
                if f.name == "term" && !f.escaped {
                    let id = f.args.split_whitespace().next().unwrap_or("").to_string();
                    let uses = term_uses.entry(id).or_default();
                    let entry = (ch.name.clone(), chapter_stem(path));
                    if !uses.contains(&entry) {
                        uses.push(entry);
                    }
                }
            }
        }
    }

    let site = Site {
        dict: &dict,
        report: report.as_ref(),
        term_uses: &term_uses,
        highlighter: highlighter.as_ref(),
        code_css: code_css.as_deref(),
    };

    let filter_script =
        crate::expander::read_inline_script(&ctx.root, crate::expander::FILTER_SCRIPT)?;
    let filter_list = |from: &str| {
        format!(
            "{}\n<script>\n{filter_script}\n</script>\n",
            site.filter_list(from)
        )
    };
    let mut errors: Vec<ChapterError> = Vec::new();
    book.for_each_chapter_mut(|ch| {
        let Some(path) = ch.path.clone() else { return };
        let stem = chapter_stem(&path);
        let from = format!("{stem}.md");
        let file = source_name(ctx, ch);
        match directives::expand(&ch.content, &from, &file, &site) {
            Ok(c) => ch.content = c,
            Err(mut e) => errors.append(&mut e),
        }
        if from == "dictionary/index.md" {
            // The filter comes first: after the title and the first paragraph.
            let list = filter_list(&from);
            let at = ch
                .content
                .find("\n# ")
                .or_else(|| ch.content.starts_with("# ").then_some(0))
                .and_then(|h| ch.content[h..].find("\n\n").map(|p| h + p))
                .and_then(|p| {
                    let after = p + 2;
                    ch.content[after..].find("\n\n").map(|q| after + q)
                })
                .unwrap_or(ch.content.len());
            ch.content.insert_str(at, &list);
        }
    });
    if !errors.is_empty() {
        bail!(
            "{} problem(s) in the book's chapters:\n{}",
            errors.len(),
            errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }

    add_dictionary_pages(&mut book, &site, &filter_list);
    add_example_pages(&mut book, &site);
    crate::expander::add_page(&mut book, &dict, &ctx.root)?;
    number_generated(&mut book.items);
    check_links(ctx, &book)?;
    check_registry(ctx, &dict)?;
    if let Ok(dir) = std::env::var("SAFETY_DICT_MATERIALIZE") {
        if ctx.renderer == "html" {
            materialize(ctx, &book, Path::new(&dir))
                .context("writing the plain copy of the book")?;
        }
    }
    Ok(book)
}

/// Gives each generated sub-chapter a section number under its parent's (`14.2.7`): mdBook
/// nests and folds the sidebar by these numbers (`no-section-label` keeps them out of sight),
/// and lists an unnumbered chapter flat at the top level.
fn number_generated(items: &mut [BookItem]) {
    for item in items {
        let BookItem::Chapter(ch) = item else {
            continue;
        };
        if let Some(parent) = ch.number.clone() {
            let mut n = 0;
            for sub in &mut ch.sub_items {
                if let BookItem::Chapter(s) = sub {
                    n += 1;
                    if s.number.is_none() {
                        s.number = Some(parent.iter().copied().chain([n]).collect());
                    }
                }
            }
        }
        number_generated(&mut ch.sub_items);
    }
}

fn find_chapter<'a>(items: &'a mut [BookItem], path: &str) -> Option<&'a mut Chapter> {
    for item in items {
        if let BookItem::Chapter(ch) = item {
            if ch.path.as_deref().is_some_and(|p| p == Path::new(path)) {
                return Some(ch);
            }
            if let Some(found) = find_chapter(&mut ch.sub_items, path) {
                return Some(found);
            }
        }
    }
    None
}

fn add_dictionary_pages(book: &mut Book, site: &Site<'_>, filter_list: &dyn Fn(&str) -> String) {
    let parent_name = "Dictionary".to_string();
    let mut subs: Vec<BookItem> = Vec::new();
    subs.push(BookItem::Chapter(generated(
        "A–Z index".into(),
        site.az_page(),
        pages::AZ_MD_PATH.into(),
        vec![parent_name.clone()],
    )));
    for kind in Kind::ALL {
        let mut kind_ch = generated(
            kind.title().into(),
            site.kind_page(kind),
            pages::kind_md_path(kind),
            vec![parent_name.clone()],
        );
        for e in site.dict.entries_of_kind(kind) {
            kind_ch.sub_items.push(BookItem::Chapter(generated(
                pages::entry_title(e),
                site.entry_page(e),
                pages::entry_md_path(&e.id),
                vec![parent_name.clone(), kind.title().into()],
            )));
        }
        subs.push(BookItem::Chapter(kind_ch));
    }
    match find_chapter(&mut book.items, "dictionary/index.md") {
        Some(ch) => ch.sub_items.extend(subs),
        None => {
            let content = format!("# Dictionary\n{}", filter_list("dictionary/index.md"));
            let mut ch = generated(
                parent_name,
                content,
                "dictionary/index.md".into(),
                Vec::new(),
            );
            ch.sub_items = subs;
            book.items.push(BookItem::Chapter(ch));
        }
    }
}

fn add_example_pages(book: &mut Book, site: &Site<'_>) {
    if site.dict.examples().is_empty() {
        return;
    }
    let subs: Vec<BookItem> = site
        .dict
        .examples()
        .iter()
        .map(|x| {
            BookItem::Chapter(generated(
                crate::html::plain(&x.title),
                site.example_page(x),
                pages::example_md_path(&x.id),
                vec!["Examples".into()],
            ))
        })
        .collect();
    match find_chapter(&mut book.items, "examples.md") {
        Some(ch) => ch.sub_items.extend(subs),
        None => {
            let mut content = String::from("# Examples\n\nEach example is a pair of kernel modules: a good side written as the standard teaches, and a bad side that breaks one rule.\n\n");
            for x in site.dict.examples() {
                content.push_str(&format!(
                    "- [{}](examples/{}.md)\n",
                    crate::html::plain(&x.title).replace(['[', ']'], ""),
                    x.id
                ));
            }
            let mut ch = generated("Examples".into(), content, "examples.md".into(), Vec::new());
            ch.sub_items = subs;
            book.items.push(BookItem::Chapter(ch));
        }
    }
}

/// Every link from any page to a dictionary or example page must exist, and every `#fragment`
/// to a page of the book must name an anchor that page has.
fn check_links(ctx: &PreprocessorContext, book: &Book) -> Result<()> {
    let mut anchors: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for item in book.iter() {
        if let BookItem::Chapter(ch) = item {
            if let Some(p) = &ch.path {
                anchors.insert(
                    format!("{}.html", chapter_stem(p)),
                    links::anchors(&ch.content),
                );
            }
        }
    }
    let mut problems = Vec::new();
    for item in book.iter() {
        let BookItem::Chapter(ch) = item else {
            continue;
        };
        let Some(p) = &ch.path else { continue };
        let from = format!("{}.md", chapter_stem(p));
        for target in links::links(&ch.content) {
            let Some((page, fragment)) = links::resolve(&from, &target) else {
                continue;
            };
            let line = ch
                .content
                .find(&target)
                .map_or(0, |i| ch.content[..i].matches('\n').count() + 1);
            let at = format!("{}:{line}", source_name(ctx, ch));
            match anchors.get(&page) {
                // Every page of the book is a chapter; other files (CSS, JS) are not checked here.
                None if page.ends_with(".html") => {
                    problems.push(format!("{at}: link to missing page `{target}`"))
                }
                None => {}
                Some(a) => {
                    if let Some(f) = fragment.filter(|f| !f.is_empty() && !a.contains(f)) {
                        problems.push(format!(
                            "{at}: link `{target}` names anchor `#{f}`, which {page} does not have"
                        ));
                    }
                }
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        bail!(
            "{} broken link(s):\n{}",
            problems.len(),
            problems.join("\n")
        )
    }
}

fn check_registry(ctx: &PreprocessorContext, dict: &Dictionary) -> Result<()> {
    let registered = registry::read(&ctx.root).context("reading stable-urls.txt")?;
    let generated = stable_paths(dict);
    let redirects: BTreeSet<String> = ctx
        .config
        .html_config()
        .map(|h| h.redirect.keys().cloned().collect())
        .unwrap_or_default();
    let gone = registry::vanished(&registered, &generated, &redirects);
    let problems: Vec<String> = gone
        .iter()
        .map(|p| format!("published page `{p}` would disappear: restore it, or add `\"/{p}\" = \"<new path>\"` under [output.html.redirect] in book.toml"))
        .collect();
    // A new page is not an error while writing; `register --check` (run by the test suite)
    // makes sure it is registered before it is merged.
    for p in registry::unregistered(&registered, &generated) {
        eprintln!(
            "warning: page `{p}` is not in {} yet: run `cargo run -p mdbook-safety-dict -- register` and commit the file",
            registry::REGISTRY_FILE
        );
    }
    if problems.is_empty() {
        Ok(())
    } else {
        bail!(
            "{} stable-URL problem(s):\n{}",
            problems.len(),
            problems.join("\n")
        )
    }
}

/// Writes the preprocessed book as a plain mdBook (Markdown + SUMMARY.md + book.toml without
/// this preprocessor) into `dir`: the baseline of the build-time benchmark.
pub fn materialize(ctx: &PreprocessorContext, book: &Book, dir: &Path) -> Result<()> {
    let src = dir.join("src");
    std::fs::create_dir_all(&src)?;
    let mut summary = String::from("# Summary\n\n");
    fn walk(items: &[BookItem], depth: usize, src: &Path, summary: &mut String) -> Result<()> {
        for item in items {
            if let BookItem::Chapter(ch) = item {
                let Some(p) = &ch.path else { continue };
                let file = src.join(p);
                if let Some(parent) = file.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                std::fs::write(&file, &ch.content)?;
                let name = ch.name.replace(['[', ']'], "");
                summary.push_str(&format!(
                    "{}- [{}]({})\n",
                    "  ".repeat(depth),
                    name,
                    p.display()
                ));
                walk(&ch.sub_items, depth + 1, src, summary)?;
            }
        }
        Ok(())
    }
    walk(&book.items, 0, &src, &mut summary)?;
    std::fs::write(src.join("SUMMARY.md"), summary)?;
    let toml = std::fs::read_to_string(ctx.root.join("book.toml"))?;
    let mut out = String::new();
    let mut skipping = false;
    for line in toml.lines() {
        if line.starts_with('[') {
            skipping = line.starts_with("[preprocessor.");
        }
        if !skipping {
            out.push_str(
                &line
                    .replace("src = \"book\"", "src = \"src\"")
                    .replace("build-dir = \"target/book\"", "build-dir = \"out\""),
            );
            out.push('\n');
        }
    }
    std::fs::write(dir.join("book.toml"), out)?;
    if ctx.root.join("theme").is_dir() {
        std::fs::create_dir_all(dir.join("theme"))?;
        for f in std::fs::read_dir(ctx.root.join("theme"))? {
            let f = f?;
            std::fs::copy(f.path(), dir.join("theme").join(f.file_name()))?;
        }
    }
    Ok(())
}
