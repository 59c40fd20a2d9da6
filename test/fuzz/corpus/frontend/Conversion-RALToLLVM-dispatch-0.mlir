func.func @main(%ctx: !disc_ral.context)
    attributes {disc.entry_signature = {inputs = [{dtype = "f32", name = "x", shape = array<i64: -1, 4>}], outputs = []}} {
  %c0 = arith.constant 0 : i64
  %x = disc_ral.dispatch %ctx, "ral_recv_input" device "cpu" may_fail (%c0) : (i64) -> memref<?x4xf32>
  disc_ral.dispatch %ctx, "ral_send_output" device "cpu" may_fail (%c0, %x) : (i64, memref<?x4xf32>) -> ()
  return
}

func.func private @scalars(%ctx: !disc_ral.context, %flag: i1, %m: memref<i32>,
                           %h: f16) -> f64 {
  %b, %d = disc_ral.dispatch %ctx, "ral_flag" device "cpu" (%flag, %m, %h)
      : (i1, memref<i32>, f16) -> (i1, f64)
  return %d : f64
}

func.func private @loop(%ctx: !disc_ral.context, %n: i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  cf.br ^header(%c0 : i64)
^header(%i: i64):
  %more = arith.cmpi slt, %i, %n : i64
  cf.cond_br %more, ^body, ^exit
^body:
  %p = disc_ral.dispatch %ctx, "ral_alloc" device "cpu" may_fail (%i) : (i64) -> !llvm.ptr
  %next = arith.addi %i, %c1 : i64
  cf.br ^header(%next : i64)
^exit:
  return
}

func.func private @view(%p: !llvm.ptr, %n: index) -> memref<?x3xf32> {
  %m = disc_ral.memref_from_ptr %p[%n] : memref<?x3xf32>
  return %m : memref<?x3xf32>
}
