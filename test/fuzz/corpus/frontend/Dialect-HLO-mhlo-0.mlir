func.func @pretty(%x: tensor<4x6xf32>, %y: tensor<4x6xf32>) -> tensor<4x6xi1> {
  %0 = mhlo.constant dense<0xFF800000> : tensor<f32>
  %1 = mhlo.reduce(%x init: %0) applies mhlo.maximum across dimensions = [1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
  %2 = mhlo.broadcast_in_dim %1, dims = [0] : (tensor<4xf32>) -> tensor<4x6xf32>
  %3 = mhlo.subtract %x, %2 : tensor<4x6xf32>
  %4 = mhlo.compare GE, %3, %y, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
  %5 = mhlo.dot_general %x, %y, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x4xf32>
  %6 = mhlo.slice %x [0:2, 0:6:3] : (tensor<4x6xf32>) -> tensor<2x2xf32>
  return %4 : tensor<4x6xi1>
}

func.func @old_generic(%x: tensor<1x128xf32>, %m: tensor<2x3xf32>, %img: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<8x128xf32> {
  %0 = "mhlo.broadcast_in_dim"(%x) {broadcast_dimensions = dense<[0, 1]> : tensor<2xi64>} : (tensor<1x128xf32>) -> tensor<8x128xf32>
  %1 = "mhlo.transpose"(%m) {permutation = dense<[1, 0]> : tensor<2xi64>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %2 = "mhlo.slice"(%m) {start_indices = dense<[0, 1]> : tensor<2xi64>, limit_indices = dense<[2, 3]> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} : (tensor<2x3xf32>) -> tensor<2x2xf32>
  %zero = mhlo.constant dense<0.0> : tensor<f32>
  %3 = "mhlo.reduce"(%m, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = mhlo.add %a, %b : tensor<f32>
    "mhlo.return"(%s) : (tensor<f32>) -> ()
  }) {dimensions = dense<0> : tensor<1xi64>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  %4 = "mhlo.convolution"(%img, %k) {batch_group_count = 1 : i64, dimension_numbers = #mhlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, padding = dense<1> : tensor<2x2xi64>, precision_config = [#mhlo<precision DEFAULT>, #mhlo<precision DEFAULT>], rhs_dilation = dense<1> : tensor<2xi64>, window_strides = dense<1> : tensor<2xi64>} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<8x128xf32>
}
