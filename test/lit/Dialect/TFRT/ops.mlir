// The kernel-graph dialects print what they parse, in TFRT's syntax.
// RUN: disc-opt --allow-unregistered-dialect %s | disc-opt --allow-unregistered-dialect | FileCheck %s
// RUN: disc-opt --allow-unregistered-dialect %s --mlir-print-op-generic \
// RUN:   | disc-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @scalars(%arg0: !tfrt.chain) -> (i32, !tfrt.chain)
func.func @scalars(%ch0: !tfrt.chain) -> (i32, !tfrt.chain) {
  // CHECK-NEXT: %[[B:.*]] = tfrt.constant.i1 false
  // CHECK-NEXT: tfrt.constant.i1 true
  // CHECK-NEXT: %[[ONE:.*]] = tfrt.constant.i32 1
  // CHECK-NEXT: tfrt.constant.i64 -7
  // CHECK-NEXT: tfrt.constant.ui32 4095
  // CHECK-NEXT: tfrt.constant.f32 1.000000e-01
  // CHECK-NEXT: tfrt.constant.f64 2.500000e+00
  %b = tfrt.constant.i1 0
  %t = tfrt.constant.i1 true
  %one = tfrt.constant.i32 1
  %i64 = tfrt.constant.i64 -7
  %u = tfrt.constant.ui32 4095
  %f = tfrt.constant.f32 0.1
  %d = tfrt.constant.f64 2.5
  // CHECK-NEXT: %[[SUM:.*]] = tfrt.add.i32 %[[ONE]], %[[ONE]]{{$}}
  // CHECK-NEXT: tfrt.add.i32 %[[SUM]], %[[ONE]], %arg0{{$}}
  // CHECK-NEXT: %{{.*}}, %{{.*}} = tfrt.div.i32 %[[SUM]], %[[ONE]]
  // CHECK-NEXT: tfrt.lessequal.f32 %{{.*}}, %{{.*}}
  // CHECK-NEXT: %[[CH1:.*]] = tfrt.print.i32 %[[SUM]], %arg0{{$}}
  // CHECK-NEXT: tfrt.print.i1 %[[B]]{{$}}
  %sum = tfrt.add.i32 %one, %one
  %sum2 = tfrt.add.i32 %sum, %one, %ch0
  %quot, %rem = tfrt.div.i32 %sum, %one
  %le = tfrt.lessequal.f32 %f, %f
  %ch1 = tfrt.print.i32 %sum, %ch0
  tfrt.print.i1 %b
  // Kernels without a custom syntax stay generic.
  // CHECK-NEXT: "tfrt.cast.i64_to_f32"(%{{.*}}) : (i64) -> f32
  // CHECK-NEXT: "tfrt_test.get_string"() {value = "bark"} : () -> !tfrt.string
  // CHECK-NEXT: "tfrt_test.print_hello"(%[[CH1]]) : (!tfrt.chain) -> !tfrt.chain
  // CHECK-NEXT: tfrt_test.count3.i32 %[[SUM]]
  // CHECK-NEXT: %[[MERGED:.*]] = tfrt.merge.chains %[[SUM]], %[[CH1]] : i32, !tfrt.chain
  // CHECK-NEXT: tfrt.new.chain
  // CHECK-NEXT: tfrt.return %[[SUM]], %[[MERGED]] : i32, !tfrt.chain
  %cast = "tfrt.cast.i64_to_f32"(%i64) : (i64) -> f32
  %s = "tfrt_test.get_string"() {value = "bark"} : () -> !tfrt.string
  %ch2 = "tfrt_test.print_hello"(%ch1) : (!tfrt.chain) -> !tfrt.chain
  %c:3 = tfrt_test.count3.i32 %sum
  %merged = tfrt.merge.chains %sum, %ch1 : i32, !tfrt.chain
  %fresh = tfrt.new.chain
  tfrt.return %sum, %merged : i32, !tfrt.chain
}

// CHECK-LABEL: func.func @identity
func.func @identity(%x: i32) -> i32 {
  tfrt.return %x : i32
}

// CHECK-LABEL: func.func @branch
func.func @branch(%ch: !tfrt.chain, %x: i32) -> (!tfrt.chain, i32) {
  tfrt.return %ch, %x : !tfrt.chain, i32
}

// CHECK-LABEL: func.func @while_body
func.func @while_body(%x: i32) -> (i32, i1) {
  %c = tfrt.constant.i1 false
  tfrt.return %x, %c : i32, i1
}

