//! Pages: the solver (`/`), "My hand" (`/hand`: advice from the cards a player sees) and Play
//! (`/play`: a game against the computer, then its review), the Table (`/table`: whole
//! games with the auction, kontra and a score sheet), the Lobby (`/lobby`: who the user is on the
//! table server, play now, the open tables), and Puzzles (`/puzzles`: positions with
//! one right card, proved by the solver).

pub mod daily;
pub mod hand;
pub mod leaderboard;
pub mod lobby;
pub mod play;
pub mod profile;
pub mod puzzles;
pub mod solver_page;
pub mod table;
