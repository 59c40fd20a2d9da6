//===- TFRTOps.td - TFRT's basic kernels -------------------*- tablegen -*-===//
//
// The kernels of TFRT's basic_kernels.td that have a custom syntax, spelled
// as TFRT prints them. None is Pure: a kernel graph runs every kernel, used
// or not, so nothing may fold or erase one.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_DIALECT_TFRT_TFRTOPS_TD
#define DISC_DIALECT_TFRT_TFRTOPS_TD

include "disc/Dialect/TFRT/TFRTBase.td"
include "mlir/IR/SymbolInterfaces.td"

//===----------------------------------------------------------------------===//
// Constants and scalar arithmetic
//===----------------------------------------------------------------------===//

class TFRT_ConstantOp<string suffix, Attr attrType, Type type>
    : TFRT_Op<"constant." # suffix> {
  let summary = "a " # suffix # " constant";
  let arguments = (ins attrType:$value);
  let results = (outs type:$result);
  let assemblyFormat = "$value attr-dict";
}

def TFRT_ConstantI1Op : TFRT_ConstantOp<"i1", BoolAttr, I1>;
def TFRT_ConstantI32Op : TFRT_ConstantOp<"i32", I32Attr, I32>;
def TFRT_ConstantI64Op : TFRT_ConstantOp<"i64", I64Attr, I64>;
def TFRT_ConstantUI32Op : TFRT_ConstantOp<"ui32", UI32Attr, UI32>;
def TFRT_ConstantF32Op : TFRT_ConstantOp<"f32", F32Attr, F32>;
def TFRT_ConstantF64Op : TFRT_ConstantOp<"f64", F64Attr, F64>;

class TFRT_BinaryOp<string mnemonic, Type type, Type resultType>
    : TFRT_Op<mnemonic> {
  let arguments = (ins type:$lhs, type:$rhs, TFRT_TrailingChains:$chains);
  let results = (outs resultType:$result);
  let assemblyFormat = "$lhs `,` $rhs (`,` $chains^)? attr-dict";
}

// tfrt.div on integers gives the quotient and the remainder.
class TFRT_IntegerDivOp<string mnemonic, Type type> : TFRT_Op<mnemonic> {
  let arguments = (ins type:$lhs, type:$rhs, TFRT_TrailingChains:$chains);
  let results = (outs type:$quotient, type:$remainder);
  let assemblyFormat = "$lhs `,` $rhs (`,` $chains^)? attr-dict";
}

class TFRT_PrintOp<string suffix, Type type> : TFRT_Op<"print." # suffix> {
  let summary = "prints a " # suffix # " as TFRT does";
  let arguments = (ins type:$value, TFRT_TrailingChains:$chains);
  let results = (outs TFRT_ChainType:$out_chain);
  let assemblyFormat = "$value (`,` $chains^)? attr-dict";
}

multiclass TFRT_ScalarOps<string suffix, Type type> {
  def Add#NAME#Op : TFRT_BinaryOp<"add." # suffix, type, type>;
  def Minus#NAME#Op : TFRT_BinaryOp<"minus." # suffix, type, type>;
  def Multiply#NAME#Op : TFRT_BinaryOp<"multiply." # suffix, type, type>;
  def Minimum#NAME#Op : TFRT_BinaryOp<"minimum." # suffix, type, type>;
  def Equal#NAME#Op : TFRT_BinaryOp<"equal." # suffix, type, I1>;
  def LessEqual#NAME#Op : TFRT_BinaryOp<"lessequal." # suffix, type, I1>;
  def Print#NAME#Op : TFRT_PrintOp<suffix, type>;
}

defm I32 : TFRT_ScalarOps<"i32", I32>;
defm I64 : TFRT_ScalarOps<"i64", I64>;
defm F32 : TFRT_ScalarOps<"f32", F32>;
defm F64 : TFRT_ScalarOps<"f64", F64>;

def TFRT_DivI32Op : TFRT_IntegerDivOp<"div.i32", I32>;
def TFRT_DivI64Op : TFRT_IntegerDivOp<"div.i64", I64>;
def TFRT_DivF32Op : TFRT_BinaryOp<"div.f32", F32, F32>;
def TFRT_DivF64Op : TFRT_BinaryOp<"div.f64", F64, F64>;
def TFRT_PrintI1Op : TFRT_PrintOp<"i1", I1>;

//===----------------------------------------------------------------------===//
// Chains
//===----------------------------------------------------------------------===//

