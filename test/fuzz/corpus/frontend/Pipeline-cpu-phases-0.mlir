#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func public @main(%x: tensor<?x4xf32>, %b: tensor<4xf32>) -> (tensor<?x4xf32> {jax.result_info = "y"})
    attributes {disc.entry_signature = {inputs = [{dtype = "f32", name = "x", shape = array<i64: -1, 4>}, {dtype = "f32", name = "b", shape = array<i64: 4>}], outputs = [{dtype = "f32", name = "y", shape = array<i64: -1, 4>}]}} {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %empty = tensor.empty(%n) : tensor<?x4xf32>
  %y = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : tensor<?x4xf32>, tensor<4xf32>) outs(%empty : tensor<?x4xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %e = math.exp %in : f32
    %s = arith.addf %e, %bias : f32
    linalg.yield %s : f32
  } -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}
