#!/usr/bin/env bash
# Runs a bundle made by scripts/gpu_bundle.py on this machine's GPU: builds the
# runtime alone (no LLVM/MLIR needed) into build-gpu/, then runs every case with
# ral-run --device=cuda against its numpy reference (scripts/run_bundle.py),
# then, where the bundle has bench/, prints the benchmark table
# (scripts/bench/gpu.py run); the exit status is the cases' result.
#
#   scripts/gpu_check.sh [--bundle DIR] [--device cuda|cpu] [--ral-run PATH] [--python PATH] [-k FILTER] [-j JOBS] [--timeout S]
#
# --bundle: default gpu-bundle/. --device=cpu runs a `gpu_bundle.py --target cpu`
# bundle, which tests this runner on a machine without a GPU. --ral-run: use
# that ral-run instead of building build-gpu/. --python: the python3 to run the
# scripts with (the benchmarks need numpy; default: python3 on PATH). -j: cases
# run at once (default: the cores); --timeout: seconds a case may run (default 300).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bundle="$root/gpu-bundle"
device=cuda
ral_run=""
python=python3
filter=()
case_options=()

usage() {
  sed -n '8p' "${BASH_SOURCE[0]}" | sed 's/^#   //' >&2
  exit 2
}
while [ $# -gt 0 ]; do
  case "$1" in
    --bundle) bundle="${2:?--bundle needs a directory}"; shift 2 ;;
    --bundle=*) bundle="${1#--bundle=}"; shift ;;
    --device) device="${2:?--device needs cuda or cpu}"; shift 2 ;;
    --device=*) device="${1#--device=}"; shift ;;
    --ral-run) ral_run="${2:?--ral-run needs a path}"; shift 2 ;;
    --ral-run=*) ral_run="${1#--ral-run=}"; shift ;;
    --python) python="${2:?--python needs a path}"; shift 2 ;;
    --python=*) python="${1#--python=}"; shift ;;
    -k) filter=(-k "${2:?-k needs a filter}"); shift 2 ;;
    -j) case_options+=(--jobs "${2:?-j needs a number}"); shift 2 ;;
    --timeout) case_options+=(--timeout "${2:?--timeout needs seconds}"); shift 2 ;;
    -h|--help) usage ;;
    *) echo "gpu_check: error: unknown argument '$1'" >&2; usage ;;
  esac
done

if [ ! -f "$bundle/manifest.json" ]; then
  echo "gpu_check: error: no $bundle/manifest.json (make it with scripts/gpu_bundle.py" \
       "on a machine with the compiler, then carry gpu-bundle)" >&2
  exit 2
fi
if [ "$device" = cuda ] && ! nvidia-smi -L >/dev/null 2>&1; then
  echo "gpu_check: error: nvidia-smi is missing or finds no GPU; --device=cuda needs one" >&2
  exit 2
fi

if [ -z "$ral_run" ]; then
  build_dir="$root/build-gpu"
  mkdir -p "$build_dir"
  if [ ! -f "$build_dir/CMakeCache.txt" ]; then
    generator=()
    if command -v ninja >/dev/null; then generator=(-G Ninja); fi
    cmake -S "$root" -B "$build_dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
      -DDISC_BUILD_COMPILER=OFF -DDISC_BUILD_TESTS=OFF >"$build_dir/configure.log" 2>&1 || {
      echo "gpu_check: error: configuring the runtime failed ($build_dir/configure.log;" \
           "without CLI11/spdlog/fmt or oneDNN's header, pass --ral-run of a runtime installed elsewhere," \
           "README.md \"GPU check\"):" >&2
      grep -A4 "CMake Error" "$build_dir/configure.log" | head -20 >&2 || true
      rm -f "$build_dir/CMakeCache.txt"
      exit 2
    }
  fi
  cmake --build "$build_dir" --target ral-run --parallel "$(nproc)" >"$build_dir/build.log" 2>&1 || {
    echo "gpu_check: error: building ral-run failed ($build_dir/build.log):" >&2
    grep -m5 -A3 "error" "$build_dir/build.log" >&2 || true
    exit 2
  }
  ral_run="$build_dir/bin/ral-run"
fi

status=0
"$python" "$root/scripts/run_bundle.py" --bundle "$bundle" --ral-run "$ral_run" \
  --device "$device" "${filter[@]}" "${case_options[@]}" || status=$?
# The benchmarks report figures, not a verdict: the e2e result stays the exit status.
if [ -d "$bundle/bench" ]; then
  "$python" "$root/scripts/bench/gpu.py" run --bundle "$bundle" --ral-run "$ral_run" \
    --device "$device" || echo "gpu_check: the benchmarks failed (exit $?); see above" >&2
fi
exit "$status"
