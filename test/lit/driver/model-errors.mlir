// Problems found after the last phase name the model's missing pieces.
// RUN: split-file %s %t
// RUN: not disc-compile %t/no-public.mlir -o %t.so 2>&1 | FileCheck %s --check-prefix=NO-PUBLIC
// RUN: not disc-compile %t/no-entry.mlir --compile-from=llvm -o %t.so 2>&1 | FileCheck %s --check-prefix=NO-ENTRY
// RUN: not disc-compile %t/no-version.mlir --compile-from=llvm -o %t.so 2>&1 | FileCheck %s --check-prefix=NO-VERSION
// RUN: not disc-compile %t/bad-signature.mlir --compile-from=llvm -o %t.so 2>&1 | FileCheck %s --check-prefix=BAD-SIGNATURE
// RUN: not disc-compile %t/no-wrapper.mlir --compile-from=llvm -o %t.so 2>&1 | FileCheck %s --check-prefix=NO-WRAPPER

// NO-ENTRY: no-entry.mlir:1:1: error: the program has no public function to export (no entry signature in 'disc.entry_signatures' or on a disc_entry_<fn> function); a model needs at least one
// NO-ENTRY-NOT: see current operation
// NO-PUBLIC: error: the program has no public function to export
// NO-PUBLIC-NOT: builtin.module
// NO-VERSION: no-version.mlir:1:1: error: the module defines no 'disc_model_abi_version'; the llvm phase (disc-ral-to-llvm) must emit it
// BAD-SIGNATURE: bad-signature.mlir:1:1: error: entry signature inputs[0] needs name, dtype and shape (array<i64>), got {dtype = "f32", name = "x"}
// NO-WRAPPER: no-wrapper.mlir:1:1: error: entry function 'main' has no exported 'disc_entry_main' in the LLVM module

//--- no-entry.mlir
module {
  llvm.func @disc_model_abi_version() -> i32 {
    %one = llvm.mlir.constant(1 : i32) : i32
    llvm.return %one : i32
  }
}

//--- no-version.mlir
module attributes {disc.entry_signatures = {main = {inputs = [], outputs = []}}} {
  llvm.func @disc_entry_main(%ctx_struct: !llvm.ptr) {
    llvm.return
  }
}

//--- bad-signature.mlir
module attributes {disc.entry_signatures = {main = {inputs = [{dtype = "f32", name = "x"}], outputs = []}}} {
  llvm.func @disc_entry_main(%ctx_struct: !llvm.ptr) {
    llvm.return
  }
}

//--- no-wrapper.mlir
module attributes {disc.entry_signatures = {main = {inputs = [], outputs = []}}} {
  llvm.func @disc_model_abi_version() -> i32 {
    %one = llvm.mlir.constant(1 : i32) : i32
    llvm.return %one : i32
  }
}

//--- no-public.mlir
func.func private @helper(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
