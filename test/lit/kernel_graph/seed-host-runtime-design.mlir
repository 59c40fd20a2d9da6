// The MLIR programs of the seed document tfrt_host_runtime_design.txt,
// verbatim (each after its `//---` line), compiled by disc-compile and run
// by ral-run, printing what the document says they print. Its
// @print_from_mars calls a kernel the document only imagines
// (tfrt.async.read.from.mars, reading from Mars through BlockingRead(…)) and
// is left out.
// RUN: split-file %s %t

// "Graph execution": adds 1 and 2, prints and returns 3.
// RUN: disc-compile %t/graph_execution.mlir -o %t/graph_execution.so
// RUN: ral-run --run-all %t/graph_execution.so 2>&1 | FileCheck %s --check-prefix=GRAPH
// GRAPH: --- Running 'sample_function':
// GRAPH-NEXT: int32 = 3
// GRAPH-NEXT: 'sample_function' returned 3

// "Host program": the same with chains; it takes a chain, so it runs by
// name (ral-run gives a chain argument a ready chain) and prints its two
// results.
// RUN: disc-compile %t/host_program.mlir -o %t/host_program.so
// RUN: ral-run --run-all %t/host_program.so 2>&1 | FileCheck %s --check-prefix=HOST-ALL
// RUN: ral-run %t/host_program.so --function sample_function 2>&1 | FileCheck %s --check-prefix=HOST
// HOST-ALL: --- Not running 'sample_function' because it has arguments.
// HOST: int32 = 3
// HOST-NEXT: 3
// HOST-NEXT: !tfrt.chain value

// "Dependency management": without chains the print is not ordered after
// the fill, so the values it shows are not known; with chains it shows the
// filled tensor.
// RUN: disc-compile %t/control_dep0.mlir -o %t/control_dep0.so
// RUN: ral-run --run-all %t/control_dep0.so 2>&1 | FileCheck %s --check-prefix=DEP0
// DEP0: --- Running 'control_dep0':
// DEP0-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [{{.*}}]
// RUN: disc-compile %t/control_dep1.mlir -o %t/control_dep1.so
// RUN: ral-run --run-all %t/control_dep1.so 2>&1 | FileCheck %s --check-prefix=DEP1
// DEP1: --- Running 'control_dep1':
// DEP1-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [41, 41, 41, 41]

// "Synchronous execution": 42 + 42, printed then returned.
// RUN: disc-compile %t/double_and_print.mlir -o %t/double_and_print.so
// RUN: ral-run --run-all %t/double_and_print.so 2>&1 | FileCheck %s --check-prefix=DOUBLE
// DOUBLE: --- Running 'double_and_print':
// DOUBLE-NEXT: int32 = 84
// DOUBLE-NEXT: 'double_and_print' returned 84

//--- graph_execution.mlir
func @sample_function() -> i32 {
  %one = tfrt.constant.i32 1       // Make AsyncValue with value 1
  %two = tfrt.constant.i32 2       // Make AsyncValue with value 2
  %three = tfrt.add.i32 %one, %two // Make AsyncValue with value 3 (1+2)

  tfrt.print.i32 %three            // Print AsyncValue %three
  tfrt.return %three : i32         // Return AsyncValue %three
}
//--- host_program.mlir
func @sample_function(%ch0 : !tfrt.chain) -> (i32, !tfrt.chain) {
    // %one is an AsyncValue with constant 1.
    %one = tfrt.constant.i32 1
    // %two is an AsyncValue with constant 2.
    %two = tfrt.constant.i32 2
    // %three is an AsyncValue with constant 3.
    %three = tfrt.add.i32 %one, %two
    // Print %three and produce chain %ch1.
    %ch1 = tfrt.print.i32 %three, %ch0
    // Returns %three and %ch1.
    tfrt.return %three, %ch1 : i32, !tfrt.chain
}
//--- control_dep0.mlir
func @control_dep0() {
  %a = dht.create_uninit_tensor.i32.2 [2: i32, 2: i32]
  dht.fill_tensor.i32 %a 41
  dht.print_tensor.i32 %a
}
//--- control_dep1.mlir
func @control_dep1() {
  %a = dht.create_uninit_tensor.i32.2 [2 : i32, 2 : i32]
  %chain1 = dht.fill_tensor.i32 %a, 41
  %chain2 = dht.print_tensor.i32 %a, %chain1
 }
//--- double_and_print.mlir
func @double_and_print() -> i32 {
  %x = tfrt.constant.i32 42

  // * The ‘+’ in TFRTAddI32 runs synchronously, on the thread that called
  //   Execute(@double_and_print)
  // * TFRTAddI32 returns an available ConcreteAsyncValue<int32_t>
  // * %y points at this available value
  %y = tfrt.add.i32 %x, %x

  // printf in TFRTPrintI32 also run synchronously on the same thread, after
  // TFRTAddI32 due to dataflow dependence on %y
  tfrt.print.i32 %y

  // Returns available ConcreteAsyncValue<int32_t> after TFRTPrintI32
  // completes.
  // Note: tfrt.return is a special form that does not run a kernel. Chain
  // is not needed to sequence the tfrt.print.i32 above, before the
  // tfrt.return below. See Note below.
  tfrt.return %y : i32
}
