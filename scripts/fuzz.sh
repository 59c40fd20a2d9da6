#!/usr/bin/env bash
# Builds the libFuzzer targets of test/fuzz with Debian's clang into
# build-fuzz/ and runs each for SECONDS (default 60), one after the other;
# the target differential runs new seeds of the differential test instead.
#
#   scripts/fuzz.sh [--add-crashes] [SECONDS] [TARGET...]
#
# TARGET is any of npy tensor_text metadata model_loader frontend (default:
# all of these) or differential. Each fuzzer works on a copy of its corpus
# (test/fuzz/corpus/TARGET, plus the model files the build makes for
# model_loader) under build-fuzz/fuzz-work/, never on the checked-in one; a
# crash, leak or hang is written to build-fuzz/fuzz-work/crashes/TARGET/ and
# its path printed. --add-crashes also copies what was found into
# test/fuzz/corpus/TARGET/, where ctest's fuzz.TARGET replays it from then
# on. DISC_FUZZ_FLAGS adds libFuzzer flags to every run, e.g. "-fork=1
# -ignore_crashes=1" to keep fuzzing the model loader past crashes in a
# fuzzed model's own code.
#
# differential (test/differential/README.md) needs no fuzz build: with the
# normal build's disc-compile (build/, or DISC_BUILD_DIR) and the Python
# package's virtualenv (scripts/setup_python.sh) it runs
# test/differential/run.py on seeds from a time-based start (or
# DISC_FUZZ_SEED) for SECONDS, each program under --cpu-library=auto and
# =none (DISC_FUZZ_CPU_LIBRARY=auto|none|both, default both), and prints
# how many programs ran and every mismatch with its seed and the directory
# that reproduces it (build-fuzz/fuzz-work/differential/SEED/failures/);
# the exit status is 1 on any mismatch.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${DISC_FUZZ_BUILD_DIR:-$root/build-fuzz}"
work_dir="$build_dir/fuzz-work"
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$root}"

add_crashes=0
if [ "${1:-}" = "--add-crashes" ]; then
  add_crashes=1
  shift
fi
seconds="${1:-60}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -eq 0 ]; then
  echo "fuzz.sh: error: SECONDS must be a positive whole number, got '$seconds'" >&2
  exit 1
