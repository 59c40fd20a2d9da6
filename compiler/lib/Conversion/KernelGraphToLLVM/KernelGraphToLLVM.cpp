//===- KernelGraphToLLVM.cpp - Kernel graphs to host runtime calls --------===//
//
// Each kernel of a kernel-graph function becomes one call of the runtime's
// DiscKgApi::invoke with a static DiscKgSite describing it; the runtime runs
// the kernel once its arguments are available. The layouts are those of
// ral/include/disc/ral/host/kernel_graph_abi.h.
//
//===----------------------------------------------------------------------===//

#include "disc/Conversion/KernelGraphToLLVM/KernelGraphAbi.h"
#include "disc/Conversion/KernelGraphToLLVM/Passes.h"
#include "disc/Conversion/RALToLLVM/RALToLLVM.h"
#include "disc/Dialect/RAL/EntrySignature.h"
#include "disc/Dialect/TFRT/TFRTOps.h"
#include "disc/ral/host/kernel_graph_abi.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

#include <list>
#include <vector>

#include <cstddef>
#include <cstring>

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_KERNELGRAPHTOLLVMPASS
#include "disc/Conversion/KernelGraphToLLVM/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;
using namespace mlir::disc;

namespace {

/// A DiscKgAttribute before it becomes a constant: its data as the bytes of
/// the C array the runtime reads, or, for a DISC_KG_ATTR_ARRAY, its
/// elements.
struct AttributeRecord {
  std::string name;
  int32_t kind;
  int32_t size;
  std::string data;
  std::vector<AttributeRecord> elements;
};

template <typename T> void appendBytes(std::string &bytes, T value) {
  char raw[sizeof(T)];
  std::memcpy(raw, &value, sizeof(T));
  bytes.append(raw, sizeof(T));
}

/// The kind and bytes of one scalar attribute, or nullopt when a kernel
/// cannot receive it.
std::optional<std::pair<int32_t, std::string>>
encodeScalarAttribute(Attribute attr) {
  std::string bytes;
  if (auto boolean = dyn_cast<BoolAttr>(attr)) {
    appendBytes<uint8_t>(bytes, boolean.getValue());
    return std::make_pair(int32_t(DISC_KG_ATTR_BOOL), bytes);
  }
  if (isa<UnitAttr>(attr)) {
    appendBytes<uint8_t>(bytes, 1);
    return std::make_pair(int32_t(DISC_KG_ATTR_BOOL), bytes);
  }
  if (auto integer = dyn_cast<IntegerAttr>(attr)) {
    auto type = dyn_cast<IntegerType>(integer.getType());
    if (!type)
      return std::nullopt;
    if (type.isUnsigned() && type.getWidth() == 32) {
      appendBytes<uint32_t>(bytes, integer.getValue().getZExtValue());
      return std::make_pair(int32_t(DISC_KG_ATTR_UI32), bytes);
    }
    if (type.isUnsigned())
      return std::nullopt;
    if (type.getWidth() == 32) {
      appendBytes<int32_t>(bytes, integer.getValue().getSExtValue());
      return std::make_pair(int32_t(DISC_KG_ATTR_I32), bytes);
    }
    if (type.getWidth() == 64) {
      appendBytes<int64_t>(bytes, integer.getValue().getSExtValue());
      return std::make_pair(int32_t(DISC_KG_ATTR_I64), bytes);
    }
    return std::nullopt;
  }
  if (auto floating = dyn_cast<FloatAttr>(attr)) {
    if (floating.getType().isF32()) {
      appendBytes<float>(bytes, floating.getValue().convertToFloat());
      return std::make_pair(int32_t(DISC_KG_ATTR_F32), bytes);
    }
    if (floating.getType().isF64()) {
      appendBytes<double>(bytes, floating.getValueAsDouble());
      return std::make_pair(int32_t(DISC_KG_ATTR_F64), bytes);
    }
    return std::nullopt;
  }
  if (auto type = dyn_cast<TypeAttr>(attr)) {
    appendBytes<uint8_t>(bytes, getKernelGraphTypeCode(type.getValue()));
    return std::make_pair(int32_t(DISC_KG_ATTR_TYPE), bytes);
  }
  return std::nullopt;
}

/// The flat DiscKgAttribute of an array of scalars of one kind (an empty
/// one included), or nullopt for any other array.
std::optional<AttributeRecord> encodeFlatArray(StringRef name,
                                               ArrayAttr array) {
  // An empty array has no element to take a kind from.
  AttributeRecord record{
      name.str(), DISC_KG_ATTR_I64, static_cast<int32_t>(array.size()), "", {}};
  for (auto [index, element] : llvm::enumerate(array)) {
    std::optional<std::pair<int32_t, std::string>> scalar =
        encodeScalarAttribute(element);
    if (!scalar || (index > 0 && scalar->first != record.kind))
      return std::nullopt;
    record.kind = scalar->first;
    record.data += scalar->second;
  }
  return record;
}

/// The DiscKgAttribute for `attr`, or nullopt when a kernel cannot receive
/// it: a scalar, a string, a flat array of scalars of one kind, or any
/// other array of such attributes, nested.
std::optional<AttributeRecord> encodeAttribute(StringRef name, Attribute attr) {
  AttributeRecord record{name.str(), 0, 1, "", {}};
  if (auto string = dyn_cast<StringAttr>(attr)) {
    record.kind = DISC_KG_ATTR_STRING;
    record.size = string.size();
    record.data = string.getValue().str();
    return record;
  }
  if (auto array = dyn_cast<DenseArrayAttr>(attr)) {
    Type element = array.getElementType();
    if (element.isInteger(1))
      record.kind = DISC_KG_ATTR_BOOL;
    else if (element.isInteger(32))
      record.kind = DISC_KG_ATTR_I32;
    else if (element.isInteger(64))
      record.kind = DISC_KG_ATTR_I64;
    else if (element.isF32())
      record.kind = DISC_KG_ATTR_F32;
    else if (element.isF64())
      record.kind = DISC_KG_ATTR_F64;
    else
      return std::nullopt;
    record.size = array.getSize();
    ArrayRef<char> raw = array.getRawData();
    record.data.assign(raw.begin(), raw.end());
    return record;
  }
  if (auto array = dyn_cast<ArrayAttr>(attr)) {
    if (std::optional<AttributeRecord> flat = encodeFlatArray(name, array))
      return flat;
    record.kind = DISC_KG_ATTR_ARRAY;
    record.size = array.size();
    for (Attribute element : array) {
      std::optional<AttributeRecord> encoded = encodeAttribute("", element);
      if (!encoded)
        return std::nullopt;
      record.elements.push_back(std::move(*encoded));
    }
    return record;
  }
  std::optional<std::pair<int32_t, std::string>> scalar =
      encodeScalarAttribute(attr);
  if (!scalar)
    return std::nullopt;
  record.kind = scalar->first;
  record.data = std::move(scalar->second);
  return record;
}

/// "file:line:col" of the first file location inside `loc`.
std::string formatLocation(Location loc) {
  std::string text = "<unknown>";
  loc->walk([&](Location inner) {
    auto fileLoc = dyn_cast<FileLineColLoc>(inner);
    if (!fileLoc)
      return WalkResult::advance();
    text = (fileLoc.getFilename().getValue() + ":" + Twine(fileLoc.getLine()) +
            ":" + Twine(fileLoc.getColumn()))
               .str();
    return WalkResult::interrupt();
  });
  return text;
}

bool isKernelGraphDialect(Dialect *dialect) {
  return isa_and_nonnull<tfrt::TFRTDialect, tfrt_test::TFRTTestDialect,
                         dht::DHTDialect>(dialect);
}

/// A kernel is an op of the kernel-graph dialects or of no registered
/// dialect (a kernel the runtime knows by name, e.g. a TAO_RAL_API one).
bool isKernel(Operation *op) {
  return isKernelGraphDialect(op->getDialect()) || !op->isRegistered();
}

bool isReturn(Operation *op) { return isa<tfrt::ReturnOp, func::ReturnOp>(op); }

/// The scalar types of the kernels the compiler runs inline.
bool isInlineScalar(Type type) {
  return type.isSignlessInteger(32) || type.isSignlessInteger(64) ||
         type.isF32() || type.isF64();
}

/// A kernel the compiler runs inline on raw scalars, computing what the
/// runtime's kernel of that name computes (ral/lib/kernels/basic_kernels.cpp):
/// wrapping integer and IEEE float arithmetic, neither of which can fail.
enum class InlineKernel { kConstant, kAdd, kMinus, kMultiply };

/// `op` as an inline kernel: a tfrt.constant.<T> of a literal of type T, or
/// a tfrt.{add,minus,multiply}.<T> of two T operands (no trailing chain),
/// for T one of i32, i64, f32, f64.
std::optional<InlineKernel> getInlineKernel(Operation *op) {
  if (op->getNumResults() != 1 || op->getNumRegions() != 0)
    return std::nullopt;
  Type type = op->getResult(0).getType();
  if (!isInlineScalar(type))
    return std::nullopt;
  std::string typeName;
  llvm::raw_string_ostream(typeName) << type;
  StringRef name = op->getName().getStringRef();
  if (!name.consume_back("." + typeName))
    return std::nullopt;
  if (name == "tfrt.constant") {
    Attribute value = op->getAttrDictionary().get("value");
    auto typed = dyn_cast_or_null<TypedAttr>(value);
    if (op->getNumOperands() != 0 || !typed || typed.getType() != type ||
        !isa<IntegerAttr, FloatAttr>(value))
      return std::nullopt;
    return InlineKernel::kConstant;
  }
  if (op->getNumOperands() != 2 || op->getOperand(0).getType() != type ||
      op->getOperand(1).getType() != type)
    return std::nullopt;
  return llvm::StringSwitch<std::optional<InlineKernel>>(name)
      .Case("tfrt.add", InlineKernel::kAdd)
      .Case("tfrt.minus", InlineKernel::kMinus)
      .Case("tfrt.multiply", InlineKernel::kMultiply)
      .Default(std::nullopt);
}

/// Whether `body` may run inline when every argument is concrete: its
/// arguments and returned values are inline scalars and all its kernels,
/// one at least, are inline kernels. Nothing else runs in between, so no
/// other kernel can cancel the run or fail midway.
bool hasInlinePath(Block &body) {
  if (!llvm::all_of(body.getArgumentTypes(), isInlineScalar))
    return false;
  bool anyKernel = false;
  for (Operation &op : body) {
    if (isReturn(&op)) {
      if (!llvm::all_of(op.getOperandTypes(), isInlineScalar))
        return false;
      continue;
    }
    if (!getInlineKernel(&op))
      return false;
    anyKernel = true;
  }
  return anyKernel;
}

/// A function a kernel may call, as compiled.
struct CompiledFunction {
  LLVM::LLVMFuncOp entry;
  std::string name;
  SmallVector<Type> argTypes;
  SmallVector<Type> resultTypes;
};

class KernelGraphLowering {
public:
  explicit KernelGraphLowering(ModuleOp module)
      : module(module), symbols(module), context(module.getContext()),
        builder(context), ptrType(LLVM::LLVMPointerType::get(context)),
        i32Type(IntegerType::get(context, 32)) {}

