// `ral-run --function F --benchmark=N` on a kernel-graph function prints its
// results once (3 + 3 * 4 = 15), then times N runs after warm-up runs and
// reports them in the form it uses for dense models, with the process's peak
// resident memory. Times and sizes are not checked.
// RUN: disc-compile %s -o %t.so
// RUN: ral-run %t.so --function triple_add --input 3 --input 4 --benchmark=5 | FileCheck %s
// RUN: not ral-run %t.so --function triple_add --input 3 --benchmark=5 2>&1 | FileCheck %s --check-prefix=MISSING

// CHECK: 15
// CHECK-NEXT: !tfrt.chain value
// CHECK-NEXT: benchmark 'triple_add': 5 runs after 1 warm-up runs: min {{[0-9]+\.[0-9]}} us, median {{[0-9]+\.[0-9]}} us, p90 {{[0-9]+\.[0-9]}} us, peak RSS {{[0-9]+\.[0-9]}} MiB
// CHECK-NOT: {{.}}

// The first run's argument errors are reported before any timing.
// MISSING: function 'triple_add' needs a value for its i32 input 2; pass it with --input
// MISSING-NOT: benchmark

func @triple_add(%ch : !tfrt.chain, %x : i32, %y : i32) -> (i32, !tfrt.chain) {
  %a = tfrt.add.i32 %x, %y
  %b = tfrt.add.i32 %a, %y
  %c = tfrt.add.i32 %b, %y
  tfrt.return %c, %ch : i32, !tfrt.chain
}
