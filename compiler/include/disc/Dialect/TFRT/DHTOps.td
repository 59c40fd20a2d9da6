//===- DHTOps.td - TFRT's dense host tensor kernels --------*- tablegen -*-===//
//
// `dht.*` kernels with a custom syntax, one op per element type (and rank
// for creation) as in TFRT, and the `t` dialect's `!t.tensor` they pass
// around. Other dht kernels (tensor add, matmul, ...) are used in generic
// form.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_DIALECT_TFRT_DHTOPS_TD
#define DISC_DIALECT_TFRT_DHTOPS_TD

include "disc/Dialect/TFRT/TFRTBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

def TFRTTensor_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::mlir::tfrt_tensor";
  let summary = "TFRT's host tensor type";
  let useDefaultTypePrinterParser = 1;
}

def TFRTTensor_HostTensorType : TypeDef<TFRTTensor_Dialect, "HostTensor"> {
  let mnemonic = "tensor";
  let summary = "a dense host tensor, mutable: kernels on it take chains";
}

def DHT_Dialect : Dialect {
  let name = "dht";
  let cppNamespace = "::mlir::dht";
  let summary = "TFRT's dense host tensor kernels";
  let dependentDialects = ["::mlir::tfrt::TFRTDialect",
                           "::mlir::tfrt_tensor::TFRTTensorDialect"];
}

class DHT_Op<string mnemonic, list<Trait> traits = []>
    : Op<DHT_Dialect, mnemonic, traits>;

class DHT_ElementType<string dtypeName, Type elementType> {
  string dtype = dtypeName;
  Type type = elementType;
}

defvar DHT_ElementTypes = [
  DHT_ElementType<"i1", I1>, DHT_ElementType<"i32", I32>,
  DHT_ElementType<"i64", I64>, DHT_ElementType<"f32", F32>,
  DHT_ElementType<"f64", F64>];

// `dht.create_uninit_tensor.i32.2 [2 : i32, 2 : i32]`: the shape's integers
// may be of any width; the verifier checks there are `rank` of them.
class DHT_CreateUninitTensorOp<string dtype, int rank>
    : DHT_Op<"create_uninit_tensor." # dtype # "." # rank> {
  let summary = "an uninitialized " # dtype # " tensor of rank " # rank;
  let arguments = (ins ArrayAttr:$shape, TFRT_TrailingChains:$chains);
  let results = (outs TFRTTensor_HostTensorType:$tensor);
  let assemblyFormat = "$shape (`,` $chains^)? attr-dict";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::dht::verifyShapeOfRank(*this, getShape(), }] # rank # [{);
    }
  }];
}

// `dht.fill_tensor.i32 %t, 41` or `dht.fill_tensor.i32 %t 41`, with optional
// chains after the tensor: the value is an attribute of the element type.
class DHT_FillTensorOp<string dtype, Type elementType>
    : DHT_Op<"fill_tensor." # dtype> {
  let summary = "sets every element of the tensor to `value`";
  let arguments = (ins TFRTTensor_HostTensorType:$tensor,
                       TFRT_TrailingChains:$chains, TypedAttrInterface:$value);
  let results = (outs TFRT_ChainType:$out_chain);
  let hasCustomAssemblyFormat = 1;
  let extraClassDefinition = [{
    ::mlir::ParseResult $cppClass::parse(::mlir::OpAsmParser &parser,
                                         ::mlir::OperationState &result) {
      return ::mlir::dht::parseFillTensor(parser, result,
                                          }] # !subst("$_builder", "parser.getBuilder()",
                                                 elementType.builderCall) # [{);
    }
    void $cppClass::print(::mlir::OpAsmPrinter &printer) {
      ::mlir::dht::printFillTensor(printer, *this);
    }
  }];
}

class DHT_PrintTensorOp<string dtype> : DHT_Op<"print_tensor." # dtype> {
  let summary = "prints the tensor";
  let arguments = (ins TFRTTensor_HostTensorType:$tensor,
                       TFRT_TrailingChains:$chains);
  let results = (outs TFRT_ChainType:$out_chain);
  let assemblyFormat = "$tensor (`,` $chains^)? attr-dict";
}

foreach element = DHT_ElementTypes in {
  defvar dtype = element.dtype;
  def DHT_FillTensorOp_#dtype : DHT_FillTensorOp<dtype, element.type>;
  def DHT_PrintTensorOp_#dtype : DHT_PrintTensorOp<dtype>;
  foreach rank = [0, 1, 2, 3, 4] in
    def DHT_CreateUninitTensorOp_#dtype#_#rank
        : DHT_CreateUninitTensorOp<dtype, rank>;
}

#endif // DISC_DIALECT_TFRT_DHTOPS_TD
