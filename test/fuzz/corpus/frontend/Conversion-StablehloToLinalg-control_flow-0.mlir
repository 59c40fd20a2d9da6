func.func @while_loop(%v: tensor<4xf32>, %n: tensor<ui32>) -> tensor<4xf32> {
  %0:2 = "stablehlo.while"(%v, %n) ({
  ^bb0(%a: tensor<4xf32>, %b: tensor<ui32>):
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %c = stablehlo.compare GT, %b, %zero : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<4xf32>, %i: tensor<ui32>):
    %one = stablehlo.constant dense<1> : tensor<ui32>
    %j = stablehlo.subtract %i, %one : tensor<ui32>
    %w = stablehlo.add %x, %x : tensor<4xf32>
    stablehlo.return %w, %j : tensor<4xf32>, tensor<ui32>
  }) : (tensor<4xf32>, tensor<ui32>) -> (tensor<4xf32>, tensor<ui32>)
  return %0#0 : tensor<4xf32>
}
