// RUN: disc-opt %s --split-input-file --disc-kernel-graph-to-llvm | FileCheck %s

// One invoke per kernel in program order, values released after their last
// use, returned values add_ref'ed into the result slots.

// CHECK: module attributes {disc.kernel_graph_signatures = [{entry = "disc_kg_entry_sample", inputs = ["!tfrt.chain"], name = "sample", outputs = ["i32", "!tfrt.chain"]}]}
// CHECK-LABEL: llvm.func @disc_kg_entry_sample(
// CHECK-SAME: %[[CTX_STRUCT:.*]]: !llvm.ptr, %[[ARGS:.*]]: !llvm.ptr, %[[RESULTS:.*]]: !llvm.ptr) {
// CHECK-NEXT: %[[HOST:.*]] = llvm.load %[[CTX_STRUCT]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT: %[[API_SLOT:.*]] = llvm.getelementptr %[[CTX_STRUCT]][2]
// CHECK-NEXT: %[[API:.*]] = llvm.load %[[API_SLOT]]
// CHECK-NEXT: %[[INVOKE_ADDR:.*]] = llvm.getelementptr %[[API]][0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, i32, ptr, ptr, ptr, ptr, ptr)>
// CHECK-NEXT: %[[INVOKE:.*]] = llvm.load %[[INVOKE_ADDR]]
// CHECK-NEXT: %[[ADD_REF_ADDR:.*]] = llvm.getelementptr %[[API]][0, 3]
// CHECK-NEXT: %[[ADD_REF:.*]] = llvm.load %[[ADD_REF_ADDR]]
// CHECK-NEXT: %[[DROP_REF_ADDR:.*]] = llvm.getelementptr %[[API]][0, 4]
// CHECK-NEXT: %[[DROP_REF:.*]] = llvm.load %[[DROP_REF_ADDR]]
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i64)
// CHECK-NEXT: %[[KARGS:.*]] = llvm.alloca %[[ONE]] x !llvm.array<2 x ptr>
// CHECK-NEXT: %[[KRESULTS:.*]] = llvm.alloca %[[ONE]] x !llvm.array<1 x ptr>
// CHECK-NEXT: %[[CH0_ADDR:.*]] = llvm.getelementptr %[[ARGS]][0]
// CHECK-NEXT: %[[CH0:.*]] = llvm.load %[[CH0_ADDR]]
//
// %one = tfrt.constant.i32 1
// CHECK-NEXT: %[[SITE0:.*]] = llvm.mlir.addressof @[[SITE0_NAME:disc_kg_site_0]]
// CHECK-NEXT: llvm.call %[[INVOKE]](%[[HOST]], %[[SITE0]], %[[KARGS]], %[[KRESULTS]])
// CHECK-NEXT: llvm.getelementptr %[[KRESULTS]][0]
// CHECK-NEXT: %[[ONE_V:.*]] = llvm.load
//
// %two = tfrt.constant.i32 2
// CHECK-NEXT: llvm.mlir.addressof @disc_kg_site_1
// CHECK-NEXT: llvm.call %[[INVOKE]]
// CHECK-NEXT: llvm.getelementptr %[[KRESULTS]][0]
// CHECK-NEXT: %[[TWO_V:.*]] = llvm.load
//
// %three = tfrt.add.i32 %one, %two, then %one and %two are released.
// CHECK-NEXT: %[[SITE2:.*]] = llvm.mlir.addressof @disc_kg_site_2
// CHECK-NEXT: %[[SLOT0:.*]] = llvm.getelementptr %[[KARGS]][0]
// CHECK-NEXT: llvm.store %[[ONE_V]], %[[SLOT0]]
// CHECK-NEXT: %[[SLOT1:.*]] = llvm.getelementptr %[[KARGS]][1]
// CHECK-NEXT: llvm.store %[[TWO_V]], %[[SLOT1]]
// CHECK-NEXT: llvm.call %[[INVOKE]](%[[HOST]], %[[SITE2]], %[[KARGS]], %[[KRESULTS]])
// CHECK-NEXT: llvm.getelementptr %[[KRESULTS]][0]
// CHECK-NEXT: %[[THREE_V:.*]] = llvm.load
// CHECK-NEXT: llvm.call %[[DROP_REF]](%[[ONE_V]])
// CHECK-NEXT: llvm.call %[[DROP_REF]](%[[TWO_V]])
//
// %ch1 = tfrt.print.i32 %three, %ch0: the borrowed %ch0 is not released.
// CHECK-NEXT: llvm.mlir.addressof @disc_kg_site_3
// CHECK-NEXT: llvm.getelementptr %[[KARGS]][0]
// CHECK-NEXT: llvm.store %[[THREE_V]]
// CHECK-NEXT: llvm.getelementptr %[[KARGS]][1]
// CHECK-NEXT: llvm.store %[[CH0]]
// CHECK-NEXT: llvm.call %[[INVOKE]]
// CHECK-NEXT: llvm.getelementptr %[[KRESULTS]][0]
// CHECK-NEXT: %[[CH1_V:.*]] = llvm.load
//
// tfrt.return %three, %ch1
// CHECK-NEXT: llvm.call %[[ADD_REF]](%[[THREE_V]])
// CHECK-NEXT: %[[RESULT0:.*]] = llvm.getelementptr %[[RESULTS]][0]
// CHECK-NEXT: llvm.store %[[THREE_V]], %[[RESULT0]]
// CHECK-NEXT: llvm.call %[[ADD_REF]](%[[CH1_V]])
// CHECK-NEXT: %[[RESULT1:.*]] = llvm.getelementptr %[[RESULTS]][1]
// CHECK-NEXT: llvm.store %[[CH1_V]], %[[RESULT1]]
// CHECK-NEXT: llvm.call %[[DROP_REF]](%[[THREE_V]])
// CHECK-NEXT: llvm.call %[[DROP_REF]](%[[CH1_V]])
// CHECK-NEXT: llvm.return
//
// The site of %one: kernel, location, 0 args, 1 result, no argument types,
// result type i32 (5), one attribute, no functions, resolved = null.
// CHECK: llvm.mlir.global internal constant @[[ATTRS0:disc_kg_attributes]]()
// CHECK: llvm.mlir.addressof @[[VALUE_NAME:disc_kg_data]] :
// CHECK-NEXT: llvm.mlir.constant(2 : i32)
// CHECK-NEXT: llvm.mlir.constant(1 : i32)
// CHECK-NEXT: llvm.mlir.addressof @[[VALUE_DATA:disc_kg_data_0]] :
// CHECK: llvm.mlir.global private constant @[[VALUE_NAME]]("value\00")
// CHECK: llvm.mlir.global private constant @[[VALUE_DATA]]("\01\00\00\00\00")
// CHECK: llvm.mlir.global internal @[[SITE0_NAME]]() {{.*}} : !llvm.struct<(ptr, ptr, i32, i32, ptr, ptr, i32, i32, ptr, ptr, ptr)> {
// CHECK-NEXT: llvm.mlir.undef
// CHECK-NEXT: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[KERNEL:.*]] = llvm.mlir.addressof @[[KERNEL_NAME:.*]] :
// CHECK-NEXT: %[[LOC:.*]] = llvm.mlir.addressof @[[LOC_NAME:.*]] :
// CHECK-NEXT: %[[NUM_ARGS:.*]] = llvm.mlir.constant(0 : i32)
// CHECK-NEXT: %[[NUM_RESULTS:.*]] = llvm.mlir.constant(1 : i32)
// CHECK-NEXT: %[[ARG_TYPES:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[RESULT_TYPES:.*]] = llvm.mlir.addressof @[[I32_CODE:.*]] :
// CHECK-NEXT: %[[NUM_ATTRS:.*]] = llvm.mlir.constant(1 : i32)
// CHECK-NEXT: %[[NUM_FUNCTIONS:.*]] = llvm.mlir.constant(0 : i32)
// CHECK-NEXT: %[[ATTRS:.*]] = llvm.mlir.addressof @[[ATTRS0]] :
// CHECK-NEXT: llvm.insertvalue %[[KERNEL]], %{{.*}}[0]
// CHECK-NEXT: llvm.insertvalue %[[LOC]], %{{.*}}[1]
// CHECK-NEXT: llvm.insertvalue %[[NUM_ARGS]], %{{.*}}[2]
// CHECK-NEXT: llvm.insertvalue %[[NUM_RESULTS]], %{{.*}}[3]
// CHECK-NEXT: llvm.insertvalue %[[ARG_TYPES]], %{{.*}}[4]
// CHECK-NEXT: llvm.insertvalue %[[RESULT_TYPES]], %{{.*}}[5]
// CHECK-NEXT: llvm.insertvalue %[[NUM_ATTRS]], %{{.*}}[6]
// CHECK-NEXT: llvm.insertvalue %[[NUM_FUNCTIONS]], %{{.*}}[7]
// CHECK-NEXT: llvm.insertvalue %[[ATTRS]], %{{.*}}[8]
// CHECK-NEXT: llvm.insertvalue %[[NULL]], %{{.*}}[9]
// CHECK-NEXT: llvm.insertvalue %[[NULL]], %{{.*}}[10]
// CHECK: llvm.mlir.global private constant @[[KERNEL_NAME]]("tfrt.constant.i32\00")
// CHECK: llvm.mlir.global private constant @[[LOC_NAME]]("{{.*}}kernel-graph-to-llvm.mlir:[[@LINE+8]]:10\00")
// CHECK: llvm.mlir.global private constant @[[I32_CODE]]("\05\00")
// The add's argument types are i32, i32; the print's i32, chain (1).
// CHECK: llvm.mlir.global private constant @{{.*}}("\05\05\00")
// CHECK: llvm.mlir.global private constant @{{.*}}("\05\01\00")
// CHECK: llvm.func @disc_model_abi_version() -> i32
// CHECK-NEXT: llvm.mlir.constant(1 : i32)
func.func @sample(%ch0: !tfrt.chain) -> (i32, !tfrt.chain) {
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %three = tfrt.add.i32 %one, %two
  %ch1 = tfrt.print.i32 %three, %ch0
  tfrt.return %three, %ch1 : i32, !tfrt.chain
}

