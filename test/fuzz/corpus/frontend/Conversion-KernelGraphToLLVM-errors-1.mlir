func.func @narrow_integer() {
  %a = "tfrt_test.narrow"() {value = 3 : i16} : () -> i32
  tfrt.return
}
