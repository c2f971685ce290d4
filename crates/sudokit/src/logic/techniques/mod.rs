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

/// Random pencil marks for the tests that compare a fast search with one
/// written plainly.
#[cfg(test)]
pub(crate) mod random_marks {
    use crate::grid::{Digits, Grid};
    use crate::logic::state::State;
    use crate::shape::Shape;
    use rand::Rng;

    /// A state of `shape` without givens whose squares hold random marks:
    /// `count(rng)` different digits each, drawn from 1 to `top`.
    pub fn state<R: Rng>(
        shape: &'static Shape,
        top: u8,
        rng: &mut R,
        mut count: impl FnMut(&mut R) -> usize,
    ) -> State {
        let marks: Vec<Digits> = (0..shape.square_count())
            .map(|_| {
                let size = count(rng);
                let mut m = Digits::EMPTY;
                while m.len() < size {
                    m.insert(rng.gen_range(1..=top));
                }
                m
            })
            .collect();
        let empty = Grid::empty(shape);
        State::from_marks(&empty, &empty, Some(&marks))
    }
}
