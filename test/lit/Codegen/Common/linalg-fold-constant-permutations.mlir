// RUN: disc-opt %s -disc-linalg-fold-constant-permutations | FileCheck %s

#transposed = affine_map<(d0, d1) -> (d1, d0)>
#identity = affine_map<(d0, d1) -> (d0, d1)>

// A 2x3 constant read transposed becomes the 3x2 constant.
// CHECK-LABEL: func.func @dense
// CHECK-NOT: linalg.generic
// CHECK: arith.constant dense<{{\[}}[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>
func.func @dense() -> tensor<3x2xi32> {
  %c = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %e = tensor.empty() : tensor<3x2xi32>
  %t = linalg.generic {indexing_maps = [#transposed, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<2x3xi32>) outs(%e : tensor<3x2xi32>) {
  ^bb0(%in: i32, %out: i32):
    linalg.yield %in : i32
  } -> tensor<3x2xi32>
  return %t : tensor<3x2xi32>
}

// A blob (as torch-mlir writes weights) gives a blob: the f32s 1..6 of a
// 2x3 tensor, laid out 1 4 2 5 3 6.
// CHECK-LABEL: func.func @resource
// CHECK-NOT: linalg.transpose
// CHECK: arith.constant dense_resource<[[BLOB:disc_constant[_0-9]*]]> : tensor<3x2xf32>
func.func @resource() -> tensor<3x2xf32> {
  %c = arith.constant dense_resource<weights> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<3x2xf32>
  %t = linalg.transpose ins(%c : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>)
      permutation = [1, 0]
  return %t : tensor<3x2xf32>
}

// An OIHW filter (2x1x1x2 of i8) to HWIO, as convolutions read it.
// CHECK-LABEL: func.func @filter
// CHECK: arith.constant dense<{{\[\[\[}}[1, 3]], {{\[\[}}2, 4]]]]> : tensor<1x2x1x2xi8>
func.func @filter() -> tensor<1x2x1x2xi8> {
  %c = arith.constant dense<[[[[1, 2]]], [[[3, 4]]]]> : tensor<2x1x1x2xi8>
  %e = tensor.empty() : tensor<1x2x1x2xi8>
  %t = linalg.transpose ins(%c : tensor<2x1x1x2xi8>) outs(%e : tensor<1x2x1x2xi8>)
      permutation = [2, 3, 1, 0]
  return %t : tensor<1x2x1x2xi8>
}

// A splat stays a splat of the new shape.
// CHECK-LABEL: func.func @splat
// CHECK: arith.constant dense<2.500000e+00> : tensor<3x2xf32>
func.func @splat() -> tensor<3x2xf32> {
  %c = arith.constant dense<2.5> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<3x2xf32>
  %t = linalg.transpose ins(%c : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>)
      permutation = [1, 0]
  return %t : tensor<3x2xf32>
}

// A body that computes, an input that is no constant and a broadcast are
// left alone.
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-3: linalg.generic
func.func @kept(%x: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>) {
  %c = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %v = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %e = tensor.empty() : tensor<3x2xf32>
  %negated = linalg.generic {indexing_maps = [#transposed, #identity],
                             iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<3x2xf32>
  %input = linalg.generic {indexing_maps = [#transposed, #identity],
                           iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<3x2xf32>
  %broadcast = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, #identity],
                               iterator_types = ["parallel", "parallel"]}
      ins(%v : tensor<2xf32>) outs(%e : tensor<3x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<3x2xf32>
  return %negated, %input, %broadcast : tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>
}

// CHECK: dialect_resources
// CHECK: [[BLOB]]: "0x{{[0-9A-F]+}}0000803F00008040000000400000A040000040400000C040"

{-#
  dialect_resources: {
    builtin: {
      weights: "0x040000000000803F0000004000004040000080400000A0400000C040"
    }
  }
#-}