def TFRT_NewChainOp : TFRT_Op<"new.chain"> {
  let summary = "a ready chain";
  let results = (outs TFRT_ChainType:$chain);
  let assemblyFormat = "attr-dict";
}

def TFRT_MergeChainsOp : TFRT_Op<"merge.chains"> {
  let summary = "a chain ready once all its inputs are";
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs TFRT_ChainType:$chain);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs)";
}

//===----------------------------------------------------------------------===//
// Calls and control flow
//===----------------------------------------------------------------------===//

def TFRT_CallOp : TFRT_Op<"call"> {
  let summary = "calls a kernel-graph function";
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       Variadic<AnyType>:$operands);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, $results)
  }];
}

def TFRT_OnceOp : TFRT_Op<"once"> {
  let summary = "calls a function once per loaded program, caching its results";
  let arguments = (ins FlatSymbolRefAttr:$function,
                       Variadic<AnyType>:$fn_args);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $function `(` $fn_args `)` attr-dict `:` functional-type($fn_args, $results)
  }];
}

// The attribute names sort the true function before the false one, which is
// the order of the site's functions (kernel_graph_abi.h).
def TFRT_CondOp : TFRT_Op<"cond"> {
  let summary = "calls one of two functions depending on a condition";
  let arguments = (ins I1:$cond, FlatSymbolRefAttr:$a_true_fn,
                       FlatSymbolRefAttr:$b_false_fn,
                       Variadic<AnyType>:$fn_args);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $cond $a_true_fn $b_false_fn `(` $fn_args `)` attr-dict `:`
    functional-type($fn_args, $results)
  }];
}

def TFRT_CaseOp : TFRT_Op<"case"> {
  let summary = "calls the branch the index selects";
  let arguments = (ins I32:$branch_index, FlatSymbolRefArrayAttr:$branches,
                       Variadic<AnyType>:$branch_operands);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $branch_index $branches `(` $branch_operands `)` attr-dict `:`
    functional-type($branch_operands, $results)
  }];
}

def TFRT_WhileOp : TFRT_Op<"while"> {
  let summary = "runs the body while the condition it returns last holds";
  let arguments = (ins I1:$cond, FlatSymbolRefAttr:$body_fn,
                       Variadic<AnyType>:$arguments,
                       I64Attr:$parallel_iterations);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $cond $body_fn `(` $arguments `)` `parallel_iterations` `(`
    $parallel_iterations `)` attr-dict `:` functional-type($arguments, $results)
  }];
}

def TFRT_ParallelCallI32Op : TFRT_Op<"parallel_call.i32"> {
  let summary = "calls a function on each block of [start, end) in parallel";
  let arguments = (ins I32:$start, I32:$end, I32:$block_size,
                       FlatSymbolRefAttr:$callee, Variadic<AnyType>:$args);
  let results = (outs TFRT_ChainType:$done);
  let assemblyFormat = [{
    $start `to` $end `fixed` $block_size $callee `(` $args `)` attr-dict
    (`:` type($args)^)?
  }];
}

// The region ops below see their operands as their region's arguments,
// spelled with the operands' names (TFRT's name shadowing), so their regions
// are isolated from above.

def TFRT_IfOp : TFRT_Op<"if", [IsolatedFromAbove]> {
  let summary = "runs the then or the else region on the arguments";
  let arguments = (ins I1:$cond, Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$then_region,
                        SizedRegion<1>:$else_region);
  let hasCustomAssemblyFormat = 1;
}

def TFRT_RepeatI32Op : TFRT_Op<"repeat.i32", [IsolatedFromAbove]> {
  let summary = "runs the body `count` times, threading the loop values";
  let arguments = (ins I32:$count, Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TFRT_ParallelForI32Op : TFRT_Op<"parallel_for.i32", [IsolatedFromAbove]> {
  let summary = "runs the body on each block of [start, end) in parallel";
  let description = [{
    The body's arguments are the block's start and end followed by the extra
    operands; it returns a chain.
  }];
  let arguments = (ins I32:$start, I32:$end, I32:$block_size,
                       Variadic<AnyType>:$args);
  let results = (outs TFRT_ChainType:$done);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
}

def TFRT_ReturnOp : TFRT_Op<"return", [Terminator]> {
  let summary = "the results of a kernel-graph function or region";
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
}

#endif // DISC_DIALECT_TFRT_TFRTOPS_TD
