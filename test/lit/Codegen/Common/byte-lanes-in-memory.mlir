// RUN: disc-opt %s -split-input-file -verify-diagnostics -disc-byte-lanes-in-memory | FileCheck %s

// Memory holds a byte per boolean: a vector of them is read as bytes and
// narrowed in registers, and written widened with zeros above.
// CHECK-LABEL: llvm.func @loads_and_stores
// CHECK: %[[BYTES:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<16xi8>
// CHECK: %[[BITS:.*]] = llvm.trunc %[[BYTES]] : vector<16xi8> to vector<16xi1>
// CHECK: %[[WIDE:.*]] = llvm.zext %[[BITS]] : vector<16xi1> to vector<16xi8>
// CHECK: llvm.store %[[WIDE]], %{{.*}} : vector<16xi8>, !llvm.ptr
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> vector<16xf32>
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> i1
// CHECK: %[[NIBBLES:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<8xi8>
// CHECK: llvm.trunc %[[NIBBLES]] : vector<8xi8> to vector<8xi4>
llvm.func @loads_and_stores(%mask: !llvm.ptr, %out: !llvm.ptr, %x: !llvm.ptr) -> vector<8xi4> {
  %bits = llvm.load %mask {alignment = 1 : i64} : !llvm.ptr -> vector<16xi1>
  llvm.store %bits, %out {alignment = 1 : i64} : vector<16xi1>, !llvm.ptr
  %floats = llvm.load %x : !llvm.ptr -> vector<16xf32>
  %scalar = llvm.load %mask : !llvm.ptr -> i1
  %nibbles = llvm.load %x : !llvm.ptr -> vector<8xi4>
  llvm.return %nibbles : vector<8xi4>
}

// -----

// The data of masked reads and writes widens, and so does what a masked
// read leaves in the lanes it does not read; the masks stay bits.
// CHECK-LABEL: llvm.func @masked
// CHECK: %[[PASS:.*]] = llvm.zext %{{.*}} : vector<16xi1> to vector<16xi8>
// CHECK: %[[READ:.*]] = llvm.intr.masked.load %{{.*}}, %{{.*}}, %[[PASS]] {alignment = 1 : i32} : (!llvm.ptr, vector<16xi1>, vector<16xi8>) -> vector<16xi8>
// CHECK: llvm.trunc %[[READ]] : vector<16xi8> to vector<16xi1>
// CHECK: llvm.intr.masked.store %{{.*}}, %{{.*}}, %{{.*}} {alignment = 1 : i32} : vector<16xi8>, vector<16xi1> into !llvm.ptr
// CHECK: llvm.intr.masked.load %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32} : (!llvm.ptr, vector<16xi1>, vector<16xf32>) -> vector<16xf32>
// CHECK: llvm.intr.masked.gather %{{.*}}, %{{.*}}, %{{.*}} {alignment = 1 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xi8>) -> vector<4xi8>
// CHECK: llvm.intr.masked.scatter %{{.*}}, %{{.*}}, %{{.*}} {alignment = 1 : i32} : vector<4xi8>, vector<4xi1> into vector<4x!llvm.ptr>
llvm.func @masked(%p: !llvm.ptr, %mask: vector<16xi1>, %keep: vector<16xi1>,
                  %q: !llvm.ptr, %ptrs: vector<4x!llvm.ptr>, %lanes: vector<4xi1>) {
  %read = llvm.intr.masked.load %p, %mask, %keep {alignment = 1 : i32} : (!llvm.ptr, vector<16xi1>, vector<16xi1>) -> vector<16xi1>
  llvm.intr.masked.store %read, %p, %mask {alignment = 1 : i32} : vector<16xi1>, vector<16xi1> into !llvm.ptr
  %zero = llvm.mlir.zero : vector<16xf32>
  %floats = llvm.intr.masked.load %q, %mask, %zero {alignment = 4 : i32} : (!llvm.ptr, vector<16xi1>, vector<16xf32>) -> vector<16xf32>
  %none = llvm.mlir.zero : vector<4xi1>
  %gathered = llvm.intr.masked.gather %ptrs, %lanes, %none {alignment = 1 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xi1>) -> vector<4xi1>
  llvm.intr.masked.scatter %gathered, %ptrs, %lanes {alignment = 1 : i32} : vector<4xi1>, vector<4xi1> into vector<4x!llvm.ptr>
  llvm.return
}

// -----

// A buffer typed as vectors of booleans (a vector.type_cast of an i1
// memref, a transfer's scratch) is sized and indexed a byte a lane, and an
// aggregate of such vectors moves lane by lane.
// CHECK-LABEL: llvm.func @typed_buffers
// CHECK: llvm.alloca %{{.*}} x !llvm.array<4 x vector<16xi8>>
// CHECK: llvm.getelementptr %{{.*}}[0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<4 x vector<16xi8>>
// CHECK: %[[ROWS:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.array<4 x vector<16xi8>>
// CHECK: %[[ROW:.*]] = llvm.extractvalue %[[ROWS]][0] : !llvm.array<4 x vector<16xi8>>
// CHECK: llvm.trunc %[[ROW]] : vector<16xi8> to vector<16xi1>
// CHECK: llvm.extractvalue %[[ROWS]][3] : !llvm.array<4 x vector<16xi8>>
// CHECK: llvm.return %{{.*}} : !llvm.array<4 x vector<16xi1>>
llvm.func @typed_buffers() -> !llvm.array<4 x vector<16xi1>> {
  %one = llvm.mlir.constant(1 : i64) : i64
  %buffer = llvm.alloca %one x !llvm.array<4 x vector<16xi1>> : (i64) -> !llvm.ptr
  %row = llvm.getelementptr %buffer[0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<4 x vector<16xi1>>
  %rows = llvm.load %buffer : !llvm.ptr -> !llvm.array<4 x vector<16xi1>>
  llvm.return %rows : !llvm.array<4 x vector<16xi1>>
}

// -----

// expected-error @below {{a global of 'vector<8xi1>' would be laid out a bit per lane}}
llvm.mlir.global internal constant @packed(dense<true> : vector<8xi1>) : vector<8xi1>
