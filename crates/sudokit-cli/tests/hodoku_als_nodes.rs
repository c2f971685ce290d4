//! `sudokit steps --rules hodoku` on HoDoKu's grouped nice loop and AIC
//! cases whose chains pass through almost locked sets, from the real
//! binary.

mod common;

use common::{json_lines, stdout_of, sudokit};

/// A grouped continuous loop (variant 2), a grouped discontinuous loop
/// (variant 3) and a grouped AIC (variant 3) of HoDoKu's regression
/// library, each with the line HoDoKu 2.2.0 writes for its first step of
/// the case's code and digits.
const CASES: [(&str, &str); 3] = [
    (
        ":0709-2:236:.4..892...652+4...+9..9.+1...44..9.5...95.+4...17...1.8+4+956.+4...9...+9...174...789+4.3.:331 242 342 243 245 345 574 775 584 689:291 314 649::9",
        "Grouped Continuous Nice Loop: 2/3/6 5= r9c1 =1= r12c1 -1- r1c3 -3- ALS:r1789c9 =5= r7c8 -5- r9c7 =5= r9c1 =1 => r9c1<>2, r1c4<>3, r4c9<>6",
    ),
    (
        ":0710-3:16:.+1+5.......4+29...5...64+51+273.7+4.8.9....31.45....1.9..2.43+76.58...2+9+8.7.4...+8.+4+9...:811 911 316 821 344 851 852 661 669 869 179 197:189 689::14",
        "Grouped Discontinuous Nice Loop: 1/6 r8c9 =5= r8c1 -5- ALS:r9c128 -3- r4c8 =3= r4c6 -3- ALS:r26c6 -8- ALS:r24c9 =5= r8c9 => r8c9<>1, r8c9<>6",
    ),
    (
        ":0711-3:1:.+7....9...461..7.3.5.....4.+765...+8+12+21+468+5+3+79+3+8927+1..4.98.+1..+3..+275.31.85+31......::119 131::11",
        "Grouped AIC: 1 1- r1c1 -8- r1c8 =8= r2c8 -8- ALS:r2c16 -2- r7c6 =2= r7c7 -2- r3c7 -6- r3c9 -1 => r1c9,r3c1<>1",
    ),
];

/// These cases were refused as having no finder: the implication tables
/// had no almost locked sets. They are searched now, as HoDoKu's tester
/// searches them, and pass.
#[test]
fn grouped_loop_cases_through_almost_locked_sets_are_no_longer_refused() {
    for (line, first) in CASES {
        let out = stdout_of(sudokit().args(["steps", "--rules", "hodoku", "-f", "json", line]));
        let record = &json_lines(&out)[0];
        assert_eq!(record["status"], "found", "{line}: {record}");
        assert_eq!(record["case"]["passed"], true, "{line}");
        let steps = record["steps"].as_array().unwrap();
        assert!(!steps.is_empty(), "{line}");
        // Every step is of the case's technique, and the page can draw
        // each ALS: its squares are one link of the chain.
        for step in steps {
            assert_eq!(step["technique"], "grouped_nice_loop");
        }
        assert_eq!(steps[0]["hodoku"]["line"], first, "{line}");
        let text = steps[0]["text"].as_str().unwrap();
        assert!(text.contains("the almost locked set "), "{text}");
        let chain_squares = steps[0]["evidence"]["chain_squares"].as_array().unwrap();
        assert!(chain_squares
            .iter()
            .any(|c| c.as_array().unwrap().len() >= 2));
    }
}

/// The text format says so too: a passing case, not a refusal.
#[test]
fn a_grouped_aic_case_through_an_als_passes_in_text() {
    let (line, _) = CASES[2];
    let out = stdout_of(sudokit().args(["steps", "--rules", "hodoku", line]));
    assert!(out.trim_end().ends_with("passed"), "{out}");
    assert!(!out.contains("no finder"), "{out}");
}
