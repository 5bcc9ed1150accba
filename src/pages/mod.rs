//! Pages: the solver (`/`), "My hand" (`/hand`: advice from the cards a player sees) and Play
//! (`/play`: a game against the computer, then its review).

pub mod hand_page;
pub mod play_page;
pub mod solver_page;
