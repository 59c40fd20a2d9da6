#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @elementwise_chain(%a: tensor<8x4xf32>, %b: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %empty = tensor.empty() : tensor<8x4xf32>
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<8x4xf32>, tensor<8x4xf32>) outs(%empty : tensor<8x4xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8x4xf32>
  %max = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%sum, %b : tensor<8x4xf32>, tensor<8x4xf32>) outs(%empty : tensor<8x4xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %m = arith.maximumf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<8x4xf32>
  return %max : tensor<8x4xf32>
}
