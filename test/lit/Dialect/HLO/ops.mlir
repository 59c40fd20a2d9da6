// RUN: disc-opt %s | disc-opt | FileCheck %s
// RUN: disc-opt %s -mlir-print-op-generic | disc-opt | FileCheck %s

// The pretty forms JAX prints, each parsed, printed and parsed again.

// CHECK-LABEL: func.func @elementwise
func.func @elementwise(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: tensor<4xi32>, %p: tensor<4xi1>) -> tensor<4xf32> {
  // CHECK: %[[ADD:.*]] = stablehlo.add %arg0, %arg1 : tensor<4xf32>
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  // The function-type form prints short when all types agree.
  // CHECK: stablehlo.multiply %[[ADD]], %arg1 : tensor<4xf32>
  %1 = stablehlo.multiply %0, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK: stablehlo.subtract
  %2 = stablehlo.subtract %1, %b : tensor<4xf32>
  // CHECK: stablehlo.divide
  %3 = stablehlo.divide %2, %b : tensor<4xf32>
  // CHECK: stablehlo.maximum
  %4 = stablehlo.maximum %3, %b : tensor<4xf32>
  // CHECK: stablehlo.minimum
  %5 = stablehlo.minimum %4, %b : tensor<4xf32>
  // CHECK: stablehlo.power
  %6 = stablehlo.power %5, %b : tensor<4xf32>
  // CHECK: stablehlo.remainder
  %7 = stablehlo.remainder %6, %b : tensor<4xf32>
  // CHECK: stablehlo.atan2
  %8 = stablehlo.atan2 %7, %b : tensor<4xf32>
  // CHECK: stablehlo.negate %{{.*}} : tensor<4xf32>
  %9 = stablehlo.negate %8 : tensor<4xf32>
  // CHECK: stablehlo.exponential
  %10 = stablehlo.exponential %9 : tensor<4xf32>
  // CHECK: stablehlo.log_plus_one
  %11 = stablehlo.log_plus_one %10 : tensor<4xf32>
  // CHECK: stablehlo.rsqrt
  %12 = stablehlo.rsqrt %11 : tensor<4xf32>
  // CHECK: stablehlo.logistic
  %13 = stablehlo.logistic %12 : tensor<4xf32>
  // CHECK: stablehlo.tanh
  %14 = stablehlo.tanh %13 : tensor<4xf32>
  // CHECK: stablehlo.round_nearest_even
  %15 = stablehlo.round_nearest_even %14 : tensor<4xf32>
  // CHECK: stablehlo.round_nearest_afz
  %16 = stablehlo.round_nearest_afz %15 : tensor<4xf32>
  // CHECK: stablehlo.is_finite %{{.*}} : (tensor<4xf32>) -> tensor<4xi1>
  %17 = stablehlo.is_finite %16 : (tensor<4xf32>) -> tensor<4xi1>
  // CHECK: stablehlo.and %{{.*}}, %{{.*}} : tensor<4xi32>
  %18 = stablehlo.and %i, %i : tensor<4xi32>
  // CHECK: stablehlo.shift_right_logical
  %19 = stablehlo.shift_right_logical %18, %i : tensor<4xi32>
  // CHECK: stablehlo.popcnt
  %20 = stablehlo.popcnt %19 : tensor<4xi32>
  // CHECK: stablehlo.count_leading_zeros
  %21 = stablehlo.count_leading_zeros %20 : tensor<4xi32>
  // CHECK: stablehlo.not %{{.*}} : tensor<4xi1>
  %22 = stablehlo.not %p : tensor<4xi1>
  // CHECK: stablehlo.convert %{{.*}} : (tensor<4xi32>) -> tensor<4xf32>
  %23 = stablehlo.convert %21 : (tensor<4xi32>) -> tensor<4xf32>
  // CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<4xf32>) -> tensor<4xi32>
  %24 = stablehlo.bitcast_convert %23 : (tensor<4xf32>) -> tensor<4xi32>
  // CHECK: stablehlo.compare  GT, %{{.*}}, %{{.*}},  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %25 = stablehlo.compare GT, %23, %a, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK: stablehlo.compare  EQ, %{{.*}}, %{{.*}} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %26 = stablehlo.compare EQ, %24, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  // CHECK: %[[SEL:.*]] = stablehlo.select %{{.*}}, %{{.*}}, %arg0 : tensor<4xi1>, tensor<4xf32>
  %27 = stablehlo.select %25, %23, %a : tensor<4xi1>, tensor<4xf32>
  // CHECK: stablehlo.select %{{.*}}, %{{.*}}, %arg1 : tensor<4xi1>, tensor<4xf32>
  %28 = stablehlo.select %26, %27, %b : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %lo = stablehlo.constant dense<0.0> : tensor<f32>
  // CHECK: stablehlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %29 = stablehlo.clamp %lo, %28, %lo : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  // CHECK: stablehlo.clamp %arg0, %{{.*}}, %arg1 : tensor<4xf32>
  %30 = stablehlo.clamp %a, %29, %b : tensor<4xf32>
  return %30 : tensor<4xf32>
}

