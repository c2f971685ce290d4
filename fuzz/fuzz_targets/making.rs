//! Fuzz target `making`: see `checks::making` for what must hold.
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::making(data));
