//! The web expander page: a text box whose content `theme/safety-dict-expander.js` expands in the
//! browser, from the rules and entries that the dictionary library exports as data.

use mdbook_preprocessor::book::{Book, BookItem, Chapter};
use safety_dict::Dictionary;
use std::path::{Path, PathBuf};

/// Where the page lives in the book.
pub const PATH: &str = "expander.md";

/// The expander's script, relative to the book root. It is placed in the expander page itself
/// (not in `additional-js`), so no other page downloads it.
pub const SCRIPT: &str = "theme/safety-dict-expander.js";

/// Why the expander page cannot be made.
#[derive(Debug)]
pub enum PageError {
    /// The script file could not be read.
    Script(std::path::PathBuf, std::io::Error),
    /// The script holds text that would end or confuse the `<script>` element it goes into.
    UnsafeScript(&'static str, &'static str),
}

impl std::fmt::Display for PageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PageError::Script(p, e) => write!(f, "cannot read {}: {e}", p.display()),
            PageError::UnsafeScript(file, what) => write!(
                f,
                "{file} contains `{what}`, which cannot be placed inside a <script> element"
            ),
        }
    }
}

impl std::error::Error for PageError {}

/// The dictionary index's filter box, inlined into that page.
pub const FILTER_SCRIPT: &str = "theme/safety-dict-filter.js";

/// Reads the expander script from the book root.
pub fn read_script(root: &Path) -> Result<String, PageError> {
    read_inline_script(root, SCRIPT)
}

/// Reads a script (path relative to the book root) that goes inline into one page.
pub fn read_inline_script(root: &Path, file: &'static str) -> Result<String, PageError> {
    let path = root.join(file);
    let script = std::fs::read_to_string(&path).map_err(|e| PageError::Script(path, e))?;
    let lower = script.to_ascii_lowercase();
    // `</script` ends the element; `<!--` switches the parser into its escaped states.
    for bad in ["</script", "<!--"] {
        if lower.contains(bad) {
            return Err(PageError::UnsafeScript(file, bad));
        }
    }
    Ok(script)
}

/// The page's Markdown (HTML blocks): intro, input, buttons, output, the data and the script.
pub fn content(dict: &Dictionary, script: &str) -> String {
    let data = safety_dict::export::script_json(&safety_dict::export::expander_data(dict))
        .unwrap_or_else(|_| "null".to_string());
    format!(
        "# Expander\n\n\
         Paste a phrase, a `# Safety` section or a `// SAFETY:` comment to see everything it \
         abbreviates, with your variables substituted and every line linked to its dictionary \
         entry. This is the same expansion as `safety-dict expand`, computed in your browser \
         from the dictionary's data; nothing is sent anywhere. The text you expand is kept in \
         the page's address, so the address is a link to this expansion.\n\n\
         <div class=\"sd-expander\">\n\
         <label for=\"sd-expander-input\">Text to expand</label>\n\
         <textarea id=\"sd-expander-input\" rows=\"6\" spellcheck=\"false\" \
         placeholder=\"// SAFETY: `ptr` is valid for reads by function requirements.\"></textarea>\n\
         <p class=\"sd-expander-buttons\"><button type=\"button\" id=\"sd-expander-run\">Expand</button> \
         <span id=\"sd-expander-actions\" hidden>\
         <button type=\"button\" id=\"sd-expander-toggle\" aria-controls=\"sd-expander-output\">Expand all</button> \
         <button type=\"button\" id=\"sd-expander-copy-md\">Copy as Markdown</button> \
         <button type=\"button\" id=\"sd-expander-copy-link\">Copy link</button></span> \
         <span id=\"sd-expander-status\" role=\"status\"></span></p>\n\
         <div id=\"sd-expander-output\" aria-live=\"polite\"></div>\n\
         <noscript><p>The expander needs JavaScript; use <code>safety-dict expand</code> \
         instead.</p></noscript>\n\
         </div>\n\n\
         Each line names its entry; lines with more detail below them are folded: open them one \
         by one, or all at once with *Expand all*. *Copy as Markdown* gives the same text as \
         `safety-dict expand --format markdown`, ready for a review comment.\n\n\
         <script type=\"application/json\" id=\"sd-expander-data\">{data}</script>\n\n\
         <script>\n{script}\n</script>\n"
    )
}

/// Adds the page as the last top-level chapter, unless the book already has one at that path.
pub fn add_page(book: &mut Book, dict: &Dictionary, root: &Path) -> Result<(), PageError> {
    let exists = book.iter().any(
        |item| matches!(item, BookItem::Chapter(ch) if ch.path.as_deref() == Some(Path::new(PATH))),
    );
    if exists {
        return Ok(());
    }
    let script = read_script(root)?;
    let mut ch = Chapter::new(
        "Expander",
        content(dict, &script),
        PathBuf::from(PATH),
        Vec::new(),
    );
    ch.source_path = None;
    book.items.push(BookItem::Chapter(ch));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_holds_the_data_as_inert_json() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let dict = crate::run::load_dictionary(&root).expect("the repository's dictionary loads");
        let page = content(&dict, "window.x = 1;");
        let open = "<script type=\"application/json\" id=\"sd-expander-data\">";
        let start = page.find(open).expect("data element") + open.len();
        let end = start + page[start..].find("</script>").expect("closed");
        let json = &page[start..end];
        assert!(!json.contains('<') && !json.contains('>'));
        let v: serde_json::Value = serde_json::from_str(json).expect("valid JSON");
        assert!(v["patterns"].as_array().is_some_and(|p| !p.is_empty()));
        assert!(page.contains("id=\"sd-expander-input\""));
        assert!(page.contains("id=\"sd-expander-output\""));
        assert!(page.contains("<script>\nwindow.x = 1;\n</script>"));
    }

    #[test]
    fn the_real_script_can_be_inlined() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let script = read_script(&root).expect("theme/safety-dict-expander.js is inlinable");
        assert!(script.contains("safetyDictExpand"));
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(dir.path().join("theme")).expect("mkdir");
        std::fs::write(dir.path().join(SCRIPT), "var s = \"</script>\";").expect("write");
        assert!(matches!(
            read_script(dir.path()),
            Err(PageError::UnsafeScript(SCRIPT, "</script"))
        ));
    }
}
