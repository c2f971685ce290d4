//! Fuzz target `json_board`: see `checks::json_board` for what must hold.
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::json_board(data));
