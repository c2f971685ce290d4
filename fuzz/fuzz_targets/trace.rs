//! Fuzz target `trace`: see `checks::trace` for what must hold.
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::trace(data));
