#!/bin/bash
# Makes the virtualenv that the Python package's tests (ctest label
# "python") run in: the pins of python/requirements.txt (the front-ends'
# frameworks, torch, torch-mlir and jax, and numpy) from PyPI. Idempotent: a
# venv whose pins match is left as it is, so it is made once per machine
# (about 3 GB of downloads, mostly torch's CUDA wheels). Prints the venv's
# python last.
#
#   scripts/setup_python.sh               # then: cd build && ctest -L python
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/pinned_venv.sh"

VENV="${XDG_CACHE_HOME:-$HOME/.cache}/disc/venv"
mapfile -t PINS < <(grep -v -e '^#' -e '^$' "$root/python/requirements.txt")

if ! pinned_venv "$VENV" disc-python-pins.txt "${PINS[@]}"; then
  echo "setup_python.sh: cannot install ${PINS[*]} from PyPI into $VENV" \
       "(no network?); the Python package's tests (ctest -L python) need them" >&2
  exit 1
fi
echo "$VENV/bin/python"
