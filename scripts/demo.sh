#!/usr/bin/env bash
# The end-to-end demo: build disc, compile samples/models/mlp.mlir (a 2-layer
# MLP as JAX prints it) into a shared object, run it on numpy-made inputs, and
# check the result against numpy. Prints the compile and run times.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${DISC_BUILD_DIR:-$root/build}"
demo_dir="$build_dir/demo"
python=/usr/bin/python3

"$root/scripts/setup.sh"
"$root/scripts/build.sh"

mkdir -p "$demo_dir"
"$python" "$root/samples/models/mlp_data.py" "$demo_dir"
inputs=("$demo_dir/x.npy" "$demo_dir/w1.npy" "$demo_dir/b1.npy" "$demo_dir/w2.npy" "$demo_dir/b2.npy")

seconds_since() {
  "$python" -c "import sys, time; print('%.3f' % (time.time() - float(sys.argv[1])))" "$1"
}

echo "== disc-compile samples/models/mlp.mlir -o $demo_dir/mlp.so"
start=$(date +%s.%N)
"$build_dir/bin/disc-compile" "$root/samples/models/mlp.mlir" -o "$demo_dir/mlp.so"
compile_s=$(seconds_since "$start")

echo "== ral-run mlp.so --describe"
"$build_dir/bin/ral-run" "$demo_dir/mlp.so" --describe

echo "== ral-run mlp.so --inputs x w1 b1 w2 b2"
start=$(date +%s.%N)
"$build_dir/bin/ral-run" "$demo_dir/mlp.so" --inputs "${inputs[@]}"
run_s=$(seconds_since "$start")

echo "== ral-run mlp.so --inputs ... --expected_output=@expected.npy"
"$build_dir/bin/ral-run" "$demo_dir/mlp.so" --inputs "${inputs[@]}" \
  --expected_output="@$demo_dir/expected.npy" --atol 1e-4 --rtol 1e-4
echo "output matches numpy (atol 1e-4, rtol 1e-4)"

echo "compile: ${compile_s} s"
echo "run (ral-run process, load + run + print): ${run_s} s"
