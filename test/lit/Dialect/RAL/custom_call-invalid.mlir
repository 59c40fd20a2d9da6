// RUN: disc-opt %s -split-input-file -verify-diagnostics

func.func @bad_name(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'disc_ral.custom_call' op call target name 'a___b' must be non-empty and free of '___'}}
  %0 = disc_ral.custom_call "a___b"(%x : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @dynamic_result(%x: tensor<?xf32>, %n: index) -> tensor<?x?xf32> {
  // expected-error@+1 {{'disc_ral.custom_call' op has 1 result sizes for 2 dynamic result dimensions}}
  %0 = disc_ral.custom_call "grow"(%x : tensor<?xf32>) sizes(%n) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @returned_from_tensor(%x: tensor<?xf32>) -> memref<?xf32> {
  // expected-error@+1 {{'disc_ral.custom_call' op returning memrefs takes memref inputs, but input #0 has type 'tensor<?xf32>'}}
  %0 = disc_ral.custom_call "positive"(%x : tensor<?xf32>) -> memref<?xf32>
  return %0 : memref<?xf32>
}

// -----

func.func @no_results(%x: tensor<4xf32>) {
  // expected-error@+1 {{'disc_ral.custom_call' op must have at least one result or output}}
  disc_ral.custom_call "sink"(%x : tensor<4xf32>)
  return
}

// -----

func.func @mixed(%x: tensor<4xf32>, %o: memref<4xf32>) {
  // expected-error@+1 {{'disc_ral.custom_call' op with outputs takes memref inputs, but input #0 has type 'tensor<4xf32>'}}
  disc_ral.custom_call "half"(%x : tensor<4xf32>) outs(%o : memref<4xf32>)
  return
}

// -----

func.func @complex(%x: tensor<4xcomplex<f16>>) -> tensor<4xf32> {
  // expected-error@+1 {{'disc_ral.custom_call' op input #0 has type 'memref<4xcomplex<f16>>', which has no RAL type encoding}}
  %0 = disc_ral.custom_call "abs"(%x : tensor<4xcomplex<f16>>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
