func.func @add_one(%x: memref<?xf32>) -> memref<?xf32>
    attributes {disc.entry_signature = {inputs = [{dtype = "f32", name = "x", shape = array<i64: -1>}], outputs = [{dtype = "f32", name = "result0", shape = array<i64: -1>}]}} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  %y = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  cf.br ^header(%c0 : index)
^header(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %v = memref.load %x[%i] : memref<?xf32>
  %w = arith.addf %v, %one : f32
  memref.store %w, %y[%i] : memref<?xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next : index)
^exit:
  %copy = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %copy : memref<?xf32>
  return %y : memref<?xf32>
}
