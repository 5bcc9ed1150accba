//! Pages: the solver, and the Play page (a game against the computer, then its review).

pub mod play_page;
pub mod solver_page;