// -----

// A site's functions: the callees named by its attributes (in attribute
// name order, arrays element by element), then its regions, outlined.
// Private functions stay internal; only public ones are exported.

// CHECK: disc.kernel_graph_signatures = [{entry = "disc_kg_entry_caller", inputs = ["i1", "i32"], name = "caller", outputs = ["i32"]}]
// CHECK-LABEL: llvm.func internal @disc_kg_function_identity(
// CHECK: llvm.call %{{.*}}(%{{.*}}) : !llvm.ptr, (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.getelementptr %{{.*}}[0]
// CHECK-NEXT: llvm.store
// CHECK-NEXT: llvm.return
// CHECK-LABEL: llvm.func @disc_kg_entry_caller(
func.func private @identity(%x: i32) -> i32 {
  tfrt.return %x : i32
}

// tfrt.cond: functions [a_true_fn, b_false_fn] = [@identity, @twice].
// CHECK: llvm.mlir.global internal constant @[[IDENTITY_RECORD:disc_kg_function]]() {{.*}} : !llvm.struct<(ptr, ptr, i32, i32, ptr, ptr)>
// CHECK-NEXT: llvm.mlir.undef
// CHECK-NEXT: llvm.mlir.addressof @disc_kg_function_identity
// CHECK-NEXT: llvm.mlir.addressof @[[IDENTITY_NAME:.*]] :
// CHECK-NEXT: llvm.mlir.constant(1 : i32)
// CHECK-NEXT: llvm.mlir.constant(1 : i32)
// CHECK: llvm.mlir.global private constant @[[IDENTITY_NAME]]("identity\00")
// CHECK: llvm.mlir.global internal constant @[[TWICE_RECORD:disc_kg_function_[0-9]+]]()
// CHECK-NEXT: llvm.mlir.undef
// CHECK-NEXT: llvm.mlir.addressof @disc_kg_function_twice
// CHECK: llvm.mlir.global internal constant @[[COND_FUNCTIONS:disc_kg_functions]]() {{.*}} : !llvm.array<2 x ptr>
// CHECK-NEXT: llvm.mlir.undef
// CHECK-NEXT: llvm.mlir.addressof @[[IDENTITY_RECORD]]
// CHECK-NEXT: llvm.mlir.addressof @[[TWICE_RECORD]]
// CHECK: llvm.mlir.global internal @disc_kg_site_0()
// CHECK: llvm.mlir.constant(0 : i32)
// CHECK-NEXT: llvm.mlir.constant(2 : i32)
// CHECK-NEXT: llvm.mlir.addressof @[[COND_FUNCTIONS]]
//
// tfrt.if: its two regions, outlined as caller.region0 and caller.region1.
// CHECK: llvm.func internal @disc_kg_region_caller.region0(
// CHECK: llvm.func internal @disc_kg_region_caller.region1(
// CHECK: llvm.mlir.addressof @disc_kg_region_caller.region0
// CHECK: ("caller.region0\00")
// CHECK: llvm.mlir.addressof @disc_kg_region_caller.region1
// CHECK: ("caller.region1\00")
// CHECK: llvm.mlir.global internal constant @{{.*}}() {{.*}} : !llvm.array<2 x ptr>
//
// tfrt.case: the branches array in order.
// CHECK: llvm.mlir.global internal constant @{{.*}}() {{.*}} : !llvm.array<3 x ptr>
// CHECK-NEXT: llvm.mlir.undef
// CHECK-NEXT: llvm.mlir.addressof @[[TWICE_RECORD]]
// CHECK-NEXT: llvm.mlir.addressof @[[IDENTITY_RECORD]]
// CHECK-NEXT: llvm.mlir.addressof @[[TWICE_RECORD]]
func.func @caller(%cond: i1, %x: i32) -> i32 {
  %a = tfrt.cond %cond @identity @twice (%x) : (i32) -> (i32)
  %b = tfrt.if %cond, %a : (i32) -> (i32) {
    tfrt.return %a : i32
  } else {
    %c = tfrt.call @twice(%a) : (i32) -> i32
    tfrt.return %c : i32
  }
  %d = tfrt.case %x [@twice, @identity, @twice] (%b) : (i32) -> (i32)
  tfrt.return %d : i32
}

