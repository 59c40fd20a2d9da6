// RUN: disc-opt %s -disc-ral-bind-io -split-input-file -verify-diagnostics -allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[CTX:.*]]: !disc_ral.context)
// CHECK-SAME: disc.entry_signature = {inputs = [], outputs = []}
// CHECK-DAG: %[[X:.*]] = disc_ral.recv_input %[[CTX]], 0 : memref<?x4xf32>
// CHECK-DAG: %[[Y:.*]] = disc_ral.recv_input %[[CTX]], 1 : memref<4xi32>
// CHECK: %[[SUM:.*]] = "test.use"(%[[X]], %[[Y]])
// CHECK: disc_ral.send_output %[[CTX]], 0, %[[SUM]] : memref<?x4xf32>
// CHECK-NEXT: disc_ral.send_output %[[CTX]], 1, %[[Y]] : memref<4xi32>
// CHECK-NEXT: return{{$}}
func.func @main(%ctx: !disc_ral.context, %x: memref<?x4xf32>,
                %y: memref<4xi32> {bufferization.writable = false})
    -> (memref<?x4xf32>, memref<4xi32>)
    attributes {disc.entry_signature = {inputs = [], outputs = []}} {
  %sum = "test.use"(%x, %y) : (memref<?x4xf32>, memref<4xi32>) -> memref<?x4xf32>
  return %sum, %y : memref<?x4xf32>, memref<4xi32>
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
