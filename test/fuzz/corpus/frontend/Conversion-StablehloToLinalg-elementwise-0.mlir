func.func @add_dynamic(%a: tensor<?x64xf32>, %b: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %0 = stablehlo.add %a, %b : tensor<?x64xf32>
  return %0 : tensor<?x64xf32>
}
