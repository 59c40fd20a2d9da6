#!/bin/bash
# Makes the virtualenv that the Python package's tests (ctest label
# "python") run in: the disc package's front-ends (JAX, PyTorch through
# torch-mlir) at pinned versions from PyPI. Idempotent: a venv whose pins
# match is left as it is, so it is made once per machine (about 3 GB of
# downloads, mostly torch's CUDA wheels). Prints the venv's python last.
#
#   scripts/setup_python.sh               # then: "$(scripts/setup_python.sh | tail -1)" -m unittest discover -s test/python
set -euo pipefail

VENV="${XDG_CACHE_HOME:-$HOME/.cache}/disc/venv"
PINS=(
  torch==2.15.0
  torch-mlir==20261001
  jax==0.10.2
  jaxlib==0.10.2
  numpy==2.4.6
)
PYTHON="${PYTHON:-python3}"

# The pins the venv was made with; a change of them remakes it. The stamp is
# written last, so an interrupted install is redone on the next call.
stamp="$VENV/disc-python-pins.txt"
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
