#!/usr/bin/env bash
# Configures (once) and builds disc into build/. Tools land in build/bin/.
# Extra arguments are passed to cmake at configure time, e.g.
#   scripts/build.sh -DDISC_BUILD_COMPILER=OFF
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${DISC_BUILD_DIR:-$root/build}"
# Paths relative to the checkout let ccache reuse objects across clones.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$root}"

if [ ! -f "$build_dir/build.ninja" ] || [ $# -gt 0 ]; then
  cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"
fi
cmake --build "$build_dir"
