func.func public @main(%ctx: !disc_ral.context)
    attributes {disc.entry_signature = {inputs = [], outputs = []}} {
  %captures = llvm.mlir.zero : !llvm.ptr
  %count = arith.constant 1000 : index
  %grain = arith.constant 10 : index
  disc_ral.parallel_for %ctx, @main_parallel(%captures, %count, %grain)
  return
}

func.func private @main_parallel(%captures: !llvm.ptr, %begin: index,
                                 %end: index) {
  return
}
