//! Kraken fish by HoDoKu's rules (off by default, `--on kf`), from the
//! real binary: the path, score and level HoDoKu gives with them on, the
//! lines HoDoKu prints under the step, and every kraken fish of a position.

mod common;

use common::{json_lines, stdout_of, sudokit};

/// HoDoKu's path for this puzzle takes a forcing chain by its default
/// configuration (Extreme 730) and a kraken fish instead with kraken fish
/// on (Extreme 734).
const PUZZLE: &str =
    ".7..96.....352.68...6..47.248.....2..........51..............7.....3.5.9168.....3";

/// A position of HoDoKu's path for another puzzle, in its library format.
const POSITION: &str = ":0000:x:.6.5.1.9.1+2..9..539....7....4.8...7.......5.8.817.5.3.....5.2.+7....+7.....76..8...:415 423 427 627 434 634 435 635 646 947 949 654 255 656::";

#[test]
fn kraken_fish_switched_on_give_hodokus_own_path_score_and_level() {
    let rate = |extra: &[&str]| {
        stdout_of(
            sudokit()
                .args(["rate", "--rules", "hodoku"])
                .args(extra)
                .arg(PUZZLE),
        )
    };
    assert_eq!(rate(&[]), "Extreme 730\n");
    assert_eq!(rate(&["--on", "kf"]), "Extreme 734\n");
    let out = stdout_of(sudokit().args([
        "explain", "--rules", "hodoku", "--format", "hodoku", "--on", "kf", PUZZLE,
    ]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], format!("{PUZZLE} #1 Extreme (734)"));
    // HoDoKu's lines: the removal, then the fish and a chain from each fin.
    assert_eq!(
        lines[24..30],
        [
            "   Kraken Fish Type 1:  => r8c4<>1",
            "  Finned Franken X-Wing: 1 r45 c4b6 fr4c6 fr5c6",
            "  r4c6 =3= r4c7 -3- r6c8 -6- r8c8 -1- r8c4",
            "  r5c6 -1- r5c8 =1= r8c8 -1- r8c4",
            "   Naked Single: r8c4=6",
            "   Full House: r8c8=1",
        ],
        "{out}"
    );
    assert!(!out.contains("Forcing"), "{out}");
}

#[test]
fn a_kraken_fish_step_carries_its_fish_and_chains_for_the_page() {
    let json = stdout_of(sudokit().args([
        "explain", "--rules", "hodoku", "--format", "json", "--on", "kf", PUZZLE,
    ]));
    let records = json_lines(&json);
    let step = records
        .iter()
        .find(|r| r["technique"] == "kraken_fish")
        .expect("a kraken fish step");
    assert_eq!(step["name"], "Kraken Fish Type 1");
    assert_eq!(step["hodoku"]["code"], "0371");
    assert_eq!(step["hodoku"]["score"], 500);
    assert_eq!(
        step["hodoku"]["nets"][0],
        "Finned Franken X-Wing: 1 r45 c4b6 fr4c6 fr5c6"
    );
    assert_eq!(step["eliminations"][0]["square"], "H4");
    assert_eq!(step["evidence"]["base"].as_array().unwrap().len(), 2);
    // Two chains, one from each fin, each from its assumption to H4 not 1.
    let chain = step["evidence"]["chain"].as_array().unwrap();
    let assumptions: Vec<&str> = chain
        .iter()
        .filter(|l| l["reason"] == "assumption")
        .map(|l| l["square"].as_str().unwrap())
        .collect();
    assert_eq!(assumptions, ["D6", "E6"]);
    let last = chain.last().unwrap();
    assert_eq!(
        (&last["square"], &last["on"]),
        (&"H4".into(), &false.into())
    );
}

#[test]
fn steps_lists_every_kraken_fish_of_a_position_as_hodoku_finds_them_all() {
    let out = stdout_of(sudokit().args([
        "steps", "--rules", "hodoku", "-t", "kf", "--format", "json", POSITION,
    ]));
    let records = json_lines(&out);
    let steps = records[0]["steps"].as_array().unwrap();
    // HoDoKu's "find all steps" with kraken fish on lists these 13, in
    // this order: the smaller fish first, then the shorter chains.
    let lines: Vec<(&str, &str)> = steps
        .iter()
        .map(|s| {
            (
                s["hodoku"]["line"].as_str().unwrap(),
                s["hodoku"]["nets"][0].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(lines.len(), 13, "{lines:?}");
    assert_eq!(
        lines[..4],
        [
            (
                "Kraken Fish Type 1:  => r4c5<>2",
                "Finned X-Wing: 2 r16 c59 fr6c1"
            ),
            (
                "Kraken Fish Type 2:  => r4c5<>2",
                "Finned X-Wing: 2 r16 c59 fr6c1"
            ),
            (
                "Kraken Fish Type 2:  => r9c9<>4",
                "Finned X-Wing: 2 c36 r48 fr5c3 fr5c6"
            ),
            (
                "Kraken Fish Type 2:  => r4c5<>2",
                "Sashimi X-Wing: 2 r16 c19 fr1c5 fr6c5"
            ),
        ]
    );
    assert_eq!(
        lines[12],
        (
            "Kraken Fish Type 2:  => r9c9<>4",
            "Finned Franken Jellyfish: 2 r1346 c19b25 fr3c8 fr4c3"
        )
    );
}
