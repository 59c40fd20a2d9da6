// The seed document tfrt_explicit_dependency_chains.txt has pseudo-code
// only (allocate_tensor(), CreateTensor(shape), kernel1(A, B, C, c0), ...).
// This is its compute graph A..H in real MLIR, with the document's
// AddTensor(tensor1, tensor2, result, in_chain) -> out_chain as
// dht.add_tensor.i32 for kernel1..kernel3 and kernel4 adding G to itself:
// kernel1 and kernel2 share chain c0 and may run in parallel, merge_chains
// joins them before kernel3.
// RUN: disc-compile %s -o %t.so
// RUN: ral-run --run-all %t.so 2>&1 | FileCheck %s

// C = A + B = 1 + 2, F = D + E = 4 + 5, G = C + F = 12, H = G + G = 24.
// CHECK-LABEL: --- Running 'compute_graph':
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2], values = [24, 24]
// CHECK-NEXT: 'compute_graph' returned !tfrt.chain value
func.func @compute_graph() -> !tfrt.chain {
  %c0 = tfrt.new.chain
  %A = dht.create_uninit_tensor.i32.1 [2 : i64]
  %a = dht.fill_tensor.i32 %A, %c0 1
  %B = dht.create_uninit_tensor.i32.1 [2 : i64]
  %b = dht.fill_tensor.i32 %B, %c0 2
  %D = dht.create_uninit_tensor.i32.1 [2 : i64]
  %d = dht.fill_tensor.i32 %D, %c0 4
  %E = dht.create_uninit_tensor.i32.1 [2 : i64]
  %e = dht.fill_tensor.i32 %E, %c0 5
  %inputs = tfrt.merge.chains %a, %b, %d, %e : !tfrt.chain, !tfrt.chain, !tfrt.chain, !tfrt.chain

  %C = dht.create_uninit_tensor.i32.1 [2 : i64]
  %c1 = "dht.add_tensor.i32"(%A, %B, %C, %inputs)
      : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %F = dht.create_uninit_tensor.i32.1 [2 : i64]
  %c2 = "dht.add_tensor.i32"(%D, %E, %F, %inputs)
      : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c3 = tfrt.merge.chains %c1, %c2 : !tfrt.chain, !tfrt.chain
  %G = dht.create_uninit_tensor.i32.1 [2 : i64]
  %c4 = "dht.add_tensor.i32"(%C, %F, %G, %c3)
      : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %H = dht.create_uninit_tensor.i32.1 [2 : i64]
  %c5 = "dht.add_tensor.i32"(%G, %G, %H, %c4)
      : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c6 = dht.print_tensor.i32 %H, %c5
  tfrt.return %c6 : !tfrt.chain
}
