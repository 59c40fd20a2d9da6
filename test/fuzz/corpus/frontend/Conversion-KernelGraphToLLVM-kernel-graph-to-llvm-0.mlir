func.func @sample(%ch0: !tfrt.chain) -> (i32, !tfrt.chain) {
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %three = tfrt.add.i32 %one, %two
  %ch1 = tfrt.print.i32 %three, %ch0
  tfrt.return %three, %ch1 : i32, !tfrt.chain
}
