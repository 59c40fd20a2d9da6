func.func @negative_index(%ctx: !disc_ral.context) {
  %x = disc_ral.recv_input %ctx, -1 : memref<4xf32>
  return
}
