func.func @nested_array_of_narrow() {
  %a = "tfrt_test.flat"() {value = [["string", [1 : i16]]]} : () -> !tfrt.string
  tfrt.return
}
