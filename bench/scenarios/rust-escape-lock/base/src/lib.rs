//! `key = value` configuration lines.

pub mod parse;

pub use parse::{parse_line, parse_str, Entry, ParseError};
