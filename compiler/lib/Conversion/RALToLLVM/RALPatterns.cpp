//===- RALPatterns.cpp - disc_ral to LLVM patterns
//-------------------------===//
//
// A dispatch becomes the type-erased call of docs/ABI.md:
//
//   exec_ctx = ctx_struct[0]; fn = ctx_struct[1];
//   slots = { &exec_ctx, <arg slots>..., <result slots>... };
//   status = fn(exec_ctx, "name___device___args___results", slots);
//
// where a scalar takes one slot pointing to its value and a memref of rank r
// takes 3 + 2r slots pointing to the fields of its descriptor.
//
//===----------------------------------------------------------------------===//

#include "disc/Conversion/RALToLLVM/RALToLLVM.h"

#include "disc/Dialect/RAL/RALOps.h"
#include "disc/Dialect/RAL/TypeEncoding.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace {

/// Allocas in the function's entry block, so that a dispatch inside a loop
/// reuses its stack slots instead of growing the stack on every iteration.
class EntryBlockAllocator {
public:
  EntryBlockAllocator(Operation *op, OpBuilder &builder)
      : builder(builder), loc(op->getLoc()),
        entry(&op->getParentOfType<FunctionOpInterface>()
                   .getFunctionBody()
                   .front()) {}

  Value allocate(Type elementType) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(entry);
    Value one = LLVM::ConstantOp::create(builder, loc, builder.getI64Type(),
                                         builder.getI64IntegerAttr(1));
    return LLVM::AllocaOp::create(
        builder, loc, LLVM::LLVMPointerType::get(builder.getContext()),
        elementType, one);
  }

private:
  OpBuilder &builder;
  Location loc;
  Block *entry;
};

/// The fields of a memref descriptor in the order docs/ABI.md gives them,
/// which is MLIR's descriptor struct.
enum DescriptorField : int32_t {
  kAllocatedPtr = 0,
  kAlignedPtr = 1,
  kOffset = 2,
  kSizes = 3,
  kStrides = 4,
};

/// Fills the slot array from index `next` on.
class SlotWriter {
public:
  SlotWriter(OpBuilder &builder, Location loc, Value slots, Type slotsType)
      : builder(builder), loc(loc), slots(slots), slotsType(slotsType),
        ptrType(LLVM::LLVMPointerType::get(builder.getContext())) {}

  void write(Value address) {
    Value slot = LLVM::GEPOp::create(builder, loc, ptrType, slotsType, slots,
                                     ArrayRef<LLVM::GEPArg>{0, next++});
    LLVM::StoreOp::create(builder, loc, address, slot);
  }

  /// Points the slots of `type` at its value in `storage`, whose LLVM type
  /// is `storageType`.
  void writeValue(Type type, Value storage, Type storageType) {
    auto memrefType = dyn_cast<MemRefType>(type);
    if (!memrefType) {
      write(storage);
      return;
    }
    auto field = [&](ArrayRef<LLVM::GEPArg> path) {
      write(LLVM::GEPOp::create(builder, loc, ptrType, storageType, storage,
                                path));
    };
    field({0, kAllocatedPtr});
    field({0, kAlignedPtr});
    field({0, kOffset});
    for (int32_t dim = 0; dim < memrefType.getRank(); ++dim)
      field({0, kSizes, dim});
    for (int32_t dim = 0; dim < memrefType.getRank(); ++dim)
      field({0, kStrides, dim});
  }

  /// Stores `value`, the lowered form of a value of `type`, in stack memory
  /// from `allocator` and points the slots at it.
  void writeStored(Type type, Value value, EntryBlockAllocator &allocator) {
    Value storage = allocator.allocate(value.getType());
    LLVM::StoreOp::create(builder, loc, value, storage);
    writeValue(type, storage, value.getType());
  }

private:
  OpBuilder &builder;
  Location loc;
  Value slots;
  Type slotsType;
  Type ptrType;
  int32_t next = 0;
};

/// The address of a private constant holding `name` and a NUL.
Value getApiNameAddress(Operation *op, StringRef name, OpBuilder &builder) {
  auto module = op->getParentOfType<ModuleOp>();
  std::string symbol = ("__disc_api_name." + name).str();
  auto global = module.lookupSymbol<LLVM::GlobalOp>(symbol);
  if (!global) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(module.getBody());
    auto type = LLVM::LLVMArrayType::get(builder.getI8Type(), name.size() + 1);
    global = LLVM::GlobalOp::create(
        builder, op->getLoc(), type, /*isConstant=*/true,
        LLVM::Linkage::Private, symbol,
        builder.getStringAttr(llvm::Twine(name) + llvm::StringRef("\0", 1)));
  }
  return LLVM::AddressOfOp::create(builder, op->getLoc(), global);
}

