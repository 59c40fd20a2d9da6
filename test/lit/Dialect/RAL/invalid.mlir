// RUN: disc-opt %s -split-input-file -verify-diagnostics

func.func @negative_index(%ctx: !disc_ral.context) {
  // expected-error @+1 {{'disc_ral.recv_input' op index must be non-negative, got -1}}
  %x = disc_ral.recv_input %ctx, -1 : memref<4xf32>
  return
}

// -----

func.func @complex_input(%ctx: !disc_ral.context) {
  // expected-error @+1 {{'disc_ral.recv_input' op result has type 'memref<4xcomplex<f16>>', which has no RAL type encoding}}
  %x = disc_ral.recv_input %ctx, 0 : memref<4xcomplex<f16>>
  return
}

// -----

func.func @rank_too_high(%ctx: !disc_ral.context, %m: memref<1x1x1x1x1x1x1x1x1xf32>) {
  // expected-error @+1 {{'disc_ral.send_output' op value has rank 9; the runtime takes memrefs up to rank 8}}
  disc_ral.send_output %ctx, 0, %m : memref<1x1x1x1x1x1x1x1x1xf32>
  return
}

// -----

func.func @vector_operand(%ctx: !disc_ral.context, %v: vector<4xf32>) {
  // expected-error @+1 {{'disc_ral.dispatch' op operand #0 has type 'vector<4xf32>', which has no RAL type encoding}}
  disc_ral.dispatch %ctx, "ral_print" device "cpu" (%v) : (vector<4xf32>) -> ()
  return
}

// -----

func.func @separator_in_name(%ctx: !disc_ral.context) {
  // expected-error @+1 {{'disc_ral.dispatch' op call target name 'ral___x' must be non-empty and free of '___'}}
  disc_ral.dispatch %ctx, "ral___x" device "cpu" () : () -> ()
  return
}

// -----

func.func @empty_device(%ctx: !disc_ral.context) {
  // expected-error @+1 {{'disc_ral.dispatch' op device '' must be non-empty and free of '___'}}
  disc_ral.dispatch %ctx, "ral_x" device "" () : () -> ()
  return
}

// -----

func.func @missing_size(%p: !llvm.ptr) {
  // expected-error @+1 {{'disc_ral.memref_from_ptr' op expects 2 dynamic sizes for 'memref<?x?xf32>', got 0}}
  %m = disc_ral.memref_from_ptr %p : memref<?x?xf32>
  return
}

// -----

func.func @strided_view(%p: !llvm.ptr) {
  // expected-error @+1 {{'disc_ral.memref_from_ptr' op result type 'memref<4xf32, strided<[2]>>' must have an identity layout}}
  %m = disc_ral.memref_from_ptr %p : memref<4xf32, strided<[2]>>
  return
}

// -----

func.func @not_a_context(%ctx: i64) {
  // expected-error @+1 {{'disc_ral.recv_input' op operand #0 must be RAL execution context, but got 'i64'}}
  %x = "disc_ral.recv_input"(%ctx) {index = 0 : i64} : (i64) -> memref<4xf32>
  return
}
