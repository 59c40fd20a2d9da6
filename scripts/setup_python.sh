#!/bin/bash
# Makes the virtualenv that the Python package's tests (ctest label
# "python") run in: the disc package's front-ends (JAX, PyTorch through
# torch-mlir) at pinned versions from PyPI. Idempotent: a venv whose pins
# match is left as it is, so it is made once per machine (about 3 GB of
# downloads, mostly torch's CUDA wheels). Prints the venv's python last.
#
#   scripts/setup_python.sh               # then: cd build && ctest -L python
set -euo pipefail

VENV="${XDG_CACHE_HOME:-$HOME/.cache}/disc/venv"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The pins, from the requirements a user installs the extras with.
mapfile -t PINS < <(grep -v -e '^#' -e '^$' "$root/python/requirements.txt")
PYTHON="${PYTHON:-python3}"

# The pins the venv was made with; a change of them remakes it. The stamp is
# written last, so an interrupted install is redone on the next call.
stamp="$VENV/disc-python-pins.txt"
wanted="$(printf '%s\n' "${PINS[@]}")"
if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$wanted" ]]; then
  rm -rf "$VENV"
  mkdir -p "$(dirname "$VENV")"
  "$PYTHON" -m venv "$VENV"
  if ! "$VENV/bin/python" -m pip install --quiet --upgrade pip >&2 ||
     ! "$VENV/bin/python" -m pip install --quiet "${PINS[@]}" >&2; then
    echo "setup_python.sh: cannot install ${PINS[*]} from PyPI into $VENV" \
         "(no network?); the Python package's tests (ctest -L python) need them" >&2
    exit 1
  fi
  printf '%s\n' "$wanted" >"$stamp"
fi
echo "$VENV/bin/python"
