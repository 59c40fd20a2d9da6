//===- TFRTTestOps.td - TFRT's test kernels ----------------*- tablegen -*-===//
//
// TFRT's test kernels that have a custom syntax; the others (print_hello,
// async_add.i32, fail, ...) are used in generic form, which the dialect
// accepts for any name.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_DIALECT_TFRT_TFRTTESTOPS_TD
#define DISC_DIALECT_TFRT_TFRTTESTOPS_TD

include "disc/Dialect/TFRT/TFRTBase.td"

def TFRTTest_Dialect : Dialect {
  let name = "tfrt_test";
  let cppNamespace = "::mlir::tfrt_test";
  let summary = "TFRT's test kernels";
  let dependentDialects = ["::mlir::tfrt::TFRTDialect"];
}

class TFRTTest_Op<string mnemonic, list<Trait> traits = []>
    : Op<TFRTTest_Dialect, mnemonic, traits>;

def TFRTTest_Count3I32Op : TFRTTest_Op<"count3.i32"> {
  let summary = "its input plus 1, 2 and 3";
  let arguments = (ins I32:$input, TFRT_TrailingChains:$chains);
  let results = (outs I32:$plus1, I32:$plus2, I32:$plus3);
  let assemblyFormat = "$input (`,` $chains^)? attr-dict";
}

def TFRTTest_DoAsyncOp : TFRTTest_Op<"do.async", [IsolatedFromAbove]> {
  let summary = "runs its region on the work queue";
  let arguments = (ins Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
}

def TFRTTest_BenchmarkOp : TFRTTest_Op<"benchmark", [IsolatedFromAbove]> {
  let summary = "runs its region repeatedly and reports timings";
  let description = [{
    The name is the `benchmark_name` attribute (`name` would hide the op's
    own getName()).
    `tfrt_test.benchmark "name"(%x : i32, ...) duration_secs = 1,
    max_count = 100, num_warmup_runs = 10 { ... tfrt.return %v : T }`
  }];
  let arguments = (ins Variadic<AnyType>:$inputs, StrAttr:$benchmark_name,
                       I32Attr:$duration_secs, I32Attr:$max_count,
                       DefaultValuedAttr<I32Attr, "1">:$num_warmup_runs);
  let results = (outs TFRT_ChainType:$done);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
}

#endif // DISC_DIALECT_TFRT_TFRTTESTOPS_TD
