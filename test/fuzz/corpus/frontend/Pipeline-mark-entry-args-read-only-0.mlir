func.func @main(%x: tensor<?x4xf32>, %n: i32, %y: tensor<4xi8>) -> tensor<?x4xf32> {
  return %x : tensor<?x4xf32>
}

func.func private @helper(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

func.func private @external(tensor<4xf32>) -> tensor<4xf32>
