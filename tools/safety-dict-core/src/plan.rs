//! Entries prepared for expansion: every phrase, clause and binding split once at load into
//! literal text and variable slots, and every reference resolved to an entry number, so that
//! expanding a sentence only copies text (it used to re-scan each template for backticks at
//! every node of every tree).

use std::borrow::Cow;
use std::sync::Arc;

use indexmap::IndexMap;

use crate::dictionary::{Clause, Entry};
use crate::text::{push_span, segments, Segment};

/// One piece of a template.
#[derive(Debug, Clone)]
enum Part {
    Text(Box<str>),
    /// A backticked span: the value bound to this name, or the span itself when unbound.
    Code(Box<str>),
}

/// A Markdown template whose backticked spans may be variables (see `text::substitute`).
#[derive(Debug, Clone)]
pub(crate) struct Template(Vec<Part>);

impl Template {
    pub(crate) fn new(text: &str) -> Template {
        Template(
            segments(text)
                .into_iter()
                .map(|s| match s {
                    Segment::Plain(p) => Part::Text(p.into()),
                    Segment::Code(c) => Part::Code(c.into()),
                })
                .collect(),
        )
    }

    /// Exactly `text::substitute(template, bindings)`, without scanning the template again.
    pub(crate) fn render(&self, bindings: &Bindings<'_>) -> String {
        // Sized first: growing the string as it is written cost more than writing it.
        let len: usize = self
            .0
            .iter()
            .map(|part| match part {
                Part::Text(t) => t.len(),
                Part::Code(c) => bindings.get(c).map_or(c.len() + 2, str::len),
            })
            .sum();
        let mut out = String::with_capacity(len);
        for part in &self.0 {
            match part {
                Part::Text(t) => out.push_str(t),
                Part::Code(c) => push_span(&mut out, c, bindings.get(c)),
            }
        }
        out
    }
}

/// Variable values while expanding: few enough that a list beats a map. A value passed on
/// unchanged to a referenced entry (`with = { ptr = "`ptr`" }`, the usual case) is borrowed,
/// not copied.
pub(crate) struct Bindings<'a> {
    values: Vec<(&'a str, Cow<'a, str>)>,
    /// The implicit duration of requirement phrases ("this function call") and what it reads
    /// as where the sentence stands (a guarantee, an invariant).
    during: Option<(&'a str, &'a str)>,
}

impl<'a> Bindings<'a> {
    pub(crate) fn from_map(map: &'a IndexMap<String, String>) -> Bindings<'a> {
        Bindings {
            values: map
                .iter()
                .map(|(k, v)| (k.as_str(), Cow::Borrowed(v.as_str())))
                .collect(),
            during: None,
        }
    }

    /// Reads every binding of a referenced entry that is exactly `call` as `instead`.
    pub(crate) fn reading_call_as(mut self, call: &'a str, instead: &'a str) -> Bindings<'a> {
        self.during = Some((call, instead));
        self
    }

    fn get(&self, name: &str) -> Option<&str> {
        // Names are unique: they come from a map.
        self.values
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.as_ref())
    }

    /// The bindings of a referenced entry: each of its variables bound to a template over
    /// these bindings.
    pub(crate) fn inner<'b>(&'b self, with: &'b [(String, Template)]) -> Bindings<'b> {
        Bindings {
            values: with
                .iter()
                .map(|(k, t)| {
                    let value = match t.0.as_slice() {
                        [Part::Code(c)] => match self.get(c) {
                            Some(v) => Cow::Borrowed(v),
                            None => Cow::Owned(t.render(self)),
                        },
                        [Part::Text(text)] => match self.during {
                            Some((call, instead)) if **text == *call => Cow::Borrowed(instead),
                            _ => Cow::Borrowed(&**text),
                        },
                        _ => Cow::Owned(t.render(self)),
                    };
                    (k.as_str(), value)
                })
                .collect(),
            during: self.during,
        }
    }
}

#[derive(Debug, Clone)]
pub(crate) enum ClausePlan {
    Text(Template),
    Ref {
        id: String,
        /// The referenced entry's number, `None` if it does not exist.
        target: Option<usize>,
        with: Vec<(String, Template)>,
    },
}

/// One entry, ready to be expanded.
#[derive(Debug, Clone)]
pub(crate) struct EntryPlan {
    pub(crate) id: Arc<str>,
    /// The entry's stable URL (rebuilt when the site's base URL changes).
    pub(crate) url: Arc<str>,
    pub(crate) phrase: Template,
    pub(crate) clauses: Vec<ClausePlan>,
}

impl EntryPlan {
    pub(crate) fn new(
        entry: &Entry,
        site_url: &str,
        number_of: impl Fn(&str) -> Option<usize>,
    ) -> EntryPlan {
        EntryPlan {
            id: entry.id.as_str().into(),
            url: url_of(site_url, &entry.id),
            phrase: Template::new(&entry.phrase),
            clauses: entry
                .meaning
                .iter()
                .map(|c| match c {
                    Clause::Text { text } => {
                        ClausePlan::Text(Template::new(&absolute_links(text, site_url)))
                    }
                    Clause::Ref { id, with } => ClausePlan::Ref {
                        id: id.clone(),
                        target: number_of(id),
                        with: with
                            .iter()
                            .map(|(k, v)| (k.clone(), Template::new(v)))
                            .collect(),
                    },
                })
                .collect(),
        }
    }
}

/// A meaning's text with its links to other entries (`[x](x.html)`, relative as on the entry's
/// own page) made absolute: an expansion is read on the expander page, in a terminal or in a
/// review, where a relative link leads nowhere.
pub(crate) fn absolute_links<'t>(text: &'t str, site_url: &str) -> std::borrow::Cow<'t, str> {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let re = RE.get_or_init(|| {
        regex::Regex::new(r"\]\(([a-z0-9]+(?:-[a-z0-9]+)*)\.html(#[^)\s]*)?\)")
            .expect("static regex")
    });
    re.replace_all(text, |c: &regex::Captures<'_>| {
        let anchor = c.get(2).map_or("", |m| m.as_str());
        format!("]({}{anchor})", url_of(site_url, &c[1]))
    })
}

/// The stable URL of entry `id` under `site_url`.
pub(crate) fn url_of(site_url: &str, id: &str) -> Arc<str> {
    format!("{site_url}{}", crate::Dictionary::entry_path(id)).into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn links_to_entries_become_absolute() {
        let site = "https://example.org/sd/";
        assert_eq!(
            absolute_links(
                "see [valid](valid-for-writes.html) and [a](x.html#y).",
                site
            ),
            "see [valid](https://example.org/sd/dictionary/valid-for-writes.html) and \
             [a](https://example.org/sd/dictionary/x.html#y)."
        );
        let other = "an [outside](https://doc.rust-lang.org/x.html) link";
        assert_eq!(absolute_links(other, site), other);
    }

    proptest! {
        #[test]
        fn rendering_is_substitution(
            template in "[a-c `]{0,30}",
            names in prop::collection::vec("[a-c]{1,2}", 0..4),
            values in prop::collection::vec("[a-c `]{0,6}", 4),
        ) {
            let map: IndexMap<String, String> =
                names.into_iter().zip(values).collect();
            prop_assert_eq!(
                Template::new(&template).render(&Bindings::from_map(&map)),
                crate::text::substitute(&template, &map)
            );
        }
    }
}
