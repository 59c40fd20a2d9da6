func.func @no_context(%x: memref<f32>) {
  return
}
