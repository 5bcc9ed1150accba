//! Pages: the solver (`/`), "My hand" (`/hand`: advice from the cards a player sees) and Play
//! (`/play`: a game against the computer, then its review), and the Table (`/table`: whole
//! games with the auction, kontra and a score sheet).

pub mod hand;
pub mod play;
pub mod solver_page;
pub mod table;
