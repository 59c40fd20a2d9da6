#!/bin/bash
# Makes the Python virtualenv that scripts/bench/cpu.py runs in: JAX (XLA on
# the CPU) and IREE, disc's peers, from PyPI at pinned versions, so that two
# runs of the benchmark compare the same peers. Nothing in the build or CI
# needs it. Idempotent: a venv whose pins match is left as it is. Prints the
# venv's python last.
#
#   scripts/bench/setup_peers.sh          # then: "$(scripts/bench/setup_peers.sh | tail -1)" scripts/bench/cpu.py
set -euo pipefail

VENV="${XDG_CACHE_HOME:-$HOME/.cache}/disc/bench-venv"
PINS=(
  jax==0.10.2
  jaxlib==0.10.2
  iree-base-compiler==3.13.0
  iree-base-runtime==3.13.0
  numpy==2.4.6
  threadpoolctl==3.8.0
)
PYTHON="${PYTHON:-python3}"

# The pins the venv was made with; a change of them remakes it.
stamp="$VENV/disc-bench-pins.txt"
wanted="$(printf '%s\n' "${PINS[@]}")"
if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$wanted" ]]; then
  rm -rf "$VENV"
  mkdir -p "$(dirname "$VENV")"
  "$PYTHON" -m venv "$VENV"
  "$VENV/bin/python" -m pip install --quiet --upgrade pip >&2
  "$VENV/bin/python" -m pip install --quiet "${PINS[@]}" >&2
  printf '%s\n' "$wanted" >"$stamp"
fi
echo "$VENV/bin/python"
