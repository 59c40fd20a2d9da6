#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d0, 0)>
func.func @scale_col(%x: memref<?x8xf32>, %s: memref<?x1xf32>, %out: memref<?x8xf32>) {
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : memref<?x8xf32>, memref<?x1xf32>) outs(%out : memref<?x8xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %m = arith.mulf %a, %c : f32
    %two = arith.constant 2.0 : f32
    %r = arith.mulf %m, %two : f32
    linalg.yield %r : f32
  }
  return
}
