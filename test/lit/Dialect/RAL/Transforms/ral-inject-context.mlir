// RUN: disc-opt %s -disc-ral-inject-context | FileCheck %s
// RUN: disc-opt %s -disc-ral-inject-context -disc-ral-inject-context | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%{{.*}}: !disc_ral.context, %[[X:.*]]: memref<?xf32>) -> memref<?xf32>
// CHECK-SAME: attributes {disc.entry_signature = {inputs = [], outputs = []}}
// CHECK-NEXT: return %[[X]]
func.func @main(%x: memref<?xf32>) -> memref<?xf32>
    attributes {disc.entry_signature = {inputs = [], outputs = []}} {
  return %x : memref<?xf32>
}

// CHECK-LABEL: func.func @no_args
// CHECK-SAME: (%{{.*}}: !disc_ral.context)
func.func @no_args() {
  return
}

// CHECK-LABEL: func.func private @helper
// CHECK-SAME: (%{{.*}}: f32) -> f32
func.func private @helper(%x: f32) -> f32 {
  return %x : f32
}

// CHECK-LABEL: func.func private @external
// CHECK-SAME: (f32){{$}}
func.func private @external(f32)
