//! The rules an example pair must follow before it can be built and judged: the ones the QEMU
//! harness used to check on its own, checked here with the rest of the schema so that
//! `safety-dict check` reports them with a file, line and column.
//!
//! - the good side `runs`; the bad side fails in a declared way;
//! - a failing side names its `report`, and a side that crashes the kernel names the
//!   `function` the report must mention, which its source declares;
//! - a `runs` side lists `markers`, and every marker of either side is printed by some
//!   `pr_*!` format string of its source;
//! - `rustflags` are plain rustc flags (they are pasted into a Kbuild file);
//! - both sources declare the module name `module!` must have (the id with `_` for `-`);
//! - the text fields are not empty, `illustrates` names an entry, and the id is short enough
//!   for the kernel's module names.

use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::Outcome;

/// The kernel's `MODULE_NAME_LEN` less its NUL: the longest module name it accepts.
pub const MAX_MODULE_NAME: usize = 55;

/// The longest example id: its in-tree sample `safety_<id>_good` (12 more characters than the
/// id) must still be a valid module name.
pub const MAX_ID_LEN: usize = MAX_MODULE_NAME - "safety__good".len();

/// The module name both sides declare in `module!`: the id with `_` for `-`.
pub fn module_name(id: &str) -> String {
    id.replace('-', "_")
}

/// The characters a rustc flag in `rustflags` may contain (after its leading `-`).
pub fn is_plain_rustflag(flag: &str) -> bool {
    flag.starts_with('-')
        && flag
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_=,.".contains(c))
}

/// The spans of the fields these rules point at. `example.toml` has already been read into
/// `RawExample` (which rejects unknown fields); this second reading of the same text only
/// records where each field is.
#[derive(Deserialize)]
struct Spans {
    title: Option<Spanned<String>>,
    summary: Option<Spanned<String>>,
    explanation: Option<Spanned<String>>,
    illustrates: Option<Spanned<Vec<toml::Value>>>,
    good: Option<SideSpans>,
    bad: Option<SideSpans>,
}

#[derive(Deserialize)]
struct SideSpans {
    expect: Option<Spanned<Outcome>>,
    report: Option<Spanned<String>>,
    function: Option<Spanned<String>>,
    #[serde(default)]
    markers: Vec<Spanned<String>>,
    #[serde(default)]
    rustflags: Vec<Spanned<String>>,
}

/// One side's module source: its path and text.
pub(crate) type SideSource<'a> = (&'a Path, &'a str);

struct Toml<'a> {
    file: &'a Path,
    text: &'a Arc<str>,
}

impl Toml<'_> {
    fn diag(&self, span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(self.file, self.text, span, message)
    }
}

