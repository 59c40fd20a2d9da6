func.func @floats(%x: f64) -> f64 {
  %half = tfrt.constant.f64 0.5
  %sum = tfrt.add.f64 %x, %half
  %prod = tfrt.multiply.f64 %sum, %x
  tfrt.return %prod : f64
}
