func.func @arithmetic(%x: i32, %y: i32) -> i32 {
  %seven = tfrt.constant.i32 7
  %sum = tfrt.add.i32 %x, %seven
  %diff = tfrt.minus.i32 %sum, %y
  %prod = tfrt.multiply.i32 %diff, %diff
  tfrt.return %prod : i32
}
