// What a kernel graph promises about order and errors, checked on the
// compiled program: chains order side effects, merge_chains waits for every
// chain it joins (asynchronous work included), and an error value reaches
// only the kernels and results that depend on it.
// RUN: disc-compile %s -o %t.so
// RUN: ral-run --plugin=%tfrt_test_kernels --run-all %t.so 2>&1 | FileCheck %s

// The print after the merge waits for both asynchronous sleeps and
// prints, which run on the work queue in either order.
// CHECK-LABEL: --- Running 'merge_waits_for_async_work':
// CHECK-DAG: int32 = 1
// CHECK-DAG: int32 = 2
// CHECK: int32 = 3
// CHECK-NEXT: 'merge_waits_for_async_work' returned !tfrt.chain value
func.func @merge_waits_for_async_work() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %three = tfrt.constant.i32 3
  %long = tfrt.constant.i32 2000
  %short = tfrt.constant.i32 1000
  %left = tfrt_test.do.async %one, %long, %ch0 : (i32, i32, !tfrt.chain) -> (!tfrt.chain) {
    %slept = "tfrt_test.usleep"(%long, %ch0) : (i32, !tfrt.chain) -> !tfrt.chain
    %printed = tfrt.print.i32 %one, %slept
    tfrt.return %printed : !tfrt.chain
  }
  %right = tfrt_test.do.async %two, %short, %ch0 : (i32, i32, !tfrt.chain) -> (!tfrt.chain) {
    %slept = "tfrt_test.usleep"(%short, %ch0) : (i32, !tfrt.chain) -> !tfrt.chain
    %printed = tfrt.print.i32 %two, %slept
    tfrt.return %printed : !tfrt.chain
  }
  %both = tfrt.merge.chains %left, %right : !tfrt.chain, !tfrt.chain
  %last = tfrt.print.i32 %three, %both
  tfrt.return %last : !tfrt.chain
}

// A chain orders prints whatever order the kernels are written in.
// CHECK-LABEL: --- Running 'chain_orders_prints':
// CHECK-NEXT: int32 = 10
// CHECK-NEXT: int32 = 20
// CHECK-NEXT: int32 = 30
func.func @chain_orders_prints() {
  %ch0 = tfrt.new.chain
  %ten = tfrt.constant.i32 10
  %twenty = tfrt.constant.i32 20
  %thirty = tfrt.constant.i32 30
  %delayed = "tfrt_test.copy.with_delay.i32"(%ten) : (i32) -> i32
  %ch1 = tfrt.print.i32 %delayed, %ch0
  %ch2 = tfrt.print.i32 %twenty, %ch1
  %ch3 = tfrt.print.i32 %thirty, %ch2
  tfrt.return
}

// 7 / 0 fails: the quotient's consumers are skipped and its result carries
// the error, while the independent sum is printed and returned.
// CHECK-LABEL: --- Running 'error_reaches_only_dependents':
// CHECK-NOT: int32 = 100
// CHECK: int32 = 12
// CHECK-NOT: int32 = 100
// CHECK-NEXT: 'error_reaches_only_dependents' returned <<error: Divide by zero>>,12,<<error: Divide by zero>>
func.func @error_reaches_only_dependents() -> (i32, i32, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %zero = tfrt.constant.i32 0
  %five = tfrt.constant.i32 5
  %seven = tfrt.constant.i32 7
  %hundred = tfrt.constant.i32 100
  %quotient, %remainder = tfrt.div.i32 %seven, %zero
  %scaled = tfrt.multiply.i32 %quotient, %hundred
  %sum = tfrt.add.i32 %five, %seven
  %ch1 = tfrt.print.i32 %sum, %ch0
  %ch2 = tfrt.print.i32 %scaled, %ch1
  tfrt.return %scaled, %sum, %ch2 : i32, i32, !tfrt.chain
}

// Later kernels on an errored chain are skipped too; a kernel that does not
// take the chain still runs.
// CHECK-LABEL: --- Running 'error_on_a_chain':
// CHECK-NEXT: int32 = 2
// CHECK-NEXT: 'error_on_a_chain' returned <<error: something bad happened>>
func.func @error_on_a_chain() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %failed = "tfrt_test.fail"(%ch0) : (!tfrt.chain) -> !tfrt.chain
  %ch1 = tfrt.print.i32 %one, %failed
  %ch2 = tfrt.print.i32 %two, %ch0
  %ch3 = tfrt.merge.chains %ch1, %ch2 : !tfrt.chain, !tfrt.chain
  tfrt.return %ch3 : !tfrt.chain
}

// A kernel handed a value of another type than it takes fails, naming the
// argument, instead of reading it as what it expected.
// CHECK-LABEL: --- Running 'argument_of_another_type':
// CHECK-NEXT: 'argument_of_another_type' returned <<error: tfrt_test.usleep at {{.*}}dependencies.mlir:[[@LINE+3]]:{{[0-9]+}}: argument 0 is !tfrt.chain, expected i32>>
func.func @argument_of_another_type() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %ch1 = "tfrt_test.usleep"(%ch0) : (!tfrt.chain) -> !tfrt.chain
  tfrt.return %ch1 : !tfrt.chain
}
