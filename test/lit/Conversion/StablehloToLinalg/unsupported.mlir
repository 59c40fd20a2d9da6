// RUN: disc-opt %s --disc-stablehlo-to-linalg -verify-diagnostics -split-input-file

// One error per unsupported op kind, at its first occurrence, and a summary
// at the module. Ops nested in an unsupported op are not counted; ops in the
// regions of a lowered while are.
// expected-error@+1 {{unsupported ops: stablehlo.rng_bit_generator (2), stablehlo.sort (1), stablehlo.tuple (1)}}
module {
  func.func @unsupported(%a: tensor<4xf32>, %n: tensor<i32>, %state: tensor<2xui64>) -> tensor<4xf32> {
    // expected-error@+1 {{stablehlo.sort whose body holds a non-scalar stablehlo.tuple is not supported by disc yet}}
    %0 = "stablehlo.sort"(%a) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %t = "stablehlo.tuple"(%x) : (tensor<f32>) -> tuple<tensor<f32>>
      %c = stablehlo.compare LT, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    }) {dimension = 0 : i64} : (tensor<4xf32>) -> tensor<4xf32>
    // expected-error@+1 {{stablehlo.rng_bit_generator is not supported by disc yet}}
    %1:2 = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
    %2:2 = "stablehlo.while"(%0, %n) ({
    ^bb0(%v: tensor<4xf32>, %i: tensor<i32>):
      %zero = stablehlo.constant dense<0> : tensor<i32>
      %c = stablehlo.compare GT, %i, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    }, {
    ^bb0(%v: tensor<4xf32>, %i: tensor<i32>):
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.subtract %i, %one : tensor<i32>
      %s:2 = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
      stablehlo.return %v, %j : tensor<4xf32>, tensor<i32>
    }) : (tensor<4xf32>, tensor<i32>) -> (tensor<4xf32>, tensor<i32>)
    // expected-error@+1 {{stablehlo.tuple on tuple<tensor<4xf32>> is not supported by disc yet}}
    %3 = "stablehlo.tuple"(%2#0) : (tensor<4xf32>) -> tuple<tensor<4xf32>>
    return %2#0 : tensor<4xf32>
  }
}

// -----

// A comparator (or any body) may read constants from outside it, which
// canonicalization hoists there, but no other value.
// expected-error@+1 {{unsupported ops: stablehlo.sort (1)}}
module {
  func.func @sort_reads_outside(%a: tensor<4xf32>, %pivot: tensor<f32>) -> tensor<4xf32> {
    // expected-error@+1 {{stablehlo.sort whose body reads a value defined outside it is not supported by disc yet}}
    %0 = "stablehlo.sort"(%a) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %d = stablehlo.subtract %x, %pivot : tensor<f32>
      %c = stablehlo.compare LT, %d, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    }) {dimension = 0 : i64} : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

// Unsupported attributes are diagnosed, never a crash.
// expected-error@+1 {{unsupported ops: stablehlo.convolution (1)}}
module {
  func.func @grouped_both(%x: tensor<4x4x5x5xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<2x4x3x3xf32> {
    // expected-error@+1 {{stablehlo.convolution with both feature_group_count and batch_group_count > 1 is not supported by disc yet}}
    %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 2 : i64, feature_group_count = 2 : i64} : (tensor<4x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<2x4x3x3xf32>
    return %0 : tensor<2x4x3x3xf32>
  }
}

// -----

// expected-error@+1 {{unsupported ops: stablehlo.custom_call (1), stablehlo.reduce (1)}}
module {
  func.func @reduce_with_bad_body(%a: tensor<4xf32>, %init: tensor<f32>) -> (tensor<f32>, tensor<4xf32>) {
    // expected-error@+1 {{stablehlo.reduce whose body holds stablehlo.custom_call is not supported by disc yet}}
    %0 = "stablehlo.reduce"(%a, %init) ({
    ^bb0(%acc: tensor<f32>, %x: tensor<f32>):
      %1 = stablehlo.custom_call @combine(%acc, %x) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      stablehlo.return %1 : tensor<f32>
    }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    // expected-error@+1 {{stablehlo.custom_call @my_kernel with has_side_effect is not supported by disc yet}}
    %2 = stablehlo.custom_call @my_kernel(%a) {has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
    return %0, %2 : tensor<f32>, tensor<4xf32>
  }
}

// -----

// Ops the spec does not define on complex numbers (remainder) and complex
// element types not lowered (complex<f16>) are refused naming what is at
// fault.
// expected-error@+1 {{unsupported ops: stablehlo.add (1), stablehlo.remainder (1)}}
module {
  func.func @complex(%a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f16>>) -> (tensor<4xcomplex<f32>>, tensor<4xcomplex<f16>>) {
    // expected-error@+1 {{stablehlo.remainder on complex numbers is not supported by disc yet}}
    %0 = stablehlo.remainder %a, %a : tensor<4xcomplex<f32>>
    // expected-error@+1 {{stablehlo.add on element type complex<f16> is not supported by disc yet}}
    %1 = stablehlo.add %b, %b : tensor<4xcomplex<f16>>
    return %0, %1 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f16>>
  }
}
