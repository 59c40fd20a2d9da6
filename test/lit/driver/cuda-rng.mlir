// rng_bit_generator and rng compile for CUDA: their expansion is elementwise
// (Threefry's rotations become funnel shifts, Philox's 32x32-bit products
// high-word multiplies), computed by kernels like any elementwise chain.
// RUN: disc-compile %s --target=cuda --cuda-arch=sm_90 --emit=ptx -o - | FileCheck %s

// CHECK: .visible .entry
// CHECK-DAG: shf.l.wrap.b32
// CHECK-DAG: mul.hi.u32
// CHECK-DAG: fma.rn.f32
func.func @main(%philox_state: tensor<3xui64>, %threefry_state: tensor<2xui64>, %a: tensor<f32>, %b: tensor<f32>) -> (tensor<3xui64>, tensor<256xui32>, tensor<2xui64>, tensor<256xui64>, tensor<256xf32>) {
  %0:2 = stablehlo.rng_bit_generator %philox_state, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<256xui32>)
  %1:2 = stablehlo.rng_bit_generator %threefry_state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<256xui64>)
  %shape = stablehlo.constant dense<256> : tensor<1xi64>
  %2 = stablehlo.rng %a, %b, %shape, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<256xf32>
  return %0#0, %0#1, %1#0, %1#1, %2 : tensor<3xui64>, tensor<256xui32>, tensor<2xui64>, tensor<256xui64>, tensor<256xf32>
}
