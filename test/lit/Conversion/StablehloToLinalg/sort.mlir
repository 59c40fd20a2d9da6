// RUN: disc-opt %s --disc-stablehlo-to-linalg -split-input-file | FileCheck %s

// Along dimension 0 of two operands: each is transposed to row-major order
// before the first to_buffer, sorted between a result and a scratch buffer
// by parallel passes, and transposed back. The copy pass (insertion sort of
// 16-element runs) writes to the results when the number of merge passes
// is even; each merge pass reads the buffers the previous one wrote.
// CHECK-LABEL: func.func @sort_pairs_dim0
// CHECK: %[[KT:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<5x3xi32>) outs(%{{.*}} : tensor<3x5xi32>)
// CHECK: %[[VT:.*]] = linalg.generic {{.*}} ins(%arg1 : tensor<5x3xf32>) outs(%{{.*}} : tensor<3x5xf32>)
// CHECK: %[[KB:.*]] = bufferization.to_buffer %[[KT]] read_only : tensor<3x5xi32> to memref<3x5xi32>
// CHECK: %[[KIN:.*]] = memref.collapse_shape %[[KB]] {{\[}}[0, 1]] : memref<3x5xi32> into memref<15xi32>
// CHECK: %[[VB:.*]] = bufferization.to_buffer %[[VT]] read_only
// CHECK: %[[VIN:.*]] = memref.collapse_shape %[[VB]]
// CHECK: %[[KOUT:.*]] = memref.alloc() : memref<3x5xi32>
// CHECK: %[[KRES:.*]] = memref.collapse_shape %[[KOUT]]
// CHECK: %[[KSCRATCH:.*]] = memref.collapse_shape %{{.*}} : memref<3x5xi32> into memref<15xi32>
// CHECK: %[[VOUT:.*]] = memref.alloc() : memref<3x5xf32>
// CHECK: %[[VRES:.*]] = memref.collapse_shape %[[VOUT]]
// CHECK: %[[VSCRATCH:.*]] = memref.collapse_shape %{{.*}} : memref<3x5xf32> into memref<15xf32>
// CHECK: %[[PASSES:.*]]:2 = scf.while
// CHECK: %[[FIRST_IN_RESULTS:.*]] = arith.xori %[[PASSES]]#1, %true : i1
// CHECK: scf.if %[[FIRST_IN_RESULTS]] {
// CHECK: scf.parallel
// CHECK: scf.for %[[P:.*]] =
// CHECK: %[[KEY:.*]] = memref.load %[[KIN]][%[[P]]] : memref<15xi32>
// CHECK: %[[VALUE:.*]] = memref.load %[[VIN]][%[[P]]] : memref<15xf32>
// CHECK: %[[AT:.*]]:3 = scf.while
// CHECK: %[[BEFORE:.*]] = memref.load %[[KRES]]
// CHECK: %[[LESS:.*]] = arith.cmpi slt, %[[KEY]], %[[BEFORE]] : i32
// CHECK: scf.condition
// CHECK: memref.store %[[KEY]], %[[KRES]][%[[AT]]#0] : memref<15xi32>
// CHECK: memref.store %[[VALUE]], %[[VRES]][%[[AT]]#0] : memref<15xf32>
// CHECK: } else {
// CHECK: memref.store %{{.*}}, %[[KSCRATCH]]
// CHECK: scf.while (%{{.*}} = %c16, %{{.*}} = %[[FIRST_IN_RESULTS]])
// CHECK: scf.if %{{.*}} {
// CHECK: scf.parallel
// Each pair of runs is merged from both ends: the least remaining element
// goes to the front, the greatest to the back.
// CHECK: scf.for %[[STEP:.*]] = %{{.*}} iter_args(%[[L:.*]] = %{{.*}}, %[[LB:.*]] = %{{.*}}, %[[R:.*]] = %{{.*}}, %[[RB:.*]] = %{{.*}}) -> (index, index, index, index)
// CHECK: %[[LK:.*]] = memref.load %[[KRES]]
// CHECK: %[[LV:.*]] = memref.load %[[VRES]]
// CHECK: %[[RK:.*]] = memref.load %[[KRES]]
// CHECK: %[[RV:.*]] = memref.load %[[VRES]]
// CHECK: %[[LTK:.*]] = memref.load %[[KRES]]
// CHECK: %[[LTV:.*]] = memref.load %[[VRES]]
// CHECK: %[[RTK:.*]] = memref.load %[[KRES]]
// CHECK: %[[RTV:.*]] = memref.load %[[VRES]]
// CHECK: %[[LEFT_HAS:.*]] = arith.cmpi sle, %[[L]], %[[LB]] : index
// CHECK: %[[RIGHT_HAS:.*]] = arith.cmpi sle, %[[R]], %[[RB]] : index
// Ties take the left (earlier) element at the front: stable.
// CHECK: %[[RIGHT_LESS:.*]] = arith.cmpi slt, %[[RK]], %[[LK]] : i32
// CHECK: %[[TAKE_RIGHT:.*]] = arith.andi %[[RIGHT_HAS]], %{{.*}} : i1
// CHECK: %[[FRONT:.*]] = arith.addi %{{.*}}, %[[STEP]] : index
// CHECK: %[[K:.*]] = arith.select %[[TAKE_RIGHT]], %[[RK]], %[[LK]] : i32
// CHECK: %[[V:.*]] = arith.select %[[TAKE_RIGHT]], %[[RV]], %[[LV]] : f32
// CHECK: memref.store %[[K]], %[[KSCRATCH]][%[[FRONT]]]
// CHECK: memref.store %[[V]], %[[VSCRATCH]][%[[FRONT]]]
// ... and the right (later) one at the back.
// CHECK: %[[TAIL_RIGHT_LESS:.*]] = arith.cmpi slt, %[[RTK]], %[[LTK]] : i32
// CHECK: %[[TAKE_LEFT_TAIL:.*]] = arith.andi
// CHECK: %[[BACK:.*]] = arith.subi %{{.*}}, %[[STEP]] : index
// CHECK: %[[KTAIL:.*]] = arith.select %[[TAKE_LEFT_TAIL]], %[[LTK]], %[[RTK]] : i32
// CHECK: memref.store %[[KTAIL]], %[[KSCRATCH]][%[[BACK]]]
// An odd count leaves one element for the middle.
// CHECK: scf.if
// CHECK: arith.cmpi sle
// CHECK: memref.store %{{.*}}, %[[KSCRATCH]]
// CHECK: } else {
// CHECK: memref.store %{{.*}}, %[[KRES]]
// CHECK: %[[KSORTED:.*]] = bufferization.to_tensor %[[KOUT]] restrict writable : memref<3x5xi32> to tensor<3x5xi32>
// CHECK: %[[VSORTED:.*]] = bufferization.to_tensor %[[VOUT]] restrict writable
// CHECK: %[[K5X3:.*]] = linalg.generic {{.*}} ins(%[[KSORTED]] : tensor<3x5xi32>) outs(%{{.*}} : tensor<5x3xi32>)
// CHECK: %[[V5X3:.*]] = linalg.generic {{.*}} ins(%[[VSORTED]] : tensor<3x5xf32>) outs(%{{.*}} : tensor<5x3xf32>)
// CHECK: return %[[K5X3]], %[[V5X3]]
func.func @sort_pairs_dim0(%k: tensor<5x3xi32>, %v: tensor<5x3xf32>) -> (tensor<5x3xi32>, tensor<5x3xf32>) {
  %0:2 = "stablehlo.sort"(%k, %v) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<f32>):
    %1 = stablehlo.compare  LT, %a, %b,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<5x3xi32>, tensor<5x3xf32>) -> (tensor<5x3xi32>, tensor<5x3xf32>)
  return %0#0, %0#1 : tensor<5x3xi32>, tensor<5x3xf32>
}

