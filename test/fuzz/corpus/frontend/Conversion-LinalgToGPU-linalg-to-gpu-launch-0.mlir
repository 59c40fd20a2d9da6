#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @add_row(%x: memref<8x64xf32>, %b: memref<64xf32>, %out: memref<8x64xf32>) {
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : memref<8x64xf32>, memref<64xf32>) outs(%out : memref<8x64xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %e = math.exp %s : f32
    linalg.yield %e : f32
  }
  return
}
