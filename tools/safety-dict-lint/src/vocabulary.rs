//! What the linter needs from the dictionary: one small trait, so the checks do not depend on
//! how the dictionary matches. Readings are the core's own [`Item`] and [`Statement`], the
//! types `safety-dict expand` prints: [`crate::dictionary`] implements the trait with
//! `safety_dict::Dictionary::analyse_item_at`; tests may use fakes.

pub use safety_dict::declared::Declared;
pub use safety_dict::expand::{Item, Lead, Position, Statement};

/// The dictionary as the linter sees it.
pub trait Vocabulary {
    /// Reads one item standing at `position`, exactly as `safety-dict expand` reads it.
    fn analyse_item(&self, item: &str, position: Position) -> Item;

    /// The same reading, where the nearest entries of unrecognised parts are not wanted (a
    /// summary, or SD0007 not shown). Implementations whose suggestions are costly override it;
    /// the default is [`Vocabulary::analyse_item`].
    fn analyse_item_without_nearest(&self, item: &str, position: Position) -> Item {
        self.analyse_item(item, position)
    }

    /// Reads an item where it stands to a list's introduction ("If `T` is a ZST:" above it,
    /// `Dictionary::analyse_led`); by default as if it stood alone.
    fn analyse_led(&self, item: &str, _lead: Lead<'_>, position: Position) -> Item {
        self.analyse_item(item, position)
    }

    /// [`Vocabulary::analyse_led`] without the nearest entries of unrecognised parts.
    fn analyse_led_without_nearest(&self, item: &str, _lead: Lead<'_>, position: Position) -> Item {
        self.analyse_item_without_nearest(item, position)
    }

    /// The stable URL of an entry's page.
    fn entry_url(&self, id: &str) -> String;

    /// The site's base URL, ending in `/`; rule codes link pages under it.
    fn site_url(&self) -> String;

    /// In a recognised statement, a variable that holds a value but is filled by one of `types`
    /// (the type names where the sentence stands), and its binding: the reading does not hold
    /// there (`Dictionary::type_in_value_slot`). `None` for a vocabulary that cannot tell.
    fn type_in_value_slot(&self, _s: &Statement, _types: &[String]) -> Option<(String, String)> {
        None
    }

    /// How a recognised statement stands against `declared` (names in scope and their types):
    /// as read, as its pointee's entry, or refused because a declared type contradicts it
    /// (`Dictionary::against_declared`). `Holds` for a vocabulary that cannot tell.
    fn against_declared(&self, _s: &Statement, _declared: &[(String, String)]) -> Declared {
        Declared::Holds
    }

    /// Whether a recognised statement names `Self` where no `Self` is in scope (`types` hold
    /// none): `Dictionary::names_self_out_of_scope`. `false` for a vocabulary that cannot tell.
    fn names_self_out_of_scope(&self, _s: &Statement, _types: &[String]) -> bool {
        false
    }

    /// Where a part of an item (a statement's `text`) stands in the item's text
    /// (`Dictionary::locate_part`); by default only where it is written as it is.
    fn locate_part(&self, item: &str, part: &str) -> Option<std::ops::Range<usize>> {
        let at = item.find(part).filter(|_| !part.is_empty())?;
        Some(at..at + part.len())
    }

    /// Whether an unrecognised phrasing is listed as API-specific (`dictionary/api-specific.toml`):
    /// known, and deliberately not a dictionary entry.
    fn is_api_specific(&self, _text: &str) -> bool {
        false
    }
}

/// An item read as one unrecognised statement, without suggestions: what a vocabulary that
/// knows nothing says, and what the linter says of an item too big to send to the matcher.
pub fn unrecognised_item(item: &str, position: Position) -> Item {
    let text = item.split_whitespace().collect::<Vec<_>>().join(" ");
    Item {
        statements: vec![Statement::Unrecognised {
            text: text.clone(),
            suggestions: Vec::new(),
        }],
        text,
        position,
        justifications: Vec::new(),
        conditions: Vec::new(),
    }
}

/// A vocabulary that knows nothing: every item is one unrecognised statement. Useful when only
/// the structural checks are wanted.
#[derive(Debug, Clone, Default)]
pub struct EmptyVocabulary {
    pub site_url: String,
}

impl Vocabulary for EmptyVocabulary {
    fn analyse_item(&self, item: &str, position: Position) -> Item {
        unrecognised_item(item, position)
    }

    fn entry_url(&self, id: &str) -> String {
        format!("{}dictionary/{id}.html", self.site_url())
    }

    fn site_url(&self) -> String {
        if self.site_url.is_empty() {
            "/".to_string()
        } else if self.site_url.ends_with('/') {
            self.site_url.clone()
        } else {
            format!("{}/", self.site_url)
        }
    }
}