  LogicalResult run();

private:
  LogicalResult declareFunctions();
  LogicalResult lowerBody(CompiledFunction &function, Block &body);
  Block *emitInlinePath(Block &body, Value hostContext, Value api,
                        Value resultSlots, const DenseMap<Value, Value> &args,
                        Location loc);
  FailureOr<Value> buildSite(Operation *op, CompiledFunction &parent,
                             unsigned &regionCount);
  FailureOr<CompiledFunction *>
  outlineRegion(Region &region, CompiledFunction &parent, unsigned index);
  FailureOr<CompiledFunction *> lookupCallee(Operation *op,
                                             FlatSymbolRefAttr callee);
  LLVM::GlobalOp getFunctionRecord(CompiledFunction &function);
  void setSignatures();

  /// A module-level symbol named after `base`, made unique.
  template <typename OpT> OpT insertSymbol(OpT op) {
    symbols.insert(op);
    return op;
  }
  Value addressOf(LLVM::GlobalOp global, Location loc) {
    return LLVM::AddressOfOp::create(builder, loc, global);
  }
  /// The address of a private constant holding `bytes` (and a NUL, so that
  /// names are C strings), or null for no bytes when `nullIfEmpty`.
  Value constantBytes(StringRef bytes, Location loc, bool nullIfEmpty);
  Value typeCodes(TypeRange types, Location loc);
  /// A constant array of the DiscKgAttribute records of `attributes`, and
  /// those of their elements for nested arrays.
  LLVM::GlobalOp attributeRecords(ArrayRef<AttributeRecord> attributes,
                                  Location loc);
  Value i32Constant(int64_t value, Location loc) {
    return LLVM::ConstantOp::create(builder, loc, i32Type,
                                    builder.getI32IntegerAttr(value));
  }
  /// A global of `type` whose initializer inserts `fields` in order;
  /// `fields` is called with the builder inside the initializer.
  LLVM::GlobalOp structGlobal(StringRef name, Type type, bool isConstant,
                              Location loc,
                              function_ref<SmallVector<Value>()> fields);