struct DispatchOpLowering
    : public ConvertOpToLLVMPattern<disc_ral::DispatchOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(disc_ral::DispatchOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();
    auto ptrType = LLVM::LLVMPointerType::get(context);

    SmallVector<Type> resultStorageTypes;
    for (Type type : op.getResultTypes()) {
      Type converted = getTypeConverter()->convertType(type);
      if (!converted)
        return rewriter.notifyMatchFailure(op, "result type not convertible");
      resultStorageTypes.push_back(converted);
    }

    Value ctxStruct = adaptor.getCtx();
    Value execCtx = LLVM::LoadOp::create(rewriter, loc, ptrType, ctxStruct);
    Value fnAddress = LLVM::GEPOp::create(rewriter, loc, ptrType, ptrType,
                                          ctxStruct, ArrayRef<LLVM::GEPArg>{1});
    Value fn = LLVM::LoadOp::create(rewriter, loc, ptrType, fnAddress);

    int64_t numSlots = 1;
    for (Type type : op.getArgs().getTypes())
      numSlots += disc_ral::getNumSlots(type);
    for (Type type : op.getResultTypes())
      numSlots += disc_ral::getNumSlots(type);

    EntryBlockAllocator allocator(op, rewriter);
    auto slotsType = LLVM::LLVMArrayType::get(ptrType, numSlots);
    Value slots = allocator.allocate(slotsType);
    SlotWriter writer(rewriter, loc, slots, slotsType);

    Value execCtxStorage = allocator.allocate(ptrType);
    LLVM::StoreOp::create(rewriter, loc, execCtx, execCtxStorage);
    writer.write(execCtxStorage);

    for (auto [type, value] :
         llvm::zip_equal(op.getArgs().getTypes(), adaptor.getArgs()))
      writer.writeStored(type, value, allocator);

    SmallVector<Value> resultStorage;
    for (auto [type, storageType] :
         llvm::zip_equal(op.getResultTypes(), resultStorageTypes)) {
      Value storage = allocator.allocate(storageType);
      writer.writeValue(type, storage, storageType);
      resultStorage.push_back(storage);
    }

    Value name = getApiNameAddress(op, op.getMangledName(), rewriter);
    auto fnType = LLVM::LLVMFunctionType::get(rewriter.getI32Type(),
                                              {ptrType, ptrType, ptrType});
    auto call = LLVM::CallOp::create(rewriter, loc, fnType,
                                     ValueRange{fn, execCtx, name, slots});
    if (op.getMayFail())
      call->setAttr(disc::kCheckStatusAttrName, rewriter.getUnitAttr());

    SmallVector<Value> results;
    for (auto [storage, storageType] :
         llvm::zip_equal(resultStorage, resultStorageTypes))
      results.push_back(
          LLVM::LoadOp::create(rewriter, loc, storageType, storage));
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// The array of pointers to each parameter: the same slots a dispatch
/// passes, without the context.
struct KernelArgsOpLowering
    : public ConvertOpToLLVMPattern<disc_ral::KernelArgsOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(disc_ral::KernelArgsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    EntryBlockAllocator allocator(op, rewriter);
    // An array cannot be empty; a kernel without parameters gets one unused
    // slot.
    auto slotsType = LLVM::LLVMArrayType::get(
        ptrType, std::max<int64_t>(op.getNumParams(), 1));
    Value slots = allocator.allocate(slotsType);
    SlotWriter writer(rewriter, loc, slots, slotsType);
    for (auto [type, value] :
         llvm::zip_equal(op.getValues().getTypes(), adaptor.getValues()))
      writer.writeStored(type, value, allocator);
    rewriter.replaceOp(op, slots);
    return success();
  }
};

struct MemRefFromPtrOpLowering
    : public ConvertOpToLLVMPattern<disc_ral::MemRefFromPtrOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(disc_ral::MemRefFromPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType type = op.getType();
    SmallVector<Value> sizes, strides;
    Value numElements;
    getMemRefDescriptorSizes(op.getLoc(), type, adaptor.getDynamicSizes(),
                             rewriter, sizes, strides, numElements,
                             /*sizeInBytes=*/false);
    MemRefDescriptor descriptor =
        createMemRefDescriptor(op.getLoc(), type, adaptor.getPtr(),
                               adaptor.getPtr(), sizes, strides, rewriter);
    rewriter.replaceOp(op, {Value(descriptor)});
    return success();
  }
};

/// A parallel loop becomes the dispatch of ral_parallel_for with the
/// address of its body, which the function conversion makes an llvm.func.
struct ParallelForOpLowering
    : public ConvertOpToLLVMPattern<disc_ral::ParallelForOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(disc_ral::ParallelForOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    Value body =
        LLVM::AddressOfOp::create(rewriter, op.getLoc(), ptrType, op.getBody());
    auto dispatch = disc_ral::DispatchOp::create(
        rewriter, op.getLoc(), TypeRange(), op.getCtx(), "ral_parallel_for",
        "cpu", /*may_fail=*/true,
        ValueRange{body, op.getCaptures(), op.getCount(), op.getGrain()});
    rewriter.replaceOp(op, dispatch);
    return success();
  }
};

} // namespace

void disc::addRALTypeConversions(LLVMTypeConverter &converter) {
  converter.addConversion([](disc_ral::ContextType type) {
    return LLVM::LLVMPointerType::get(type.getContext());
  });
}

void disc::populateRALToLLVMConversionPatterns(LLVMTypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<DispatchOpLowering, KernelArgsOpLowering,
               MemRefFromPtrOpLowering, ParallelForOpLowering>(converter);
}
