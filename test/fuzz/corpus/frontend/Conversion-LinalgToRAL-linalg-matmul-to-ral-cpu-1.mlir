func.func @f16_stays(%ctx: !disc_ral.context, %a: memref<8x16xf16>,
                     %b: memref<16x4xf16>, %c: memref<8x4xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%c : memref<8x4xf16>)
  linalg.matmul ins(%a, %b : memref<8x16xf16>, memref<16x4xf16>)
                outs(%c : memref<8x4xf16>)
  return
}