// -----

// A dynamic row along the last dimension needs no transpose; its length is
// read from the operand. A constant the comparator reads from outside
// (canonicalization hoists them) is emitted as a scalar where it is used.
// CHECK-LABEL: func.func @sort_dynamic_hoisted_constant
// CHECK: %[[N:.*]] = tensor.dim %arg0, %c0 : tensor<?xf32>
// CHECK: bufferization.to_buffer %arg0 read_only : tensor<?xf32> to memref<?xf32>
// CHECK: memref.alloc(%[[N]]) : memref<?xf32>
// CHECK: arith.cmpi slt, %{{.*}}, %[[N]] : index
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: arith.cmpf oeq, %{{.*}}, %[[ZERO]] : f32
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @sort_dynamic_hoisted_constant(%x: tensor<?xf32>) -> tensor<?xf32> {
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %is_zero = stablehlo.compare  EQ, %a, %zero,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %key = stablehlo.select %is_zero, %zero, %a : tensor<i1>, tensor<f32>
    %1 = stablehlo.compare  LT, %key, %b,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// jnp.argsort of a row of 4096 elements: JAX's comparator (-0.0 as 0.0,
// one NaN, total order) orders by one key, so the row is radix sorted by
// four 8-bit digits. The key is computed again from the f32 operand in
// every loop (made unsigned and order-preserving: negative floats get every
// bit flipped, the others their sign bit); both operands are moved to the
// positions the counts give, between the scratch buffers and the results,
// the last pass into the results.
// CHECK-LABEL: func.func @argsort_radix
// CHECK: %[[X:.*]] = bufferization.to_buffer %arg0 read_only : tensor<4096xf32> to memref<4096xf32>
// CHECK: %[[I:.*]] = bufferization.to_buffer %arg1 read_only : tensor<4096xi32> to memref<4096xi32>
// CHECK: %[[XOUT:.*]] = memref.alloc() : memref<4096xf32>
// CHECK: %[[XSCRATCH:.*]] = memref.alloc() : memref<4096xf32>
// CHECK: %[[IOUT:.*]] = memref.alloc() : memref<4096xi32>
// CHECK: %[[ISCRATCH:.*]] = memref.alloc() : memref<4096xi32>
// CHECK: %[[COUNTERS:.*]] = memref.alloc(%{{.*}}) : memref<?xindex>
// Pass 1 counts each chunk's lowest digits ...
// CHECK: scf.parallel
// CHECK: memref.store %{{.*}}, %[[COUNTERS]][
// CHECK: %[[X0:.*]] = memref.load %[[X]][%{{.*}}] : memref<4096xf32>
// CHECK: arith.cmpf une, %[[X0]], %[[X0]] : f32
// CHECK: arith.cmpf oeq, %[[X0]], %{{.*}} : f32
// CHECK: %[[BITS:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK: %[[NEGATIVE:.*]] = arith.shrsi %[[BITS]], %{{.*}} : i32
// CHECK: %[[FLIP:.*]] = arith.ori %[[NEGATIVE]], %{{.*}} : i32
// CHECK: %[[KEY:.*]] = arith.xori %[[BITS]], %[[FLIP]] : i32
// CHECK: %[[SHIFTED:.*]] = arith.shrui %[[KEY]], %c0_i32 : i32
// CHECK: %[[WIDE:.*]] = arith.index_castui %[[SHIFTED]] : i32 to index
// CHECK: %[[DIGIT:.*]] = arith.andi %[[WIDE]], %c255 : index
// CHECK: %[[SLOT:.*]] = arith.addi %{{.*}}, %[[DIGIT]] : index
// CHECK: %[[COUNT:.*]] = memref.load %[[COUNTERS]][%[[SLOT]]]
// CHECK: %[[MORE:.*]] = arith.addi %[[COUNT]], %{{.*}} : index
// CHECK: memref.store %[[MORE]], %[[COUNTERS]][%[[SLOT]]]
// ... turns the counts of each row into positions, digit by digit and,
// within a digit, chunk by chunk ...
// CHECK: scf.parallel
// CHECK: scf.for %[[D:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[NEXT:.*]] =
// CHECK: scf.for %[[C:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[AT:.*]] = %[[NEXT]])
// CHECK: %[[CHUNK_COUNT:.*]] = memref.load %[[COUNTERS]][
// CHECK: memref.store %[[AT]], %[[COUNTERS]][
// CHECK: arith.addi %[[AT]], %[[CHUNK_COUNT]] : index
// ... and moves both operands there, into the scratch buffers (an even
// number of passes is left).
// CHECK: scf.parallel
// CHECK: %[[XE:.*]] = memref.load %[[X]][
// CHECK: %[[IE:.*]] = memref.load %[[I]][
// CHECK: arith.shrui %{{.*}}, %c0_i32 : i32
// CHECK: %[[TO:.*]] = memref.load %[[COUNTERS]][
// CHECK: memref.store %[[XE]], %[[XSCRATCH]][%[[TO]]] : memref<4096xf32>
// CHECK: memref.store %[[IE]], %[[ISCRATCH]][%[[TO]]] : memref<4096xi32>
// CHECK: memref.load %[[XSCRATCH]][
// CHECK: arith.shrui %{{.*}}, %c8_i32 : i32
// CHECK: memref.store %{{.*}}, %[[XOUT]][
// CHECK: arith.shrui %{{.*}}, %c16_i32 : i32
// CHECK: memref.store %{{.*}}, %[[XSCRATCH]][
// The last pass, the top digit, writes the results.
// CHECK: arith.shrui %{{.*}}, %c24_i32 : i32
// CHECK: memref.load %[[XSCRATCH]][
// CHECK: memref.load %[[ISCRATCH]][
// CHECK: arith.shrui %{{.*}}, %c24_i32 : i32
// CHECK: memref.store %{{.*}}, %[[XOUT]][
// CHECK: memref.store %{{.*}}, %[[IOUT]][
// CHECK-NOT: scf.parallel
// CHECK: bufferization.to_tensor %[[IOUT]]
func.func @argsort_radix(%x: tensor<4096xf32>, %i: tensor<4096xi32>) -> tensor<4096xi32> {
  %0:2 = "stablehlo.sort"(%x, %i) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %nan = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %az = stablehlo.compare  EQ, %a, %zero,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %a0 = stablehlo.select %az, %zero, %a : tensor<i1>, tensor<f32>
    %an = stablehlo.compare  NE, %a, %a,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %ak = stablehlo.select %an, %nan, %a0 : tensor<i1>, tensor<f32>
    %bz = stablehlo.compare  EQ, %b, %zero,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %b0 = stablehlo.select %bz, %zero, %b : tensor<i1>, tensor<f32>
    %bn = stablehlo.compare  NE, %b, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %bk = stablehlo.select %bn, %nan, %b0 : tensor<i1>, tensor<f32>
    %less = stablehlo.compare  LT, %ak, %bk,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %less : tensor<i1>
  }) : (tensor<4096xf32>, tensor<4096xi32>) -> (tensor<4096xf32>, tensor<4096xi32>)
  return %0#1 : tensor<4096xi32>
}

