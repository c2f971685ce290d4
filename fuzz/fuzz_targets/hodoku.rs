//! Fuzz target `hodoku`: see `checks::hodoku` for what must hold.
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::hodoku(data));
