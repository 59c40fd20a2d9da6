func.func @reduce_sum(%a: tensor<?x8xf32>, %init: tensor<f32>) -> tensor<?xf32> {
  %0 = "stablehlo.reduce"(%a, %init) ({
  ^bb0(%acc: tensor<f32>, %x: tensor<f32>):
    %1 = stablehlo.add %acc, %x : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) {dimensions = array<i64: 1>} : (tensor<?x8xf32>, tensor<f32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
