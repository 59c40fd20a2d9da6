// RUN: disc-opt %s -disc-ral-to-llvm | FileCheck %s

// The parameters of a launch are an array of pointers to each value, a
// memref expanded into its descriptor's fields: 1 + (3 + 2 * 2) = 8 slots,
// in stack memory allocated at function entry.
// CHECK-LABEL: llvm.func internal @main(%arg0: !llvm.ptr)
// CHECK-DAG: %[[PARAMS:.*]] = llvm.alloca %{{.*}} x !llvm.array<8 x ptr>
// CHECK-DAG: %[[N:.*]] = llvm.alloca %{{[0-9]+}} x i64 :
// CHECK-DAG: %[[DESC:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK: llvm.call
// CHECK: llvm.store %{{.*}}, %[[N]] : i64, !llvm.ptr
// CHECK: %[[S0:.*]] = llvm.getelementptr %[[PARAMS]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<8 x ptr>
// CHECK: llvm.store %[[N]], %[[S0]] : !llvm.ptr, !llvm.ptr
// CHECK: llvm.store %{{.*}}, %[[DESC]]
// CHECK: %[[ALLOCATED:.*]] = llvm.getelementptr %[[DESC]][0, 0]
// CHECK: %[[S1:.*]] = llvm.getelementptr %[[PARAMS]][0, 1]
// CHECK: llvm.store %[[ALLOCATED]], %[[S1]]
// CHECK: %[[STRIDE1:.*]] = llvm.getelementptr %[[DESC]][0, 4, 1]
// CHECK: %[[S7:.*]] = llvm.getelementptr %[[PARAMS]][0, 7]
// CHECK: llvm.store %[[STRIDE1]], %[[S7]]
// The array's address is what the dispatch passes on.
// CHECK: llvm.store %[[PARAMS]], %{{.*}} : !llvm.ptr, !llvm.ptr
func.func @main(%ctx: !disc_ral.context) attributes {disc.entry_signature = {inputs = [], outputs = []}} {
  %n = arith.constant 8 : index
  %bytes = arith.constant 32 : i64
  %p = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%bytes) : (i64) -> !llvm.ptr
  %m = disc_ral.memref_from_ptr %p : memref<4x2xf32>
  %params = disc_ral.kernel_args(%n, %m : index, memref<4x2xf32>)
  disc_ral.dispatch %ctx, "use_params" device "gpu" (%params) : (!llvm.ptr) -> ()
  return
}

// A complex number is one parameter pointing at both parts, stored as the
// struct the kernel takes by value.
// CHECK-LABEL: llvm.func internal @complex_param(%arg0: !llvm.ptr)
// CHECK-DAG: %[[CPARAMS:.*]] = llvm.alloca %{{.*}} x !llvm.array<1 x ptr>
// CHECK-DAG: %[[VALUE:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(f32, f32)>
// CHECK: llvm.store %{{.*}}, %[[VALUE]] : !llvm.struct<(f32, f32)>, !llvm.ptr
// CHECK: %[[SLOT:.*]] = llvm.getelementptr %[[CPARAMS]][0, 0]
// CHECK: llvm.store %[[VALUE]], %[[SLOT]] : !llvm.ptr, !llvm.ptr
func.func @complex_param(%ctx: !disc_ral.context) attributes {disc.entry_signature = {inputs = [], outputs = []}} {
  %re = arith.constant 1.5 : f32
  %im = arith.constant -2.0 : f32
  %c = complex.create %re, %im : complex<f32>
  %params = disc_ral.kernel_args(%c : complex<f32>)
  disc_ral.dispatch %ctx, "use_params" device "gpu" (%params) : (!llvm.ptr) -> ()
  return
}
