#!/bin/bash
# Runs one test/python script with the virtualenv's python:
#   run_test.sh TEST.py WORK_DIR
# Compiled programs go to WORK_DIR/cache (the package's on-disk cache), not
# the user's.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
python="$("$root/scripts/setup_python.sh" | tail -1)"
mkdir -p "$2"
export DISC_TEST_WORK_DIR="$2"
export XDG_CACHE_HOME="$2/cache"
exec "$python" "$1" -v