// CHECK-LABEL: func.func @calls(%arg0: i1, %arg1: i32, %arg2: !tfrt.chain)
func.func @calls(%cond: i1, %x: i32, %ch: !tfrt.chain) {
  // CHECK-NEXT: tfrt.call @identity(%arg1) : (i32) -> i32
  // CHECK-NEXT: tfrt.once @identity(%arg1) : (i32) -> i32
  // CHECK-NEXT: tfrt.cond %arg0 @identity @identity(%arg1) : (i32) -> i32
  // CHECK-NEXT: tfrt.case %arg1 [@branch, @branch](%arg2, %arg1) : (!tfrt.chain, i32) -> (!tfrt.chain, i32)
  // CHECK-NEXT: tfrt.while %arg0 @while_body(%arg1) parallel_iterations(4) : (i32) -> i32
  // CHECK-NEXT: tfrt.parallel_call.i32 %arg1 to %arg1 fixed %arg1 @branch(%arg2, %arg1) : !tfrt.chain, i32
  %a = tfrt.call @identity(%x) : (i32) -> i32
  %b = tfrt.once @identity(%x) : (i32) -> (i32)
  %c = tfrt.cond %cond @identity @identity (%x) : (i32) -> (i32)
  %d:2 = tfrt.case %x [@branch, @branch] (%ch, %x) : (!tfrt.chain, i32) -> (!tfrt.chain, i32)
  %e = tfrt.while %cond @while_body(%x) parallel_iterations(4) : (i32) -> (i32)
  %f = tfrt.parallel_call.i32 %x to %x fixed %x @branch(%ch, %x) : !tfrt.chain, i32
  tfrt.return
}

// Region arguments take the names of the operands they receive.
// CHECK-LABEL: func.func @regions(%arg0: i1, %arg1: i32, %arg2: f32, %arg3: i32)
func.func @regions(%cond: i1, %v1: i32, %v2: f32, %end: i32) -> i32 {
  // CHECK-NEXT: tfrt.if %arg0, %arg1, %arg2 : (i32, f32) -> (i32) {
  // CHECK-NEXT:   tfrt.return %arg1 : i32
  // CHECK-NEXT: } else {
  // CHECK-NEXT:   tfrt.add.i32 %arg1, %arg1
  %res = tfrt.if %cond, %v1, %v2 : (i32, f32) -> i32 {
    tfrt.return %v1 : i32
  } else {
    %twice = tfrt.add.i32 %v1, %v1
    tfrt.return %twice : i32
  }
  // A missing else returns nothing.
  // CHECK: tfrt.if %arg0 : () -> () {
  // CHECK-NEXT:   tfrt.return
  // CHECK-NEXT: }
  tfrt.if %cond : () -> () {
    tfrt.return
  }
  // CHECK-NEXT: tfrt.repeat.i32 %arg1, %arg1, %arg2 : i32, f32 {
  // CHECK-NEXT:   "use"(%arg1, %arg2)
  %r1, %r2 = tfrt.repeat.i32 %v1, %v1, %v2 : i32, f32 {
    "use"(%v1, %v2) : (i32, f32) -> ()
    tfrt.return %v1, %v2 : i32, f32
  }
  // CHECK: tfrt.repeat.i32 %arg1 {
  tfrt.repeat.i32 %v1 {
    tfrt.return
  }
  // CHECK: tfrt.parallel_for.i32 %arg1 to %arg3 fixed %arg1, %arg2 : f32 {
  // CHECK-NEXT: tfrt.new.chain
  %done = tfrt.parallel_for.i32 %v1 to %end fixed %v1, %v2 : f32 {
    %ch = tfrt.new.chain
    tfrt.return %ch : !tfrt.chain
  }
  // CHECK: tfrt_test.do.async %arg1 : (i32) -> (i32) {
  %y = tfrt_test.do.async %v1 : (i32) -> (i32) {
    tfrt.return %v1 : i32
  }
  // CHECK: tfrt_test.benchmark "bm"(%arg1 : i32) duration_secs = 4, max_count = 100, num_warmup_runs = 1 {
  tfrt_test.benchmark "bm"(%v1 : i32) duration_secs = 4, max_count = 100 {
    tfrt.return %v1 : i32
  }
  tfrt.return %res : i32
}

// CHECK-LABEL: func.func @tensors
func.func @tensors() {
  // CHECK-NEXT: %[[T:.*]] = dht.create_uninit_tensor.i32.2 [2 : i32, 3 : i32]
  // CHECK-NEXT: %[[CH:.*]] = dht.fill_tensor.i32 %[[T]] 41
  // CHECK-NEXT: dht.fill_tensor.f32 %[[T]], %[[CH]] 1.500000e+00
  // CHECK-NEXT: dht.print_tensor.i32 %[[T]], %[[CH]]
  // CHECK-NEXT: "dht.add_inplace"(%[[T]], %[[T]], %[[CH]]) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %t = dht.create_uninit_tensor.i32.2 [2 : i32, 3 : i32]
  %ch1 = dht.fill_tensor.i32 %t, 41
  %ch2 = dht.fill_tensor.f32 %t, %ch1 1.5
  %ch3 = dht.print_tensor.i32 %t, %ch1
  %ch4 = "dht.add_inplace"(%t, %t, %ch1) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  tfrt.return
}
