func @sample_function(%ch0 : !tfrt.chain) -> (i32, !tfrt.chain) {
  %one = tfrt.constant.i32 1
  %two = tfrt.call @twice(%one) : (i32) -> i32
  %three = tfrt.add.i32 %one, %two
  %ch1 = tfrt.print.i32 %three, %ch0
  tfrt.return %three, %ch1 : i32, !tfrt.chain
}

func private @twice(%x: i32) -> i32 {
  %y = tfrt.add.i32 %x, %x
  tfrt.return %y : i32
}

func.func @chain(%b: i1, %t: !t.tensor, %s: !tfrt.string, %c: !my.coordinate, %u: ui32) -> !tfrt.chain {
  %ch = "my_kernel"(%b, %t, %s, %c, %u) : (i1, !t.tensor, !tfrt.string, !my.coordinate, ui32) -> !tfrt.chain
  tfrt.return %ch : !tfrt.chain
}

func.func @kernels() -> i32 {
  %x = tfrt.constant.i32 1
  tfrt.return %x : i32
}
func.func @tensors(%a: tensor<2xf32>) -> tensor<2xf32> {
  %b = stablehlo.add %a, %a : tensor<2xf32>
  return %b : tensor<2xf32>
}

func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %b = "foo.bar"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %b : tensor<2xf32>
}
