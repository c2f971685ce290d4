//! The vocabulary every chain shares: a [`Potential`] (a candidate assumed
//! on or off), the hint a chain found inside another chain hands back
//! ([`NestedHint`]) and what it relies on ([`Need`]).

use crate::logic::units::Geometry;

/// A candidate assumed on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Potential {
    pub(super) square: usize,
    pub(super) digit: u8,
    pub(super) on: bool,
}

impl Potential {
    /// Its candidate's place in a table of `stride` (side + 1) entries a
    /// square, whatever its state.
    pub(super) fn candidate(self, stride: usize) -> usize {
        self.square * stride + usize::from(self.digit)
    }
}

/// A forcing chain or cycle found inside a dynamic chain (SE's nested
/// levels), as the outer chain uses it.
pub(super) struct NestedHint {
    /// The candidates it removes, in the order SE's chain adds them.
    pub(super) removals: Vec<(usize, u8)>,
    /// What it relies on of the candidates the outer chain struck out
    /// (its "rule parents", worked out by [`super::memo::parents`]).
    pub(super) needs: Vec<Need>,
    /// SE's complexity of the hint.
    pub(super) complexity: usize,
    /// The hint's chains, potential by potential (SE's `FullChain`): two
    /// hints with the same key count once in an outer chain's complexity.
    pub(super) key: Vec<Potential>,
}

pub(super) fn on(square: usize, digit: u8) -> Potential {
    Potential {
        square,
        digit,
        on: true,
    }
}

pub(super) fn off(square: usize, digit: u8) -> Potential {
    Potential {
        square,
        digit,
        on: false,
    }
}

/// The box, row and column of `square`, in the order SE links them.
pub(super) fn box_row_column(geo: &Geometry, square: usize) -> [usize; 3] {
    let [row, column, boxed] = geo.row_col_box[square];
    [boxed, row, column]
}

/// What an inner step relies on where the outer chain struck candidates:
/// an "on" it reached because a square had one candidate left, or a unit
/// one place left for a digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Need {
    /// The square's struck candidates, lowest digit first.
    Square(usize),
    /// The digit's struck places in the unit, in the unit's order.
    Unit(usize, u8),
}
