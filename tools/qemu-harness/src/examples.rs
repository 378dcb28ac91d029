//! The example pairs under `examples/<id>/`: `example.toml`, `good.rs`, `bad.rs`.

use std::path::{Path, PathBuf};

use safety_dict::model::{Outcome, RawSide};
use safety_dict::report::SideName;

use crate::error::{HarnessError, Result};

#[derive(Debug)]
pub struct Example {
    pub id: String,
    pub dir: PathBuf,
    /// The example as the dictionary library loaded it.
    pub raw: safety_dict::Example,
}

impl Example {
    pub fn side(&self, side: SideName) -> &RawSide {
        match side {
            SideName::Good => &self.raw.good.spec,
            SideName::Bad => &self.raw.bad.spec,
        }
    }

    /// The text of a side's module, as the dictionary library read it.
    pub fn text(&self, side: SideName) -> &str {
        match side {
            SideName::Good => &self.raw.good.source,
            SideName::Bad => &self.raw.bad.source,
        }
    }

    /// The source file of a side; with `swapped` the other side's (the sabotage check).
    pub fn source(&self, side: SideName, swapped: bool) -> PathBuf {
        let good = matches!(side, SideName::Good) != swapped;
        self.dir.join(if good { "good.rs" } else { "bad.rs" })
    }

    /// The kernel module name both sources declare in `module!`: the id with `_` for `-`.
    pub fn module_name(&self) -> String {
        module_name(&self.id)
    }
}

pub fn module_name(id: &str) -> String {
    id.replace('-', "_")
}

/// Every example, as the dictionary library loads and validates them, sorted by id.
pub fn load_all(root: &Path) -> Result<Vec<Example>> {
    let dict = safety_dict::Dictionary::load(root).map_err(|e| HarnessError::Example {
        example: "(dictionary and examples)".to_string(),
        message: e.to_string(),
    })?;
    Ok(from_dictionary(&dict, root))
}

/// The examples of a dictionary already loaded from `root` (in id order, as loaded).
pub fn from_dictionary(dict: &safety_dict::Dictionary, root: &Path) -> Vec<Example> {
    dict.examples()
        .iter()
        .map(|x| Example {
            id: x.id.clone(),
            dir: root.join(&x.dir),
            raw: x.clone(),
        })
        .collect()
}

/// Everything that makes an example incomplete or inconsistent; empty when it is fine.
pub fn problems(ex: &Example) -> Vec<String> {
    // The dictionary library has checked the id (kebab-case) and that both sides exist.
    let mut p = Vec::new();
    if ex.module_name().len() > 55 {
        p.push("id is too long for a kernel module name".to_owned());
    }
    for (field, value) in [
        ("title", &ex.raw.title),
        ("summary", &ex.raw.summary),
        ("explanation", &ex.raw.explanation),
    ] {
        if value.trim().is_empty() {
            p.push(format!("`{field}` is empty"));
        }
    }
    if ex.raw.illustrates.is_empty() {
        p.push("`illustrates` names no dictionary entry".to_owned());
    }
    if ex.raw.good.spec.expect != Outcome::Runs {
        p.push("the good side must `runs`".to_owned());
    }
    if ex.raw.bad.spec.expect == Outcome::Runs {
        p.push("the bad side must fail in a declared way, not `runs`".to_owned());
    }
    for side in [SideName::Good, SideName::Bad] {
        let s = ex.side(side);
        let name = side.as_str();
        if s.expect != Outcome::Runs && s.report.as_deref().is_none_or(|r| r.trim().is_empty()) {
            p.push(format!(
                "{name}: a `{}` side must name its `report`",
                s.expect
            ));
        }
        if !matches!(s.expect, Outcome::Runs | Outcome::BuildFails)
            && s.function.as_deref().is_none_or(|f| f.trim().is_empty())
        {
            p.push(format!(
                "{name}: a `{}` side must name its `function`",
                s.expect
            ));
        }
        if s.expect == Outcome::Runs && s.markers.is_empty() {
            p.push(format!(
                "{name}: a `runs` side must list the `markers` it prints"
            ));
        }
        for flag in &s.rustflags {
            // The flags go into a Kbuild file: allow only what rustc flags are made of.
            let ok = flag.starts_with('-')
                && flag
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_=,.".contains(c));
            if !ok {
                p.push(format!(
                    "{name}: rustflag `{flag}` is not a plain rustc flag"
                ));
            }
        }
        let code = ex.text(side);
        let decl = format!("name: \"{}\"", ex.module_name());
        if !code.contains(&decl) {
            p.push(format!("{name}.rs: `module!` must declare `{decl}`"));
        }
        if let Some(f) = s.function.as_deref() {
            if !code.contains(&format!("fn {f}")) {
                p.push(format!("{name}.rs: declares no `fn {f}`"));
            }
        }
        for m in &s.markers {
            if !prints(code, m) {
                p.push(format!("{name}.rs: never prints marker `{m}`"));
            }
        }
    }
    p
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
    if !text.starts_with(first) || !text[first.len()..].ends_with(last) {
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
    }
}
