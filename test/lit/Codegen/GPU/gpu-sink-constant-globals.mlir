// RUN: disc-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(disc-gpu-sink-constant-globals))' | FileCheck %s

// A constant global used in a kernel is read there: the launch body gets its
// own get_global (one for both uses), so outlining copies the global into
// the kernel's module. The host's get_global stays for its host use.
memref.global "private" constant @weights : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

// CHECK-LABEL: func.func @used_in_a_kernel
// CHECK: %[[HOST:.*]] = memref.get_global @weights
// CHECK: gpu.launch
// CHECK-NEXT: %[[DEVICE:.*]] = memref.get_global @weights
// CHECK: memref.load %[[DEVICE]]
// CHECK: memref.load %[[DEVICE]]
// CHECK: gpu.terminator
// CHECK: memref.copy %[[HOST]]
func.func @used_in_a_kernel(%out: memref<4xf32>, %copy: memref<4xf32>) {
  %weights = memref.get_global @weights : memref<4xf32>
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %w = memref.load %weights[%tx] : memref<4xf32>
    %v = memref.load %weights[%tx] : memref<4xf32>
    %s = arith.addf %w, %v : f32
    memref.store %s, %out[%tx] : memref<4xf32>
    gpu.terminator
  }
  memref.copy %weights, %copy : memref<4xf32> to memref<4xf32>
  return
}

// -----

// A mutable global is shared state, not a constant to copy: it stays an
// operand.
memref.global "private" @state : memref<4xf32> = dense<0.0>

// CHECK-LABEL: func.func @mutable_global
// CHECK: %[[STATE:.*]] = memref.get_global @state
// CHECK: gpu.launch
// CHECK-NOT: memref.get_global
// CHECK: memref.load %[[STATE]]
func.func @mutable_global(%out: memref<4xf32>) {
  %state = memref.get_global @state : memref<4xf32>
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %w = memref.load %state[%tx] : memref<4xf32>
    memref.store %w, %out[%tx] : memref<4xf32>
    gpu.terminator
  }
  return
}
