//! Pure application logic, free of the DOM: tested natively with plain `#[test]`s.

pub mod analysis;
pub mod attable;
pub mod daily;
pub mod dates;
pub mod editor;
pub mod hand;
pub mod lang;
pub mod line;
pub mod live;
pub mod lobby;
pub mod order;
pub mod play;
pub mod players;
pub mod profile;
pub mod puzzles;
pub mod queue;
pub mod results;
pub mod session;
pub mod table;
pub mod url_state;
pub mod whatif;
