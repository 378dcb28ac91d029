//! The safety-dict mdBook preprocessor: generates the dictionary and example pages from the
//! dictionary library and expands the chapters' directives.

pub mod directives;
pub mod expander;
pub mod highlight;
pub mod html;
pub mod links;
pub mod pages;
pub mod registry;
pub mod run;
