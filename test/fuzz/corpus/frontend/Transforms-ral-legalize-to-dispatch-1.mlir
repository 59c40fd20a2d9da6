func.func private @no_context() {
  %a = memref.alloc() : memref<4xf32>
  return
}
