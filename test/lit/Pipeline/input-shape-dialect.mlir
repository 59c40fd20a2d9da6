// The shape dialect that torch-mlir computes dynamic shapes with leaves the
// input phase as tensor, scf and arith ops: the broadcastability constraint
// is a cf.assert (a run's error), the shape.assuming region it guarded is
// inlined, and the broadcast shape is a tensor.generate over the operands'
// tensor.dim sizes. The whole program then compiles.
// RUN: disc-compile %s --compile-to=input | FileCheck %s
// RUN: disc-compile %s -o %t.so

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:.*]]: tensor<?x32xf32>, %[[Y:.*]]: tensor<?x32xf32>)
// CHECK-NOT: shape.
// CHECK-DAG: tensor.dim %[[X]], %{{.*}} : tensor<?x32xf32>
// CHECK-DAG: tensor.dim %[[Y]], %{{.*}} : tensor<?x32xf32>
// CHECK: %[[OK:.*]] = scf.for
// CHECK: cf.assert %[[OK]], "required broadcastable shapes"
// CHECK: %[[SHAPE:.*]] = tensor.generate
// CHECK: %[[XB:.*]] = stablehlo.dynamic_broadcast_in_dim %[[X]], %[[SHAPE]], dims = [0, 1]
// CHECK: %[[YB:.*]] = stablehlo.dynamic_broadcast_in_dim %[[Y]], %[[SHAPE]], dims = [0, 1]
// CHECK: %[[SUM:.*]] = stablehlo.add %[[XB]], %[[YB]]
// CHECK-NOT: shape.
// CHECK: return %[[SUM]]
func.func @main(%x: tensor<?x32xf32>, %y: tensor<?x32xf32>) -> tensor<?x32xf32> {
  %xs = shape.shape_of %x : tensor<?x32xf32> -> tensor<2xindex>
  %ys = shape.shape_of %y : tensor<?x32xf32> -> tensor<2xindex>
  %ok = shape.cstr_broadcastable %xs, %ys : tensor<2xindex>, tensor<2xindex>
  %sum = shape.assuming %ok -> (tensor<?x32xf32>) {
    %shape = shape.broadcast %xs, %ys : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
    %xb = stablehlo.dynamic_broadcast_in_dim %x, %shape, dims = [0, 1] : (tensor<?x32xf32>, tensor<2xindex>) -> tensor<?x32xf32>
    %yb = stablehlo.dynamic_broadcast_in_dim %y, %shape, dims = [0, 1] : (tensor<?x32xf32>, tensor<2xindex>) -> tensor<?x32xf32>
    %s = stablehlo.add %xb, %yb : tensor<?x32xf32>
    shape.assuming_yield %s : tensor<?x32xf32>
  }
  return %sum : tensor<?x32xf32>
}
