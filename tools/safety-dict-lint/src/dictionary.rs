//! The [`Vocabulary`] of the real dictionary: `safety_dict::Dictionary::analyse_item_at`, the
//! same reading of an item that `safety-dict expand` prints, and the dictionary's list of
//! API-specific phrasings.

use std::collections::HashSet;

use safety_dict::api_specific::{phrasing_key, ApiSpecific};
use safety_dict::Dictionary;

use crate::vocabulary::{Declared, Item, Lead, Position, Statement, Vocabulary};

fn owned((var, value): (&str, &str)) -> (String, String) {
    (var.to_string(), value.to_string())
}

impl Vocabulary for Dictionary {
    fn analyse_item(&self, item: &str, position: Position) -> Item {
        Dictionary::analyse_item_at(self, item, position)
    }

    fn analyse_item_without_nearest(&self, item: &str, position: Position) -> Item {
        Dictionary::analyse_item_at_without_nearest(self, item, position)
    }

    fn analyse_led(&self, item: &str, lead: Lead<'_>, position: Position) -> Item {
        Dictionary::analyse_led(self, item, lead, position, true)
    }

    fn analyse_led_without_nearest(&self, item: &str, lead: Lead<'_>, position: Position) -> Item {
        Dictionary::analyse_led(self, item, lead, position, false)
    }

    fn entry_url(&self, id: &str) -> String {
        Dictionary::entry_url(self, id)
    }

    fn site_url(&self) -> String {
        Dictionary::site_url(self).to_string()
    }

    fn type_in_value_slot(&self, s: &Statement, types: &[String]) -> Option<(String, String)> {
        Dictionary::type_in_value_slot(self, s, types).map(owned)
    }

    fn names_self_out_of_scope(&self, s: &Statement, types: &[String]) -> bool {
        Dictionary::names_self_out_of_scope(self, s, types)
    }

    fn against_declared(&self, s: &Statement, declared: &[(String, String)]) -> Declared {
        Dictionary::against_declared(self, s, declared)
    }

    fn locate_part(&self, item: &str, part: &str) -> Option<std::ops::Range<usize>> {
        Dictionary::locate_part(self, item, part)
    }
}

/// The dictionary together with its reviewed list of API-specific phrasings, which the lint
/// counts apart instead of reporting as unknown.
pub struct WithApiSpecific<'a> {
    dict: &'a Dictionary,
    listed: HashSet<String>,
}

impl<'a> WithApiSpecific<'a> {
    pub fn new(dict: &'a Dictionary, list: &ApiSpecific) -> Self {
        WithApiSpecific {
            dict,
            listed: list
                .phrasings
                .iter()
                .map(|p| phrasing_key(&p.text))
                .collect(),
        }
    }
}

impl Vocabulary for WithApiSpecific<'_> {
    fn analyse_item(&self, item: &str, position: Position) -> Item {
        self.dict.analyse_item_at(item, position)
    }

    fn analyse_item_without_nearest(&self, item: &str, position: Position) -> Item {
        self.dict.analyse_item_at_without_nearest(item, position)
    }

    fn analyse_led(&self, item: &str, lead: Lead<'_>, position: Position) -> Item {
        self.dict.analyse_led(item, lead, position, true)
    }

    fn analyse_led_without_nearest(&self, item: &str, lead: Lead<'_>, position: Position) -> Item {
        self.dict.analyse_led(item, lead, position, false)
    }

    fn entry_url(&self, id: &str) -> String {
        self.dict.entry_url(id)
    }

    fn site_url(&self) -> String {
        self.dict.site_url().to_string()
    }

    fn is_api_specific(&self, text: &str) -> bool {
        self.listed.contains(&phrasing_key(text))
    }

    fn type_in_value_slot(&self, s: &Statement, types: &[String]) -> Option<(String, String)> {
        self.dict.type_in_value_slot(s, types).map(owned)
    }

    fn names_self_out_of_scope(&self, s: &Statement, types: &[String]) -> bool {
        self.dict.names_self_out_of_scope(s, types)
    }

    fn against_declared(&self, s: &Statement, declared: &[(String, String)]) -> Declared {
        self.dict.against_declared(s, declared)
    }

    fn locate_part(&self, item: &str, part: &str) -> Option<std::ops::Range<usize>> {
        self.dict.locate_part(item, part)
    }
}
