// RUN: %python %S/Inputs/fnv1a64.py %S/Inputs/model.llvm.mlir > %t.ll
// RUN: disc-compile %S/Inputs/model.llvm.mlir --compile-from=llvm --emit=llvm --target-cpu=znver3 >> %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: disc-compile %S/Inputs/model.llvm.mlir --compile-from=llvm --emit=llvm -O0 | FileCheck %s --check-prefix=O0

// The metadata JSON of docs/ABI.md, from the module's entry signatures; the
// source hash is FNV-1a 64 of the input file.
// CHECK: source_hash [[HASH:[0-9a-f]+]]
// CHECK: @disc_model_metadata_json = private unnamed_addr constant
// CHECK-SAME: c"{\22abi_version\22:1,
// CHECK-SAME: \22compiler_version\22:\22disc 0.1.0 (LLVM 22.{{[0-9.]+}})\22,
// CHECK-SAME: \22target\22:\22cpu\22,\22target_cpu\22:\22znver3\22,
// CHECK-SAME: \22source_hash\22:\22fnv1a64:[[HASH]]\22,
// CHECK-SAME: \22functions\22:[{\22name\22:\22main\22,\22symbol\22:\22disc_entry_main\22,
// CHECK-SAME: \22inputs\22:[{\22name\22:\22x\22,\22dtype\22:\22f32\22,\22shape\22:[-1,64]}],
// CHECK-SAME: \22outputs\22:[{\22name\22:\22result0\22,\22dtype\22:\22f32\22,\22shape\22:[-1,10]}]}]}\00"

// Only the ABI's exports stay external.
// CHECK-DAG: define void @disc_entry_main(ptr
// CHECK-DAG: define{{.*}} i32 @disc_model_abi_version()
// CHECK-DAG: define{{.*}} ptr @disc_model_metadata()

// Without optimization the helpers are still there, internal.
// O0: define internal void @main(ptr
// O0: define internal float @scale(float
// O0: define void @disc_entry_main(ptr
// O0: define ptr @disc_model_metadata()
// O0-NEXT: entry:
// O0-NEXT: ret ptr @disc_model_metadata_json
