// 8-bit floats, bf16 and i4 compile for CUDA: an f8E4M3FN product is
// computed in f32 and rounded back to its bits by integer arithmetic in the
// kernel, a bf16 sum in f32, an i4 sum as bytes (wrap-around kept).
// RUN: disc-compile %s --target=cuda --cuda-arch=sm_90 --emit=ptx -o - | FileCheck %s

// CHECK: .visible .entry
// CHECK-DAG: mul.rn.f32
// CHECK-DAG: ld.global.b8
// CHECK-DAG: st.global.b8
func.func @main(%a: tensor<64xf8E4M3FN>, %b: tensor<64xf8E4M3FN>, %c: tensor<64xbf16>, %d: tensor<64xbf16>, %e: tensor<64xi4>, %f: tensor<64xi4>) -> (tensor<64xf8E4M3FN>, tensor<64xbf16>, tensor<64xi4>) {
  %0 = stablehlo.multiply %a, %b : tensor<64xf8E4M3FN>
  %1 = stablehlo.add %c, %d : tensor<64xbf16>
  %2 = stablehlo.add %e, %f : tensor<64xi4>
  return %0, %1, %2 : tensor<64xf8E4M3FN>, tensor<64xbf16>, tensor<64xi4>
}