func.func private @twice(%x: i32) -> i32 {
  %y = tfrt.add.i32 %x, %x
  tfrt.return %y : i32
}

// -----

// Attributes other than symbols, in name order, each with its kind, size
// and data: bool 1, i32 2, i64 3, f32 4, f64 5, string 6, ui32 7, type 8.
// CHECK-LABEL: llvm.func @disc_kg_entry_attributes(
// An unused result is released right after its kernel.
// CHECK: llvm.call %{{.*}}(%[[HOST:.*]], %{{.*}}, %{{.*}}, %[[KRESULTS:.*]]) : !llvm.ptr
// CHECK-NEXT: llvm.getelementptr %[[KRESULTS]][0]
// CHECK-NEXT: %[[UNUSED:.*]] = llvm.load
// CHECK-NEXT: llvm.call %[[DROP_REF:.*]](%[[UNUSED]])
// CHECK-NEXT: llvm.return
// CHECK: llvm.mlir.global internal constant @disc_kg_attributes() {{.*}} : !llvm.array<9 x struct<(ptr, i32, i32, ptr)>>
// CHECK: llvm.mlir.addressof @[[NAME0:.*]] :
// CHECK-NEXT: llvm.mlir.constant(1 : i32)
// CHECK-NEXT: llvm.mlir.constant(1 : i32)
// CHECK-NEXT: llvm.mlir.addressof @[[DATA0:.*]] :
// CHECK: llvm.mlir.addressof @[[NAME1:.*]] :
// CHECK-NEXT: llvm.mlir.constant(2 : i32)
// CHECK-NEXT: llvm.mlir.constant(3 : i32)
// CHECK-NEXT: llvm.mlir.addressof @[[DATA1:.*]] :
// CHECK: llvm.mlir.addressof @[[NAME2:.*]] :
// CHECK-NEXT: llvm.mlir.constant(3 : i32)
// CHECK-NEXT: llvm.mlir.constant(1 : i32)
// CHECK-NEXT: llvm.mlir.addressof @[[DATA2:.*]] :
// CHECK: llvm.mlir.addressof @[[NAME3:.*]] :
// CHECK-NEXT: llvm.mlir.constant(4 : i32)
// CHECK-NEXT: llvm.mlir.constant(1 : i32)
// CHECK-NEXT: llvm.mlir.addressof @[[DATA3:.*]] :
// CHECK: llvm.mlir.addressof @[[NAME4:.*]] :
// CHECK-NEXT: llvm.mlir.constant(5 : i32)
// CHECK-NEXT: llvm.mlir.constant(2 : i32)
// CHECK-NEXT: llvm.mlir.addressof @[[DATA4:.*]] :
// CHECK: llvm.mlir.addressof @[[NAME5:.*]] :
// CHECK-NEXT: llvm.mlir.constant(6 : i32)
// CHECK-NEXT: llvm.mlir.constant(4 : i32)
// CHECK-NEXT: llvm.mlir.addressof @[[DATA5:.*]] :
// CHECK: llvm.mlir.addressof @[[NAME6:.*]] :
// CHECK-NEXT: llvm.mlir.constant(7 : i32)
// CHECK-NEXT: llvm.mlir.constant(1 : i32)
// CHECK-NEXT: llvm.mlir.addressof @[[DATA6:.*]] :
// CHECK: llvm.mlir.addressof @[[NAME7:.*]] :
// CHECK-NEXT: llvm.mlir.constant(8 : i32)
// CHECK-NEXT: llvm.mlir.constant(1 : i32)
// CHECK-NEXT: llvm.mlir.addressof @[[DATA7:.*]] :
// CHECK: llvm.mlir.addressof @[[NAME8:.*]] :
// CHECK-NEXT: llvm.mlir.constant(3 : i32)
// CHECK-NEXT: llvm.mlir.constant(2 : i32)
// CHECK-NEXT: llvm.mlir.addressof @[[DATA8:.*]] :
// The names, and the data in little-endian order: true, [1, 2, 3] : i32,
// 7 : i64, 1.5 : f32, [0.5, 2.0] : f64, "bark", 4095 : ui32, !tfrt.string,
// [-1, 258] : i64.
// CHECK-DAG: @[[NAME0]]("a_bool\00")
// CHECK-DAG: @[[DATA0]]("\01\00")
// CHECK-DAG: @[[NAME1]]("b_i32s\00")
// CHECK-DAG: @[[DATA1]]("\01\00\00\00\02\00\00\00\03\00\00\00\00")
// CHECK-DAG: @[[NAME2]]("c_i64\00")
// CHECK-DAG: @[[DATA2]]("\07\00\00\00\00\00\00\00\00")
// CHECK-DAG: @[[NAME3]]("d_f32\00")
// CHECK-DAG: @[[DATA3]]("\00\00\C0?\00")
// CHECK-DAG: @[[NAME4]]("e_f64s\00")
// CHECK-DAG: @[[DATA4]]("\00\00\00\00\00\00\E0?\00\00\00\00\00\00\00@\00")
// CHECK-DAG: @[[NAME5]]("f_string\00")
// CHECK-DAG: @[[DATA5]]("bark\00")
// CHECK-DAG: @[[NAME6]]("g_ui32\00")
// CHECK-DAG: @[[DATA6]]("\FF\0F\00\00\00")
// CHECK-DAG: @[[NAME7]]("h_type\00")
// CHECK-DAG: @[[DATA7]]("\0F\00")
// CHECK-DAG: @[[NAME8]]("i_i64s\00")
// CHECK-DAG: @[[DATA8]]("\FF\FF\FF\FF\FF\FF\FF\FF\02\01\00\00\00\00\00\00\00")
// CHECK-DAG: ("tfrt_test.attributes\00")
func.func @attributes() {
  %x = "tfrt_test.attributes"() {
    a_bool = true, b_i32s = [1 : i32, 2 : i32, 3 : i32], c_i64 = 7 : i64,
    d_f32 = 1.5 : f32, e_f64s = array<f64: 0.5, 2.0>, f_string = "bark",
    g_ui32 = 4095 : ui32, h_type = !tfrt.string, i_i64s = array<i64: -1, 258>
  } : () -> i32
  tfrt.return
}

