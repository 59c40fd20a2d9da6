// RUN: disc-opt %s -disc-constant-globals-as-bytes | FileCheck %s

// A float array becomes its little-endian bytes, aligned to a cache line.
// CHECK: llvm.mlir.global private constant @weights(dense<[0, 0, -128, 63, 0, 0, 0, 64]> : tensor<8xi8>) {addr_space = 0 : i32, alignment = 64 : i64} : !llvm.array<8 x i8>
llvm.mlir.global private constant @weights(dense<[[1.0, 2.0]]> : tensor<1x2xf32>) {addr_space = 0 : i32} : !llvm.array<1 x array<2 x f32>>

// A larger alignment stays.
// CHECK: llvm.mlir.global private constant @wide(dense<[1, 0, 2, 0]> : tensor<4xi8>) {addr_space = 0 : i32, alignment = 128 : i64} : !llvm.array<4 x i8>
llvm.mlir.global private constant @wide(dense<[1, 2]> : tensor<2xi16>) {addr_space = 0 : i32, alignment = 128 : i64} : !llvm.array<2 x i16>

// A blob stays a blob.
// CHECK: llvm.mlir.global private constant @blob(dense_resource<disc_constant> : tensor<8xi8>) {addr_space = 0 : i32, alignment = 64 : i64} : !llvm.array<8 x i8>
llvm.mlir.global private constant @blob(dense_resource<weights_blob> : tensor<2xf32>) {addr_space = 0 : i32} : !llvm.array<2 x f32>

// Splats, booleans, byte arrays already and mutable globals stay as they are.
// CHECK: llvm.mlir.global private constant @splat(dense<1.000000e+00> : tensor<4xf32>) {addr_space = 0 : i32} : !llvm.array<4 x f32>
llvm.mlir.global private constant @splat(dense<1.0> : tensor<4xf32>) {addr_space = 0 : i32} : !llvm.array<4 x f32>
// CHECK: llvm.mlir.global private constant @mask(dense<[true, false]> : tensor<2xi1>) {addr_space = 0 : i32} : !llvm.array<2 x i1>
llvm.mlir.global private constant @mask(dense<[true, false]> : tensor<2xi1>) {addr_space = 0 : i32} : !llvm.array<2 x i1>
// CHECK: llvm.mlir.global private constant @text("ab\00") {addr_space = 0 : i32}{{$}}
llvm.mlir.global private constant @text("ab\00") {addr_space = 0 : i32} : !llvm.array<3 x i8>
// CHECK: llvm.mlir.global private @state(dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>) {addr_space = 0 : i32} : !llvm.array<2 x f32>
llvm.mlir.global private @state(dense<[1.0, 2.0]> : tensor<2xf32>) {addr_space = 0 : i32} : !llvm.array<2 x f32>

{-#
  dialect_resources: {
    builtin: {
      weights_blob: "0x040000000000803F00000040"
    }
  }
#-}
