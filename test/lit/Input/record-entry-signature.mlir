// RUN: disc-opt %s -disc-record-entry-signature -split-input-file -verify-diagnostics -allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK-SAME: disc.entry_signature = {
// CHECK-SAME: inputs = [{dtype = "f32", name = "x", shape = array<i64: -1, 64>}, {dtype = "ui8", name = "arg1", shape = array<i64>}, {dtype = "bf16", name = "w", shape = array<i64: 3>}, {dtype = "i1", name = "mask", shape = array<i64: 2, -1>}],
// CHECK-SAME: outputs = [{dtype = "f32", name = "result0", shape = array<i64: -1, 10>}, {dtype = "i64", name = "logits", shape = array<i64: 4>}]}
func.func @main(%x: tensor<?x64xf32> loc("x"), %y: tensor<ui8>,
                %w: tensor<3xbf16> loc(fused["w", "model.py":3:1]),
                %mask: tensor<2x?xi1> loc(callsite("mask" at "model.py":9:2)))
    -> (tensor<?x10xf32> {jax.result_info = ""},
        tensor<4xi64> {jax.result_info = "logits"}) {
  %0 = "test.producer"() : () -> tensor<?x10xf32>
  %1 = "test.producer"() : () -> tensor<4xi64>
  return %0, %1 : tensor<?x10xf32>, tensor<4xi64>
}

// Private helpers are not entries.
// CHECK-LABEL: func.func private @helper
// CHECK-NOT: disc.entry_signature
func.func private @helper(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}

// -----

// The values of simulated processes (disc-simulate-processes) say whose they
// are.
// CHECK-LABEL: func.func @processes
// CHECK-SAME: inputs = [{dtype = "f32", name = "x (replica 0, partition 0)", shape = array<i64: 2>}, {dtype = "f32", name = "arg1 (replica 1, partition 0)", shape = array<i64: 2>}]
// CHECK-SAME: outputs = [{dtype = "f32", name = "y (replica 0, partition 0)", shape = array<i64: 2>}, {dtype = "f32", name = "result1 (replica 1, partition 0)", shape = array<i64: 2>}]
func.func @processes(%x0: tensor<2xf32> {disc.process = "replica 0, partition 0"} loc("x"),
                     %x1: tensor<2xf32> {disc.process = "replica 1, partition 0"})
    -> (tensor<2xf32> {jax.result_info = "y", disc.process = "replica 0, partition 0"},
        tensor<2xf32> {disc.process = "replica 1, partition 0"}) {
  return %x0, %x1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @no_io
// CHECK-SAME: disc.entry_signature = {inputs = [], outputs = []}
func.func @no_io() {
  return
}

// -----

// expected-error @+1 {{input 'z' has element type 'complex<f16>', which has no RAL type encoding (docs/ABI.md)}}
func.func @complex(%z: tensor<2xcomplex<f16>> loc("z")) {
  return
}

// -----

// expected-error @+2 {{input 'arg0' has type 'tensor<*xf32>'; entry functions take and return ranked tensors}}
// expected-error @+1 {{output 'result0' has type 'tensor<*xf32>'; entry functions take and return ranked tensors}}
func.func @unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  return %x : tensor<*xf32>
}

// -----

// expected-error @+1 {{input 'arg0' has type 'f32'; entry functions take and return ranked tensors}}
func.func @scalar(%x: f32) {
  return
}

// -----

// A quantized tensor is described by its storage type.
// CHECK-LABEL: func.func @quantized
// CHECK-SAME: inputs = [{dtype = "i8", name = "q", shape = array<i64: 4>}, {dtype = "ui8", name = "arg1", shape = array<i64: 2, 3>}]
// CHECK-SAME: outputs = [{dtype = "i16", name = "result0", shape = array<i64: 2>}]
func.func @quantized(%q: tensor<4x!quant.uniform<i8<-127:127>:f32, 0.5>> loc("q"),
                     %p: tensor<2x3x!quant.uniform<u8:f32:1, {0.1:3,0.2:4,0.3:5}>>)
    -> tensor<2x!quant.uniform<i16:f32, 0.01:-7>> {
  %0 = "test.producer"() : () -> tensor<2x!quant.uniform<i16:f32, 0.01:-7>>
  return %0 : tensor<2x!quant.uniform<i16:f32, 0.01:-7>>
}
