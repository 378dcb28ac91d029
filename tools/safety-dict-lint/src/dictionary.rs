//! The [`Vocabulary`] of the real dictionary: `safety_dict::Dictionary::analyse_item_at`, the
//! same reading of an item that `safety-dict expand` prints.

use safety_dict::Dictionary;

use crate::vocabulary::{Item, Position, Vocabulary};

impl Vocabulary for Dictionary {
    fn analyse_item(&self, item: &str, position: Position) -> Item {
        Dictionary::analyse_item_at(self, item, position)
    }

    fn analyse_item_without_nearest(&self, item: &str, position: Position) -> Item {
        Dictionary::analyse_item_at_without_nearest(self, item, position)
    }

    fn entry_url(&self, id: &str) -> String {
        Dictionary::entry_url(self, id)
    }

    fn site_url(&self) -> String {
        Dictionary::site_url(self).to_string()
    }
}
