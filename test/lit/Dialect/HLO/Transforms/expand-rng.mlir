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

// A plain op's dynamic output that no use sizes: the op carries no sizes.
func.func @dynamic_output(%arg0: tensor<2xui64>) -> (tensor<2xui64>, tensor<?xui32>) {
  // expected-error @+1 {{stablehlo.rng_bit_generator needs an output of static shape, or one whose sizes an elementwise use fixes through a value of static type or one defined before it (JAX exports a dynamic one as custom_call @stablehlo.dynamic_rng_bit_generator, which carries its sizes)}}
  %0:2 = stablehlo.rng_bit_generator %arg0, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<?xui32>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<?xui32>
}

// -----

// A plain op's dynamic output takes the run-time shape of %x, which the
// multiply after the add (both requiring one shape) pairs with it; the
// expansion is the custom call's, on that shape.
// CHECK-LABEL: func.func @dynamic_output_sized_by_use
// CHECK-SAME: (%[[STATE:.*]]: tensor<2xui64>, %[[X:.*]]: tensor<?x5xui32>)
// CHECK-NOT: stablehlo.rng_bit_generator
// CHECK: %[[ROWS:.*]] = stablehlo.get_dimension_size %[[X]], dim = 0
// CHECK: %[[SHAPE:.*]] = stablehlo.concatenate
// CHECK: stablehlo.dynamic_iota %[[SHAPE]], dim = 0 : (tensor<2xi32>) -> tensor<?x5xui64>
// CHECK-COUNT-20: stablehlo.xor
// CHECK: %[[BITS:.*]] = stablehlo.select
// CHECK: %[[SUM:.*]] = stablehlo.add %[[BITS]], %[[BITS]] : tensor<?x5xui32>
// CHECK: stablehlo.multiply %[[SUM]], %[[X]] : tensor<?x5xui32>
func.func @dynamic_output_sized_by_use(%arg0: tensor<2xui64>, %x: tensor<?x5xui32>) -> (tensor<2xui64>, tensor<?x5xui32>) {
  %0:2 = stablehlo.rng_bit_generator %arg0, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<?x5xui32>)
  %1 = stablehlo.add %0#1, %0#1 : tensor<?x5xui32>
  %2 = stablehlo.multiply %1, %x : tensor<?x5xui32>
  return %0#0, %2 : tensor<2xui64>, tensor<?x5xui32>
}

// -----

// A value of static type sizes the output wherever it is defined: here the
// constant after the generator, whose shape becomes a constant.
// CHECK-LABEL: func.func @dynamic_output_sized_by_static_value
// CHECK: %[[SHAPE:.*]] = stablehlo.constant dense<[3, 5]> : tensor<2xi64>
// CHECK: stablehlo.dynamic_iota %[[SHAPE]], dim = 0 : (tensor<2xi64>) -> tensor<?x5xui64>
// CHECK-NOT: stablehlo.rng_bit_generator
func.func @dynamic_output_sized_by_static_value(%arg0: tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xui32>) {
  %0:2 = stablehlo.rng_bit_generator %arg0, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<?x5xui32>)
  %c = stablehlo.constant dense<1> : tensor<3x5xui32>
  %1 = stablehlo.add %0#1, %c : (tensor<?x5xui32>, tensor<3x5xui32>) -> tensor<3x5xui32>
  return %0#0, %1 : tensor<2xui64>, tensor<3x5xui32>
}

// -----

// JAX's rng_bit_generator of a dynamic shape: iotas and constants take the
// run-time shape of the call's operand; THREE_FRY's halved dimension is
// chosen at run time, each dimension's predicate (first even size, else
// first largest) selecting its coordinates; the state advances by the
// product of the halved sizes.
// CHECK-LABEL: func.func @dynamic_threefry_u32
// CHECK-SAME: (%[[STATE:.*]]: tensor<2xui64>, %[[SHAPE:.*]]: tensor<2xi32>)
// CHECK-NOT: stablehlo.custom_call
// CHECK: %[[ROWS_VECTOR:.*]] = stablehlo.slice %[[SHAPE]] [0:1]
// CHECK: %[[ROWS_I32:.*]] = stablehlo.reshape %[[ROWS_VECTOR]] : (tensor<1xi32>) -> tensor<i32>
// CHECK: %[[ROWS:.*]] = stablehlo.convert %[[ROWS_I32]] : (tensor<i32>) -> tensor<ui64>
// CHECK: %[[ROW:.*]] = stablehlo.dynamic_iota %[[SHAPE]], dim = 0 : (tensor<2xi32>) -> tensor<?x5xui64>
// CHECK: %[[IS_HALVED:.*]] = stablehlo.dynamic_broadcast_in_dim %{{.*}}, %[[SHAPE]], dims = [] : (tensor<i1>, tensor<2xi32>) -> tensor<?x5xi1>
// CHECK: stablehlo.select %[[IS_HALVED]], %{{.*}}, %[[ROW]] : tensor<?x5xi1>, tensor<?x5xui64>
// CHECK-COUNT-20: stablehlo.xor
// CHECK: %[[NEXT:.*]] = stablehlo.add %{{.*}}, %{{.*}} : tensor<ui64>
// CHECK: return %{{.*}}, %{{.*}} : tensor<2xui64>, tensor<?x5xui32>
func.func @dynamic_threefry_u32(%arg0: tensor<2xui64>, %shape: tensor<2xi32>) -> (tensor<2xui64>, tensor<?x5xui32>) {
  %0:2 = stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%arg0, %shape) {api_version = 2 : i32, rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xui64>, tensor<2xi32>) -> (tensor<2xui64>, tensor<?x5xui32>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<?x5xui32>
}

