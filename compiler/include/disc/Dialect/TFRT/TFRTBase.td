//===- TFRTBase.td - The tfrt dialect and its types --------*- tablegen -*-===//
//
// Kernel-graph programs written for TFRT's executor: values are asynchronous,
// `!tfrt.chain` orders side effects. Every op of a kernel graph is a kernel
// call; disc-kernel-graph-to-llvm compiles each into a call of the host
// runtime (ral/include/disc/ral/host/kernel_graph_abi.h).
//
//===----------------------------------------------------------------------===//

#ifndef DISC_DIALECT_TFRT_TFRTBASE_TD
#define DISC_DIALECT_TFRT_TFRTBASE_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def TFRT_Dialect : Dialect {
  let name = "tfrt";
  let cppNamespace = "::mlir::tfrt";
  let summary = "TFRT's basic kernels and types";
  let description = [{
    The ops with TFRT's custom syntax are declared; any other `tfrt.*` op is
    accepted in generic form (the dialect allows unknown operations), since
    the host runtime, not the compiler, knows which kernels exist.
  }];
  let useDefaultTypePrinterParser = 1;
}

class TFRT_Type<string name, string typeMnemonic>
    : TypeDef<TFRT_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def TFRT_ChainType : TFRT_Type<"Chain", "chain"> {
  let summary = "orders side effects between kernels";
}

def TFRT_StringType : TFRT_Type<"String", "string"> {
  let summary = "a host string";
}

def TFRT_TestResourceType : TFRT_Type<"TestResource", "test.resource"> {
  let summary = "a resource of TFRT's test kernels";
}

class TFRT_Op<string mnemonic, list<Trait> traits = []>
    : Op<TFRT_Dialect, mnemonic, traits>;

// The trailing chains every kernel accepts, as in TFRT.
defvar TFRT_TrailingChains = Variadic<TFRT_ChainType>;

#endif // DISC_DIALECT_TFRT_TFRTBASE_TD