  ModuleOp module;
  SymbolTable symbols;
  MLIRContext *context;
  OpBuilder builder;
  Type ptrType;
  Type i32Type;
  /// Kernel-graph functions by symbol, in source order.
  llvm::MapVector<StringAttr, CompiledFunction> functions;
  /// Outlined regions; a deque-like list so that pointers stay valid.
  std::list<CompiledFunction> regions;
  DenseMap<Operation *, LLVM::GlobalOp> functionRecords;
  llvm::StringMap<LLVM::GlobalOp> byteConstants;
  unsigned siteCount = 0;
};

} // namespace

Value KernelGraphLowering::constantBytes(StringRef bytes, Location loc,
                                         bool nullIfEmpty) {
  if (bytes.empty() && nullIfEmpty)
    return LLVM::ZeroOp::create(builder, loc, ptrType);
  LLVM::GlobalOp &global = byteConstants[bytes];
  if (!global) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(module.getBody());
    std::string withNul = bytes.str();
    withNul.push_back('\0');
    auto type = LLVM::LLVMArrayType::get(builder.getI8Type(), withNul.size());
    global = insertSymbol(LLVM::GlobalOp::create(
        builder, loc, type, /*isConstant=*/true, LLVM::Linkage::Private,
        "disc_kg_data", builder.getStringAttr(withNul), /*alignment=*/8));
  }
  return addressOf(global, loc);
}

