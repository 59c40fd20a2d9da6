func.func @scalars(%ch0: !tfrt.chain) -> (i32, !tfrt.chain) {
  %b = tfrt.constant.i1 0
  %t = tfrt.constant.i1 true
  %one = tfrt.constant.i32 1
  %i64 = tfrt.constant.i64 -7
  %u = tfrt.constant.ui32 4095
  %f = tfrt.constant.f32 0.1
  %d = tfrt.constant.f64 2.5
  %sum = tfrt.add.i32 %one, %one
  %sum2 = tfrt.add.i32 %sum, %one, %ch0
  %quot, %rem = tfrt.div.i32 %sum, %one
  %le = tfrt.lessequal.f32 %f, %f
  %ch1 = tfrt.print.i32 %sum, %ch0
  tfrt.print.i1 %b
  %cast = "tfrt.cast.i64_to_f32"(%i64) : (i64) -> f32
  %s = "tfrt_test.get_string"() {value = "bark"} : () -> !tfrt.string
  %ch2 = "tfrt_test.print_hello"(%ch1) : (!tfrt.chain) -> !tfrt.chain
  %c:3 = tfrt_test.count3.i32 %sum
  %merged = tfrt.merge.chains %sum, %ch1 : i32, !tfrt.chain
  %fresh = tfrt.new.chain
  tfrt.return %sum, %merged : i32, !tfrt.chain
}

func.func @identity(%x: i32) -> i32 {
  tfrt.return %x : i32
}

func.func @branch(%ch: !tfrt.chain, %x: i32) -> (!tfrt.chain, i32) {
  tfrt.return %ch, %x : !tfrt.chain, i32
}

func.func @while_body(%x: i32) -> (i32, i1) {
  %c = tfrt.constant.i1 false
  tfrt.return %x, %c : i32, i1
}

func.func @calls(%cond: i1, %x: i32, %ch: !tfrt.chain) {
  %a = tfrt.call @identity(%x) : (i32) -> i32
  %b = tfrt.once @identity(%x) : (i32) -> (i32)
  %c = tfrt.cond %cond @identity @identity (%x) : (i32) -> (i32)
  %d:2 = tfrt.case %x [@branch, @branch] (%ch, %x) : (!tfrt.chain, i32) -> (!tfrt.chain, i32)
  %e = tfrt.while %cond @while_body(%x) parallel_iterations(4) : (i32) -> (i32)
  %f = tfrt.parallel_call.i32 %x to %x fixed %x @branch(%ch, %x) : !tfrt.chain, i32
  tfrt.return
}

func.func @regions(%cond: i1, %v1: i32, %v2: f32, %end: i32) -> i32 {
  %res = tfrt.if %cond, %v1, %v2 : (i32, f32) -> i32 {
    tfrt.return %v1 : i32
  } else {
    %twice = tfrt.add.i32 %v1, %v1
    tfrt.return %twice : i32
  }
  tfrt.if %cond : () -> () {
    tfrt.return
  }
  %r1, %r2 = tfrt.repeat.i32 %v1, %v1, %v2 : i32, f32 {
    "use"(%v1, %v2) : (i32, f32) -> ()
    tfrt.return %v1, %v2 : i32, f32
  }
  tfrt.repeat.i32 %v1 {
    tfrt.return
  }
  %done = tfrt.parallel_for.i32 %v1 to %end fixed %v1, %v2 : f32 {
    %ch = tfrt.new.chain
    tfrt.return %ch : !tfrt.chain
  }
  %y = tfrt_test.do.async %v1 : (i32) -> (i32) {
    tfrt.return %v1 : i32
  }
  tfrt_test.benchmark "bm"(%v1 : i32) duration_secs = 4, max_count = 100 {
    tfrt.return %v1 : i32
  }
  tfrt.return %res : i32
}

func.func @tensors() {
  %t = dht.create_uninit_tensor.i32.2 [2 : i32, 3 : i32]
  %ch1 = dht.fill_tensor.i32 %t, 41
  %ch2 = dht.fill_tensor.f32 %t, %ch1 1.5
  %ch3 = dht.print_tensor.i32 %t, %ch1
  %ch4 = "dht.add_inplace"(%t, %t, %ch1) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  tfrt.return
}