// -----

// Rows of 65536 elements and more take 11-bit digits: three passes for a
// 32-bit key, the last into the results.
// CHECK-LABEL: func.func @sort_wide_digits
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<65536xf32>
// CHECK: %[[SCRATCH:.*]] = memref.alloc() : memref<65536xf32>
// CHECK: arith.andi %{{.*}}, %c2047 : index
// CHECK: memref.store %{{.*}}, %[[OUT]][
// CHECK: arith.shrui %{{.*}}, %c11_i32 : i32
// CHECK: memref.store %{{.*}}, %[[SCRATCH]][
// CHECK: arith.shrui %{{.*}}, %c22_i32 : i32
// CHECK: memref.store %{{.*}}, %[[OUT]][
// CHECK-NOT: scf.parallel
// CHECK: bufferization.to_tensor %[[OUT]] restrict
func.func @sort_wide_digits(%x: tensor<65536xf32>) -> tensor<65536xf32> {
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.compare  LT, %a, %b,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<65536xf32>) -> tensor<65536xf32>
  return %0 : tensor<65536xf32>
}

// -----

// A descending sort of a signed key (the compare reads the right element
// first and asks for greater: ascending) by its second operand: the key
// gets its sign bit flipped; `rhs > lhs` is an ascending order, so no
// complement follows. A dynamic length chooses at run time between the
// merge sort, 8-bit and 11-bit digits (the counters are only allocated for
// a radix sort).
// CHECK-LABEL: func.func @sort_by_second_operand_dynamic
// CHECK: %[[N:.*]] = tensor.dim %arg0, %c0 : tensor<?xf32>
// CHECK: %[[LONG:.*]] = arith.cmpi uge, %[[N]], %c1024 : index
// CHECK: %[[VERY_LONG:.*]] = arith.cmpi uge, %[[N]], %c65536{{.*}} : index
// CHECK: %[[SIZE:.*]] = arith.select %[[LONG]], %{{.*}}, %{{.*}} : index
// CHECK: memref.alloc(%[[SIZE]]) : memref<?xindex>
// CHECK: scf.if %[[LONG]] {
// CHECK: scf.if %[[VERY_LONG]] {
// CHECK: scf.parallel
// CHECK: %[[K:.*]] = memref.load %{{.*}} : memref<?xi32>
// CHECK: %[[SIGNED:.*]] = arith.xori %[[K]], %c-2147483648_i32 : i32
// CHECK-NOT: arith.xori
// CHECK: arith.shrui %[[SIGNED]], %c0_i32 : i32
// CHECK: } else {
// CHECK: scf.while
func.func @sort_by_second_operand_dynamic(%v: tensor<?xf32>, %k: tensor<?xi32>) -> tensor<?xf32> {
  %0:2 = "stablehlo.sort"(%v, %k) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %1 = stablehlo.compare  GT, %d, %c,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<?xf32>, tensor<?xi32>) -> (tensor<?xf32>, tensor<?xi32>)
  return %0#0 : tensor<?xf32>
}