LLVM::GlobalOp
KernelGraphLowering::attributeRecords(ArrayRef<AttributeRecord> attributes,
                                      Location loc) {
  // The elements of nested arrays first: their records point to them.
  SmallVector<LLVM::GlobalOp> elementArrays;
  for (const AttributeRecord &attribute : attributes)
    elementArrays.push_back(attribute.kind == DISC_KG_ATTR_ARRAY
                                ? attributeRecords(attribute.elements, loc)
                                : LLVM::GlobalOp());
  auto recordType = getKernelGraphAttributeType(context);
  auto arrayType = LLVM::LLVMArrayType::get(recordType, attributes.size());
  return structGlobal(
      "disc_kg_attributes", arrayType, /*isConstant=*/true, loc,
      [&]() -> SmallVector<Value> {
        SmallVector<Value> records;
        for (auto [attribute, elements] :
             llvm::zip_equal(attributes, elementArrays)) {
          Value record = LLVM::UndefOp::create(builder, loc, recordType);
          Value fields[] = {
              constantBytes(attribute.name, loc, /*nullIfEmpty=*/false),
              i32Constant(attribute.kind, loc),
              i32Constant(attribute.size, loc),
              elements ? addressOf(elements, loc)
                       : constantBytes(attribute.data, loc,
                                       /*nullIfEmpty=*/true)};
          for (auto [index, field] : llvm::enumerate(fields))
            record = LLVM::InsertValueOp::create(
                builder, loc, record, field, ArrayRef<int64_t>{int64_t(index)});
          records.push_back(record);
        }
        return records;
      });
}

Value KernelGraphLowering::typeCodes(TypeRange types, Location loc) {
  std::string codes;
  for (Type type : types)
    codes.push_back(static_cast<char>(getKernelGraphTypeCode(type)));
  return constantBytes(codes, loc, /*nullIfEmpty=*/true);
}

LLVM::GlobalOp
KernelGraphLowering::structGlobal(StringRef name, Type type, bool isConstant,
                                  Location loc,
                                  function_ref<SmallVector<Value>()> fields) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(module.getBody());
  auto global = insertSymbol(LLVM::GlobalOp::create(
      builder, loc, type, isConstant, LLVM::Linkage::Internal, name,
      Attribute(), /*alignment=*/8));
  builder.setInsertionPointToStart(
      builder.createBlock(&global.getInitializerRegion()));
  Value aggregate = LLVM::UndefOp::create(builder, loc, type);
  for (auto [index, field] : llvm::enumerate(fields()))
    aggregate = LLVM::InsertValueOp::create(builder, loc, aggregate, field,
                                            ArrayRef<int64_t>{int64_t(index)});
  LLVM::ReturnOp::create(builder, loc, aggregate);
  return global;
}

LLVM::GlobalOp
KernelGraphLowering::getFunctionRecord(CompiledFunction &function) {
  LLVM::GlobalOp &record = functionRecords[function.entry];
  if (record)
    return record;
  Location loc = function.entry.getLoc();
  record = structGlobal(
      "disc_kg_function", getKernelGraphFunctionType(context),
      /*isConstant=*/true, loc, [&]() -> SmallVector<Value> {
        return {LLVM::AddressOfOp::create(builder, loc, function.entry),
                constantBytes(function.name, loc, /*nullIfEmpty=*/false),
                i32Constant(function.argTypes.size(), loc),
                i32Constant(function.resultTypes.size(), loc),
                typeCodes(function.argTypes, loc),
                typeCodes(function.resultTypes, loc)};
      });
  return record;
}

LogicalResult KernelGraphLowering::declareFunctions() {
  auto voidType = LLVM::LLVMVoidType::get(context);
  auto entryType =
      LLVM::LLVMFunctionType::get(voidType, {ptrType, ptrType, ptrType});
  builder.setInsertionPointToEnd(module.getBody());
  bool failedAny = false;
  for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
    if (func.isDeclaration()) {
      func.emitError() << "kernel-graph function @" << func.getSymName()
                       << " has no body";
      failedAny = true;
      continue;
    }
    if (!func.getBody().hasOneBlock()) {
      func.emitError() << "kernel-graph function @" << func.getSymName()
                       << " must be one block of kernels";
      failedAny = true;
      continue;
    }
    std::string llvmName =
        func.isPublic()
            ? (kKernelGraphEntrySymbolPrefix + func.getSymName()).str()
            : ("disc_kg_function_" + func.getSymName()).str();
    if (func.isPublic() && symbols.lookup(llvmName)) {
      func.emitError() << "kernel-graph function @" << func.getSymName()
                       << " needs the symbol @" << llvmName
                       << " for its export, but the module already has one";
      failedAny = true;
      continue;
    }
    auto entry = LLVM::LLVMFuncOp::create(
        builder, func.getLoc(), llvmName, entryType,
        func.isPublic() ? LLVM::Linkage::External : LLVM::Linkage::Internal);
    insertSymbol(entry);
    FunctionType type = func.getFunctionType();
    functions[func.getSymNameAttr()] = CompiledFunction{
        entry, func.getSymName().str(), llvm::to_vector(type.getInputs()),
        llvm::to_vector(type.getResults())};
  }
  return failure(failedAny);
}

