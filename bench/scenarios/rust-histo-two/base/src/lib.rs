pub mod buckets;
pub mod summary;

pub use buckets::Histogram;
pub use summary::{median, Summary};
