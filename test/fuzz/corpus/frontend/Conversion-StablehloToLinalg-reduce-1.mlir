func.func @argmax(%a: tensor<8xf32>, %idx: tensor<8xi32>) -> (tensor<f32>, tensor<i32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = "stablehlo.reduce"(%a, %idx, %ninf, %zero) ({
  ^bb0(%acc: tensor<f32>, %acci: tensor<i32>, %x: tensor<f32>, %i: tensor<i32>):
    %gt = stablehlo.compare GT, %acc, %x, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %acc, %x, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = stablehlo.compare LT, %acci, %i, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %keep = stablehlo.or %gt, %tie : tensor<i1>
    %v = stablehlo.select %keep, %acc, %x : tensor<i1>, tensor<f32>
    %j = stablehlo.select %keep, %acci, %i : tensor<i1>, tensor<i32>
    stablehlo.return %v, %j : tensor<f32>, tensor<i32>
  }) {dimensions = array<i64: 0>} : (tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
  return %0#0, %0#1 : tensor<f32>, tensor<i32>
}