FailureOr<CompiledFunction *>
KernelGraphLowering::lookupCallee(Operation *op, FlatSymbolRefAttr callee) {
  auto found = functions.find(callee.getAttr());
  if (found == functions.end())
    return op->emitOpError("refers to ")
           << callee << ", which is not a function of this program";
  return &found->second;
}

FailureOr<CompiledFunction *>
KernelGraphLowering::outlineRegion(Region &region, CompiledFunction &parent,
                                   unsigned index) {
  Operation *op = region.getParentOp();
  if (!region.hasOneBlock())
    return op->emitOpError("region #")
           << region.getRegionNumber() << " must be one block of kernels";
  Block &body = region.front();
  Operation *terminator = body.getTerminator();
  if (!terminator || !isReturn(terminator))
    return op->emitOpError("region #")
           << region.getRegionNumber() << " must end in tfrt.return";

  std::string name = parent.name + ".region" + std::to_string(index);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(module.getBody());
  auto voidType = LLVM::LLVMVoidType::get(context);
  auto entry = insertSymbol(LLVM::LLVMFuncOp::create(
      builder, op->getLoc(), "disc_kg_region_" + name,
      LLVM::LLVMFunctionType::get(voidType, {ptrType, ptrType, ptrType}),
      LLVM::Linkage::Internal));
  regions.push_back(
      CompiledFunction{entry, name, llvm::to_vector(body.getArgumentTypes()),
                       llvm::to_vector(terminator->getOperandTypes())});
  CompiledFunction &outlined = regions.back();
  if (failed(lowerBody(outlined, body)))
    return failure();
  return &outlined;
}

FailureOr<Value> KernelGraphLowering::buildSite(Operation *op,
                                                CompiledFunction &parent,
                                                unsigned &regionCount) {
  Location loc = op->getLoc();
  SmallVector<AttributeRecord> attributes;
  SmallVector<CompiledFunction *> callees;
  // Inherent attributes (kept as properties) included, sorted by name.
  for (NamedAttribute named : op->getAttrDictionary()) {
    Attribute value = named.getValue();
    if (auto symbol = dyn_cast<FlatSymbolRefAttr>(value)) {
      FailureOr<CompiledFunction *> callee = lookupCallee(op, symbol);
      if (failed(callee))
        return failure();
      callees.push_back(*callee);
      continue;
    }
    auto array = dyn_cast<ArrayAttr>(value);
    if (array && !array.empty() &&
        llvm::all_of(array, llvm::IsaPred<FlatSymbolRefAttr>)) {
      for (Attribute element : array) {
        FailureOr<CompiledFunction *> callee =
            lookupCallee(op, cast<FlatSymbolRefAttr>(element));
        if (failed(callee))
          return failure();
        callees.push_back(*callee);
      }
      continue;
    }
    std::optional<AttributeRecord> record =
        encodeAttribute(named.getName().getValue(), value);
    if (!record)
      return op->emitOpError("attribute '")
             << named.getName().getValue() << "' is " << value
             << ", which a kernel cannot receive (expected a bool, i32, i64, "
                "ui32, f32, f64, string or type, or an array of them, "
                "nested or not)";
    attributes.push_back(std::move(*record));
  }
  for (Region &region : op->getRegions()) {
    FailureOr<CompiledFunction *> outlined =
        outlineRegion(region, parent, regionCount++);
    if (failed(outlined))
      return failure();
    callees.push_back(*outlined);
  }

  OpBuilder::InsertionGuard guard(builder);
  unsigned siteIndex = siteCount++;
  LLVM::GlobalOp attributeArray;
  if (!attributes.empty())
    attributeArray = attributeRecords(attributes, loc);
  LLVM::GlobalOp functionArray;
  if (!callees.empty()) {
    SmallVector<LLVM::GlobalOp> records;
    for (CompiledFunction *callee : callees)
      records.push_back(getFunctionRecord(*callee));
    functionArray = structGlobal(
        "disc_kg_functions", LLVM::LLVMArrayType::get(ptrType, callees.size()),
        /*isConstant=*/true, loc, [&]() -> SmallVector<Value> {
          SmallVector<Value> addresses;
          for (LLVM::GlobalOp record : records)
            addresses.push_back(addressOf(record, loc));
          return addresses;
        });
  }
  // Writable: the runtime caches the resolved kernel in it.
  LLVM::GlobalOp site = structGlobal(
      "disc_kg_site_" + std::to_string(siteIndex),
      getKernelGraphSiteType(context), /*isConstant=*/false, loc,
      [&]() -> SmallVector<Value> {
        Value null = LLVM::ZeroOp::create(builder, loc, ptrType);
        return {constantBytes(op->getName().getStringRef(), loc, false),
                constantBytes(formatLocation(loc), loc, false),
                i32Constant(op->getNumOperands(), loc),
                i32Constant(op->getNumResults(), loc),
                typeCodes(op->getOperandTypes(), loc),
                typeCodes(op->getResultTypes(), loc),
                i32Constant(attributes.size(), loc),
                i32Constant(callees.size(), loc),
                attributeArray ? addressOf(attributeArray, loc) : null,
                functionArray ? addressOf(functionArray, loc) : null,
                null};
      });
  return addressOf(site, loc);
}

