// RUN: disc-opt %s -disc-mark-entry-args-read-only | FileCheck %s

// Every tensor argument of a public function is an input the caller owns.
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%{{.*}}: tensor<?x4xf32> {bufferization.writable = false},
// CHECK-SAME: %{{.*}}: i32,
// CHECK-SAME: %{{.*}}: tensor<4xi8> {bufferization.writable = false})
func.func @main(%x: tensor<?x4xf32>, %n: i32, %y: tensor<4xi8>) -> tensor<?x4xf32> {
  return %x : tensor<?x4xf32>
}

// A private function's arguments are the compiled code's own values.
// CHECK-LABEL: func.func private @helper
// CHECK-NOT: bufferization.writable
// CHECK: return
func.func private @helper(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// A declaration has no body to bufferize.
// CHECK: func.func private @external(tensor<4xf32>) -> tensor<4xf32>{{$}}
func.func private @external(tensor<4xf32>) -> tensor<4xf32>
