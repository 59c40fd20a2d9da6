func @sample_function() -> i32 {
  %one = tfrt.constant.i32 1       // Make AsyncValue with value 1
  %two = tfrt.constant.i32 2       // Make AsyncValue with value 2
  %three = tfrt.add.i32 %one, %two // Make AsyncValue with value 3 (1+2)

  tfrt.print.i32 %three            // Print AsyncValue %three
  tfrt.return %three : i32         // Return AsyncValue %three
}
func @sample_function(%ch0 : !tfrt.chain) -> (i32, !tfrt.chain) {
    %one = tfrt.constant.i32 1
    %two = tfrt.constant.i32 2
    %three = tfrt.add.i32 %one, %two
    %ch1 = tfrt.print.i32 %three, %ch0
    tfrt.return %three, %ch1 : i32, !tfrt.chain
}
func @control_dep0() {
  %a = dht.create_uninit_tensor.i32.2 [2: i32, 2: i32]
  dht.fill_tensor.i32 %a 41
  dht.print_tensor.i32 %a
}
func @control_dep1() {
  %a = dht.create_uninit_tensor.i32.2 [2 : i32, 2 : i32]
  %chain1 = dht.fill_tensor.i32 %a, 41
  %chain2 = dht.print_tensor.i32 %a, %chain1
 }
func @double_and_print() -> i32 {
  %x = tfrt.constant.i32 42

  %y = tfrt.add.i32 %x, %x

  tfrt.print.i32 %y

  tfrt.return %y : i32
}
