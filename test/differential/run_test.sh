#!/bin/bash
# Runs run.py with the virtualenv's python (scripts/setup_python.sh), for ctest:
#   run_test.sh WORK_DIR RUN.PY-ARGUMENTS...
# WORK_DIR holds the failures, the compiled modules and every cache
# (XDG_CACHE_HOME too), never the user's.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
python="$("$root/scripts/setup_python.sh" | tail -1)"
work_dir="$1"
shift
mkdir -p "$work_dir"
export XDG_CACHE_HOME="$work_dir/cache"
export JAX_PLATFORMS=cpu
exec "$python" "$root/test/differential/run.py" --work-dir "$work_dir" "$@"
