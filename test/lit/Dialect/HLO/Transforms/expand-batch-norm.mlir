// RUN: disc-opt %s --disc-expand-batch-norm --split-input-file | FileCheck %s

// Inference: the per-feature factor and shift first, then one multiply and
// one add per element.
// CHECK-LABEL: func.func @inference
// CHECK-SAME: (%[[X:.*]]: tensor<4x3x5xf32>, %[[SCALE:.*]]: tensor<3xf32>, %[[OFFSET:.*]]: tensor<3xf32>, %[[MEAN:.*]]: tensor<3xf32>, %[[VAR:.*]]: tensor<3xf32>)
// CHECK: %[[EPS:.*]] = stablehlo.constant dense<1.000000e-03> : tensor<3xf32>
// CHECK: %[[SHIFTED:.*]] = stablehlo.add %[[VAR]], %[[EPS]] : tensor<3xf32>
// CHECK: %[[INV:.*]] = stablehlo.rsqrt %[[SHIFTED]] : tensor<3xf32>
// CHECK: %[[FACTOR:.*]] = stablehlo.multiply %[[SCALE]], %[[INV]] : tensor<3xf32>
// CHECK: %[[MF:.*]] = stablehlo.multiply %[[MEAN]], %[[FACTOR]] : tensor<3xf32>
// CHECK: %[[SHIFT:.*]] = stablehlo.subtract %[[OFFSET]], %[[MF]] : tensor<3xf32>
// CHECK: %[[BSHIFT:.*]] = stablehlo.broadcast_in_dim %[[SHIFT]], dims = [1] : (tensor<3xf32>) -> tensor<4x3x5xf32>
// CHECK: %[[BFACTOR:.*]] = stablehlo.broadcast_in_dim %[[FACTOR]], dims = [1] : (tensor<3xf32>) -> tensor<4x3x5xf32>
// CHECK: %[[SCALED:.*]] = stablehlo.multiply %[[X]], %[[BFACTOR]] : tensor<4x3x5xf32>
// CHECK: %[[Y:.*]] = stablehlo.add %[[SCALED]], %[[BSHIFT]] : tensor<4x3x5xf32>
// CHECK: return %[[Y]]
func.func @inference(%x: tensor<4x3x5xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<4x3x5xf32> {
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<4x3x5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<4x3x5xf32>
  return %0 : tensor<4x3x5xf32>
}

// -----

// Training: the mean, then the variance from the centered values (two
// passes), over every dimension but the feature one; the output as in
// inference from them.
// CHECK-LABEL: func.func @training
// CHECK-SAME: (%[[X:.*]]: tensor<4x2x3xf64>, %{{.*}}: tensor<2xf64>, %{{.*}}: tensor<2xf64>)
// CHECK-DAG: %[[COUNT:.*]] = stablehlo.constant dense<1.200000e+01> : tensor<2xf64>
// CHECK-DAG: %[[ZERO:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<f64>
// CHECK: %[[SUM:.*]] = stablehlo.reduce(%[[X]] init: %[[ZERO]]) applies stablehlo.add across dimensions = [0, 2] : (tensor<4x2x3xf64>, tensor<f64>) -> tensor<2xf64>
// CHECK: %[[MEAN:.*]] = stablehlo.divide %[[SUM]], %[[COUNT]] : tensor<2xf64>
// CHECK: %[[BMEAN:.*]] = stablehlo.broadcast_in_dim %[[MEAN]], dims = [1]
// CHECK: %[[CENTERED:.*]] = stablehlo.subtract %[[X]], %[[BMEAN]]
// CHECK: %[[SQUARES:.*]] = stablehlo.multiply %[[CENTERED]], %[[CENTERED]]
// CHECK: %[[SQSUM:.*]] = stablehlo.reduce(%[[SQUARES]] init: %[[ZERO]]) applies stablehlo.add across dimensions = [0, 2]
// CHECK: %[[VAR:.*]] = stablehlo.divide %[[SQSUM]], %[[COUNT]] : tensor<2xf64>
// CHECK: stablehlo.rsqrt
// CHECK: %[[Y:.*]] = stablehlo.add %{{.*}}, %{{.*}} : tensor<4x2x3xf64>
// CHECK: return %[[Y]], %[[MEAN]], %[[VAR]]
func.func @training(%x: tensor<4x2x3xf64>, %s: tensor<2xf64>, %o: tensor<2xf64>) -> (tensor<4x2x3xf64>, tensor<2xf64>, tensor<2xf64>) {
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<4x2x3xf64>, tensor<2xf64>, tensor<2xf64>) -> (tensor<4x2x3xf64>, tensor<2xf64>, tensor<2xf64>)
  return %0#0, %0#1, %0#2 : tensor<4x2x3xf64>, tensor<2xf64>, tensor<2xf64>
}