LogicalResult KernelGraphLowering::lowerBody(CompiledFunction &function,
                                             Block &body) {
  LLVM::LLVMFuncOp entry = function.entry;
  Location funcLoc = entry.getLoc();
  OpBuilder::InsertionGuard guard(builder);
  Block *block = entry.addEntryBlock(builder);
  builder.setInsertionPointToStart(block);
  Value ctxStruct = block->getArgument(0);
  Value argSlots = block->getArgument(1);
  Value resultSlots = block->getArgument(2);

  auto apiType = getKernelGraphApiType(context);
  Value hostContext =
      LLVM::LoadOp::create(builder, funcLoc, ptrType, ctxStruct);
  Value apiAddress =
      LLVM::GEPOp::create(builder, funcLoc, ptrType, ptrType, ctxStruct,
                          ArrayRef<LLVM::GEPArg>{kKernelGraphApiSlot});
  Value api = LLVM::LoadOp::create(builder, funcLoc, ptrType, apiAddress);
  auto loadApiField = [&](KernelGraphApiField field) -> Value {
    Value address =
        LLVM::GEPOp::create(builder, funcLoc, ptrType, apiType, api,
                            ArrayRef<LLVM::GEPArg>{0, int32_t(field)});
    return LLVM::LoadOp::create(builder, funcLoc, ptrType, address);
  };
  Value invoke = loadApiField(kApiInvoke);
  Value addRef = loadApiField(kApiAddRef);
  Value dropRef = loadApiField(kApiDropRef);

  auto voidType = LLVM::LLVMVoidType::get(context);
  auto invokeType = LLVM::LLVMFunctionType::get(
      voidType, {ptrType, ptrType, ptrType, ptrType});
  auto refType = LLVM::LLVMFunctionType::get(voidType, {ptrType});
  auto callRef = [&](Value fn, Value value, Location loc) {
    LLVM::CallOp::create(builder, loc, refType, ValueRange{fn, value});
  };
  auto slotAddress = [&](Value slots, int64_t index, Location loc) {
    return LLVM::GEPOp::create(builder, loc, ptrType, ptrType, slots,
                               ArrayRef<LLVM::GEPArg>{int32_t(index)});
  };

  // One array each for the arguments and results of every kernel: invoke
  // reads the arguments and fills the results before it returns.
  unsigned maxArgs = 0, maxResults = 0;
  for (Operation &op : body) {
    maxArgs = std::max(maxArgs, op.getNumOperands());
    maxResults = std::max(maxResults, op.getNumResults());
  }
  Value one = LLVM::ConstantOp::create(builder, funcLoc, builder.getI64Type(),
                                       builder.getI64IntegerAttr(1));
  auto allocateSlots = [&](unsigned count) -> Value {
    if (count == 0)
      return LLVM::ZeroOp::create(builder, funcLoc, ptrType);
    return LLVM::AllocaOp::create(builder, funcLoc, ptrType,
                                  LLVM::LLVMArrayType::get(ptrType, count),
                                  one);
  };
  Value kernelArgs = allocateSlots(maxArgs);
  Value kernelResults = allocateSlots(maxResults);

  DenseMap<Value, Value> lowered;
  for (BlockArgument argument : body.getArguments())
    lowered[argument] = LLVM::LoadOp::create(
        builder, funcLoc, ptrType,
        slotAddress(argSlots, argument.getArgNumber(), funcLoc));
  // What follows is the path through the runtime, taken by every function
  // without an inline path and by one whose arguments are not all concrete.
  if (hasInlinePath(body))
    builder.setInsertionPointToStart(
        emitInlinePath(body, hostContext, api, resultSlots, lowered, funcLoc));

  // Each value a kernel produced is released after the op that uses it
  // last (the return included); arguments are borrowed.
  DenseMap<Value, Operation *> lastUser;
  for (Operation &op : body)
    for (Value operand : op.getOperands())
      lastUser[operand] = &op;
  auto releaseAfter = [&](Operation &op) {
    llvm::SetVector<Value> released;
    for (Value operand : op.getOperands())
      if (isa<OpResult>(operand) && lastUser.lookup(operand) == &op)
        released.insert(operand);
    for (Value value : released)
      callRef(dropRef, lowered.lookup(value), op.getLoc());
  };

  unsigned regionCount = 0;
  for (Operation &op : body) {
    Location loc = op.getLoc();
    if (isReturn(&op)) {
      if (&op != body.getTerminator())
        return op.emitOpError("must be the last op of its block");
      for (auto [index, operand] : llvm::enumerate(op.getOperands())) {
        Value value = lowered.lookup(operand);
        callRef(addRef, value, loc);
        LLVM::StoreOp::create(builder, loc, value,
                              slotAddress(resultSlots, index, loc));
      }
      releaseAfter(op);
      LLVM::ReturnOp::create(builder, loc, ValueRange());
      continue;
    }
    if (!isKernel(&op))
      return op.emitOpError(
          "is not a kernel: a kernel graph holds ops of the tfrt, "
          "tfrt_test and dht dialects or of unregistered dialects");
    FailureOr<Value> site = buildSite(&op, function, regionCount);
    if (failed(site))
      return failure();
    for (auto [index, operand] : llvm::enumerate(op.getOperands()))
      LLVM::StoreOp::create(builder, loc, lowered.lookup(operand),
                            slotAddress(kernelArgs, index, loc));
    LLVM::CallOp::create(
        builder, loc, invokeType,
        ValueRange{invoke, hostContext, *site, kernelArgs, kernelResults});
    for (OpResult result : op.getResults())
      lowered[result] = LLVM::LoadOp::create(
          builder, loc, ptrType,
          slotAddress(kernelResults, result.getResultNumber(), loc));
    releaseAfter(op);
    for (OpResult result : op.getResults())
      if (result.use_empty())
        callRef(dropRef, lowered.lookup(result), loc);
  }
  if (body.empty() || !isReturn(body.getTerminator()))
    return mlir::emitError(funcLoc)
           << "kernel-graph function '" << function.name
           << "' must end in tfrt.return";
  return success();
}

