// RUN: disc-opt %s -disc-ral-to-llvm | FileCheck %s

// A parallel loop is the dispatch of ral_parallel_for with its body's
// address, the captures, the count and the grain; the body becomes an
// llvm.func with the C signature void(void *, int64_t, int64_t).
// CHECK-DAG: llvm.mlir.global private constant @{{.*}}("ral_parallel_for___cpu___pvoid_pvoid_pvoid_i64_i64___void\00")
// CHECK-LABEL: llvm.func internal @main(%arg0: !llvm.ptr)
// CHECK: %[[BODY:.*]] = llvm.mlir.addressof @main_parallel : !llvm.ptr
// CHECK: llvm.store %[[BODY]], %{{.*}} : !llvm.ptr, !llvm.ptr
// CHECK: llvm.call %{{.*}}(%{{.*}}, %{{.*}}, %{{.*}}) : !llvm.ptr, (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> i32
// CHECK: llvm.func internal @main_parallel(%{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64)
func.func public @main(%ctx: !disc_ral.context)
    attributes {disc.entry_signature = {inputs = [], outputs = []}} {
  %captures = llvm.mlir.zero : !llvm.ptr
  %count = arith.constant 1000 : index
  %grain = arith.constant 10 : index
  disc_ral.parallel_for %ctx, @main_parallel(%captures, %count, %grain)
  return
}

func.func private @main_parallel(%captures: !llvm.ptr, %begin: index,
                                 %end: index) {
  return
}
