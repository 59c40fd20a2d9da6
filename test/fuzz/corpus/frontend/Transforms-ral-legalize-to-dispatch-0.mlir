func.func @main(%ctx: !disc_ral.context) {
  %x = disc_ral.recv_input %ctx, 0 : memref<?x64xf32>
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?x64xf32>
  %t = memref.alloc(%n) : memref<?x64xf32>
  memref.copy %x, %t : memref<?x64xf32> to memref<?x64xf32>
  %s = memref.alloca() : memref<4xf32>
  disc_ral.send_output %ctx, 1, %t : memref<?x64xf32>
  memref.dealloc %t : memref<?x64xf32>
  return
}

func.func @static_sizes(%ctx: !disc_ral.context) {
  %a = memref.alloc() : memref<2x3xi1>
  %b = memref.alloc() : memref<bf16>
  %c = memref.alloc() : memref<0x4xf64>
  "test.use"(%a, %b, %c) : (memref<2x3xi1>, memref<bf16>, memref<0x4xf64>) -> ()
  return
}