// -----

// An array that is not flat (strings, mixed kinds, arrays) is an array
// attribute (kind 9) whose data are its elements' records, named "",
// nested arrays' records first.
// CHECK: llvm.mlir.global internal constant @[[INNER:disc_kg_attributes[_0-9]*]]() {{.*}} : !llvm.array<2 x struct<(ptr, i32, i32, ptr)>>
// CHECK: llvm.mlir.addressof @[[EMPTY:.*]] :
// CHECK-NEXT: llvm.mlir.constant(6 : i32)
// CHECK-NEXT: llvm.mlir.constant(6 : i32)
// CHECK-NEXT: llvm.mlir.addressof @[[STRING:.*]] :
// CHECK: llvm.mlir.addressof @[[EMPTY]] :
// CHECK-NEXT: llvm.mlir.constant(2 : i32)
// CHECK-NEXT: llvm.mlir.constant(2 : i32)
// CHECK-NEXT: llvm.mlir.addressof @[[I32S:.*]] :
// CHECK-DAG: @[[EMPTY]]("\00")
// CHECK-DAG: @[[STRING]]("string\00")
// CHECK-DAG: @[[I32S]]("\01\00\00\00\00\00\00\00\00")
// CHECK: llvm.mlir.global internal constant @[[MIDDLE:disc_kg_attributes[_0-9]*]]() {{.*}} : !llvm.array<2 x struct<(ptr, i32, i32, ptr)>>
// CHECK: llvm.mlir.addressof @[[EMPTY]] :
// CHECK-NEXT: llvm.mlir.constant(9 : i32)
// CHECK-NEXT: llvm.mlir.constant(2 : i32)
// CHECK-NEXT: llvm.mlir.addressof @[[INNER]] :
// CHECK: llvm.mlir.addressof @[[EMPTY]] :
// CHECK-NEXT: llvm.mlir.constant(4 : i32)
// CHECK-NEXT: llvm.mlir.constant(1 : i32)
// CHECK-NEXT: llvm.mlir.addressof @[[F32:.*]] :
// CHECK: @[[F32]]("\00\00\80?\00")
// CHECK: llvm.mlir.global internal constant @{{disc_kg_attributes[_0-9]*}}() {{.*}} : !llvm.array<1 x struct<(ptr, i32, i32, ptr)>>
// CHECK: llvm.mlir.addressof @[[VALUE:.*]] :
// CHECK-NEXT: llvm.mlir.constant(9 : i32)
// CHECK-NEXT: llvm.mlir.constant(2 : i32)
// CHECK-NEXT: llvm.mlir.addressof @[[MIDDLE]] :
// CHECK: @[[VALUE]]("value\00")
func.func @nested_array() {
  %a, %b, %c, %d = "tfrt_test.flat"() {
    value = [["string", [1 : i32, 0 : i32]], [1.0 : f32]]
  } : () -> (!tfrt.string, i32, i32, f32)
  tfrt.return
}