/// Emits, from the current insertion point, the inline path of `body`: if
/// the runtime has read_scalar (an older one's DiscKgApi is smaller) and
/// reads every argument as a concrete scalar, the kernels run as LLVM
/// arithmetic on the raw scalars and only the results become values
/// (make_scalar). Returns the block for the path through the runtime.
Block *KernelGraphLowering::emitInlinePath(Block &body, Value hostContext,
                                           Value api, Value resultSlots,
                                           const DenseMap<Value, Value> &args,
                                           Location loc) {
  Region *region = builder.getInsertionBlock()->getParent();
  auto *check = new Block(), *inlined = new Block(), *viaRuntime = new Block();
  region->push_back(check);
  region->push_back(inlined);
  region->push_back(viaRuntime);
  auto apiType = getKernelGraphApiType(context);
  auto i64Type = builder.getI64Type();
  auto apiField = [&](KernelGraphApiField field, Type type) -> Value {
    Value address =
        LLVM::GEPOp::create(builder, loc, ptrType, apiType, api,
                            ArrayRef<LLVM::GEPArg>{0, int32_t(field)});
    return LLVM::LoadOp::create(builder, loc, type, address);
  };
  // One 8-byte cell per argument or result, where scalars are read and
  // written; in the entry block, so that LLVM keeps them in registers.
  unsigned numCells = std::max<unsigned>(
      {body.getNumArguments(), body.getTerminator()->getNumOperands(), 1});
  Value cells = LLVM::AllocaOp::create(
      builder, loc, ptrType, LLVM::LLVMArrayType::get(i64Type, numCells),
      LLVM::ConstantOp::create(builder, loc, i64Type,
                               builder.getI64IntegerAttr(1)));
  auto cell = [&](unsigned index) -> Value {
    return LLVM::GEPOp::create(builder, loc, ptrType, i64Type, cells,
                               ArrayRef<LLVM::GEPArg>{int32_t(index)});
  };
  auto typeCode = [&](Type type) -> Value {
    return i32Constant(getKernelGraphTypeCode(type), loc);
  };
  Value apiSize = apiField(kApiSize, i32Type);
  Value needed = i32Constant(
      offsetof(DiscKgApi, make_scalar) + sizeof(DiscKgApi::make_scalar), loc);
  Value hasScalars = LLVM::ICmpOp::create(
      builder, loc, LLVM::ICmpPredicate::uge, apiSize, needed);
  LLVM::CondBrOp::create(builder, loc, hasScalars, check, viaRuntime);

  builder.setInsertionPointToStart(check);
  Value readScalar = apiField(kApiReadScalar, ptrType);
  Value makeScalar = apiField(kApiMakeScalar, ptrType);
  auto readType = LLVM::LLVMFunctionType::get(
      i32Type, {ptrType, ptrType, i32Type, ptrType});
  Value allRead = LLVM::ConstantOp::create(builder, loc, builder.getI1Type(),
                                           builder.getBoolAttr(true));
  Value zero = i32Constant(0, loc);
  for (BlockArgument argument : body.getArguments()) {
    Value read = LLVM::CallOp::create(builder, loc, readType,
                                      ValueRange{readScalar, hostContext,
                                                 args.lookup(argument),
                                                 typeCode(argument.getType()),
                                                 cell(argument.getArgNumber())})
                     .getResult();
    Value concrete =
        LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ne, read, zero);
    allRead = LLVM::AndOp::create(builder, loc, allRead, concrete);
  }
  LLVM::CondBrOp::create(builder, loc, allRead, inlined, viaRuntime);

  builder.setInsertionPointToStart(inlined);
  DenseMap<Value, Value> scalars;
  for (BlockArgument argument : body.getArguments())
    scalars[argument] = LLVM::LoadOp::create(builder, loc, argument.getType(),
                                             cell(argument.getArgNumber()));
  auto makeType = LLVM::LLVMFunctionType::get(ptrType, {i32Type, ptrType});
  for (Operation &op : body) {
    Location opLoc = op.getLoc();
    if (isReturn(&op)) {
      for (auto [index, operand] : llvm::enumerate(op.getOperands())) {
        LLVM::StoreOp::create(builder, opLoc, scalars.lookup(operand),
                              cell(index));
        Value value = LLVM::CallOp::create(
                          builder, opLoc, makeType,
                          ValueRange{makeScalar, typeCode(operand.getType()),
                                     cell(index)})
                          .getResult();
        LLVM::StoreOp::create(
            builder, opLoc, value,
            LLVM::GEPOp::create(builder, opLoc, ptrType, ptrType, resultSlots,
                                ArrayRef<LLVM::GEPArg>{int32_t(index)}));
      }
      LLVM::ReturnOp::create(builder, opLoc, ValueRange());
      continue;
    }
    Value result = op.getResult(0);
    bool isFloat = isa<FloatType>(result.getType());
    Value lhs, rhs;
    if (op.getNumOperands() == 2) {
      lhs = scalars.lookup(op.getOperand(0));
      rhs = scalars.lookup(op.getOperand(1));
    }
    Value computed;
    switch (*getInlineKernel(&op)) {
    case InlineKernel::kConstant:
      computed = LLVM::ConstantOp::create(
          builder, opLoc, result.getType(),
          cast<TypedAttr>(op.getAttrDictionary().get("value")));
      break;
    case InlineKernel::kAdd:
      computed =
          isFloat ? LLVM::FAddOp::create(builder, opLoc, lhs, rhs).getResult()
                  : LLVM::AddOp::create(builder, opLoc, lhs, rhs).getResult();
      break;
    case InlineKernel::kMinus:
      computed =
          isFloat ? LLVM::FSubOp::create(builder, opLoc, lhs, rhs).getResult()
                  : LLVM::SubOp::create(builder, opLoc, lhs, rhs).getResult();
      break;
    case InlineKernel::kMultiply:
      computed =
          isFloat ? LLVM::FMulOp::create(builder, opLoc, lhs, rhs).getResult()
                  : LLVM::MulOp::create(builder, opLoc, lhs, rhs).getResult();
      break;
    }
    scalars[result] = computed;
  }
  return viaRuntime;
}