// -----

// PHILOX of 64-bit words on a dynamic shape: the state advances by
// ceil(n / 2) for the run-time element count n.
// CHECK-LABEL: func.func @dynamic_philox_u64
// CHECK-SAME: (%[[STATE:.*]]: tensor<2xui64>, %[[SHAPE:.*]]: tensor<1xi64>)
// CHECK: %[[SIZE_VECTOR:.*]] = stablehlo.slice %[[SHAPE]] [0:1]
// CHECK: %[[SIZE_I64:.*]] = stablehlo.reshape %[[SIZE_VECTOR]] : (tensor<1xi64>) -> tensor<i64>
// CHECK: %[[SIZE:.*]] = stablehlo.convert %[[SIZE_I64]] : (tensor<i64>) -> tensor<ui64>
// CHECK: %[[PLUS_ONE:.*]] = stablehlo.add %[[SIZE]], %{{.*}} : tensor<ui64>
// CHECK: %[[COUNTERS:.*]] = stablehlo.shift_right_logical %[[PLUS_ONE]], %{{.*}} : tensor<ui64>
// CHECK: %[[POSITION:.*]] = stablehlo.dynamic_iota %[[SHAPE]], dim = 0 : (tensor<1xi64>) -> tensor<?xui64>
// CHECK-COUNT-10: stablehlo.multiply %{{.*}} : tensor<?xui64>
// CHECK: stablehlo.add %{{.*}}, %[[COUNTERS]] : tensor<ui64>
// CHECK: return %{{.*}}, %{{.*}} : tensor<2xui64>, tensor<?xui64>
func.func @dynamic_philox_u64(%arg0: tensor<2xui64>, %shape: tensor<1xi64>) -> (tensor<2xui64>, tensor<?xui64>) {
  %0:2 = stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%arg0, %shape) {api_version = 2 : i32, rng_algorithm = #stablehlo<rng_algorithm PHILOX>} : (tensor<2xui64>, tensor<1xi64>) -> (tensor<2xui64>, tensor<?xui64>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<?xui64>
}

// -----

func.func @dynamic_shape_rank(%arg0: tensor<2xui64>, %shape: tensor<1xi32>) -> (tensor<2xui64>, tensor<?x5xui32>) {
  // expected-error @+1 {{stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator needs an output shape operand of one integer per output dimension}}
  %0:2 = stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%arg0, %shape) {api_version = 2 : i32, rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xui64>, tensor<1xi32>) -> (tensor<2xui64>, tensor<?x5xui32>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<?x5xui32>
}

// -----

func.func @threefry_three_words(%arg0: tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>) {
  // expected-error @+1 {{stablehlo.rng_bit_generator needs THREE_FRY with an initial_state of tensor<2xui64>}}
  %0:2 = stablehlo.rng_bit_generator %arg0, algorithm = THREE_FRY : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return %0#0, %0#1 : tensor<3xui64>, tensor<4xui32>
}

// -----

