# Sourced by the scripts that make a virtualenv of pinned PyPI packages
# (scripts/setup_python.sh, scripts/bench/setup_peers.sh).
#
#   pinned_venv VENV STAMP PIN...
#
# makes VENV with exactly the PINs unless it holds them already (its file
# STAMP lists the pins it was made with; a change of them remakes it, and the
# stamp is written last, so an interrupted install is redone on the next
# call). Uses $PYTHON, else python3. Prints pip's reason and returns 1 when
# the packages cannot be installed.
pinned_venv() {
  local venv="$1"
  local stamp="$1/$2"
  shift 2
  local wanted
  wanted="$(printf '%s\n' "$@")"
  if [[ -f "$stamp" && "$(cat "$stamp")" == "$wanted" ]]; then
    return 0
  fi
  rm -rf "$venv"
  mkdir -p "$(dirname "$venv")"
  "${PYTHON:-python3}" -m venv "$venv" &&
    "$venv/bin/python" -m pip install --quiet --upgrade pip >&2 &&
    "$venv/bin/python" -m pip install --quiet "$@" >&2 || return 1
  printf '%s\n' "$wanted" >"$stamp"
}
