#!/usr/bin/env bash
# Builds the runtime alone (DISC_BUILD_COMPILER=OFF) twice, once with
# ThreadSanitizer into build-tsan/ and once with AddressSanitizer and
# UndefinedBehaviorSanitizer into build-asan/, and runs the unit tests of
# each. Any sanitizer report fails the run.
#
# usage: scripts/sanitize.sh [tsan|asan]...   (default: both)
# DISC_SANITIZE_JOBS sets the build parallelism (default 2).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jobs="${DISC_SANITIZE_JOBS:-2}"
kinds=("$@")
[[ ${#kinds[@]} -eq 0 ]] && kinds=(tsan asan)

for kind in "${kinds[@]}"; do
  case "$kind" in
  tsan)
    flags="-fsanitize=thread -g -O1"
    export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1"
    ;;
  asan)
    flags="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1"
    export ASAN_OPTIONS="detect_leaks=1 abort_on_error=0"
    export UBSAN_OPTIONS="print_stacktrace=1 halt_on_error=1"
    ;;
  *)
    echo "sanitize.sh: unknown sanitizer '$kind' (expected tsan or asan)" >&2
    exit 2
    ;;
  esac
  build="$root/build-$kind"
  echo "== $kind: building the runtime into $build"
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DDISC_BUILD_COMPILER=OFF \
    -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
    -DCMAKE_EXE_LINKER_FLAGS="${flags%% *}" \
    -DCMAKE_SHARED_LINKER_FLAGS="${flags%% *}" \
    -DCMAKE_MODULE_LINKER_FLAGS="${flags%% *}" >/dev/null
  ninja -C "$build" -j "$jobs"
  echo "== $kind: unit tests"
  (cd "$build" && ctest --output-on-failure -L unit)
done
echo "== sanitize.sh: ${kinds[*]} clean"
