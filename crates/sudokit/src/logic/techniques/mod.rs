//! The techniques that look at one pattern in the grid, one file per family
//! (the chains, which follow links from square to square, are in
//! [`super::chains`]). Each family's finders implement [`super::Finder`];
//! `since_barren.rs` is the bookkeeping several of them share to skip a
//! search where nothing changed since it last found nothing.

pub mod aligned;
pub mod bug;
pub mod fish;
pub mod intersections;
pub mod singles;
pub(crate) mod singles_board;
pub mod subsets;
pub mod uniqueness;
pub mod wings;

mod since_barren;