// rng UNIFORM on integers: a + hash mod (b - a) in unsigned arithmetic; the
// first rng op of the module hashes under key 0, the second under key 1.
// CHECK-LABEL: func.func @uniform_integers
// CHECK-SAME: (%[[A:.*]]: tensor<i32>, %[[B:.*]]: tensor<i32>)
// CHECK-DAG: %[[KEY0:.*]] = stablehlo.constant dense<0> : tensor<4xui64>
// CHECK-DAG: %[[KEY1:.*]] = stablehlo.constant dense<1> : tensor<4xui64>
// CHECK: %[[LOW:.*]] = stablehlo.bitcast_convert %{{.*}} : (tensor<4xi32>) -> tensor<4xui32>
// CHECK: %[[HIGH:.*]] = stablehlo.bitcast_convert %{{.*}} : (tensor<4xi32>) -> tensor<4xui32>
// CHECK: %[[RANGE:.*]] = stablehlo.subtract %[[HIGH]], %[[LOW]] : tensor<4xui32>
// CHECK: %[[OFFSET:.*]] = stablehlo.remainder %{{.*}}, %[[RANGE]] : tensor<4xui32>
// CHECK: %[[SUM:.*]] = stablehlo.add %[[OFFSET]], %[[LOW]] : tensor<4xui32>
// CHECK: %[[FIRST:.*]] = stablehlo.bitcast_convert %[[SUM]] : (tensor<4xui32>) -> tensor<4xi32>
// CHECK: stablehlo.remainder
// CHECK: %[[SECOND:.*]] = stablehlo.bitcast_convert
// CHECK: return %[[FIRST]], %[[SECOND]]
func.func @uniform_integers(%a: tensor<i32>, %b: tensor<i32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %shape = stablehlo.constant dense<4> : tensor<1xi64>
  %0 = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<4xi32>
  %1 = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<4xi32>
  return %0, %1 : tensor<4xi32>, tensor<4xi32>
}

// -----

// rng UNIFORM on floats: the top 23 bits of a 32-bit hash scaled by 2^-23
// into [0, 1), then a + u * (b - a), a value rounded up to b becoming a.
// CHECK-LABEL: func.func @uniform_f32
// CHECK-SAME: (%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>)
// CHECK-DAG: %[[SHIFT:.*]] = stablehlo.constant dense<9> : tensor<2x3xui32>
// CHECK-DAG: %[[ULP:.*]] = stablehlo.constant dense<1.1920929E-7> : tensor<2x3xf32>
// CHECK: %[[LOWS:.*]] = stablehlo.broadcast_in_dim %[[A]], dims = [] : (tensor<f32>) -> tensor<2x3xf32>
// CHECK: %[[HIGHS:.*]] = stablehlo.broadcast_in_dim %[[B]], dims = [] : (tensor<f32>) -> tensor<2x3xf32>
// CHECK: %[[TOP:.*]] = stablehlo.shift_right_logical %{{.*}}, %[[SHIFT]] : tensor<2x3xui32>
// CHECK: %[[FLOAT:.*]] = stablehlo.convert %[[TOP]] : (tensor<2x3xui32>) -> tensor<2x3xf32>
// CHECK: %[[UNIT:.*]] = stablehlo.multiply %[[FLOAT]], %[[ULP]]
// CHECK: %[[WIDTH:.*]] = stablehlo.subtract %[[HIGHS]], %[[LOWS]]
// CHECK: %[[SCALED:.*]] = stablehlo.multiply %[[UNIT]], %[[WIDTH]]
// CHECK: %[[VALUE:.*]] = stablehlo.add %[[SCALED]], %[[LOWS]]
// CHECK: %[[BELOW:.*]] = stablehlo.compare  LT, %[[VALUE]], %[[HIGHS]]
// CHECK: %[[RESULT:.*]] = stablehlo.select %[[BELOW]], %[[VALUE]], %[[LOWS]]
// CHECK: return %[[RESULT]]
func.func @uniform_f32(%a: tensor<f32>, %b: tensor<f32>) -> tensor<2x3xf32> {
  %shape = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %0 = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// rng NORMAL on f16: Box-Muller in f32 from the two words of one hash, then
// a + b * z converted to f16.
// CHECK-LABEL: func.func @normal_f16
// CHECK: stablehlo.log %{{.*}} : tensor<8xf32>
// CHECK: stablehlo.sqrt %{{.*}} : tensor<8xf32>
// CHECK: stablehlo.cosine %{{.*}} : tensor<8xf32>
// CHECK: %[[RESULT:.*]] = stablehlo.convert %{{.*}} : (tensor<8xf32>) -> tensor<8xf16>
// CHECK: return %[[RESULT]]
func.func @normal_f16(%a: tensor<f16>, %b: tensor<f16>) -> tensor<8xf16> {
  %shape = stablehlo.constant dense<8> : tensor<1xi64>
  %0 = stablehlo.rng %a, %b, %shape, distribution = NORMAL : (tensor<f16>, tensor<f16>, tensor<1xi64>) -> tensor<8xf16>
  return %0 : tensor<8xf16>
}

// -----

func.func @normal_integers(%a: tensor<i32>, %b: tensor<i32>) -> tensor<8xi32> {
  %shape = stablehlo.constant dense<8> : tensor<1xi64>
  // expected-error @+1 {{stablehlo.rng needs a float element type for NORMAL}}
  %0 = stablehlo.rng %a, %b, %shape, distribution = NORMAL : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<8xi32>
  return %0 : tensor<8xi32>
}
