module {
  func.func @unsupported(%a: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
    %0 = "stablehlo.sort"(%a) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %t = "stablehlo.tuple"(%x) : (tensor<f32>) -> tuple<tensor<f32>>
      %c = stablehlo.compare LT, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    }) {dimension = 0 : i64} : (tensor<4xf32>) -> tensor<4xf32>
    %1 = "stablehlo.sort"(%0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %c = stablehlo.compare GT, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    }) {dimension = 0 : i64} : (tensor<4xf32>) -> tensor<4xf32>
    %2:2 = "stablehlo.while"(%1, %n) ({
    ^bb0(%v: tensor<4xf32>, %i: tensor<i32>):
      %zero = stablehlo.constant dense<0> : tensor<i32>
      %c = stablehlo.compare GT, %i, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    }, {
    ^bb0(%v: tensor<4xf32>, %i: tensor<i32>):
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.subtract %i, %one : tensor<i32>
      %w = "stablehlo.sort"(%v) ({
      ^bb0(%x: tensor<f32>, %y: tensor<f32>):
        %c = stablehlo.compare LT, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
        stablehlo.return %c : tensor<i1>
      }) {dimension = 0 : i64} : (tensor<4xf32>) -> tensor<4xf32>
      stablehlo.return %w, %j : tensor<4xf32>, tensor<i32>
    }) : (tensor<4xf32>, tensor<i32>) -> (tensor<4xf32>, tensor<i32>)
    %3 = "stablehlo.tuple"(%2#0) : (tensor<4xf32>) -> tuple<tensor<4xf32>>
    return %2#0 : tensor<4xf32>
  }
}
