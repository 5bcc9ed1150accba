//! Pages: the solver (`/`) and "My hand" (`/hand`).

pub mod hand_page;
pub mod solver_page;
