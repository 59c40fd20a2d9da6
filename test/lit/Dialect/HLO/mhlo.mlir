// RUN: disc-opt %s | disc-opt | FileCheck %s

// The same op set spelled mhlo.*, including the generic form older JAX
// printed, whose dimension lists are `dense<...> : tensor<Nxi64>`.

// CHECK-LABEL: func.func @pretty
func.func @pretty(%x: tensor<4x6xf32>, %y: tensor<4x6xf32>) -> tensor<4x6xi1> {
  // CHECK: mhlo.constant dense<0xFF800000> : tensor<f32>
  %0 = mhlo.constant dense<0xFF800000> : tensor<f32>
  // CHECK: mhlo.reduce(%arg0 init: %{{.*}}) applies mhlo.maximum across dimensions = [1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = mhlo.reduce(%x init: %0) applies mhlo.maximum across dimensions = [1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
  // CHECK: mhlo.broadcast_in_dim %{{.*}}, dims = [0] : (tensor<4xf32>) -> tensor<4x6xf32>
  %2 = mhlo.broadcast_in_dim %1, dims = [0] : (tensor<4xf32>) -> tensor<4x6xf32>
  // CHECK: mhlo.subtract %arg0, %{{.*}} : tensor<4x6xf32>
  %3 = mhlo.subtract %x, %2 : tensor<4x6xf32>
  // CHECK: mhlo.compare  GE, %{{.*}}, %arg1,  FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
  %4 = mhlo.compare GE, %3, %y, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
  // CHECK: mhlo.dot_general %arg0, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x4xf32>
  %5 = mhlo.dot_general %x, %y, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x4xf32>
  // CHECK: mhlo.slice %arg0 [0:2, 0:6:3] : (tensor<4x6xf32>) -> tensor<2x2xf32>
  %6 = mhlo.slice %x [0:2, 0:6:3] : (tensor<4x6xf32>) -> tensor<2x2xf32>
  return %4 : tensor<4x6xi1>
}

// CHECK-LABEL: func.func @old_generic
func.func @old_generic(%x: tensor<1x128xf32>, %m: tensor<2x3xf32>, %img: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<8x128xf32> {
  // CHECK: mhlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<1x128xf32>) -> tensor<8x128xf32>
  %0 = "mhlo.broadcast_in_dim"(%x) {broadcast_dimensions = dense<[0, 1]> : tensor<2xi64>} : (tensor<1x128xf32>) -> tensor<8x128xf32>
  // CHECK: mhlo.transpose %arg1, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = "mhlo.transpose"(%m) {permutation = dense<[1, 0]> : tensor<2xi64>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // CHECK: mhlo.slice %arg1 [0:2, 1:3] : (tensor<2x3xf32>) -> tensor<2x2xf32>
  %2 = "mhlo.slice"(%m) {start_indices = dense<[0, 1]> : tensor<2xi64>, limit_indices = dense<[2, 3]> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} : (tensor<2x3xf32>) -> tensor<2x2xf32>
  %zero = mhlo.constant dense<0.0> : tensor<f32>
  // CHECK: mhlo.reduce(%arg1 init: %{{.*}}) applies mhlo.add across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  %3 = "mhlo.reduce"(%m, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = mhlo.add %a, %b : tensor<f32>
    "mhlo.return"(%s) : (tensor<f32>) -> ()
  }) {dimensions = dense<0> : tensor<1xi64>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  // CHECK: mhlo.convolution(%arg2, %arg3) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = {{\[}}[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#mhlo<precision DEFAULT>, #mhlo<precision DEFAULT>]}
  %4 = "mhlo.convolution"(%img, %k) {batch_group_count = 1 : i64, dimension_numbers = #mhlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, padding = dense<1> : tensor<2x2xi64>, precision_config = [#mhlo<precision DEFAULT>, #mhlo<precision DEFAULT>], rhs_dilation = dense<1> : tensor<2xi64>, window_strides = dense<1> : tensor<2xi64>} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<8x128xf32>
}
