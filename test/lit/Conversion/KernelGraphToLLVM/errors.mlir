// RUN: disc-opt %s --split-input-file --verify-diagnostics --disc-kernel-graph-to-llvm

func.func @nested_array_of_narrow() {
  // expected-error @+1 {{'tfrt_test.flat' op attribute 'value' is [["string", [1 : i16]]], which a kernel cannot receive (expected a bool, i32, i64, ui32, f32, f64, string or type, or an array of them, nested or not)}}
  %a = "tfrt_test.flat"() {value = [["string", [1 : i16]]]} : () -> !tfrt.string
  tfrt.return
}

// -----

func.func @narrow_integer() {
  // expected-error @+1 {{'tfrt_test.narrow' op attribute 'value' is 3 : i16, which a kernel cannot receive}}
  %a = "tfrt_test.narrow"() {value = 3 : i16} : () -> i32
  tfrt.return
}

// -----

func.func @unknown_callee(%x: i32) -> i32 {
  // expected-error @+1 {{'tfrt.call' op refers to @missing, which is not a function of this program}}
  %y = tfrt.call @missing(%x) : (i32) -> i32
  tfrt.return %y : i32
}

// -----

func.func @not_a_kernel(%x: i32) -> i32 {
  // expected-error @+1 {{'arith.addi' op is not a kernel: a kernel graph holds ops of the tfrt, tfrt_test and dht dialects or of unregistered dialects}}
  %y = arith.addi %x, %x : i32
  tfrt.return %y : i32
}

// -----

// expected-error @+1 {{kernel-graph function @declared has no body}}
func.func private @declared(%x: i32) -> i32
