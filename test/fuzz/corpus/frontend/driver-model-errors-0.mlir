module {
  llvm.func @disc_model_abi_version() -> i32 {
    %one = llvm.mlir.constant(1 : i32) : i32
    llvm.return %one : i32
  }
}

module attributes {disc.entry_signatures = {main = {inputs = [], outputs = []}}} {
  llvm.func @disc_entry_main(%ctx_struct: !llvm.ptr) {
    llvm.return
  }
}

module attributes {disc.entry_signatures = {main = {inputs = [{dtype = "f32", name = "x"}], outputs = []}}} {
  llvm.func @disc_entry_main(%ctx_struct: !llvm.ptr) {
    llvm.return
  }
}

module attributes {disc.entry_signatures = {main = {inputs = [], outputs = []}}} {
  llvm.func @disc_model_abi_version() -> i32 {
    %one = llvm.mlir.constant(1 : i32) : i32
    llvm.return %one : i32
  }
}

func.func private @helper(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
