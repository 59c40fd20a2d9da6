func.func @inputs_read_on_the_host(%ctx: !disc_ral.context) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c16 = arith.constant 16 : i64
  %x = disc_ral.dispatch %ctx, "ral_recv_input" device "gpu" may_fail(%c0) : (i64) -> memref<8xf32>
  %i = disc_ral.dispatch %ctx, "ral_recv_input" device "gpu" may_fail(%c1) : (i64) -> memref<ui32>
  %signless = builtin.unrealized_conversion_cast %i : memref<ui32> to memref<i32>
  %v = disc_ral.dispatch %ctx, "ral_recv_input" device "gpu" may_fail(%c2) : (i64) -> memref<f32>
  %offset32 = memref.load %signless[] : memref<i32>
  %offset = arith.index_castui %offset32 : i32 to index
  %pad = memref.load %v[] : memref<f32>
  %slice = memref.subview %x[%offset] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: ?>>
  %p = disc_ral.dispatch %ctx, "ral_alloc" device "gpu" may_fail(%c16) : (i64) -> !llvm.ptr
  %out = disc_ral.memref_from_ptr %p : memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]}
      ins(%v, %slice : memref<f32>, memref<4xf32, strided<[1], offset: ?>>) outs(%out : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %t = arith.addf %s, %pad : f32
    linalg.yield %t : f32
  }
  return
}
