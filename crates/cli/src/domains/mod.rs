//! The domains, one module each: what [`crate::domain::Domain`] asks of a
//! kind of instance, for sliding boards, pancake stacks, terrain maps and
//! grid maps.
//! Each is listed once in [`crate::domain::DOMAINS`].

pub mod boards;
pub mod grids;
pub mod large_boards;
pub mod pancakes;
pub mod terrain;
