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
