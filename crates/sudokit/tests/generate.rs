//! Every generated puzzle held to what was asked, each part checked apart
//! from the generator: one solution by another engine's count (Norvig's,
//! where the generator uses the fast engine), minimal by removing each
//! orbit of givens in turn, the symmetry of the givens, the number of
//! givens, and the difficulty by rating the puzzle again.

use sudokit::generate::{
    generate_nth, Generated, Grade, Miss, Options, Symmetry, SymmetryChoice, Wanted,
};
use sudokit::logic::{rate, Cache, Technique};
use sudokit::{verify, Count, EngineKind, Grid, Limits, Shape, Size, Variant};

/// Solutions of `grid` up to 2, by Norvig's engine.
fn count(grid: &Grid) -> Count {
    EngineKind::Norvig
        .solver()
        .count(grid, 2, &Limits::none())
        .0
}

/// The first `wanted` puzzles of seed `seed`, and how many tries they took.
fn make(options: &Options, seed: u64, wanted: usize) -> (Vec<Generated>, u64) {
    let mut made = Vec::new();
    let mut tries = 0;
    while made.len() < wanted {
        assert!(tries < 20_000, "too many tries for {options:?}");
        if let Ok(g) = generate_nth(options, seed, tries) {
            made.push(g);
        }
        tries += 1;
    }
    (made, tries)
}

/// Checks one puzzle against its options.
fn check(options: &Options, g: &Generated) {
    let puzzle = &g.puzzle;
    assert_eq!(count(puzzle), Count::Exactly(1), "{puzzle}");
    assert!(verify::is_solution(puzzle, &g.solution), "{puzzle}");
    assert!(g.symmetry.holds(puzzle), "{} {puzzle}", g.symmetry);
    if let SymmetryChoice::Fixed(symmetry) = options.symmetry {
        assert_eq!(g.symmetry, symmetry);
    }
    let clues = puzzle.given_count();
    assert!(
        (options.clues.0..=options.clues.1).contains(&clues),
        "{clues} {puzzle}"
    );
    if options.minimal {
        let n = puzzle.shape().side();
        for orbit in g.symmetry.orbits(n) {
            if puzzle.get(orbit[0]) == 0 {
                continue;
            }
            let mut fewer = puzzle.clone();
            for &s in &orbit {
                fewer.set(s, 0);
            }
            assert_eq!(
                count(&fewer),
                Count::AtLeast(2),
                "{puzzle} without {orbit:?}"
            );
        }
    }
    if let Some(wanted) = options.difficulty {
        let rating = rate(&mut Cache::new(), puzzle).unwrap();
        assert!(wanted.accepts(&rating), "{puzzle}: {rating:?}");
        assert_eq!(g.rating.as_ref(), Some(&rating));
    }
}

#[test]
fn minimal_puzzles_of_every_symmetry_on_every_shape() {
    let shapes = [
        (Size::Nine, Variant::Standard, 3),
        (Size::Nine, Variant::Diagonal, 2),
        (Size::Four, Variant::Standard, 3),
        (Size::Six, Variant::Standard, 2),
        (Size::Six, Variant::Diagonal, 1),
    ];
    for (size, variant, each) in shapes {
        for symmetry in Symmetry::ALL {
            let options = Options {
                symmetry: SymmetryChoice::Fixed(symmetry),
                ..Options::new(Shape::of(size, variant))
            };
            for g in make(&options, 1, each).0 {
                check(&options, &g);
            }
        }
    }
}

#[test]
fn a_sixteen_by_sixteen_puzzle() {
    let options = Options::new(Shape::of(Size::Sixteen, Variant::Standard));
    let (made, _) = make(&options, 2, 1);
    // Minimality on 16x16 takes a count per orbit: check uniqueness and
    // symmetry here, the minimal check being the same code as on 9x9.
    let light = Options {
        minimal: false,
        ..options
    };
    check(&light, &made[0]);
}

#[test]
fn a_range_of_givens_without_minimal_stops_digging_early() {
    let options = Options {
        minimal: false,
        clues: (34, 36),
        symmetry: SymmetryChoice::Random,
        ..Options::new(Shape::standard())
    };
    for g in make(&options, 3, 4).0 {
        check(&options, &g);
    }
    let minimal = Options {
        minimal: true,
        clues: (22, 24),
        ..Options::new(Shape::standard())
    };
    for g in make(&minimal, 3, 2).0 {
        check(&minimal, &g);
    }
}

#[test]
fn every_level_is_rated_in_its_band() {
    for (level, wanted) in [
        (Grade::Easy, 2),
        (Grade::Medium, 2),
        (Grade::Hard, 2),
        (Grade::Fiendish, 2),
        (Grade::Diabolical, 1),
    ] {
        let options = Options {
            difficulty: Some(Wanted::level(level)),
            ..Options::new(Shape::standard())
        };
        for g in make(&options, 4, wanted).0 {
            check(&options, &g);
        }
    }
    let options = Options {
        difficulty: Some(Wanted {
            technique: Some(Technique::XWing),
            ..Wanted::any()
        }),
        ..Options::new(Shape::standard())
    };
    for g in make(&options, 5, 1).0 {
        check(&options, &g);
        let rating = g.rating.unwrap();
        assert_eq!(rating.technique, Some(Technique::XWing));
    }
}

#[test]
fn a_miss_says_why() {
    let options = Options {
        clues: (40, 41),
        ..Options::new(Shape::standard())
    };
    assert!(matches!(generate_nth(&options, 1, 0), Err(Miss::Clues(_))));
    let options = Options {
        difficulty: Some(Wanted::level(Grade::Easy)),
        ..Options::new(Shape::standard())
    };
    let misses: Vec<Miss> = (0..40)
        .filter_map(|i| generate_nth(&options, 1, i).err())
        .collect();
    assert!(
        misses.iter().any(|m| matches!(m, Miss::Harder)),
        "{misses:?}"
    );
}
