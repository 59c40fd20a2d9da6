func.func @main(%ctx: !disc_ral.context, %x: memref<?x4xf32>,
                %y: memref<4xi32> {bufferization.writable = false})
    -> (memref<?x4xf32>, memref<4xi32>)
    attributes {disc.entry_signature = {inputs = [{dtype = "f32", name = "x", shape = array<i64: -1, 4>}, {dtype = "i32", name = "y", shape = array<i64: 4>}], outputs = [{dtype = "f32", name = "result0", shape = array<i64: -1, 4>}, {dtype = "i32", name = "result1", shape = array<i64: 4>}]}} {
  %sum = "test.use"(%x, %y) : (memref<?x4xf32>, memref<4xi32>) -> memref<?x4xf32>
  return %sum, %y : memref<?x4xf32>, memref<4xi32>
}

func.func @unsigned_io(%ctx: !disc_ral.context, %x: memref<4xi8>)
    -> (memref<4xi16>, memref<4xi8>)
    attributes {disc.entry_signature = {inputs = [{dtype = "ui8", name = "x", shape = array<i64: 4>}], outputs = [{dtype = "ui16", name = "result0", shape = array<i64: 4>}, {dtype = "i8", name = "result1", shape = array<i64: 4>}]}} {
  %w = "test.widen"(%x) : (memref<4xi8>) -> memref<4xi16>
  return %w, %x : memref<4xi16>, memref<4xi8>
}

func.func @two_returns(%ctx: !disc_ral.context, %a: memref<f32>, %b: memref<f32>)
    -> memref<f32> {
  %c = "test.condition"() : () -> i1
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : memref<f32>
^bb2:
  return %b : memref<f32>
}

func.func private @helper(%a: memref<f32>) -> memref<f32> {
  return %a : memref<f32>
}
