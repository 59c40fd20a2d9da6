#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @reshape_of_elementwise(%a: tensor<8x4xf32>) -> tensor<2x4x4xf32> {
  %empty = tensor.empty() : tensor<8x4xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8x4xf32>) outs(%empty : tensor<8x4xf32>) {
  ^bb0(%x: f32, %out: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<8x4xf32>
  %expanded = tensor.expand_shape %neg [[0, 1], [2]] output_shape [2, 4, 4] : tensor<8x4xf32> into tensor<2x4x4xf32>
  return %expanded : tensor<2x4x4xf32>
}
