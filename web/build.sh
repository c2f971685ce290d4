#!/usr/bin/env bash
# Builds the browser page: crates/sudokit-wasm compiled to WebAssembly with
# Debian's Rust (rustc-web, cargo-web, rust-web-src) and lld-16, copied to
# web/sudokit.wasm beside index.html. rustup's toolchain has no wasm32
# standard library, so std is built from rust-web-src (-Zbuild-std, allowed
# on a stable compiler by RUSTC_BOOTSTRAP=1). Output goes to target/wasm
# (or $WASM_TARGET_DIR), apart from the host builds of rustup's toolchain.
set -euo pipefail
web="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$web")"
target_dir="${WASM_TARGET_DIR:-$root/target/wasm}"
for tool in /usr/bin/cargo /usr/bin/rustc wasm-ld-16; do
    command -v "$tool" >/dev/null || {
        echo "build.sh: $tool is missing: apt-get install -y rustc-web cargo-web rust-web-src lld-16" >&2
        exit 1
    }
done
cd "$root"
RUSTC_BOOTSTRAP=1 \
RUSTC=/usr/bin/rustc \
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-16 \
CARGO_TARGET_DIR="$target_dir" \
    /usr/bin/cargo build --release -p sudokit-wasm \
    --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort
cp "$target_dir/wasm32-unknown-unknown/release/sudokit_wasm.wasm" "$web/sudokit.wasm"
echo "web/sudokit.wasm: $(stat -c %s "$web/sudokit.wasm") bytes"
