memref.global "private" constant @cst : memref<2xf32> = dense<[1.0, 2.0]>
memref.global @table : memref<2xi32> = dense<[3, 4]>

func.func private @helper() -> f32 {
  %m = memref.get_global @cst : memref<2xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<2xf32>
  %a = math.erf %v : f32
  return %a : f32
}

func.func @run(%ctx: !disc_ral.context)
    attributes {disc.entry_signature = {inputs = [], outputs = []}} {
  %v = func.call @helper() : () -> f32
  return
}

func.func @other(%ctx: !disc_ral.context)
    attributes {disc.entry_signature = {inputs = [], outputs = [{dtype = "i32", name = "t", shape = array<i64: 2>}]}} {
  %t = memref.get_global @table : memref<2xi32>
  %c0 = arith.constant 0 : i64
  disc_ral.dispatch %ctx, "ral_send_output" device "cpu" may_fail (%c0, %t) : (i64, memref<2xi32>) -> ()
  return
}
