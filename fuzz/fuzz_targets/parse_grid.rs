//! Fuzz target `parse_grid`: see `checks::parse_grid_text` for what must hold.
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::parse_grid_text(data));
