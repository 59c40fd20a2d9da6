// RUN: disc-opt %s --disc-expand-rng --split-input-file --verify-diagnostics | FileCheck %s

// THREE_FRY with 32-bit elements: the first even dimension (1) is halved,
// the element's word is its index there modulo 2, its counter the state's
// plus its row-major position in the 3x2 halved shape; the state advances
// by the 6 hashes, the key kept.
// CHECK-LABEL: func.func @threefry_u32
// CHECK-SAME: (%[[STATE:.*]]: tensor<2xui64>)
// CHECK-DAG: %[[ONE:.*]] = stablehlo.constant dense<1> : tensor<3x4xui64>
// CHECK-DAG: %[[SIX:.*]] = stablehlo.constant dense<6> : tensor<ui64>
// CHECK-DAG: %[[PARITY:.*]] = stablehlo.constant dense<466688986> : tensor<3x4xui32>
// CHECK: %[[KEY_VECTOR:.*]] = stablehlo.slice %[[STATE]] [0:1]
// CHECK: %[[KEY:.*]] = stablehlo.reshape %[[KEY_VECTOR]] : (tensor<1xui64>) -> tensor<ui64>
// CHECK: %[[COUNTER_VECTOR:.*]] = stablehlo.slice %[[STATE]] [1:2]
// CHECK: %[[COUNTER:.*]] = stablehlo.reshape %[[COUNTER_VECTOR]] : (tensor<1xui64>) -> tensor<ui64>
// CHECK: %[[ROW:.*]] = stablehlo.iota dim = 0 : tensor<3x4xui64>
// CHECK: %[[COLUMN:.*]] = stablehlo.iota dim = 1 : tensor<3x4xui64>
// CHECK: %[[PARITY_BIT:.*]] = stablehlo.and %[[COLUMN]], %[[ONE]]
// CHECK: %[[WHICH:.*]] = stablehlo.convert %[[PARITY_BIT]] : (tensor<3x4xui64>) -> tensor<3x4xui32>
// CHECK: %[[HALF_COLUMN:.*]] = stablehlo.shift_right_logical %[[COLUMN]], %[[ONE]]
// CHECK: stablehlo.multiply %[[HALF_COLUMN]], %[[ONE]]
// CHECK: stablehlo.xor %{{.*}}, %[[PARITY]]
// CHECK-COUNT-20: stablehlo.xor
// CHECK: %[[IS_FIRST:.*]] = stablehlo.compare  EQ, %[[WHICH]]
// CHECK: %[[BITS:.*]] = stablehlo.select %[[IS_FIRST]]
// CHECK: %[[NEXT:.*]] = stablehlo.add %[[COUNTER]], %[[SIX]] : tensor<ui64>
// CHECK: %[[KEY_OUT:.*]] = stablehlo.reshape %[[KEY]] : (tensor<ui64>) -> tensor<1xui64>
// CHECK: %[[NEXT_OUT:.*]] = stablehlo.reshape %[[NEXT]] : (tensor<ui64>) -> tensor<1xui64>
// CHECK: %[[NEW_STATE:.*]] = stablehlo.concatenate %[[KEY_OUT]], %[[NEXT_OUT]], dim = 0
// CHECK: return %[[NEW_STATE]], %[[BITS]] : tensor<2xui64>, tensor<3x4xui32>
func.func @threefry_u32(%arg0: tensor<2xui64>) -> (tensor<2xui64>, tensor<3x4xui32>) {
  %0:2 = stablehlo.rng_bit_generator %arg0, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x4xui32>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<3x4xui32>
}

// -----

// PHILOX with a three-word state and 64-bit float elements: two elements per
// 128-bit counter (state[1], state[2]) plus position / 2, the carry into the
// high word from an unsigned compare; 10 rounds of two 64-bit products; the
// bits become f64 by bitcast; the counter advances by ceil(5 / 2) = 3 in
// both of its words.
// CHECK-LABEL: func.func @philox_f64
// CHECK-SAME: (%[[STATE:.*]]: tensor<3xui64>)
// CHECK-DAG: %[[THREE:.*]] = stablehlo.constant dense<3> : tensor<ui64>
// CHECK-DAG: %[[M_A:.*]] = stablehlo.constant dense<3528531795> : tensor<5xui64>
// CHECK: %[[HIGH_VECTOR:.*]] = stablehlo.slice %[[STATE]] [2:3]
// CHECK: %[[POSITION:.*]] = stablehlo.iota dim = 0 : tensor<5xui64>
// CHECK: stablehlo.compare  LT
// CHECK-COUNT-10: stablehlo.multiply %{{.*}}, %[[M_A]]
// CHECK: %[[BITS:.*]] = stablehlo.select
// CHECK: %[[LOW:.*]] = stablehlo.add %{{.*}}, %[[THREE]] : tensor<ui64>
// CHECK: %[[CARRY:.*]] = stablehlo.compare  LT, %[[LOW]]
// CHECK: %[[HIGH:.*]] = stablehlo.select %[[CARRY]]
// CHECK: %[[VALUES:.*]] = stablehlo.bitcast_convert %[[BITS]] : (tensor<5xui64>) -> tensor<5xf64>
// CHECK: stablehlo.concatenate %{{.*}}, %{{.*}}, %{{.*}}, dim = 0 : (tensor<1xui64>, tensor<1xui64>, tensor<1xui64>) -> tensor<3xui64>
// CHECK: return %{{.*}}, %[[VALUES]]
func.func @philox_f64(%arg0: tensor<3xui64>) -> (tensor<3xui64>, tensor<5xf64>) {
  %0:2 = stablehlo.rng_bit_generator %arg0, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<5xf64>)
  return %0#0, %0#1 : tensor<3xui64>, tensor<5xf64>
}

// -----

// DEFAULT is PHILOX, as on XLA's CPU and GPU: a two-word state comes back
// with two words.
// CHECK-LABEL: func.func @default_u8
// CHECK-NOT: stablehlo.rng_bit_generator
// CHECK: stablehlo.constant dense<3449720151>
// CHECK: stablehlo.convert %{{.*}} : (tensor<7xui32>) -> tensor<7xui8>
// CHECK: stablehlo.concatenate %{{.*}}, %{{.*}}, dim = 0 : (tensor<1xui64>, tensor<1xui64>) -> tensor<2xui64>
func.func @default_u8(%arg0: tensor<2xui64>) -> (tensor<2xui64>, tensor<7xui8>) {
  %0:2 = stablehlo.rng_bit_generator %arg0, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<7xui8>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<7xui8>
}

// -----

func.func @dynamic_output(%arg0: tensor<2xui64>) -> (tensor<2xui64>, tensor<?xui32>) {
  // expected-error @+1 {{stablehlo.rng_bit_generator needs an output of static shape}}
  %0:2 = stablehlo.rng_bit_generator %arg0, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<?xui32>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<?xui32>
}

// -----

func.func @threefry_three_words(%arg0: tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>) {
  // expected-error @+1 {{stablehlo.rng_bit_generator needs THREE_FRY with an initial_state of tensor<2xui64>}}
  %0:2 = stablehlo.rng_bit_generator %arg0, algorithm = THREE_FRY : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return %0#0, %0#1 : tensor<3xui64>, tensor<4xui32>
}
