// torch-mlir counts a dynamic tensor's elements with shape.num_elements to
// size a reshape (Hugging Face BERT's split of its heads at a dynamic
// batch): the input phase makes it a loop multiplying the tensor.dim sizes,
// and the whole program compiles.
// RUN: disc-compile %s --compile-to=input | FileCheck %s
// RUN: disc-compile %s -o %t.so

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:.*]]: tensor<?x16x64xf32>)
// CHECK-NOT: shape.
// CHECK: tensor.dim %[[X]], %{{.*}} : tensor<?x16x64xf32>
// CHECK: scf.for
// CHECK: arith.muli
// CHECK: stablehlo.dynamic_reshape %[[X]]
// CHECK-NOT: shape.
func.func @main(%x: tensor<?x16x64xf32>) -> tensor<?x16x4x16xf32> {
  %shape = shape.shape_of %x : tensor<?x16x64xf32> -> tensor<3xindex>
  %count = shape.num_elements %shape : tensor<3xindex> -> index
  %elements = arith.index_cast %count : index to i64
  %c4 = arith.constant 4 : i64
  %c16 = arith.constant 16 : i64
  %c1024 = arith.constant 1024 : i64
  %batch = arith.divui %elements, %c1024 : i64
  %sizes = tensor.from_elements %batch, %c16, %c4, %c16 : tensor<4xi64>
  %heads = stablehlo.dynamic_reshape %x, %sizes : (tensor<?x16x64xf32>, tensor<4xi64>) -> tensor<?x16x4x16xf32>
  return %heads : tensor<?x16x4x16xf32>
}
