pub mod amount;
pub mod ledger;

pub use amount::{format_amount, parse_amount};
pub use ledger::{Entry, Ledger};
