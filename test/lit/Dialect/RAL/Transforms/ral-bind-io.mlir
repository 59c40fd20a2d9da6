// RUN: disc-opt %s -disc-ral-bind-io -split-input-file -verify-diagnostics -allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[CTX:.*]]: !disc_ral.context)
// CHECK-SAME: disc.entry_signature = {inputs = [{dtype = "f32", name = "x", shape = array<i64: -1, 4>}, {dtype = "i32", name = "y", shape = array<i64: 4>}], outputs = [{dtype = "f32", name = "result0", shape = array<i64: -1, 4>}, {dtype = "i32", name = "result1", shape = array<i64: 4>}]}
// CHECK-DAG: %[[X:.*]] = disc_ral.recv_input %[[CTX]], 0 : memref<?x4xf32>
// CHECK-DAG: %[[Y:.*]] = disc_ral.recv_input %[[CTX]], 1 : memref<4xi32>
// CHECK: %[[SUM:.*]] = "test.use"(%[[X]], %[[Y]])
// CHECK: disc_ral.send_output %[[CTX]], 0, %[[SUM]] : memref<?x4xf32>
// CHECK-NEXT: disc_ral.send_output %[[CTX]], 1, %[[Y]] : memref<4xi32>
// CHECK-NEXT: return{{$}}
func.func @main(%ctx: !disc_ral.context, %x: memref<?x4xf32>,
                %y: memref<4xi32> {bufferization.writable = false})
    -> (memref<?x4xf32>, memref<4xi32>)
    attributes {disc.entry_signature = {inputs = [{dtype = "f32", name = "x", shape = array<i64: -1, 4>}, {dtype = "i32", name = "y", shape = array<i64: 4>}], outputs = [{dtype = "f32", name = "result0", shape = array<i64: -1, 4>}, {dtype = "i32", name = "result1", shape = array<i64: 4>}]}} {
  %sum = "test.use"(%x, %y) : (memref<?x4xf32>, memref<4xi32>) -> memref<?x4xf32>
  return %sum, %y : memref<?x4xf32>, memref<4xi32>
}

// The lowering made the user's unsigned integers signless; they still cross
// the runtime boundary with the dtype the user gave.
// CHECK-LABEL: func.func @unsigned_io
// CHECK-SAME: (%[[CTX:.*]]: !disc_ral.context)
// CHECK: %[[RAW:.*]] = disc_ral.recv_input %[[CTX]], 0 : memref<4xui8>
// CHECK: %[[IN:.*]] = builtin.unrealized_conversion_cast %[[RAW]] : memref<4xui8> to memref<4xi8>
// CHECK: %[[OUT:.*]] = "test.widen"(%[[IN]]) : (memref<4xi8>) -> memref<4xi16>
// CHECK: %[[SENT:.*]] = builtin.unrealized_conversion_cast %[[OUT]] : memref<4xi16> to memref<4xui16>
// CHECK: disc_ral.send_output %[[CTX]], 0, %[[SENT]] : memref<4xui16>
// CHECK: disc_ral.send_output %[[CTX]], 1, %[[IN]] : memref<4xi8>
func.func @unsigned_io(%ctx: !disc_ral.context, %x: memref<4xi8>)
    -> (memref<4xi16>, memref<4xi8>)
    attributes {disc.entry_signature = {inputs = [{dtype = "ui8", name = "x", shape = array<i64: 4>}], outputs = [{dtype = "ui16", name = "result0", shape = array<i64: 4>}, {dtype = "i8", name = "result1", shape = array<i64: 4>}]}} {
  %w = "test.widen"(%x) : (memref<4xi8>) -> memref<4xi16>
  return %w, %x : memref<4xi16>, memref<4xi8>
}

// Every return of a function sends its own values.
// CHECK-LABEL: func.func @two_returns
// CHECK-SAME: (%[[CTX:.*]]: !disc_ral.context)
// CHECK: %[[A:.*]] = disc_ral.recv_input %[[CTX]], 0 : memref<f32>
// CHECK: %[[B:.*]] = disc_ral.recv_input %[[CTX]], 1 : memref<f32>
// CHECK: cf.cond_br
// CHECK: disc_ral.send_output %[[CTX]], 0, %[[A]] : memref<f32>
// CHECK-NEXT: return
// CHECK: disc_ral.send_output %[[CTX]], 0, %[[B]] : memref<f32>
// CHECK-NEXT: return
func.func @two_returns(%ctx: !disc_ral.context, %a: memref<f32>, %b: memref<f32>)
    -> memref<f32> {
  %c = "test.condition"() : () -> i1
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : memref<f32>
^bb2:
  return %b : memref<f32>
}

// CHECK-LABEL: func.func private @helper
// CHECK-SAME: (%{{.*}}: memref<f32>) -> memref<f32>
func.func private @helper(%a: memref<f32>) -> memref<f32> {
  return %a : memref<f32>
}

// -----

// expected-error @+1 {{public function @no_context has no leading !disc_ral.context argument; run disc-ral-inject-context first}}
func.func @no_context(%x: memref<f32>) {
  return
}

// -----

// expected-error @+1 {{input #0 of @tensor_input has type 'tensor<4xf32>'; the runtime binds only ranked memrefs}}
func.func @tensor_input(%ctx: !disc_ral.context, %x: tensor<4xf32>) {
  return
}

// -----

// expected-error @+1 {{input #0 of @wrong_dtype is a 'memref<4xi32>' but its entry signature records dtype f32}}
func.func @wrong_dtype(%ctx: !disc_ral.context, %x: memref<4xi32>)
    attributes {disc.entry_signature = {inputs = [{dtype = "f32", name = "x", shape = array<i64: 4>}], outputs = []}} {
  return
}

// -----

// expected-error @+1 {{@extra_output has 1 outputs, more than its entry signature lists}}
func.func @extra_output(%ctx: !disc_ral.context, %x: memref<4xi32>) -> memref<4xi32>
    attributes {disc.entry_signature = {inputs = [{dtype = "i32", name = "x", shape = array<i64: 4>}], outputs = []}} {
  return %x : memref<4xi32>
}