void KernelGraphLowering::setSignatures() {
  SmallVector<Attribute> signatures;
  auto spell = [&](ArrayRef<Type> types) {
    SmallVector<Attribute> spellings;
    for (Type type : types)
      spellings.push_back(builder.getStringAttr(
          getKernelGraphTypeSpelling(getKernelGraphTypeCode(type))));
    return builder.getArrayAttr(spellings);
  };
  for (auto &[symbol, function] : functions) {
    if (function.entry.getLinkage() != LLVM::Linkage::External)
      continue;
    signatures.push_back(builder.getDictionaryAttr({
        builder.getNamedAttr(kValueNameKey, symbol),
        builder.getNamedAttr(kKernelGraphEntryKey,
                             function.entry.getSymNameAttr()),
        builder.getNamedAttr(kSignatureInputsKey, spell(function.argTypes)),
        builder.getNamedAttr(kSignatureOutputsKey, spell(function.resultTypes)),
    }));
  }
  module->setAttr(kKernelGraphSignaturesAttrName,
                  builder.getArrayAttr(signatures));
}

LogicalResult KernelGraphLowering::run() {
  if (symbols.lookup(kModelAbiVersionSymbol))
    return module.emitError()
           << "the module already defines @" << kModelAbiVersionSymbol;
  if (failed(declareFunctions()))
    return failure();
  for (auto func : module.getOps<func::FuncOp>())
    if (failed(lowerBody(functions[func.getSymNameAttr()],
                         func.getBody().front())))
      return failure();
  setSignatures();
  for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
    func.erase();
  buildModelAbiVersionFunction(module);
  return success();
}

namespace {
struct KernelGraphToLLVMPass
    : disc::impl::KernelGraphToLLVMPassBase<KernelGraphToLLVMPass> {
  void runOnOperation() override {
    if (failed(KernelGraphLowering(getOperation()).run()))
      signalPassFailure();
  }
};
} // namespace
