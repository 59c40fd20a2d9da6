func.func @for_state(%x: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %x) -> (tensor<8xf32>) {
    %e = tensor.empty() : tensor<8xf32>
    %a = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%s : tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%p: f32, %o: f32):
      %v = arith.addf %p, %p : f32
      linalg.yield %v : f32
    } -> tensor<8xf32>
    scf.yield %a : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