/// Checks one example's `example.toml` (at `file`, text `text`) and the sources of the sides
/// that could be read (`None` for a side whose file is missing, already reported).
pub(crate) fn check(
    id: &str,
    file: &Path,
    text: &Arc<str>,
    sources: [Option<SideSource<'_>>; 2],
    diags: &mut Diagnostics,
) {
    let Ok(spans) = toml::from_str::<Spans>(text) else {
        // The schema error was reported when the file was read.
        return;
    };
    let t = Toml { file, text };
    if id.len() > MAX_ID_LEN {
        diags.push(
            t.diag(
                0..0,
                format!("example id `{id}` is longer than {MAX_ID_LEN} characters"),
            )
            .with_hint(format!(
                "its module names (`{}`, and `safety_{}_good` in the kernel tree) must fit \
                     the kernel's {MAX_MODULE_NAME} characters; choose a shorter directory name",
                module_name(id),
                module_name(id)
            )),
        );
    }
    for (field, value) in [
        ("title", &spans.title),
        ("summary", &spans.summary),
        ("explanation", &spans.explanation),
    ] {
        if let Some(v) = value {
            if v.get_ref().trim().is_empty() {
                diags.push(
                    t.diag(v.span(), format!("`{field}` is empty"))
                        .with_hint("every example page shows its title, summary and explanation"),
                );
            }
        }
    }
    if let Some(ill) = &spans.illustrates {
        if ill.get_ref().is_empty() {
            diags.push(
                t.diag(ill.span(), "`illustrates` names no dictionary entry")
                    .with_hint("list the ids of the entries this pair shows in use"),
            );
        }
    }
    let [good_src, bad_src] = sources;
    for (name, side, source) in [
        ("good", &spans.good, good_src),
        ("bad", &spans.bad, bad_src),
    ] {
        let Some(side) = side else { continue };
        check_side(&t, id, name, side, source, diags);
    }
}

fn check_side(
    t: &Toml<'_>,
    id: &str,
    name: &str,
    side: &SideSpans,
    source: Option<SideSource<'_>>,
    diags: &mut Diagnostics,
) {
    let Some(expect) = &side.expect else { return };
    let outcome = *expect.get_ref();
    let at = expect.span();
    if name == "good" && outcome != Outcome::Runs {
        diags.push(
            t.diag(at.clone(), format!("the good side expects `{outcome}`"))
                .with_hint("the good side follows the standard, so it must be `runs`"),
        );
    }
    if name == "bad" && outcome == Outcome::Runs {
        diags.push(t.diag(at.clone(), "the bad side expects `runs`").with_hint(
            "the bad side must fail in a declared way: `oops`, `kasan`, `ubsan`, \
                     `warning`, `panic` or `build-fails`",
        ));
    }
    if outcome != Outcome::Runs {
        match &side.report {
            None => diags.push(
                t.diag(
                    at.clone(),
                    format!("the {name} side expects `{outcome}` but names no `report`"),
                )
                .with_hint(
                    "add `report`: the kind of report the log must show (`slab-out-of-bounds`, \
                     `null-ptr-deref`, ...) or, for `build-fails`, the error code or lint name",
                ),
            ),
            Some(r) if r.get_ref().trim().is_empty() => diags.push(
                t.diag(r.span(), format!("the {name} side's `report` is empty"))
                    .with_hint("name the kind of report the log must show"),
            ),
            Some(_) => {}
        }
    }
    let crashes = !matches!(outcome, Outcome::Runs | Outcome::BuildFails);
    match &side.function {
        None if crashes => diags.push(
            t.diag(
                at.clone(),
                format!("the {name} side expects `{outcome}` but names no `function`"),
            )
            .with_hint("add `function`: the function of the module the report must name"),
        ),
        Some(f) if f.get_ref().trim().is_empty() => diags.push(
            t.diag(f.span(), format!("the {name} side's `function` is empty"))
                .with_hint("name the function of the module the report must name"),
        ),
        _ => {}
    }
    if outcome == Outcome::Runs && side.markers.is_empty() {
        diags.push(
            t.diag(at, format!("the {name} side `runs` but lists no `markers`"))
                .with_hint(
                    "list the lines the module prints; the judge requires each of them in the log",
                ),
        );
    }
    for flag in &side.rustflags {
        if !is_plain_rustflag(flag.get_ref()) {
            diags.push(
                t.diag(
                    flag.span(),
                    format!("rustflag `{}` is not a plain rustc flag", flag.get_ref()),
                )
                .with_hint(
                    "a flag starts with `-` and holds only letters, digits and `-_=,.`: it is \
                     written into a Kbuild file",
                ),
            );
        }
    }
    let Some((src_file, src_text)) = source else {
        return;
    };
    let text: Arc<str> = Arc::from(src_text);
    check_module_name(src_file, &text, id, diags);
    if let Some(f) = &side.function {
        let f_name = f.get_ref().trim();
        if !f_name.is_empty() && !declares_fn(src_text, f_name) {
            diags.push(
                t.diag(f.span(), format!("{name}.rs declares no `fn {f_name}`"))
                    .with_hint("`function` must name a function of the side's own source"),
            );
        }
    }
    for m in &side.markers {
        if !prints(src_text, m.get_ref()) {
            diags.push(
                t.diag(
                    m.span(),
                    format!("{name}.rs never prints marker `{}`", m.get_ref()),
                )
                .with_hint(
                    "a marker must be the output of some `pr_*!` format string of the source \
                     (`{}` placeholders match any text)",
                ),
            );
        }
    }
}

/// Whether `code` declares a function named `name`.
fn declares_fn(code: &str, name: &str) -> bool {
    let needle = format!("fn {name}");
    code.match_indices(&needle).any(|(i, _)| {
        let before_ok = code[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        let after = code[i + needle.len()..].trim_start();
        before_ok && (after.starts_with('(') || after.starts_with('<'))
    })
}

/// A `module!` invocation: where its macro name is, and its `name:` value with the value's
/// span (inside the quotes) when it has one.
struct ModuleDecl<'a> {
    at: Range<usize>,
    name: Option<(Range<usize>, &'a str)>,
}

fn module_decl(code: &str) -> Option<ModuleDecl<'_>> {
    let start = code.find("module!")?;
    let rest = &code[start..];
    let end = rest.find('}').map_or(code.len(), |e| start + e + 1);
    let body = &code[start..end];
    let name = body.find("name:").and_then(|n| {
        let after = &body[n + "name:".len()..];
        let open = after.find('"')?;
        let value = &after[open + 1..];
        let close = value.find('"')?;
        let at = start + n + "name:".len() + open + 1;
        Some((at..at + close, &value[..close]))
    });
    Some(ModuleDecl {
        at: start..start + "module!".len(),
        name,
    })
}

fn check_module_name(file: &Path, text: &Arc<str>, id: &str, diags: &mut Diagnostics) {
    let want = module_name(id);
    let hint = format!(
        "the module is named after the example: `name: \"{want}\"` (the id with `_` for `-`)"
    );
    match module_decl(text) {
        None => diags
            .push(Diagnostic::new(file, text, 0..0, "no `module!` declaration").with_hint(hint)),
        Some(ModuleDecl { at, name: None }) => diags
            .push(Diagnostic::new(file, text, at, "`module!` declares no `name`").with_hint(hint)),
        Some(ModuleDecl {
            name: Some((at, got)),
            ..
        }) if got != want => diags.push(
            Diagnostic::new(
                file,
                text,
                at,
                format!("`module!` name is `{got}`, not `{want}`"),
            )
            .with_hint(hint),
        ),
        Some(_) => {}
    }
}

/// Whether some `pr_*!` format string in `code` can print `marker` (`{...}` placeholders match
/// any text).
pub fn prints(code: &str, marker: &str) -> bool {
    code.split("pr_")
        .skip(1)
        .filter_map(|rest| {
            let start = rest.find("!(\"")? + 3;
            let body = &rest[start..];
            let end = body.find('"')?;
            Some(body[..end].trim_end_matches("\\n"))
        })
        .any(|fmt| format_matches(fmt, marker))
}

/// Matches `text` against a format string whose `{...}` placeholders are wildcards.
pub fn format_matches(fmt: &str, text: &str) -> bool {
    let mut pieces = Vec::new();
    let mut rest = fmt;
    while let Some(open) = rest.find('{') {
        pieces.push(&rest[..open]);
        match rest[open..].find('}') {
            Some(close) => rest = &rest[open + close + 1..],
            None => return false,
        }
    }
    pieces.push(rest);
    if pieces.len() == 1 {
        return fmt == text;
    }
    let (first, last) = (pieces[0], pieces[pieces.len() - 1]);
    if text.len() < first.len() + last.len()
        || !text.starts_with(first)
        || !text[first.len()..].ends_with(last)
    {
        return false;
    }
    let mut pos = first.len();
    let end = text.len() - last.len();
    for mid in &pieces[1..pieces.len() - 1] {
        match text[pos..end].find(mid) {
            Some(i) => pos += i + mid.len(),
            None => return false,
        }
    }
    pos <= end
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_match_format_strings() {
        let code = "pr_info!(\"access_a returned {}\\n\", a);\npr_info!(\"done\\n\");";
        assert!(prints(code, "access_a returned 42"));
        assert!(prints(code, "done"));
        assert!(!prints(code, "access_a returned"));
        assert!(!prints(code, "something else"));
        assert!(format_matches("a {} b {:?} c", "a 1 b [2] c"));
        assert!(!format_matches("a {} b", "a 1 c"));
        // The fixed ends may not overlap.
        assert!(!format_matches("ab{}ba", "aba"));
    }

    #[test]
    fn function_declarations() {
        let code = "fn reader(p: u8) {}\nunsafe fn write_one<T>(x: T) {}\nfn foo_bar() {}";
        assert!(declares_fn(code, "reader"));
        assert!(declares_fn(code, "write_one"));
        assert!(!declares_fn(code, "read"));
        assert!(!declares_fn(code, "bar"));
        assert!(!declares_fn(code, "foo"));
    }

    #[test]
    fn module_names() {
        let code = "module! {\n    type: M,\n    name: \"read_one\",\n}\n";
        let decl = module_decl(code).expect("found");
        let (at, got) = decl.name.expect("named");
        assert_eq!(got, "read_one");
        assert_eq!(&code[at], "read_one");
        assert!(module_decl("fn f() {}").is_none());
        assert_eq!(module_name("read-one"), "read_one");
    }

    #[test]
    fn rustflags() {
        assert!(is_plain_rustflag("-Cdebug-assertions=n"));
        assert!(is_plain_rustflag("-Coverflow-checks=on"));
        assert!(!is_plain_rustflag("Cdebug"));
        assert!(!is_plain_rustflag("-C foo"));
        assert!(!is_plain_rustflag("-C$(shell id)"));
    }

    #[test]
    fn id_length_fits_the_in_tree_name() {
        let longest = "x".repeat(MAX_ID_LEN);
        assert_eq!(
            format!("safety_{longest}_good").len(),
            MAX_MODULE_NAME,
            "the in-tree name of the longest id fills the kernel's limit exactly"
        );
    }
}
