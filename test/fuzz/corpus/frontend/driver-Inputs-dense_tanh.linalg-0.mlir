#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func public @main(%arg0: tensor<8x64xf32>, %arg1: tensor<64x128xf32>, %arg2: tensor<128xf32>) -> (tensor<8x128xf32> {jax.result_info = "result"}) attributes {disc.entry_signature = {inputs = [{dtype = "f32", name = "x", shape = array<i64: 8, 64>}, {dtype = "f32", name = "w1", shape = array<i64: 64, 128>}, {dtype = "f32", name = "b1", shape = array<i64: 128>}], outputs = [{dtype = "f32", name = "result", shape = array<i64: 8, 128>}]}} {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<8x128xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %2 = linalg.matmul ins(%arg0, %arg1 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%1 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %arg2 : tensor<8x128xf32>, tensor<128xf32>) outs(%0 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %4 = arith.addf %in, %in_0 : f32
      %5 = math.tanh %4 : f32
      %6 = arith.maximumf %5, %cst : f32
      linalg.yield %6 : f32
    } -> tensor<8x128xf32>
    return %3 : tensor<8x128xf32>
  }
}
