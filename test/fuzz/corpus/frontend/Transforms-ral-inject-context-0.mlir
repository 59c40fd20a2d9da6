func.func @main(%x: memref<?xf32>) -> memref<?xf32>
    attributes {disc.entry_signature = {inputs = [], outputs = []}} {
  return %x : memref<?xf32>
}

func.func @no_args() {
  return
}

func.func private @helper(%x: f32) -> f32 {
  return %x : f32
}

func.func private @external(f32)
