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

func.func @argument_of_another_type() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %ch1 = "tfrt_test.usleep"(%ch0) : (!tfrt.chain) -> !tfrt.chain
  tfrt.return %ch1 : !tfrt.chain
}
