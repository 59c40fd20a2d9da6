func.func private @identity(%x: i32) -> i32 {
  tfrt.return %x : i32
}

func.func @caller(%cond: i1, %x: i32) -> i32 {
  %a = tfrt.cond %cond @identity @twice (%x) : (i32) -> (i32)
  %b = tfrt.if %cond, %a : (i32) -> (i32) {
    tfrt.return %a : i32
  } else {
    %c = tfrt.call @twice(%a) : (i32) -> i32
    tfrt.return %c : i32
  }
  %d = tfrt.case %x [@twice, @identity, @twice] (%b) : (i32) -> (i32)
  tfrt.return %d : i32
}

func.func private @twice(%x: i32) -> i32 {
  %y = tfrt.add.i32 %x, %x
  tfrt.return %y : i32
}
