//! Components, one family per file.

pub mod bids;
pub mod card;
pub mod charts;
pub mod deck;
pub mod full_table;
pub mod hand_picker;
pub mod header;
pub mod line_viewer;
pub mod notices;
pub mod results;
pub mod rules;
pub mod scroll_table;
pub mod table_head;
pub mod trick;
pub mod trump;
pub mod worker_error;
