module attributes {disc.entry_signatures = {main = {inputs = [{dtype = "f32", name = "x", shape = array<i64: -1, 64>}], outputs = [{dtype = "f32", name = "result0", shape = array<i64: -1, 10>}]}}} {
  llvm.func internal @main(%ctx_struct: !llvm.ptr) {
    %value = llvm.load %ctx_struct : !llvm.ptr -> f32
    %result = llvm.call @scale(%value) : (f32) -> f32
    llvm.store %result, %ctx_struct : f32, !llvm.ptr
    llvm.return
  }
  llvm.func internal @scale(%x: f32) -> f32 {
    %e = llvm.call @expf(%x) : (f32) -> f32
    llvm.return %e : f32
  }
  llvm.func @expf(f32) -> f32
  llvm.func @disc_entry_main(%ctx_struct: !llvm.ptr) {
    llvm.call @main(%ctx_struct) : (!llvm.ptr) -> ()
    llvm.return
  }
  llvm.func @disc_model_abi_version() -> i32 {
    %one = llvm.mlir.constant(1 : i32) : i32
    llvm.return %one : i32
  }
}
