#!/usr/bin/env bash
# Builds the runtime alone (DISC_BUILD_COMPILER=OFF) with Debian's clang,
# twice: once with ThreadSanitizer and once with AddressSanitizer and
# UndefinedBehaviorSanitizer, and runs the unit tests of each. With
# --compiler-tools it then runs end-to-end programs, compiled by that
# (uninstrumented) disc-compile, with the sanitized ral-run, and the threaded
# C API tests with the sanitized runtime stub. Compiled models are not
# instrumented; the runtime around them is. Any sanitizer report fails the run.
#
# usage: scripts/sanitize.sh [--build-root DIR] [--compiler-tools DIR] [tsan|asan]...
#   (default: both kinds; build dirs DIR/sanitize-<kind>, else build-<kind>/)
# DISC_SANITIZE_JOBS sets the build parallelism (default 2).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jobs="${DISC_SANITIZE_JOBS:-2}"
build_root=""
compiler_tools=""
kinds=()
while [[ $# -gt 0 ]]; do
  case "$1" in
  --build-root)
    build_root="$2"
    shift 2
    ;;
  --compiler-tools)
    compiler_tools="$2"
    shift 2
    ;;
  *)
    kinds+=("$1")
    shift
    ;;
  esac
done
[[ ${#kinds[@]} -eq 0 ]] && kinds=(tsan asan)
if [[ -n "$compiler_tools" && ! -x "$compiler_tools/disc-compile" ]]; then
  echo "sanitize.sh: no disc-compile in '$compiler_tools'" >&2
  exit 2
fi

# A representative end-to-end subset: whole models, dynamic shapes, run-time
# errors, and the main op families; the full set runs uninstrumented.
e2e_files=(models dynamic errors mhlo dot reduce convolution slicing)
# The compiler's own tiled products (dot's tiled_* cases, --cpu-library=none)
# are compiled code, which no sanitizer instruments, and the runtime calls
# they make (parallel_for, allocations) the other cases make too: leaving
# out those 132 of dot's 242 cases halves its runs under each sanitizer.
e2e_skips=(--skip tiled_)
python=/usr/bin/python3
[[ -x "$python" ]] || python=python3

# Debian's clang: GCC 12's LeakSanitizer faults walking the dynamic
# thread-local storage of oneDNN and its libgomp at exit; compiler-rt 22's
# does not. Its runtimes are shared (-shared-libsan) so that the sanitized
# runtime stub can be loaded into Python below.
LLVM_VERSION=22
"$root/scripts/setup.sh" "clang-${LLVM_VERSION}" "libclang-rt-${LLVM_VERSION}-dev" >/dev/null
cc="clang-${LLVM_VERSION}"
cxx="clang++-${LLVM_VERSION}"

for kind in "${kinds[@]}"; do
  case "$kind" in
  tsan)
    flags="-fsanitize=thread -g -O1"
    runtime_library=libclang_rt.tsan-x86_64.so
    link_flags="-fsanitize=thread"
    # A report exits with 66, never with 1, the status of an expected error.
    export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 exitcode=66"
    ;;
  asan)
    flags="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1"
    runtime_library=libclang_rt.asan-x86_64.so
    link_flags="-fsanitize=address,undefined"
    export ASAN_OPTIONS="detect_leaks=1 abort_on_error=0 exitcode=23"
    export LSAN_OPTIONS="suppressions=$root/test/sanitize/lsan.supp print_suppressions=0"
    export UBSAN_OPTIONS="print_stacktrace=1 halt_on_error=1 exitcode=23"
    ;;
  *)
    echo "sanitize.sh: unknown sanitizer '$kind' (expected tsan or asan)" >&2
    exit 2
    ;;
  esac
  runtime_path="$("$cc" -print-file-name="$runtime_library")"
  link_flags+=" -shared-libsan -Wl,-rpath,$(dirname "$runtime_path")"
  if [[ -n "$build_root" ]]; then
    build="$build_root/sanitize-$kind"
  else
    build="$root/build-$kind"
  fi
  # A build dir configured with another compiler starts afresh.
  if [[ -f "$build/CMakeCache.txt" ]] &&
    ! grep -q "^CMAKE_CXX_COMPILER:.*$cxx\$" "$build/CMakeCache.txt"; then
    rm -rf "$build"
  fi
  echo "== $kind: building the runtime into $build"
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DDISC_BUILD_COMPILER=OFF \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
    -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
    -DCMAKE_EXE_LINKER_FLAGS="${link_flags}" \
    -DCMAKE_SHARED_LINKER_FLAGS="${link_flags}" \
    -DCMAKE_MODULE_LINKER_FLAGS="${link_flags}" >/dev/null
  ninja -C "$build" -j "$jobs"
  echo "== $kind: unit tests"
  (cd "$build" && ctest --output-on-failure -L unit)
  [[ -n "$compiler_tools" ]] || continue

  for name in "${e2e_files[@]}"; do
    echo "== $kind: e2e $name with the sanitized ral-run"
    "$python" "$root/test/e2e/test_$name.py" --tools "$compiler_tools" \
      --ral-run "$build/bin/ral-run" --work-dir "$build/e2e/$name" "${e2e_skips[@]}"
  done
  # Python itself is not instrumented, so the sanitizer's runtime goes in
  # first. Python keeps objects alive until exit on purpose: leaks are not
  # looked for in this process (the unit tests and ral-run runs above do).
  echo "== $kind: compiled models through the sanitized C API, threads included"
  LD_PRELOAD="$runtime_path" \
    ASAN_OPTIONS="detect_leaks=0 abort_on_error=0 exitcode=23" \
    "$python" "$root/test/e2e/test_runtime_errors.py" --tools "$compiler_tools" \
    --runtime-stub "$build/lib/libdisc_runtime_stub.so" --ral-run "$build/bin/ral-run" \
    --work-dir "$build/e2e/runtime_errors" --quick
done
echo "== sanitize.sh: ${kinds[*]} clean"
