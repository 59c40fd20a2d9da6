#!/bin/bash
# Makes the Python virtualenv that scripts/bench/cpu.py runs in: JAX (XLA on
# the CPU) and IREE, disc's peers, from PyPI at pinned versions, so that two
# runs of the benchmark compare the same peers. Nothing in the build or CI
# needs it. Idempotent: a venv whose pins match is left as it is. Prints the
# venv's python last.
#
#   scripts/bench/setup_peers.sh          # then: "$(scripts/bench/setup_peers.sh | tail -1)" scripts/bench/cpu.py
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../pinned_venv.sh"

VENV="${XDG_CACHE_HOME:-$HOME/.cache}/disc/bench-venv"
PINS=(
  jax==0.10.2
  jaxlib==0.10.2
  iree-base-compiler==3.13.0
  iree-base-runtime==3.13.0
  numpy==2.4.6
  threadpoolctl==3.8.0
)

pinned_venv "$VENV" disc-bench-pins.txt "${PINS[@]}"
echo "$VENV/bin/python"
