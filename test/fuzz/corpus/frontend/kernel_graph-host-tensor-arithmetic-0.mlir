func.func @matmul_then_add.i32() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = dht.create_uninit_tensor.i32.2 [2 : i64, 3 : i64]
  %ch1 = "dht.set_tensor_with_constant_values.i32"(%a, %ch0)
      {values = [1 : i32, 2 : i32, 3 : i32, 4 : i32, 5 : i32, 6 : i32]}
      : (!t.tensor, !tfrt.chain) -> !tfrt.chain
  %b = dht.create_uninit_tensor.i32.2 [3 : i64, 2 : i64]
  %ch2 = "dht.set_tensor_with_constant_values.i32"(%b, %ch1)
      {values = [7 : i32, 8 : i32, 9 : i32, 10 : i32, 11 : i32, 12 : i32]}
      : (!t.tensor, !tfrt.chain) -> !tfrt.chain
  %c = dht.create_uninit_tensor.i32.2 [2 : i64, 2 : i64]
  %ch3 = "dht.matmul.i32"(%a, %b, %c, %ch2)
      : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch4 = dht.print_tensor.i32 %c, %ch3
  %ch5 = "dht.add_tensor.i32"(%c, %c, %c, %ch4)
      : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch6 = dht.print_tensor.i32 %c, %ch5
  tfrt.return %ch6 : !tfrt.chain
}

func.func @add_then_matmul.f32() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %x = dht.create_uninit_tensor.f32.2 [1 : i64, 2 : i64]
  %ch1 = dht.fill_tensor.f32 %x, %ch0 1.5
  %y = dht.create_uninit_tensor.f32.2 [1 : i64, 2 : i64]
  %ch2 = dht.fill_tensor.f32 %y, %ch1 0.25
  %sum = dht.create_uninit_tensor.f32.2 [1 : i64, 2 : i64]
  %ch3 = "dht.add_tensor.f32"(%x, %y, %sum, %ch2)
      : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch4 = dht.print_tensor.f32 %sum, %ch3
  %w = dht.create_uninit_tensor.f32.2 [2 : i64, 1 : i64]
  %ch5 = "dht.set_tensor_with_constant_values.f32"(%w, %ch4)
      {values = [2.0 : f32, 4.0 : f32]} : (!t.tensor, !tfrt.chain) -> !tfrt.chain
  %product = dht.create_uninit_tensor.f32.2 [1 : i64, 1 : i64]
  %ch6 = "dht.matmul.f32"(%sum, %w, %product, %ch5)
      : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch7 = dht.print_tensor.f32 %product, %ch6
  tfrt.return %ch7 : !tfrt.chain
}

func.func @mismatched_shapes() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = dht.create_uninit_tensor.i32.1 [2 : i64]
  %b = dht.create_uninit_tensor.i32.1 [3 : i64]
  %ch1 = "dht.add_tensor.i32"(%a, %b, %a, %ch0)
      : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch2 = dht.print_tensor.i32 %a, %ch1
  tfrt.return %ch2 : !tfrt.chain
}
