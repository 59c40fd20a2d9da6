// RUN: disc-opt %s --disc-expand-quantization --split-input-file --verify-diagnostics | FileCheck %s

// Quantize: divide by the scale, add the zero point, clamp to the storage
// range, round ties to even and convert to the storage type.
// CHECK-LABEL: func.func @quantize
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>) -> tensor<4xi8>
// CHECK: %[[SCALE:.*]] = stablehlo.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK: %[[SCALED:.*]] = stablehlo.divide %[[X]], %[[SCALE]] : tensor<4xf32>
// CHECK: %[[ZP:.*]] = stablehlo.constant dense<-3.000000e+00> : tensor<4xf32>
// CHECK: %[[SHIFTED:.*]] = stablehlo.add %[[SCALED]], %[[ZP]] : tensor<4xf32>
// CHECK: %[[MIN:.*]] = stablehlo.constant dense<-1.280000e+02> : tensor<4xf32>
// CHECK: %[[MAX:.*]] = stablehlo.constant dense<1.270000e+02> : tensor<4xf32>
// CHECK: %[[CLAMPED:.*]] = stablehlo.clamp %[[MIN]], %[[SHIFTED]], %[[MAX]] : tensor<4xf32>
// CHECK: %[[ROUNDED:.*]] = stablehlo.round_nearest_even %[[CLAMPED]] : tensor<4xf32>
// CHECK: %[[Q:.*]] = stablehlo.convert %[[ROUNDED]] : (tensor<4xf32>) -> tensor<4xi8>
// CHECK-NOT: quant
// CHECK: return %[[Q]] : tensor<4xi8>
func.func @quantize(%x: tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-3>> {
  %0 = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-3>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:-3>>
}

// -----

// Dequantize: the difference from the zero point is exact in i32, then
// converted and scaled; per-axis parameters are broadcast along the
// quantization dimension. Unsigned storage is a ui8 tensor.
// CHECK-LABEL: func.func @dequantize_per_axis
// CHECK-SAME: (%[[Q:.*]]: tensor<2x3xui8>) -> tensor<2x3xf32>
// CHECK: %[[WIDE:.*]] = stablehlo.convert %[[Q]] : (tensor<2x3xui8>) -> tensor<2x3xi32>
// CHECK: %[[ZPS:.*]] = stablehlo.constant dense<[10, 20, 30]> : tensor<3xi32>
// CHECK: %[[ZP:.*]] = stablehlo.broadcast_in_dim %[[ZPS]], dims = [1] : (tensor<3xi32>) -> tensor<2x3xi32>
// CHECK: %[[CENTERED:.*]] = stablehlo.subtract %[[WIDE]], %[[ZP]] : tensor<2x3xi32>
// CHECK: %[[FLOAT:.*]] = stablehlo.convert %[[CENTERED]] : (tensor<2x3xi32>) -> tensor<2x3xf32>
// CHECK: %[[SCALES:.*]] = stablehlo.constant dense<[1.000000e+00, 2.000000e+00, 4.000000e+00]> : tensor<3xf32>
// CHECK: %[[SCALE:.*]] = stablehlo.broadcast_in_dim %[[SCALES]], dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: %[[Y:.*]] = stablehlo.multiply %[[FLOAT]], %[[SCALE]] : tensor<2x3xf32>
// CHECK: return %[[Y]]
func.func @dequantize_per_axis(%q: tensor<2x3x!quant.uniform<u8:f32:1, {1.0:10,2.0:20,4.0:30}>>) -> tensor<2x3xf32> {
  %0 = stablehlo.uniform_dequantize %q : (tensor<2x3x!quant.uniform<u8:f32:1, {1.0:10,2.0:20,4.0:30}>>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Requantization dequantizes with the operand's parameters and quantizes
// with the result's; i16 storage goes through i32, a narrow storage range
// is the clamp's.
// CHECK-LABEL: func.func @requantize
// CHECK-SAME: (%[[Q:.*]]: tensor<3xi16>) -> tensor<3xi8>
// CHECK: stablehlo.convert %[[Q]] : (tensor<3xi16>) -> tensor<3xi32>
// CHECK: stablehlo.multiply
// CHECK: stablehlo.divide
// CHECK: %[[MIN:.*]] = stablehlo.constant dense<-1.270000e+02> : tensor<3xf32>
// CHECK: stablehlo.clamp %[[MIN]]
// CHECK: %[[R:.*]] = stablehlo.convert %{{.*}} : (tensor<3xf32>) -> tensor<3xi8>
// CHECK: return %[[R]]
func.func @requantize(%q: tensor<3x!quant.uniform<i16:f32, 0.01:5>>) -> tensor<3x!quant.uniform<i8<-127:127>:f32, 0.5>> {
  %0 = stablehlo.uniform_quantize %q : (tensor<3x!quant.uniform<i16:f32, 0.01:5>>) -> tensor<3x!quant.uniform<i8<-127:127>:f32, 0.5>>
  return %0 : tensor<3x!quant.uniform<i8<-127:127>:f32, 0.5>>
}

// -----

// Any other op runs on the dequantized operands, and its result is
// quantized; bitcast_convert reads the storage integers, and no bitcast to
// or from a quantized type is left.
// CHECK-LABEL: func.func @add
// CHECK-SAME: (%[[A:.*]]: tensor<2xi8>, %[[B:.*]]: tensor<2xi8>) -> tensor<2xui8>
// CHECK-NOT: quant
// CHECK: %[[FA:.*]] = stablehlo.multiply
// CHECK: %[[FB:.*]] = stablehlo.multiply
// CHECK: %[[SUM:.*]] = stablehlo.add %[[FA]], %[[FB]] : tensor<2xf32>
// CHECK: %[[Q:.*]] = stablehlo.convert %{{.*}} : (tensor<2xf32>) -> tensor<2xi8>
// CHECK: %[[BITS:.*]] = stablehlo.bitcast_convert %[[Q]] : (tensor<2xi8>) -> tensor<2xui8>
// CHECK: return %[[BITS]]
func.func @add(%a: tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, %b: tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2xui8> {
  %0 = "stablehlo.add"(%a, %b) : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
  %1 = stablehlo.bitcast_convert %0 : (tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2xui8>
  return %1 : tensor<2xui8>
}

// -----

// A bitcast_convert into a quantized type and back is the storage itself.
// CHECK-LABEL: func.func @bitcast_round_trip
// CHECK-SAME: (%[[X:.*]]: tensor<2xi8>)
// CHECK-NEXT: return %[[X]] : tensor<2xi8>
func.func @bitcast_round_trip(%x: tensor<2xi8>) -> tensor<2xi8> {
  %0 = stablehlo.bitcast_convert %x : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>
  %1 = stablehlo.bitcast_convert %0 : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2xi8>
  return %1 : tensor<2xi8>
}

// -----

// A quantized constant is the constant of its storage integers; compare
// compares the dequantized values.
// CHECK-LABEL: func.func @constant_compare
// CHECK-SAME: (%[[X:.*]]: tensor<2xui8>) -> tensor<2xi1>
// CHECK: %[[C:.*]] = stablehlo.constant dense<[7, 9]> : tensor<2xui8>
// CHECK: %[[FX:.*]] = stablehlo.multiply
// CHECK: stablehlo.convert %[[C]] : (tensor<2xui8>) -> tensor<2xi32>
// CHECK: %[[FC:.*]] = stablehlo.multiply
// CHECK: %[[LT:.*]] = stablehlo.compare  LT, %[[FX]], %[[FC]]
// CHECK: return %[[LT]]
func.func @constant_compare(%x: tensor<2x!quant.uniform<u8:f32, 0.5:1>>) -> tensor<2xi1> {
  %c = stablehlo.constant() <{value = dense<[7, 9]> : tensor<2xui8>}> : () -> tensor<2x!quant.uniform<u8:f32, 0.25:2>>
  %0 = stablehlo.compare LT, %x, %c : (tensor<2x!quant.uniform<u8:f32, 0.5:1>>, tensor<2x!quant.uniform<u8:f32, 0.25:2>>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// An op with a region runs on the storage integers; its body's add on
// quantized scalars dequantizes both, adds in f32 and quantizes.
// CHECK-LABEL: func.func @reduce
// CHECK-SAME: (%[[X:.*]]: tensor<4xi8>, %[[INIT:.*]]: tensor<i8>) -> tensor<i8>
// CHECK: %[[SUM:.*]] = stablehlo.reduce(%[[X]] init: %[[INIT]]) across dimensions = [0] : (tensor<4xi8>, tensor<i8>) -> tensor<i8>
// CHECK-NEXT: reducer(%[[A:.*]]: tensor<i8>, %[[B:.*]]: tensor<i8>)
// CHECK: stablehlo.convert %[[A]] : (tensor<i8>) -> tensor<i32>
// CHECK: %[[FA:.*]] = stablehlo.multiply %{{.*}} : tensor<f32>
// CHECK: stablehlo.convert %[[B]] : (tensor<i8>) -> tensor<i32>
// CHECK: %[[FB:.*]] = stablehlo.multiply %{{.*}} : tensor<f32>
// CHECK: %[[F:.*]] = stablehlo.add %[[FA]], %[[FB]] : tensor<f32>
// CHECK: stablehlo.divide %[[F]]
// CHECK: %[[Q:.*]] = stablehlo.convert %{{.*}} : (tensor<f32>) -> tensor<i8>
// CHECK: stablehlo.return %[[Q]] : tensor<i8>
// CHECK: return %[[SUM]] : tensor<i8>
func.func @reduce(%x: tensor<4x!quant.uniform<i8:f32, 0.5>>, %init: tensor<!quant.uniform<i8:f32, 0.5>>) -> tensor<!quant.uniform<i8:f32, 0.5>> {
  %0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<4x!quant.uniform<i8:f32, 0.5>>, tensor<!quant.uniform<i8:f32, 0.5>>) -> tensor<!quant.uniform<i8:f32, 0.5>>
  return %0 : tensor<!quant.uniform<i8:f32, 0.5>>
}

// -----

// A body that accumulates in a wider quantized type takes the inputs
// converted to it (dequantized and quantized again) before the reduce.
// CHECK-LABEL: func.func @reduce_promoted
// CHECK-SAME: (%[[X:.*]]: tensor<4xi8>, %[[INIT:.*]]: tensor<i16>) -> tensor<i16>
// CHECK: stablehlo.convert %[[X]] : (tensor<4xi8>) -> tensor<4xi32>
// CHECK: %[[WIDE:.*]] = stablehlo.convert %{{.*}} : (tensor<4xf32>) -> tensor<4xi16>
// CHECK: stablehlo.reduce(%[[WIDE]] init: %[[INIT]]) across dimensions = [0] : (tensor<4xi16>, tensor<i16>) -> tensor<i16>
// CHECK: stablehlo.maximum %{{.*}}, %{{.*}} : tensor<f32>
func.func @reduce_promoted(%x: tensor<4x!quant.uniform<i8:f32, 0.5:1>>, %init: tensor<!quant.uniform<i16:f32, 0.5:1>>) -> tensor<!quant.uniform<i16:f32, 0.5:1>> {
  %0 = stablehlo.reduce(%x init: %init) applies stablehlo.maximum across dimensions = [0] : (tensor<4x!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i16:f32, 0.5:1>>) -> tensor<!quant.uniform<i16:f32, 0.5:1>>
  return %0 : tensor<!quant.uniform<i16:f32, 0.5:1>>
}

// -----

// sort moves the storage; its comparator compares dequantized values.
// CHECK-LABEL: func.func @sort
// CHECK-SAME: (%[[X:.*]]: tensor<4xi8>) -> tensor<4xi8>
// CHECK: %[[SORTED:.*]] = "stablehlo.sort"(%[[X]])
// CHECK: ^bb0(%{{.*}}: tensor<i8>, %{{.*}}: tensor<i8>):
// CHECK: %[[LT:.*]] = stablehlo.compare  LT, %{{.*}}, %{{.*}} : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK: stablehlo.return %[[LT]] : tensor<i1>
// CHECK: }) : (tensor<4xi8>) -> tensor<4xi8>
// CHECK: return %[[SORTED]] : tensor<4xi8>
func.func @sort(%x: tensor<4x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:1>> {
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<!quant.uniform<i8:f32, 0.5:1>>, %b: tensor<!quant.uniform<i8:f32, 0.5:1>>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i8:f32, 0.5:1>>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<4x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:1>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:1>>
}

// -----

// A while loop carries the storage; a body value that stays unchanged
// passes through without a conversion.
// CHECK-LABEL: func.func @while
// CHECK-SAME: (%[[X:.*]]: tensor<4xi8>, %[[N:.*]]: tensor<i32>) -> tensor<4xi8>
// CHECK: %[[LOOP:.*]]:2 = stablehlo.while(%[[V:.*]] = %[[X]], %[[I:.*]] = %[[N]]) : tensor<4xi8>, tensor<i32>
// CHECK: stablehlo.return %[[V]], %{{.*}} : tensor<4xi8>, tensor<i32>
// CHECK: return %[[LOOP]]#0 : tensor<4xi8>
func.func @while(%x: tensor<4x!quant.uniform<i8:f32, 0.5:1>>, %n: tensor<i32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:1>> {
  %0:2 = stablehlo.while(%v = %x, %i = %n) : tensor<4x!quant.uniform<i8:f32, 0.5:1>>, tensor<i32>
   cond {
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %c = stablehlo.compare GT, %i, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.subtract %i, %one : tensor<i32>
    stablehlo.return %v, %j : tensor<4x!quant.uniform<i8:f32, 0.5:1>>, tensor<i32>
  }
  return %0#0 : tensor<4x!quant.uniform<i8:f32, 0.5:1>>
}

// -----

// A call passes the storage to its callee, whose signature takes it.
// CHECK-LABEL: func.func private @double
// CHECK-SAME: (%{{.*}}: tensor<4xi8>) -> tensor<4xi8>
// CHECK-LABEL: func.func @call
// CHECK-SAME: (%[[X:.*]]: tensor<4xi8>) -> tensor<4xi8>
// CHECK: %[[Y:.*]] = call @double(%[[X]]) : (tensor<4xi8>) -> tensor<4xi8>
// CHECK: return %[[Y]] : tensor<4xi8>
func.func private @double(%x: tensor<4x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:1>> {
  %0 = stablehlo.add %x, %x : tensor<4x!quant.uniform<i8:f32, 0.5:1>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:1>>
}
func.func @call(%x: tensor<4x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:1>> {
  %0 = func.call @double(%x) : (tensor<4x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:1>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:1>>
}

// -----

// An op outside StableHLO on quantized tensors is refused by name.
func.func @cast(%x: tensor<4x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<?x!quant.uniform<i8:f32, 0.5:1>> {
  // expected-error @+1 {{'tensor.cast' on quantized tensors is not supported by disc yet}}
  %0 = tensor.cast %x : tensor<4x!quant.uniform<i8:f32, 0.5:1>> to tensor<?x!quant.uniform<i8:f32, 0.5:1>>
  return %0 : tensor<?x!quant.uniform<i8:f32, 0.5:1>>
}

// -----

// An op that only moves elements of one quantization moves the storage,
// here per axis, its quantization dimension moving with the transpose.
// CHECK-LABEL: func.func @transpose_per_axis
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xi8>) -> tensor<3x2xi8>
// CHECK-NEXT: %[[T:.*]] = stablehlo.transpose %[[X]], dims = [1, 0] : (tensor<2x3xi8>) -> tensor<3x2xi8>
// CHECK-NEXT: return %[[T]]
func.func @transpose_per_axis(%x: tensor<2x3x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.1:-30,0.5:-20}>> {
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.1:-30,0.5:-20}>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32:1, {0.1:-30,0.5:-20}>>
}

