// RUN: disc-opt %s --disc-stablehlo-to-linalg --split-input-file | FileCheck %s

// Arithmetic and math on complex elements are the complex dialect's ops.
// CHECK-LABEL: func.func @arithmetic
// CHECK: ^bb0(%[[A:.*]]: complex<f32>, %[[B:.*]]: complex<f32>, %{{.*}}: complex<f32>):
// CHECK: complex.mul %[[A]], %[[B]] : complex<f32>
// CHECK: complex.div
// CHECK: complex.exp
// CHECK: complex.rsqrt
// CHECK: complex.pow
func.func @arithmetic(%a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = stablehlo.multiply %a, %b : tensor<4xcomplex<f32>>
  %1 = stablehlo.divide %0, %b : tensor<4xcomplex<f32>>
  %2 = stablehlo.exponential %1 : tensor<4xcomplex<f32>>
  %3 = stablehlo.rsqrt %2 : tensor<4xcomplex<f32>>
  %4 = stablehlo.power %3, %a : tensor<4xcomplex<f32>>
  return %4 : tensor<4xcomplex<f32>>
}

// -----

// abs, real and imag give the part type; complex builds one from parts.
// CHECK-LABEL: func.func @parts
// CHECK: complex.abs %{{.*}} : complex<f64>
// CHECK: complex.re %{{.*}} : complex<f64>
// CHECK: complex.im %{{.*}} : complex<f64>
// CHECK: complex.create %{{.*}}, %{{.*}} : complex<f64>
func.func @parts(%z: tensor<4xcomplex<f64>>) -> (tensor<4xf64>, tensor<4xcomplex<f64>>) {
  %0 = stablehlo.abs %z : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  %1 = stablehlo.real %z : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  %2 = stablehlo.imag %z : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  %3 = stablehlo.complex %1, %2 : tensor<4xcomplex<f64>>
  return %0, %3 : tensor<4xf64>, tensor<4xcomplex<f64>>
}

// -----

// EQ and NE compare both parts.
// CHECK-LABEL: func.func @compare
// CHECK: complex.eq
// CHECK: complex.neq
func.func @compare(%a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>) -> (tensor<4xi1>, tensor<4xi1>) {
  %0 = stablehlo.compare EQ, %a, %b : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  %1 = stablehlo.compare NE, %a, %b : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  return %0, %1 : tensor<4xi1>, tensor<4xi1>
}

// -----

// To complex the imaginary part is zero; from complex it is dropped; between
// complex types both parts convert.
// CHECK-LABEL: func.func @convert
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: complex.create %{{.*}}, %[[ZERO]] : complex<f32>
// CHECK: %[[RE:.*]] = complex.re %{{.*}} : complex<f32>
// CHECK: %[[WRE:.*]] = arith.extf %[[RE]] : f32 to f64
// CHECK: %[[IM:.*]] = complex.im %{{.*}} : complex<f32>
// CHECK: %[[WIM:.*]] = arith.extf %[[IM]] : f32 to f64
// CHECK: complex.create %[[WRE]], %[[WIM]] : complex<f64>
// CHECK: %[[PART:.*]] = complex.re %{{.*}} : complex<f64>
// CHECK: arith.fptosi %[[PART]] : f64 to i32
func.func @convert(%x: tensor<4xf32>) -> (tensor<4xcomplex<f64>>, tensor<4xi32>) {
  %0 = stablehlo.convert %x : (tensor<4xf32>) -> tensor<4xcomplex<f32>>
  %1 = stablehlo.convert %0 : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f64>>
  %2 = stablehlo.convert %1 : (tensor<4xcomplex<f64>>) -> tensor<4xi32>
  return %1, %2 : tensor<4xcomplex<f64>>, tensor<4xi32>
}

// -----

