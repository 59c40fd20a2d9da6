#!/usr/bin/env bash
# Sets up, builds, and runs every test through ctest (lit, unit, end to end,
# and the Python package's, whose first test makes its virtualenv once per
# machine: scripts/setup_python.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${DISC_BUILD_DIR:-$root/build}"

"$root/scripts/setup.sh"
"$root/scripts/build.sh"
cd "$build_dir"
ctest --output-on-failure -j "$(nproc)" -LE conformance "$@"
