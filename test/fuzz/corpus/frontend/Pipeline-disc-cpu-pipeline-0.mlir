func.func public @main(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %0 = mhlo.add %x, %y : tensor<?xf32>
  %1 = stablehlo.tanh %0 : tensor<?xf32>
  return %1 : tensor<?xf32>
}
