func @arithmetic(%x: i32, %y: i32) -> i32 {
  %seven = tfrt.constant.i32 7
  %sum = tfrt.add.i32 %x, %seven
  %diff = tfrt.minus.i32 %sum, %y
  %prod = tfrt.multiply.i32 %diff, %diff
  tfrt.return %prod : i32
}

func private @wrap(%x: i32) -> i32 {
  %one = tfrt.constant.i32 1
  %next = tfrt.add.i32 %x, %one
  tfrt.return %next : i32
}

func private @scale(%x: f64) -> f64 {
  %half = tfrt.constant.f64 0.5
  %sum = tfrt.add.f64 %x, %half
  %prod = tfrt.multiply.f64 %sum, %x
  tfrt.return %prod : f64
}

func @concrete_and_pending() -> (i32, i32) {
  %five = tfrt.constant.i32 5
  %three = tfrt.constant.i32 3
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %inline = tfrt.call @arithmetic(%five, %three) : (i32, i32) -> i32
  %pending_five = "tfrt_test.async_add.i32"(%three, %two) : (i32, i32) -> i32
  %pending_three = "tfrt_test.async_add.i32"(%two, %one) : (i32, i32) -> i32
  %later = tfrt.call @arithmetic(%pending_five, %pending_three) : (i32, i32) -> i32
  tfrt.return %inline, %later : i32, i32
}

func @error_argument() -> i32 {
  %five = tfrt.constant.i32 5
  %zero = tfrt.constant.i32 0
  %quotient, %remainder = tfrt.div.i32 %five, %zero
  %result = tfrt.call @arithmetic(%quotient, %five) : (i32, i32) -> i32
  tfrt.return %result : i32
}

func @wraps_and_floats() -> (i32, i32, f64) {
  %max = tfrt.constant.i32 2147483647
  %zero = tfrt.constant.i32 0
  %inline = tfrt.call @wrap(%max) : (i32) -> i32
  %pending_max = "tfrt_test.async_add.i32"(%max, %zero) : (i32, i32) -> i32
  %later = tfrt.call @wrap(%pending_max) : (i32) -> i32
  %three = tfrt.constant.f64 3.0
  %scaled = tfrt.call @scale(%three) : (f64) -> f64
  tfrt.return %inline, %later, %scaled : i32, i32, f64
}
