//! Pages (one so far: the solver).

pub mod solver_page;
