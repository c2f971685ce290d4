//! Brute force by HoDoKu's rules, from the real binary: the square it
//! picks, the digit it places, and the ` bf` HoDoKu's batch output writes
//! after the score of a path that used it.

mod common;

use common::{stdout_of, sudokit};

/// A puzzle whose HoDoKu path (HoDoKu 2.2.0, default configuration)
/// guesses four times before its first forcing chain.
const GUESSED: &str =
    "....9..5..1.....3...23..7....45...7.8.....2.......64...9..1.....8..6......54....7";

/// HoDoKu's path of [`GUESSED`] up to its first forcing chain.
const GUESSED_PATH: &[&str] = &[
    "Locked Candidates Type 1 (Pointing): 2 in b3 => r78c9<>2",
    "Locked Candidates Type 1 (Pointing): 5 in b6 => r78c9<>5",
    "Locked Candidates Type 1 (Pointing): 4 in b7 => r123c1<>4",
    "Locked Candidates Type 1 (Pointing): 5 in b8 => r23c6<>5",
    "Brute Force: r5c6=4",
    "Hidden Pair: 4,5 in r23c5 => r2c5<>2, r2c5<>7, r23c5<>8",
    "Locked Candidates Type 2 (Claiming): 7 in c5 => r56c4<>7",
    "Brute Force: r5c5=3",
    "Hidden Single: r6c5=7",
    "Empty Rectangle: 2 in b7 (r49c5) => r4c1<>2",
    "Brute Force: r5c4=1",
    "Brute Force: r5c8=6",
    "Finned Swordfish: 6 r349 c127 fr3c9 => r12c7<>6",
    "Locked Candidates Type 1 (Pointing): 6 in b3 => r7c9<>6",
    "Sue de Coq: r3c89 - {14689} (r3c125 - {4569}, r1c7 - {18}) => r1c9<>1, r12c9,r2c7<>8",
    "Naked Single: r2c7=9",
    "Hidden Single: r3c1=9",
    "Skyscraper: 9 in r4c9,r9c8 (connected by r49c6) => r6c8,r8c9<>9",
];

/// Positions where HoDoKu's path guessed (as its `/vg l:bf` prints them)
/// and the line of the guess it took.
const GUESSES: &[(&str, &str)] = &[
    (
        ":xxxx:8:9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.:728 729 541 543 643 547 548 549 862 194::858:",
        "Brute Force: r5c8=8",
    ),
    (
        ":xxxx:3:....9..5..1.....3...23..7....45...7.8....+42.......64...9..1.....8..6......54....7:411 421 225 725 825 526 431 835 536 754 764 279 579 289 589::355:",
        "Brute Force: r5c5=3",
    ),
    (
        ":xxxx:1:....56.8..5.7....3..8......2.....9...4+95....7....92.6.3.+4.....15..1..4...1..4..7.:713 742 743::155:",
        "Brute Force: r5c5=1",
    ),
];

#[test]
fn brute_force_places_the_solutions_digit_in_the_middle_empty_square_as_hodoku_does() {
    for (position, line) in GUESSES {
        let out = stdout_of(sudokit().args([
            "steps",
            "--rules",
            "hodoku",
            "--technique",
            "bf",
            position,
        ]));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{out}");
        assert!(lines[1].starts_with("Brute Force (10000): "), "{out}");
        assert_eq!(lines[2], "1 step");
        let out = stdout_of(sudokit().args([
            "steps",
            "--rules",
            "hodoku",
            "--technique",
            "Brute Force",
            "--format",
            "json",
            position,
        ]));
        let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(record["steps"][0]["hodoku"]["line"], *line, "{out}");
        assert_eq!(record["steps"][0]["eliminations"], serde_json::json!([]));
    }
}

/// A position along the path of norvig_top95's hardest (by SE's rules)
/// where HoDoKu's next step is brute force, as the page reaches it.
const HARDEST_GUESS: (&str, &str) = (
    ":0000:x:..4.....9.1...3.7.6.....2.......8....5..3..8....1.5.....2...+7.4.7.3...1.9...7.6..:524 824 825 348 362 368 885::::",
    "Brute Force: r5c3=6",
);

#[test]
fn a_hint_that_reaches_brute_force_takes_the_puzzles_known_solution_as_the_path_does() {
    // The hint knows the puzzle's one solution before it searches; brute
    // force there used to solve the position once more. The digit and
    // square must stay the path's.
    for (position, line) in GUESSES.iter().chain([&HARDEST_GUESS]) {
        let out =
            stdout_of(sudokit().args(["hint", "--rules", "hodoku", "--format", "json", position]));
        let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(record["hodoku"]["line"], *line, "{out}");
        assert_eq!(record["technique"], "brute_force", "{out}");
        let (square, digit) = (
            &record["placements"][0]["square"],
            &record["placements"][0]["digit"],
        );
        let solved = stdout_of(sudokit().args(["solve", position]));
        let solution: Vec<u8> = solved.trim().bytes().map(|b| b - b'0').collect();
        let name = square.as_str().unwrap().as_bytes();
        let s = usize::from(name[0] - b'A') * 9 + usize::from(name[1] - b'1');
        assert_eq!(digit.as_u64(), Some(u64::from(solution[s])), "{out}");
    }
}

#[test]
fn a_path_that_guesses_is_hodokus_and_its_header_says_bf() {
    // Switched off: the step types HoDoKu's path tried without finding
    // anything before each of its guesses here.
    let mut args = vec!["explain", "--rules", "hodoku", "--format", "hodoku"];
    for short in ["nl", "gnl", "axz", "axy", "ach", "fc", "fn"] {
        args.extend(["--off", short]);
    }
    args.push(GUESSED);
    let out = stdout_of(sudokit().args(&args));
    let mut lines = out.lines();
    let header = lines.next().unwrap();
    assert!(
        header.starts_with(&format!("{GUESSED} #1 Extreme (")) && header.ends_with(") bf"),
        "{header}"
    );
    let steps: Vec<&str> = lines.map(|l| l.trim_start()).collect();
    assert_eq!(&steps[..GUESSED_PATH.len()], GUESSED_PATH);
    assert!(steps
        .iter()
        .skip(GUESSED_PATH.len())
        .any(|l| l.starts_with("Brute Force: ")));
    // Without the guesses the path of singles stops: no bf in the header.
    let out = stdout_of(sudokit().args([
        "explain", "--rules", "hodoku", "--format", "hodoku", "--off", "bf", "--off", "fc",
        "--off", "fn", EASY,
    ]));
    assert!(out.lines().next().unwrap().ends_with("Easy (188)"), "{out}");
}

const EASY: &str =
    "..2.6.17....81..653..7.59....13..58.498..73..6..2....4..35.24.79....4...85....6..";
