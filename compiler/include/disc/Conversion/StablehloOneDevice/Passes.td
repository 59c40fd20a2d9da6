//===- Passes.td - StableHLO for one device ----------------*- tablegen -*-===//

#ifndef DISC_CONVERSION_STABLEHLOONEDEVICE_PASSES
#define DISC_CONVERSION_STABLEHLOONEDEVICE_PASSES

include "mlir/Pass/PassBase.td"

def StablehloOneDevicePass : Pass<"disc-stablehlo-one-device", "ModuleOp"> {
  let summary = "Rewrite the ops of several devices, tokens, tuples, "
                "composites and dynamic forms into static one-device stablehlo";
  let description = [{
    disc runs a program as one replica of one partition, so:

    - all_reduce, all_gather, all_to_all, reduce_scatter and
      collective_broadcast of a group of one return their operands;
      collective_permute returns its operand when a pair sends from this
      process to itself and zeros when none does; replica_id and
      partition_id are 0. A program naming more than one process (in
      replica_groups, source_target_pairs or the module's
      mhlo.num_replicas/mhlo.num_partitions) is an error naming the count.
    - after_all and create_token carry no data and are removed once
      nothing uses their token; infeed, outfeed, send and recv are an error
      naming the op (no host queue, no peer).
    - get_tuple_element of a tuple forwards the element; the tuple goes
      when unused.
    - composite is replaced by the body of its decomposition function.
    - dynamic_pad, dynamic_gather and dynamic_conv with a static result
      type become gather, select and convolution ops whose sizes come from
      the result type, their run-time operands (padding, starts, strides)
      staying run-time values (real_dynamic_slice has a lowering of its own).
  }];
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect"];
}

#endif // DISC_CONVERSION_STABLEHLOONEDEVICE_PASSES
