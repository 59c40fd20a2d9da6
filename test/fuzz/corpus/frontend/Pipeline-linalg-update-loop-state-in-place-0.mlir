#id = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0) -> (3 - d0)>

func.func @while_state(%x: tensor<4xf32>, %go: i1) -> tensor<4xf32> {
  %r:3 = scf.while (%s = %x, %t = %x, %u = %x) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
    scf.condition(%go) %s, %t, %u : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  } do {
  ^bb0(%s: tensor<4xf32>, %t: tensor<4xf32>, %u: tensor<4xf32>):
    %e0 = tensor.empty() : tensor<4xf32>
    %a = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%s, %x : tensor<4xf32>, tensor<4xf32>) outs(%e0 : tensor<4xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %v = arith.addf %p, %q : f32
      linalg.yield %v : f32
    } -> tensor<4xf32>
    %e1 = tensor.empty() : tensor<4xf32>
    %b = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%t, %t : tensor<4xf32>, tensor<4xf32>) outs(%e1 : tensor<4xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %v = arith.mulf %p, %q : f32
      linalg.yield %v : f32
    } -> tensor<4xf32>
    %e2 = tensor.empty() : tensor<4xf32>
    %c = linalg.generic {indexing_maps = [#rev, #id], iterator_types = ["parallel"]}
        ins(%u : tensor<4xf32>) outs(%e2 : tensor<4xf32>) {
    ^bb0(%p: f32, %o: f32):
      linalg.yield %p : f32
    } -> tensor<4xf32>
    %e3 = tensor.empty() : tensor<4xf32>
    %d = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%x : tensor<4xf32>) outs(%e3 : tensor<4xf32>) {
    ^bb0(%p: f32, %o: f32):
      %v = arith.negf %p : f32
      linalg.yield %v : f32
    } -> tensor<4xf32>
    scf.yield %a, %b, %c : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
  return %r#0 : tensor<4xf32>
}