// -----

// Rows shorter than 1024 elements, and comparators that are not one key's
// strict order (here less-or-equal, and a key that depends on both
// operands), are merge sorted at any length.
// CHECK-LABEL: func.func @merge_sorted
// CHECK-NOT: memref<?xindex>
// CHECK: scf.while
// CHECK-NOT: memref<?xindex>
// CHECK: scf.while
// CHECK-NOT: memref<?xindex>
// CHECK: scf.while
// CHECK-NOT: memref<?xindex>
// CHECK: return
func.func @merge_sorted(%short: tensor<8x128xf32>, %x: tensor<4096xf32>, %y: tensor<4096xf32>) -> (tensor<8x128xf32>, tensor<4096xf32>, tensor<4096xf32>) {
  %0 = "stablehlo.sort"(%short) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.compare  LT, %a, %b,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<8x128xf32>) -> tensor<8x128xf32>
  %2 = "stablehlo.sort"(%x) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.compare  LE, %a, %b,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<4096xf32>) -> tensor<4096xf32>
  %3:2 = "stablehlo.sort"(%x, %y) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    %l = stablehlo.add %a, %c : tensor<f32>
    %r = stablehlo.add %b, %d : tensor<f32>
    %1 = stablehlo.compare  LT, %l, %r,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<4096xf32>, tensor<4096xf32>) -> (tensor<4096xf32>, tensor<4096xf32>)
  return %0, %2, %3#0 : tensor<8x128xf32>, tensor<4096xf32>, tensor<4096xf32>
}