// -----

// Grad: grad_offset = sum(dy), grad_scale = sum(dy * (x - mean)) *
// rsqrt(var + eps), grad_operand = scale * rsqrt(var + eps) / N *
// (N * dy - grad_offset - (x - mean) * sum(dy * (x - mean)) / (var + eps)).
// CHECK-LABEL: func.func @grad
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[SCALE:.*]]: tensor<3xf32>, %[[MEAN:.*]]: tensor<3xf32>, %[[VAR:.*]]: tensor<3xf32>, %[[DY:.*]]: tensor<2x3xf32>)
// CHECK-DAG: %[[N:.*]] = stablehlo.constant dense<2.000000e+00> : tensor<3xf32>
// CHECK-DAG: %[[NFULL:.*]] = stablehlo.constant dense<2.000000e+00> : tensor<2x3xf32>
// CHECK: %[[BMEAN:.*]] = stablehlo.broadcast_in_dim %[[MEAN]], dims = [1]
// CHECK: %[[CENTERED:.*]] = stablehlo.subtract %[[X]], %[[BMEAN]]
// CHECK: %[[INV:.*]] = stablehlo.rsqrt
// CHECK: %[[GOFFSET:.*]] = stablehlo.reduce(%[[DY]] init: %{{.*}}) applies stablehlo.add across dimensions = [0]
// CHECK: %[[DYC:.*]] = stablehlo.multiply %[[DY]], %[[CENTERED]]
// CHECK: %[[DOT:.*]] = stablehlo.reduce(%[[DYC]] init: %{{.*}}) applies stablehlo.add across dimensions = [0]
// CHECK: %[[GSCALE:.*]] = stablehlo.multiply %[[DOT]], %[[INV]]
// CHECK: %[[INVVAR:.*]] = stablehlo.multiply %[[INV]], %[[INV]]
// CHECK: %[[Q:.*]] = stablehlo.multiply %[[DOT]], %[[INVVAR]]
// CHECK: %[[BQ:.*]] = stablehlo.broadcast_in_dim %[[Q]], dims = [1]
// CHECK: %[[PROJ:.*]] = stablehlo.multiply %[[CENTERED]], %[[BQ]]
// CHECK: %[[NDY:.*]] = stablehlo.multiply %[[DY]], %[[NFULL]]
// CHECK: %[[BGO:.*]] = stablehlo.broadcast_in_dim %[[GOFFSET]], dims = [1]
// CHECK: %[[D1:.*]] = stablehlo.subtract %[[NDY]], %[[BGO]]
// CHECK: %[[BRACKET:.*]] = stablehlo.subtract %[[D1]], %[[PROJ]]
// CHECK: %[[SI:.*]] = stablehlo.multiply %[[SCALE]], %[[INV]]
// CHECK: %[[FACTOR:.*]] = stablehlo.divide %[[SI]], %[[N]]
// CHECK: %[[BFACTOR:.*]] = stablehlo.broadcast_in_dim %[[FACTOR]], dims = [1]
// CHECK: %[[GX:.*]] = stablehlo.multiply %[[BFACTOR]], %[[BRACKET]]
// CHECK: return %[[GX]], %[[GSCALE]], %[[GOFFSET]]
func.func @grad(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>, %dy: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %v, %dy) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// A dynamic operand shape is left for the lowering to report.
// CHECK-LABEL: func.func @dynamic
// CHECK: stablehlo.batch_norm_inference
func.func @dynamic(%x: tensor<?x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<?x3xf32> {
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<?x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
