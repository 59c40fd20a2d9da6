func.func @complex_input(%ctx: !disc_ral.context) {
  %x = disc_ral.recv_input %ctx, 0 : memref<4xcomplex<f32>>
  return
}
