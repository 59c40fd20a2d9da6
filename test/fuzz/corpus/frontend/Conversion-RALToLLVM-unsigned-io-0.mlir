func.func @main(%x: memref<4xi8>) -> memref<4xi8>
    attributes {disc.entry_signature = {inputs = [{dtype = "ui8", name = "x", shape = array<i64: 4>}], outputs = [{dtype = "ui8", name = "result0", shape = array<i64: 4>}]}} {
  %y = memref.alloc() : memref<4xi8>
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<4xi8>
  memref.store %v, %y[%c0] : memref<4xi8>
  return %y : memref<4xi8>
}
