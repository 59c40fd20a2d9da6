func.func @f32_and_f64(%ctx: !disc_ral.context, %a: memref<64x128xf32>,
                       %b: memref<128x32xf32>, %c: memref<64x32xf32>,
                       %x: memref<?x?x16xf64>, %y: memref<?x16x?xf64>,
                       %z: memref<?x?x?xf64>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<64x32xf32>)
  linalg.matmul ins(%a, %b : memref<64x128xf32>, memref<128x32xf32>)
                outs(%c : memref<64x32xf32>)
  %zero64 = arith.constant 0.0 : f64
  linalg.fill ins(%zero64 : f64) outs(%z : memref<?x?x?xf64>)
  linalg.batch_matmul ins(%x, %y : memref<?x?x16xf64>, memref<?x16x?xf64>)
                      outs(%z : memref<?x?x?xf64>)
  return
}