fi
[ $# -gt 0 ] && shift
all_targets=(npy tensor_text metadata model_loader frontend)
requested=("$@")
[ ${#requested[@]} -gt 0 ] || requested=("${all_targets[@]}")
targets=()
differential=0
for target in "${requested[@]}"; do
  if [ "$target" = differential ]; then
    differential=1
  elif [ -d "$root/test/fuzz/corpus/$target" ]; then
    targets+=("$target")
  else
    echo "fuzz.sh: error: no fuzz target '$target'; the targets: ${all_targets[*]} differential" >&2
    exit 1
  fi
done

# New seeds of test/differential/run.py for $seconds seconds; sets status.
run_differential() {
  local normal_build="${DISC_BUILD_DIR:-$root/build}"
  local python start mode run_dir log
  if [ ! -x "$normal_build/bin/disc-compile" ]; then
    echo "fuzz.sh: error: differential needs $normal_build/bin/disc-compile (scripts/build.sh," \
         "or DISC_BUILD_DIR)" >&2
    status=1
    return
  fi
  python="$("$root/scripts/setup_python.sh" | tail -1)"
  start="${DISC_FUZZ_SEED:-$(( $(date +%s) * 1000 ))}"
  mode="${DISC_FUZZ_CPU_LIBRARY:-both}"
  run_dir="$work_dir/differential/$start"
  log="$work_dir/differential/$start.log"
  mkdir -p "$run_dir"
  echo "fuzz.sh: differential for ${seconds}s from seed $start, --cpu-library=$mode (log: $log)"
  local run_status=0
  XDG_CACHE_HOME="$run_dir/cache" JAX_PLATFORMS=cpu \
    PYTHONPATH="$root/python${PYTHONPATH:+:$PYTHONPATH}" DISC_BUILD_DIR="$normal_build" \
    "$python" "$root/test/differential/run.py" --work-dir "$run_dir" --seeds "$start:" \
    --time-limit "$seconds" --cpu-library "$mode" --keep-going --batch-size 10 \
    --jobs "${DISC_FUZZ_JOBS:-2}" >"$log" 2>&1 || run_status=$?
  grep -E '^(FAIL |  reproduce: )' "$log" || true
  local summary seeds_line
  summary="$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -1 || true)"
  seeds_line="$(grep -E '^seeds ' "$log" | tail -1 || true)"
  echo "fuzz.sh: differential: ${summary:-no summary, see the log}${seeds_line:+ (${seeds_line})}"
  # What reproduces a mismatch stays; the caches of the run go.
  rm -rf "$run_dir/cache" "$run_dir/reference" "$run_dir/runs"
  if [ $run_status -ne 0 ]; then
    status=1
    if [ -z "$summary" ]; then
      tail -5 "$log" >&2
    fi
  else
    rmdir "$run_dir" 2>/dev/null || true
  fi
}

status=0
if [ $differential -eq 1 ]; then
  run_differential
fi
if [ ${#targets[@]} -eq 0 ]; then
  exit $status
fi

LLVM_VERSION=22
# clang and its libFuzzer runtime, installed with what the build needs,
# each only when missing.
"$root/scripts/setup.sh" "clang-${LLVM_VERSION}" "libclang-rt-${LLVM_VERSION}-dev"

if [ ! -f "$build_dir/build.ninja" ]; then
  cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER="clang-${LLVM_VERSION}" \
    -DCMAKE_CXX_COMPILER="clang++-${LLVM_VERSION}" \
    -DDISC_FUZZ=ON -DDISC_ENABLE_CUDA=OFF
fi
cmake --build "$build_dir" --target disc_fuzzers

# The leak and undefined-behaviour reports end the run like a crash does.
# LLVM's allocators poison the memory they hold in instrumented code only;
# Debian's libLLVM and libMLIR are not instrumented and write to it, which
# ASan would report, so their poisoning is ignored.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allow_user_poisoning=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"
for target in "${targets[@]}"; do
  corpus="$work_dir/corpus/$target"
  crashes="$work_dir/crashes/$target"
  log="$work_dir/$target.log"
  mkdir -p "$corpus" "$crashes"
  cp -r "$root/test/fuzz/corpus/$target/." "$corpus/"
  if [ "$target" = model_loader ]; then
    cp "$build_dir/test/unit/runtime_stub/libdisc_fake_model.so" \
      "$build_dir/test/unit/ral/libdisc_fake_kg_model.so" \
      "$build_dir/test/unit/runtime_stub/libdisc_fake_model_sysv.so" "$corpus/"
    # Models compiled by the normal build's disc-compile (test/fuzz/CMakeLists.txt).
    normal_seeds="${DISC_BUILD_DIR:-$root/build}/test/fuzz/seeds/model_loader"
    if [ -d "$normal_seeds" ]; then
      cp "$normal_seeds"/*.so "$corpus/"
    fi
  fi
  # A parse that crashed inside MLIR is abandoned under crash recovery
  # (parseProgram), leaking what the parser had allocated by design, so the
  # frontend target looks for crashes and hangs, not leaks.
  leak_options=()
  target_asan_options="$ASAN_OPTIONS"
  if [ "$target" = frontend ]; then
    leak_options=(-detect_leaks=0)
    target_asan_options="$ASAN_OPTIONS:detect_leaks=0"
  fi
  started="$work_dir/$target.started"
  touch "$started"
  echo "fuzz.sh: $target for ${seconds}s (log: $log)"
  # -timeout: an input that takes longer is a hang, kept like a crash.
  fuzz_status=0
  ASAN_OPTIONS="$target_asan_options" \
    "$build_dir/test/fuzz/fuzz_$target" "$corpus" -max_total_time="$seconds" \
    -timeout=60 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$crashes/" "${leak_options[@]}" ${DISC_FUZZ_FLAGS:-} \
    >"$log" 2>&1 ||
    fuzz_status=$?
  runs="$(grep -o '^#[0-9]*[[:space:]]*DONE.*' "$log" | tail -1 || true)"
  echo "fuzz.sh: $target: ${runs:-no DONE line, see the log}"
  mapfile -t found < <(find "$crashes" -type f -newer "$started" | sort)
  if [ $fuzz_status -ne 0 ] || [ ${#found[@]} -gt 0 ]; then
    status=1
    echo "fuzz.sh: $target found a problem (exit $fuzz_status):"
    for crash in "${found[@]}"; do
      echo "  $crash"
      if [ $add_crashes -eq 1 ]; then
        cp "$crash" "$root/test/fuzz/corpus/$target/"
        echo "    added to test/fuzz/corpus/$target/"
      fi
    done
    grep -m1 -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error' "$log" || true
  fi
done
exit $status
