func.func private @check(%ctx: !disc_ral.context, %a: index, %b: index) {
  %same = arith.cmpi eq, %a, %b : index
  cf.assert %same, "batch sizes disagree"
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %ok = arith.cmpi slt, %i, %a : index
    cf.assert %ok, "index out of range"
  }
  return
}
