func @triple_add(%ch : !tfrt.chain, %x : i32, %y : i32) -> (i32, !tfrt.chain) {
  %a = tfrt.add.i32 %x, %y
  %b = tfrt.add.i32 %a, %y
  %c = tfrt.add.i32 %b, %y
  tfrt.return %c, %ch : i32, !tfrt.chain
}