// A complex constant is a tensor constant like any other.
// CHECK-LABEL: func.func @constant
// CHECK: arith.constant dense<(1.500000e+00,-2.000000e+00)> : tensor<4xcomplex<f32>>
// CHECK: complex.add
func.func @constant(%a: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %c = stablehlo.constant dense<(1.5, -2.0)> : tensor<4xcomplex<f32>>
  %0 = stablehlo.add %a, %c : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// maximum orders complex numbers by their real parts, then their imaginary
// parts.
// CHECK-LABEL: func.func @maximum
// CHECK: ^bb0(%[[A:.*]]: complex<f32>, %[[B:.*]]: complex<f32>, %{{.*}}: complex<f32>):
// CHECK-DAG: %[[ARE:.*]] = complex.re %[[A]]
// CHECK-DAG: %[[BRE:.*]] = complex.re %[[B]]
// CHECK-DAG: %[[AIM:.*]] = complex.im %[[A]]
// CHECK-DAG: %[[BIM:.*]] = complex.im %[[B]]
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[ARE]], %[[BRE]]
// CHECK: %[[EQ:.*]] = arith.cmpf oeq, %[[ARE]], %[[BRE]]
// CHECK: %[[IMGT:.*]] = arith.cmpf ogt, %[[AIM]], %[[BIM]]
// CHECK: %[[TIE:.*]] = arith.andi %[[EQ]], %[[IMGT]]
// CHECK: %[[PICK:.*]] = arith.ori %[[GT]], %[[TIE]]
// CHECK: arith.select %[[PICK]], %[[A]], %[[B]] : complex<f32>
func.func @maximum(%a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = stablehlo.maximum %a, %b : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// atan2 is the spec's -i * log((x + i*y) / sqrt(x^2 + y^2)); cbrt the
// principal root, cbrt(|z|) at a third of z's angle.
// CHECK-LABEL: func.func @atan2_cbrt
// CHECK: complex.sqrt
// CHECK: complex.log
// CHECK: complex.mul
// CHECK: %[[MODULUS:.*]] = math.cbrt %{{.*}} : f64
// CHECK: %[[ANGLE:.*]] = math.atan2 %{{.*}}, %{{.*}} : f64
// CHECK: %[[THIRD:.*]] = arith.divf %[[ANGLE]], %{{.*}} : f64
// CHECK: %[[COS:.*]] = math.cos %[[THIRD]]
// CHECK: %[[SIN:.*]] = math.sin %[[THIRD]]
// CHECK: %[[RE:.*]] = arith.mulf %[[MODULUS]], %[[COS]]
// CHECK: %[[IM:.*]] = arith.mulf %[[MODULUS]], %[[SIN]]
// CHECK: complex.create %[[RE]], %[[IM]] : complex<f64>
func.func @atan2_cbrt(%y: tensor<4xcomplex<f64>>, %x: tensor<4xcomplex<f64>>) -> (tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>) {
  %0 = stablehlo.atan2 %y, %x : tensor<4xcomplex<f64>>
  %1 = stablehlo.cbrt %y : tensor<4xcomplex<f64>>
  return %0, %1 : tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>
}

// -----

// bitcast_convert sees a complex number as the bits of its parts, the real
// part low (first in memory): to i64, and split into two complex<f32>.
// CHECK-LABEL: func.func @bitcast
// CHECK: %[[RE:.*]] = complex.re %{{.*}} : complex<f64>
// CHECK: %[[RE_BITS:.*]] = arith.bitcast %[[RE]] : f64 to i64
// CHECK: %[[RE_WIDE:.*]] = arith.extui %[[RE_BITS]] : i64 to i128
// CHECK: %[[IM:.*]] = complex.im %{{.*}} : complex<f64>
// CHECK: %[[IM_BITS:.*]] = arith.bitcast %[[IM]] : f64 to i64
// CHECK: %[[IM_WIDE:.*]] = arith.extui %[[IM_BITS]] : i64 to i128
// CHECK: %[[IM_HIGH:.*]] = arith.shli %[[IM_WIDE]], %{{.*}} : i128
// CHECK: %[[BITS:.*]] = arith.ori %[[IM_HIGH]], %[[RE_WIDE]] : i128
// CHECK: %[[PIECE:.*]] = arith.shrui %[[BITS]], %{{.*}} : i128
// CHECK: %[[PART:.*]] = arith.trunci %[[PIECE]] : i128 to i64
// CHECK: %[[LOW:.*]] = arith.trunci %[[PART]] : i64 to i32
// CHECK: %[[NEW_RE:.*]] = arith.bitcast %[[LOW]] : i32 to f32
// CHECK: %[[HIGH:.*]] = arith.shrui %[[PART]], %{{.*}} : i64
// CHECK: %[[HIGH32:.*]] = arith.trunci %[[HIGH]] : i64 to i32
// CHECK: %[[NEW_IM:.*]] = arith.bitcast %[[HIGH32]] : i32 to f32
// CHECK: complex.create %[[NEW_RE]], %[[NEW_IM]] : complex<f32>
// CHECK: ^bb0(%{{.*}}: complex<f32>, %{{.*}}: i64):
// CHECK: arith.ori %{{.*}}, %{{.*}} : i64
func.func @bitcast(%z: tensor<3xcomplex<f64>>, %w: tensor<4xcomplex<f32>>) -> (tensor<3x2xcomplex<f32>>, tensor<4xi64>) {
  %0 = stablehlo.bitcast_convert %z : (tensor<3xcomplex<f64>>) -> tensor<3x2xcomplex<f32>>
  %1 = stablehlo.bitcast_convert %w : (tensor<4xcomplex<f32>>) -> tensor<4xi64>
  return %0, %1 : tensor<3x2xcomplex<f32>>, tensor<4xi64>
}