// -----

// Complex keys, compared as JAX compares them (real parts, then imaginary
// parts, in total order): the comparator is not one key's order, so the
// rows are merge sorted, each complex element loaded, compared through its
// parts and stored whole.
// CHECK-LABEL: func.func @complex_keys
// CHECK-NOT: memref<?xindex>
// CHECK: %[[IN:.*]] = memref.collapse_shape %{{.*}} : memref<4x1500xcomplex<f32>> into memref<6000xcomplex<f32>>
// CHECK: scf.while
// CHECK: %[[KEY:.*]] = memref.load %[[IN]][%{{.*}}] : memref<6000xcomplex<f32>>
// CHECK: complex.re %[[KEY]] : complex<f32>
// CHECK: complex.im %[[KEY]] : complex<f32>
// CHECK: memref.store %[[KEY]], %{{.*}} : memref<6000xcomplex<f32>>
func.func @complex_keys(%x: tensor<4x1500xcomplex<f32>>) -> tensor<4x1500xcomplex<f32>> {
  %0 = "stablehlo.sort"(%x) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
    %ar = stablehlo.real %a : (tensor<complex<f32>>) -> tensor<f32>
    %br = stablehlo.real %b : (tensor<complex<f32>>) -> tensor<f32>
    %ai = stablehlo.imag %a : (tensor<complex<f32>>) -> tensor<f32>
    %bi = stablehlo.imag %b : (tensor<complex<f32>>) -> tensor<f32>
    %imag_less = stablehlo.compare  LT, %ai, %bi,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %real_less = stablehlo.compare  LT, %ar, %br,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %real_tie = stablehlo.compare  EQ, %ar, %br,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %then = stablehlo.and %real_tie, %imag_less : tensor<i1>
    %less = stablehlo.or %real_less, %then : tensor<i1>
    stablehlo.return %less : tensor<i1>
  }) : (tensor<4x1500xcomplex<f32>>) -> tensor<4x1500xcomplex<f32>>
  return %0 : tensor<4x1500xcomplex<f32>>
}

// -----

// A complex payload of an integer key is moved by the key's radix sort.
// CHECK-LABEL: func.func @radix_complex_payload
// CHECK: %[[VALUES:.*]] = bufferization.to_buffer %arg1 read_only : tensor<2048xcomplex<f64>> to memref<2048xcomplex<f64>>
// CHECK: memref.alloc(%{{.*}}) : memref<?xindex>
// CHECK: %[[VALUE:.*]] = memref.load %[[VALUES]][%{{.*}}] : memref<2048xcomplex<f64>>
// CHECK: memref.store %[[VALUE]], %{{.*}} : memref<2048xcomplex<f64>>
func.func @radix_complex_payload(%k: tensor<2048xi32>, %v: tensor<2048xcomplex<f64>>) -> tensor<2048xcomplex<f64>> {
  %0:2 = "stablehlo.sort"(%k, %v) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<complex<f64>>, %d: tensor<complex<f64>>):
    %1 = stablehlo.compare  LT, %a, %b,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<2048xi32>, tensor<2048xcomplex<f64>>) -> (tensor<2048xi32>, tensor<2048xcomplex<f64>>)
  return %0#1 : tensor<2048xcomplex<f64>>
}