// CHECK-LABEL: func.func @constants
func.func @constants() -> (tensor<2xf32>, tensor<4xf32>, tensor<i32>, tensor<2x2xi1>, tensor<3xui8>) {
  // CHECK: stablehlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  // The hex form JAX uses for large constants: 1.0, 2.0, 3.0, 4.0.
  // CHECK: stablehlo.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
  %1 = stablehlo.constant dense<"0x0000803F000000400000404000008040"> : tensor<4xf32>
  // CHECK: stablehlo.constant dense<7> : tensor<i32>
  %2 = stablehlo.constant dense<7> : tensor<i32>
  // CHECK: stablehlo.constant dense<{{\[}}[true, false], [false, true]]> : tensor<2x2xi1>
  %3 = stablehlo.constant dense<[[true, false], [false, true]]> : tensor<2x2xi1>
  // CHECK: stablehlo.constant dense<[1, 2, 255]> : tensor<3xui8>
  %4 = stablehlo.constant dense<[1, 2, 255]> : tensor<3xui8>
  return %0, %1, %2, %3, %4 : tensor<2xf32>, tensor<4xf32>, tensor<i32>, tensor<2x2xi1>, tensor<3xui8>
}

// CHECK-LABEL: func.func @shapes
func.func @shapes(%x: tensor<3xf32>, %m: tensor<2x3xf32>, %v: tensor<f32>, %i: tensor<i32>) -> tensor<2x3xf32> {
  // CHECK: stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: stablehlo.broadcast %arg0, sizes = [2] : (tensor<3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.broadcast %x, sizes = [2] : (tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: stablehlo.transpose %{{.*}}, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %2 = stablehlo.transpose %1, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // CHECK: stablehlo.iota dim = 0 : tensor<4xi32>
  %3 = stablehlo.iota dim = 0 : tensor<4xi32>
  // CHECK: stablehlo.reshape %{{.*}} : (tensor<3x2xf32>) -> tensor<6xf32>
  %4 = stablehlo.reshape %2 : (tensor<3x2xf32>) -> tensor<6xf32>
  // CHECK: stablehlo.slice %arg1 [0:2, 1:3] : (tensor<2x3xf32>) -> tensor<2x2xf32>
  %5 = stablehlo.slice %m [0:2, 1:3:1] : (tensor<2x3xf32>) -> tensor<2x2xf32>
  // CHECK: stablehlo.slice %arg1 [0:2:2, 0:3:2] : (tensor<2x3xf32>) -> tensor<1x2xf32>
  %6 = stablehlo.slice %m [0:2:2, 0:3:2] : (tensor<2x3xf32>) -> tensor<1x2xf32>
  // CHECK: stablehlo.dynamic_slice %arg1, %arg3, %arg3, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
  %7 = stablehlo.dynamic_slice %m, %i, %i, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
  // CHECK: stablehlo.dynamic_update_slice %arg1, %{{.*}}, %arg3, %arg3 : (tensor<2x3xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %8 = stablehlo.dynamic_update_slice %m, %7, %i, %i : (tensor<2x3xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  // CHECK: stablehlo.concatenate %arg0, %arg0, dim = 0 : (tensor<3xf32>, tensor<3xf32>) -> tensor<6xf32>
  %9 = stablehlo.concatenate %x, %x, dim = 0 : (tensor<3xf32>, tensor<3xf32>) -> tensor<6xf32>
  // CHECK: stablehlo.pad %arg1, %arg2, low = [0, 1], high = [1, 0], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x6xf32>
  %10 = stablehlo.pad %m, %v, low = [0, 1], high = [1, 0], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x6xf32>
  // CHECK: stablehlo.reverse %arg1, dims = [0, 1] : tensor<2x3xf32>
  %11 = stablehlo.reverse %m, dims = [0, 1] : tensor<2x3xf32>
  // CHECK: stablehlo.get_dimension_size %arg1, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
  %12 = stablehlo.get_dimension_size %m, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
  return %11 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @dynamic
func.func @dynamic(%x: tensor<?xf32>, %shape: tensor<2xindex>) -> tensor<?x?xf32> {
  // CHECK: stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %shape, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // CHECK: stablehlo.dynamic_reshape %{{.*}}, %arg1 : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %1 = stablehlo.dynamic_reshape %0, %shape : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // CHECK: stablehlo.dynamic_iota %arg1, dim = 0 : (tensor<2xindex>) -> tensor<?x?xf32>
  %2 = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<2xindex>) -> tensor<?x?xf32>
  // CHECK: stablehlo.add %{{.*}}, %{{.*}} : tensor<?x?xf32>
  %3 = stablehlo.add %1, %2 : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %3 : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @contractions
func.func @contractions(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %m: tensor<3x4xf32>, %n: tensor<4x5xf32>) -> tensor<2x3x5xf32> {
  // CHECK: stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  // CHECK: stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %1 = stablehlo.dot_general %m, %n, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  // CHECK: stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %4 = stablehlo.dot_general %m, %n,
    contracting_dims = [1] x [0],
    precision = [DEFAULT, DEFAULT],
    algorithm = <
      lhs_precision_type = tf32,
      rhs_precision_type = tf32,
      accumulation_type = f32,
      lhs_component_count = 1,
      rhs_component_count = 1,
      num_primitive_operations = 1,
      allow_imprecise_accumulation = false
    > : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  // CHECK: stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %5 = stablehlo.dot_general %m, %n, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  // CHECK: stablehlo.dot %arg2, %arg3, precision = [HIGH, HIGHEST] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %2 = stablehlo.dot %m, %n, precision = [HIGH, HIGHEST] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  // CHECK: stablehlo.dot %arg2, %arg3 : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %3 = stablehlo.dot %m, %n : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// CHECK-LABEL: func.func @convolutions
func.func @convolutions(%img: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %nchw: tensor<1x3x8x8xf32>, %oihw: tensor<16x3x3x3xf32>) -> tensor<1x8x8x16xf32> {
  // CHECK: stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = {{\[}}[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32>
  %0 = stablehlo.convolution(%img, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32>
  // CHECK: stablehlo.convolution(%arg2, %arg3) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], reverse = [0, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x3x3xf32>
  %1 = stablehlo.convolution(%nchw, %oihw) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x3x3xf32>
  // CHECK: stablehlo.convolution(%arg2, %arg3) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64}
  %2 = stablehlo.convolution(%nchw, %oihw) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x6x6xf32>
  return %0 : tensor<1x8x8x16xf32>
}

// CHECK-LABEL: func.func @reductions
func.func @reductions(%x: tensor<2x3xf32>, %arg0: tensor<4x8xf32>) -> (tensor<2xf32>, tensor<4xi32>) {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  // CHECK: stablehlo.reduce(%arg0 init: %{{.*}}) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %0 = stablehlo.reduce(%x init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %iota = stablehlo.iota dim = 1 : tensor<4x8xi32>
  // Argmax: two inputs, so the reducer is written out. Its pairs are
  // (accumulator, element) for each input.
  // CHECK: %{{.*}}:2 = stablehlo.reduce(%arg1 init: %{{.*}}), (%{{.*}} init: %{{.*}}) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
  // CHECK-NEXT: reducer(%[[A:.*]]: tensor<f32>, %[[C:.*]]: tensor<f32>) (%[[B:.*]]: tensor<i32>, %[[D:.*]]: tensor<i32>) {
  // CHECK-NEXT: %[[GT:.*]] = stablehlo.compare  GT, %[[A]], %[[C]],  FLOAT
  // CHECK-NEXT: %[[V:.*]] = stablehlo.select %[[GT]], %[[A]], %[[C]] : tensor<i1>, tensor<f32>
  // CHECK-NEXT: %[[I:.*]] = stablehlo.select %[[GT]], %[[B]], %[[D]] : tensor<i1>, tensor<i32>
  // CHECK-NEXT: stablehlo.return %[[V]], %[[I]] : tensor<f32>, tensor<i32>
  // CHECK-NEXT: }
  %1:2 = stablehlo.reduce(%arg0 init: %ninf), (%iota init: %c0) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>)  {
    %2 = stablehlo.compare  GT, %a, %c,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %3 = stablehlo.select %2, %a, %c : tensor<i1>, tensor<f32>
    %4 = stablehlo.select %2, %b, %d : tensor<i1>, tensor<i32>
    stablehlo.return %3, %4 : tensor<f32>, tensor<i32>
  }
  // A single input whose reducer is not one binary op keeps the region form.
  // CHECK: stablehlo.reduce(%arg0 init: %{{.*}}) across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  // CHECK-NEXT: reducer(%[[X:.*]]: tensor<f32>, %[[Y:.*]]: tensor<f32>) {
  // CHECK-NEXT: %[[ABS:.*]] = stablehlo.abs %[[Y]] : tensor<f32>
  // CHECK-NEXT: %[[SUM:.*]] = stablehlo.add %[[X]], %[[ABS]] : tensor<f32>
  // CHECK-NEXT: stablehlo.return %[[SUM]] : tensor<f32>
  %5 = stablehlo.reduce(%x init: %cst) across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
   reducer(%acc: tensor<f32>, %e: tensor<f32>) {
    %6 = stablehlo.abs %e : tensor<f32>
    %7 = stablehlo.add %acc, %6 : tensor<f32>
    stablehlo.return %7 : tensor<f32>
  }
  return %0, %1#1 : tensor<2xf32>, tensor<4xi32>
}

// CHECK-LABEL: func.func @control_flow
func.func @control_flow(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  // CHECK: %{{.*}}:2 = stablehlo.while(%[[I:.*]] = %{{.*}}, %[[V:.*]] = %arg0) : tensor<i32>, tensor<4xf32>
  // CHECK-NEXT: cond {
  // CHECK: stablehlo.compare  LT, %[[I]], %{{.*}},  SIGNED
  // CHECK: } do {
  // CHECK: stablehlo.add %[[I]], %{{.*}} : tensor<i32>
  // CHECK: stablehlo.multiply %[[V]], %[[V]] : tensor<4xf32>
  %0:2 = stablehlo.while(%iterArg = %c0, %iterArg_0 = %x) : tensor<i32>, tensor<4xf32>
   cond {
    %c10 = stablehlo.constant dense<10> : tensor<i32>
    %1 = stablehlo.compare  LT, %iterArg, %c10,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %iterArg, %c1 : tensor<i32>
    %2 = stablehlo.multiply %iterArg_0, %iterArg_0 : tensor<4xf32>
    stablehlo.return %1, %2 : tensor<i32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}

// CHECK-LABEL: func.func @misc
func.func @misc(%x: tensor<4xf32>, %s: tensor<2xui64>) -> tensor<4xf32> {
  // CHECK: stablehlo.custom_call @my_target(%arg0) {backend_config = "cfg", has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
  %0 = stablehlo.custom_call @my_target(%x) {has_side_effect = true, backend_config = "cfg"} : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: stablehlo.custom_call @Sharding(%{{.*}}) {mhlo.sharding = "{replicated}"} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = stablehlo.custom_call @Sharding(%0) {mhlo.sharding = "{replicated}"} : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: stablehlo.optimization_barrier %{{.*}}, %arg1 : tensor<4xf32>, tensor<2xui64>
  %2:2 = stablehlo.optimization_barrier %1, %s : tensor<4xf32>, tensor<2xui64>
  // CHECK: stablehlo.rng_bit_generator %{{.*}}, algorithm =  THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  %3:2 = stablehlo.rng_bit_generator %2#1, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  return %2#0 : tensor<4xf32>
}

// complex takes the parts' type from its complex result type, as JAX prints
// it; real and imag print their functional type.
// CHECK-LABEL: func.func @complex_parts
func.func @complex_parts(%re: tensor<2xf64>, %im: tensor<2xf64>) -> tensor<2xf64> {
  // CHECK: %[[Z:.*]] = stablehlo.complex %arg0, %arg1 : tensor<2xcomplex<f64>>
  %z = stablehlo.complex %re, %im : tensor<2xcomplex<f64>>
  // CHECK: stablehlo.real %[[Z]] : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  %0 = stablehlo.real %z : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  // CHECK: stablehlo.imag %[[Z]] : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  %1 = stablehlo.imag %z : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  %2 = stablehlo.add %0, %1 : tensor<2xf64>
  return %2 : tensor<2xf64>
}

// Quantized element types, per tensor and per axis: uniform_quantize and
// uniform_dequantize, and an add whose operands and result carry their own
// scales and zero points.
// CHECK-LABEL: func.func @quantized
func.func @quantized(%x: tensor<2xf32>, %b: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-20>>) -> tensor<2xf32> {
  // CHECK: %[[Q:.*]] = stablehlo.uniform_quantize %arg0 : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:0, {1.000000e-01:-30,5.000000e-01:-20}>>
  %q = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>
  // CHECK: %[[R:.*]] = stablehlo.uniform_quantize %[[Q]] : (tensor<2x!quant.uniform<i8:f32:0, {1.000000e-01:-30,5.000000e-01:-20}>>) -> tensor<2x!quant.uniform<i8:f32, 1.000000e-01:-30>>
  %r = stablehlo.uniform_quantize %q : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  // CHECK: %[[S:.*]] = stablehlo.add %[[R]], %arg1 : (tensor<2x!quant.uniform<i8:f32, 1.000000e-01:-30>>, tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-20>>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-20>>
  %s = stablehlo.add %r, %b : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
  // CHECK: stablehlo.bitcast_convert %[[S]] : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-20>>) -> tensor<2xui8>
  %bits = stablehlo.bitcast_convert %s : (tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2xui8>
  // CHECK: %[[D:.*]] = stablehlo.uniform_dequantize %[[S]] : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-20>>) -> tensor<2xf32>
  %d = stablehlo.uniform_dequantize %s : (tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2xf32>
  // A quantized constant holds its storage integers, in StableHLO's form.
  // CHECK: %[[C:.*]] = stablehlo.constant() <{value = dense<[1, -2]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-20>>
  %c = stablehlo.constant() <{value = dense<[1, -2]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
  // CHECK: stablehlo.compare  GT, %[[R]], %[[C]]
  %gt = stablehlo.compare GT, %r, %c : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2xi1>
  %0 = stablehlo.select %gt, %d, %x : tensor<2xi1>, tensor<2xf32>
  return %0 : tensor<2xf32>
}
