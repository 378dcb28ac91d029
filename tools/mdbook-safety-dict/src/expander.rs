//! The web expander page: a text box whose content `theme/safety-dict-expander.js` expands in the
//! browser, from the rules and entries that the dictionary library exports as data.

use mdbook_preprocessor::book::{Book, BookItem, Chapter};
use safety_dict::Dictionary;
use std::path::PathBuf;

/// Where the page lives in the book.
pub const PATH: &str = "expander.md";

/// The page's Markdown (HTML blocks): intro, input, button, output and the data.
pub fn content(dict: &Dictionary) -> String {
    let data = safety_dict::export::script_json(&safety_dict::export::expander_data(dict))
        .unwrap_or_else(|_| "null".to_string());
    format!(
        "# Expander\n\n\
         Paste a phrase, a `# Safety` section or a `// SAFETY:` comment to see everything it \
         abbreviates, with your variables substituted and every line linked to its dictionary \
         entry. This is the same expansion as `safety-dict expand`, computed in your browser \
         from the dictionary's data; nothing is sent anywhere.\n\n\
         <div class=\"sd-expander\">\n\
         <label for=\"sd-expander-input\">Text to expand</label>\n\
         <textarea id=\"sd-expander-input\" rows=\"8\" spellcheck=\"false\" \
         placeholder=\"// SAFETY: `ptr` is valid for reads by function requirements.\"></textarea>\n\
         <p><button type=\"button\" id=\"sd-expander-run\">Expand</button></p>\n\
         <div id=\"sd-expander-output\" aria-live=\"polite\"></div>\n\
         <noscript><p>The expander needs JavaScript; use <code>safety-dict expand</code> \
         instead.</p></noscript>\n\
         </div>\n\
         <script type=\"application/json\" id=\"sd-expander-data\">{data}</script>\n"
    )
}

/// Adds the page as a top-level chapter, unless the book already has one at that path.
pub fn add_page(book: &mut Book, dict: &Dictionary) {
    let exists = book.iter().any(|item| {
        matches!(item, BookItem::Chapter(ch) if ch.path.as_deref() == Some(std::path::Path::new(PATH)))
    });
    if exists {
        return;
    }
    let mut ch = Chapter::new("Expander", content(dict), PathBuf::from(PATH), Vec::new());
    ch.source_path = None;
    book.items.push(BookItem::Chapter(ch));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_holds_the_data_as_inert_json() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let dict = crate::run::load_dictionary(&root).expect("the repository's dictionary loads");
        let page = content(&dict);
        let open = "<script type=\"application/json\" id=\"sd-expander-data\">";
        let start = page.find(open).expect("data element") + open.len();
        let end = start + page[start..].find("</script>").expect("closed");
        let json = &page[start..end];
        assert!(!json.contains('<') && !json.contains('>'));
        let v: serde_json::Value = serde_json::from_str(json).expect("valid JSON");
        assert!(v["patterns"].as_array().is_some_and(|p| !p.is_empty()));
        assert!(page.contains("id=\"sd-expander-input\""));
        assert!(page.contains("id=\"sd-expander-output\""));
    }
}
