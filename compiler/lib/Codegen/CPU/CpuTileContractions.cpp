//===- CpuTileContractions.cpp - Cache and register tiles of products -----===//
//
// Without a library, a matrix product is the compiler's own code: outer tiles
// that fit the cache run in parallel, and register tiles inside them keep
// their accumulator in vector registers for the whole k loop, as IREE's
// LLVMCPU tiling levels do.
//
//===----------------------------------------------------------------------===//

#include "disc/Codegen/CPU/CpuVectorProducts.h"
#include "disc/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

#include <optional>

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_CPUTILECONTRACTIONSPASS
#include "disc/Codegen/CPU/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {
/// The loops of a contraction by role. `rows` and `columns` are the m and n
/// loops the register tile spans: `columns` is the output's last dimension
/// (contiguous in the output), `rows` the m loop nearest to it.
struct ContractionLoops {
  linalg::ContractionDimensions dims;
  unsigned rows;
  unsigned columns;
  /// An m loop whose steps an outer tile takes several of where `rows` is
  /// shorter than the tile: a convolution's output rows, so that an outer
  /// tile of a 7x7 image computes all of it and reads the filter once rather
  /// than once per output row.
  std::optional<unsigned> outerRows;
};

/// Every loop of `op` in the order the tiles walk them: batch, m, n, then k
/// innermost, so that a register tile's accumulator is invariant in the
/// innermost loop.
SmallVector<int64_t> getTileOrder(const ContractionLoops &loops) {
  SmallVector<int64_t> order;
  for (ArrayRef<unsigned> group :
       {ArrayRef<unsigned>(loops.dims.batch), ArrayRef<unsigned>(loops.dims.m),
        ArrayRef<unsigned>(loops.dims.n), ArrayRef<unsigned>(loops.dims.k)})
    order.append(group.begin(), group.end());
  return order;
}

/// Whether the register tiles of `op` are vectors of its output's element
/// type: f32, f64, i32 or i64, its inputs of that type or narrower ones
/// that the product widens (f16 and bf16 into f32, i8 and i16 into i32), so
/// that the FMAs and multiply-adds run at the accumulator's width.
bool hasTileableElementTypes(linalg::LinalgOp op) {
  Type elementType = getElementTypeOrSelf(op.getDpsInitOperand(0)->get());
  if (!elementType.isF32() && !elementType.isF64() &&
      !elementType.isSignlessInteger(32) && !elementType.isSignlessInteger(64))
    return false;
  for (OpOperand *input : op.getDpsInputOperands()) {
    Type inputType = getElementTypeOrSelf(input->get());
    bool widened =
        elementType.isF32() ? inputType.isF16() || inputType.isBF16()
        : elementType.isSignlessInteger(32)
            ? inputType.isSignlessInteger(8) || inputType.isSignlessInteger(16)
            : false;
    if (inputType != elementType && !widened)
      return false;
  }
  return true;
}

/// Whether the runtime's libraries compute `op` (disc-linalg-matmul-to-ral,
/// disc-linalg-conv-to-ral): a convolution, which is named only when f32,
/// a product of f32 or f64 values throughout, or a product of bf16 values
/// into a bf16 or f32 matrix (oneDNN's matmul; f16 ones are widened first,
/// see isWidenedForLibraries).
bool isLeftToLibraries(linalg::LinalgOp op) {
  if (isa<linalg::Conv2DNhwcHwcfOp>(*op))
    return true;
  Value init = op.getDpsInitOperand(0)->get();
  Type elementType = getElementTypeOrSelf(init);
  auto inputsAre = [&](Type inputType) {
    return llvm::all_of(op.getDpsInputOperands(), [&](OpOperand *input) {
      return getElementTypeOrSelf(input->get()) == inputType;
    });
  };
  if (elementType.isF32() || elementType.isF64())
    if (inputsAre(elementType))
      return true;
  auto shaped = dyn_cast<ShapedType>(init.getType());
  return (elementType.isBF16() || elementType.isF32()) && shaped &&
         shaped.getRank() >= 2 && inputsAre(BFloat16Type::get(op.getContext()));
}

/// Whether `op` is a product of f16 or bf16 values into an f16 or bf16
/// result, which the register tiles compute in f32 (see
/// accumulateInF32).
bool hasNarrowFloatAccumulator(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumDpsInputs() != 2 || !linalg::isaContractionOpInterface(op))
    return false;
  auto isNarrowFloat = [](Value value) {
    Type type = getElementTypeOrSelf(value);
    return type.isF16() || type.isBF16();
  };
  return isNarrowFloat(op.getDpsInitOperand(0)->get()) &&
         llvm::all_of(op.getDpsInputOperands(), [&](OpOperand *input) {
           return isNarrowFloat(input->get());
         });
}

/// `tensor`'s floats widened or rounded to `elementType`, a linalg.generic.
Value convertFloats(RewriterBase &rewriter, Location loc, Value tensor,
                    FloatType elementType) {
  Value empty = tensor::EmptyOp::create(
      rewriter, loc, tensor::getMixedSizes(rewriter, loc, tensor), elementType);
  int64_t rank = cast<RankedTensorType>(tensor.getType()).getRank();
  SmallVector<AffineMap> maps(2, rewriter.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             rewriter, loc, empty.getType(), tensor, empty, maps, iterators,
             [&](OpBuilder &builder, Location loc, ValueRange args) {
               Value converted =
                   convertScalarToDtype(builder, loc, args[0], elementType,
                                        /*isUnsignedCast=*/false);
               linalg::YieldOp::create(builder, loc, converted);
             })
      .getResult(0);
}

/// The f32 accumulator a product of narrow floats starts from: the fill of
/// its output, in f32 (so that the outer tiles still fuse it), or its output
/// widened.
Value getF32Accumulator(RewriterBase &rewriter, Location loc, Value init) {
  Type f32 = rewriter.getF32Type();
  if (auto fill = init.getDefiningOp<linalg::FillOp>()) {
    Value empty = tensor::EmptyOp::create(
        rewriter, loc, tensor::getMixedSizes(rewriter, loc, init), f32);
    Value value = arith::ExtFOp::create(rewriter, loc, f32, fill.value());
    return linalg::FillOp::create(rewriter, loc, value, empty).getResult(0);
  }
  return convertFloats(rewriter, loc, init, rewriter.getF32Type());
}

/// Rewrites a product of f16 or bf16 values into an f16, bf16 or f32 result
/// as XLA computes it: the products and sums in f32, rounded once at the end
/// (a linalg.generic of truncf, one pass over the output) where the result
/// is narrower. Its register tiles are then f32 vectors, with the inputs
/// widened as they are read; or, with `widenInputsFirst`, the inputs are
/// widened whole first (exactly) and the product is one of f32 values
/// throughout, which the libraries take.
void accumulateInF32(RewriterBase &rewriter, linalg::LinalgOp op,
                     bool widenInputsFirst) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value init = op.getDpsInitOperand(0)->get();
  auto resultType = cast<RankedTensorType>(init.getType());
  Type f32 = rewriter.getF32Type();
  Value accumulator = resultType.getElementType() == f32
                          ? init
                          : getF32Accumulator(rewriter, loc, init);
  SmallVector<Value> inputs =
      llvm::map_to_vector(op.getDpsInputOperands(), [&](OpOperand *input) {
        return widenInputsFirst ? convertFloats(rewriter, loc, input->get(),
                                                rewriter.getF32Type())
                                : input->get();
      });
  auto product = linalg::GenericOp::create(
      rewriter, loc, accumulator.getType(), inputs, accumulator,
      op.getIndexingMapsArray(), op.getIteratorTypesArray(),
      [&](OpBuilder &builder, Location loc, ValueRange args) {
        auto widen = [&](Value value) -> Value {
          if (widenInputsFirst)
            return value;
          return arith::ExtFOp::create(builder, loc, f32, value);
        };
        Value term =
            arith::MulFOp::create(builder, loc, widen(args[0]), widen(args[1]));
        Value sum = arith::AddFOp::create(builder, loc, args[2], term);
        linalg::YieldOp::create(builder, loc, sum);
      });
  Value result = product.getResult(0);
  if (resultType.getElementType() != f32)
    result = convertFloats(rewriter, loc, result,
                           cast<FloatType>(resultType.getElementType()));
  rewriter.replaceOp(op, result);
}

/// Whether `op` is a product of f16 values into an f16 or f32 matrix, which
/// the libraries compute as the f32 product of the widened values: no
/// library here has an f16 product (Debian's oneDNN 2.6 has no f16 matmul
/// on the CPU), and its f32 one with the widening is faster than the
/// register tiles (docs/BENCHMARKS.md).
bool isWidenedForLibraries(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumDpsInputs() != 2 || !linalg::isaContractionOpInterface(op))
    return false;
  Value init = op.getDpsInitOperand(0)->get();
  Type elementType = getElementTypeOrSelf(init);
  auto shaped = dyn_cast<ShapedType>(init.getType());
  return (elementType.isF16() || elementType.isF32()) && shaped &&
         shaped.getRank() >= 2 &&
         llvm::all_of(op.getDpsInputOperands(), [](OpOperand *input) {
           return getElementTypeOrSelf(input->get()).isF16();
         });
}

std::optional<ContractionLoops> getContractionLoops(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumDpsInputs() != 2 || !linalg::isaContractionOpInterface(op))
    return std::nullopt;
  if (!hasTileableElementTypes(op))
    return std::nullopt;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.empty() || dims->n.empty() || dims->k.empty())
    return std::nullopt;
  AffineMap outputMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  auto last = dyn_cast<AffineDimExpr>(outputMap.getResults().back());
  if (!last || !llvm::is_contained(dims->n, last.getPosition()))
    return std::nullopt;
  std::optional<unsigned> rows;
  for (AffineExpr result : outputMap.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(result);
    if (dim && llvm::is_contained(dims->m, dim.getPosition()))
      rows = dim.getPosition();
  }
  if (!rows)
    return std::nullopt;
  return ContractionLoops{*dims, *rows, last.getPosition(), std::nullopt};
}

/// The loops of a 2-D NHWC convolution as a contraction's: the batch, the
/// output rows, then its columns (the register tile's rows) and channels
/// (its columns, contiguous in the output and the filter), and the filter
/// taps and input channels as the reduction, walked in that order.
std::optional<ContractionLoops>
getConvolutionLoops(linalg::Conv2DNhwcHwcfOp op) {
  if (!op.hasPureTensorSemantics())
    return std::nullopt;
  Type elementType = getElementTypeOrSelf(op.getDpsInitOperand(0)->get());
  if (!elementType.isF32() && !elementType.isF64())
    return std::nullopt;
  for (OpOperand *input : op.getDpsInputOperands())
    if (getElementTypeOrSelf(input->get()) != elementType)
      return std::nullopt;
  if (!cast<ShapedType>(op.getDpsInputOperand(1)->get().getType())
           .hasStaticShape())
    return std::nullopt;
  linalg::ContractionDimensions dims;
  dims.batch = {0};
  dims.m = {1, 2};
  dims.n = {3};
  dims.k = {4, 5, 6};
  return ContractionLoops{dims, /*rows=*/2, /*columns=*/3, /*outerRows=*/1};
}

/// Tile sizes by loop: `rowTile` and `columnTile` for the register tile's
/// loops, `kTile` for the k loops, 1 for every other loop.
SmallVector<OpFoldResult> getTileSizes(MLIRContext *context,
                                       const ContractionLoops &loops,
                                       unsigned numLoops, int64_t rowTile,
                                       int64_t columnTile, int64_t kTile) {
  Builder builder(context);
  SmallVector<OpFoldResult> sizes(numLoops, builder.getIndexAttr(1));
  sizes[loops.rows] = builder.getIndexAttr(rowTile);
  sizes[loops.columns] = builder.getIndexAttr(columnTile);
  for (unsigned k : loops.dims.k)
    sizes[k] = builder.getIndexAttr(kTile);
  return sizes;
}

/// The input that `loops.columns` indexes (B), and the position of that
/// dimension among its indices.
std::pair<OpOperand *, unsigned>
getColumnsOperand(linalg::LinalgOp op, const ContractionLoops &loops) {
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    for (auto [position, result] : llvm::enumerate(map.getResults()))
      if (result.isFunctionOfDim(loops.columns))
        return {input, position};
  }
  return {nullptr, 0};
}

/// Makes the columns the contiguous dimension of B where they are not (a
/// product by a transposed weight, attention's q * k^T): the product reads a
/// transposed copy of B, so that a register tile's row of B is one vector
/// load rather than a gather of one element per column. The copy costs one
/// pass over B; the product reads B once per outer row tile.
FailureOr<linalg::LinalgOp>
readColumnsContiguously(RewriterBase &rewriter, linalg::LinalgOp op,
                        const ContractionLoops &loops) {
  auto [operand, position] = getColumnsOperand(op, loops);
  if (!operand)
    return op;
  AffineMap map = op.getMatchingIndexingMap(operand);
  unsigned rank = map.getNumResults();
  if (position + 1 == rank || !isa<AffineDimExpr>(map.getResult(position)))
    return op;
  SmallVector<int64_t> permutation;
  for (unsigned dim = 0; dim < rank; ++dim)
    if (dim != position)
      permutation.push_back(dim);
  permutation.push_back(position);

  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  Value source = operand->get();
  SmallVector<OpFoldResult> sizes =
      tensor::getMixedSizes(rewriter, loc, source);
  SmallVector<OpFoldResult> transposedSizes;
  SmallVector<AffineExpr> transposedResults;
  for (int64_t dim : permutation) {
    transposedSizes.push_back(sizes[dim]);
    transposedResults.push_back(map.getResult(dim));
  }
  Value empty = tensor::EmptyOp::create(rewriter, loc, transposedSizes,
                                        getElementTypeOrSelf(source));
  Value transposed =
      linalg::TransposeOp::create(rewriter, loc, source, empty, permutation)
          ->getResult(0);

  unsigned operandNumber = operand->getOperandNumber();
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic) {
    FailureOr<linalg::GenericOp> generalized =
        linalg::generalizeNamedOp(rewriter, op);
    if (failed(generalized))
      return op.emitError("cannot read this product's B transposed");
    generic = *generalized;
  }
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  maps[operandNumber] = AffineMap::get(map.getNumDims(), map.getNumSymbols(),
                                       transposedResults, op.getContext());
  rewriter.modifyOpInPlace(generic, [&] {
    generic->setOperand(operandNumber, transposed);
    generic.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
  });
  return cast<linalg::LinalgOp>(generic.getOperation());
}

/// The bytes of B one block of k reads for an outer tile: the largest
/// buffer disc-parallel-loop-buffers-to-stack puts on a thread's stack.
constexpr int64_t kPackedBlockBytes = 64 * 1024;

/// Copies the slice of B that a k block of an outer tile reads into a
/// buffer of its own (its rows 4 register tiles wide, one after the other),
/// which the register tiles then read: in B itself their rows lie a row of
/// B apart (8 KiB in a 2048-wide B), farther than the cache's prefetchers
/// follow, and each in its own page. The buffer has the static shape of a
/// whole block, at most 64 KiB, so that it becomes a stack buffer of the
/// thread running the outer tile; a block whose bounds are not known (a k
/// loop left whole and dynamic) is read in place.
void packColumnsOperand(RewriterBase &rewriter, linalg::LinalgOp tile,
                        const ContractionLoops &loops, int64_t kBlock,
                        int64_t columnBlock) {
  auto [operand, position] = getColumnsOperand(tile, loops);
  if (!operand)
    return;
  Value slice = operand->get();
  auto sliceType = cast<RankedTensorType>(slice.getType());
  AffineMap map = tile.getMatchingIndexingMap(operand);
  SmallVector<int64_t> bounds;
  for (auto [dim, result] : llvm::enumerate(map.getResults())) {
    auto loop = dyn_cast<AffineDimExpr>(result);
    if (!loop)
      return;
    if (!sliceType.isDynamicDim(dim))
      bounds.push_back(sliceType.getDimSize(dim));
    else if (loop.getPosition() == loops.columns)
      bounds.push_back(columnBlock);
    else if (loop.getPosition() == loops.dims.k.back())
      bounds.push_back(kBlock);
    else
      return;
  }
  int64_t bytes = sliceType.getElementTypeBitWidth() / 8;
  for (int64_t bound : bounds)
    bytes *= bound;
  if (bytes > kPackedBlockBytes)
    return;
  Location loc = tile.getLoc();
  rewriter.setInsertionPoint(tile);
  Value block = tensor::EmptyOp::create(rewriter, loc, bounds,
                                        sliceType.getElementType());
  SmallVector<OpFoldResult> offsets(bounds.size(), rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> strides(bounds.size(), rewriter.getIndexAttr(1));
  Value destination = tensor::ExtractSliceOp::create(
      rewriter, loc, sliceType, block, offsets,
      tensor::getMixedSizes(rewriter, loc, slice), strides);
  Value packed =
      linalg::CopyOp::create(rewriter, loc, slice, destination)->getResult(0);
  rewriter.modifyOpInPlace(tile, [&] { operand->set(packed); });
}

/// The shape of one row of a register tile's vector op: 1 in every
/// dimension but the contiguous one (the accumulator's last).
std::optional<SmallVector<int64_t>> getRowShape(Operation *op) {
  SmallVector<int64_t> shape;
  int64_t contiguous;
  if (auto contract = dyn_cast<vector::ContractionOp>(op)) {
    std::optional<SmallVector<int64_t>> iterationShape =
        contract.getShapeForUnroll();
    if (!iterationShape)
      return std::nullopt;
    shape = *iterationShape;
    AffineMap accMap = contract.getIndexingMapsArray().back();
    if (accMap.getNumResults() == 0)
      return std::nullopt;
    auto last = dyn_cast<AffineDimExpr>(accMap.getResults().back());
    if (!last)
      return std::nullopt;
    contiguous = last.getPosition();
  } else if (isa<vector::TransferReadOp, vector::TransferWriteOp>(op)) {
    auto transfer = cast<VectorTransferOpInterface>(op);
    shape = llvm::to_vector(transfer.getVectorType().getShape());
    contiguous = shape.size() - 1;
  } else {
    return std::nullopt;
  }
  for (auto [dim, size] : llvm::enumerate(shape))
    if (static_cast<int64_t>(dim) != contiguous)
      size = 1;
  return shape;
}

/// Marks the register tiles between tiling and vectorization; tiling and
/// peeling copy it onto every tile.
constexpr StringLiteral kRegisterTileAttrName = "disc.register_tile";

struct CpuTileContractionsPass
    : disc::impl::CpuTileContractionsPassBase<CpuTileContractionsPass> {
  using CpuTileContractionsPassBase::CpuTileContractionsPassBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    SmallVector<std::pair<linalg::LinalgOp, bool>> narrowProducts;
    func.walk([&](linalg::LinalgOp op) {
      if (libraryProducts && isWidenedForLibraries(op))
        narrowProducts.emplace_back(op, true);
      else if (hasNarrowFloatAccumulator(op) &&
               !(libraryProducts && isLeftToLibraries(op)))
        narrowProducts.emplace_back(op, false);
    });
    IRRewriter rewriter(func.getContext());
    for (auto [op, widenInputsFirst] : narrowProducts)
      accumulateInF32(rewriter, op, widenInputsFirst);

    SmallVector<linalg::LinalgOp> linalgOps;
    func.walk([&](linalg::LinalgOp op) { linalgOps.push_back(op); });
    bool tiledVectorProducts = false;
    for (linalg::LinalgOp op : linalgOps) {
      if (libraryProducts && isLeftToLibraries(op)) {
        tiledVectorProducts |= tileLibraryVectorProducts(rewriter, op);
        continue;
      }
      // Read through a transpose first: x * W^T as JAX prints it is a
      // product of x and a transposed copy of W too, which only costs a
      // pass over W.
      std::optional<disc::VectorProduct> product =
          disc::readTransposedMatrixInPlace(rewriter, op);
      if (!product)
        product = disc::getVectorProduct(op);
      if (!product) {
        tiledVectorProducts |= disc::tileVectorProductOfOneRow(
            rewriter, op, vectorBits, registerRows);
        continue;
      }
      disc::tileVectorProduct(rewriter, op, *product, vectorBits, registerRows);
      tiledVectorProducts = true;
    }

    SmallVector<std::pair<linalg::LinalgOp, ContractionLoops>> products;
    func.walk([&](linalg::LinalgOp op) {
      if (libraryProducts && isLeftToLibraries(op))
        return;
      std::optional<ContractionLoops> loops;
      if (auto convolution = dyn_cast<linalg::Conv2DNhwcHwcfOp>(*op))
        loops = getConvolutionLoops(convolution);
      else
        loops = getContractionLoops(op);
      if (loops)
        products.emplace_back(op, *loops);
    });
    if (products.empty()) {
      if (tiledVectorProducts && failed(simplify(func)))
        signalPassFailure();
      return;
    }
    for (auto &[op, loops] : products)
      if (failed(tile(op, loops)))
        return signalPassFailure();
    if (failed(simplify(func)))
      return signalPassFailure();

    SmallVector<linalg::LinalgOp> registerTiles;
    func.walk([&](linalg::LinalgOp tile) {
      if (tile->hasAttr(kRegisterTileAttrName))
        registerTiles.push_back(tile);
    });
    for (linalg::LinalgOp tile : registerTiles) {
      tile->removeAttr(kRegisterTileAttrName);
      // A tile at a dynamic edge (only its columns, a parallel loop, are
      // dynamic) is vectorized as a full one under masks; see
      // dropEdgeMasks.
      SmallVector<int64_t> vectorSizes;
      SmallVector<int64_t> ranges = tile.getStaticLoopRanges();
      if (ShapedType::isDynamicShape(ranges)) {
        SmallVector<utils::IteratorType> iterators =
            tile.getIteratorTypesArray();
        bool parallelEdge = true;
        for (auto [size, iterator] : llvm::zip(ranges, iterators)) {
          if (!ShapedType::isDynamic(size))
            continue;
          parallelEdge &= iterator == utils::IteratorType::parallel;
          size = 2 * getVectorLanes(tile);
        }
        if (!parallelEdge)
          continue;
        vectorSizes = ranges;
      }
      rewriter.setInsertionPoint(tile);
      // A register tile of a convolution spans one output row and one
      // filter tap: a 1-D convolution, which the vectorizer takes.
      if (auto convolution = dyn_cast<linalg::Conv2DNhwcHwcfOp>(*tile)) {
        PatternRewriter patternRewriter(func.getContext());
        patternRewriter.setInsertionPoint(convolution);
        FailureOr<linalg::Conv1DNwcWcfOp> row =
            linalg::DownscaleSizeOneWindowed2DConvolution<
                linalg::Conv2DNhwcHwcfOp, linalg::Conv1DNwcWcfOp>(
                func.getContext())
                .returningMatchAndRewrite(convolution, patternRewriter);
        if (failed(row))
          continue;
        tile = cast<linalg::LinalgOp>(row->getOperation());
        rewriter.setInsertionPoint(tile);
      }
      FailureOr<linalg::VectorizationResult> vectorized = linalg::vectorize(
          rewriter, tile, vectorSizes,
          /*inputScalableVecDims=*/SmallVector<bool>(vectorSizes.size(), false),
          /*vectorizeNDExtract=*/false,
          /*flatten1DDepthwiseConv=*/false,
          /*assumeDynamicDimsMatchVecSizes=*/false,
          /*createNamedContraction=*/true);
      if (succeeded(vectorized))
        rewriter.replaceOp(tile, vectorized->replacements);
    }
    dropEdgeMasks(rewriter, func);
    if (failed(unrollToRows(func)))
      return signalPassFailure();

    // The accumulator's slice, then its vector, become values the k loop
    // carries; the walk visits inner loops first. The size of a slice at a
    // dynamic edge is computed in the k loop until it moves out.
    SmallVector<scf::ForOp> forOps;
    func.walk([&](scf::ForOp forOp) { forOps.push_back(forOp); });
    for (scf::ForOp forOp : forOps) {
      auto loop = cast<LoopLikeOpInterface>(forOp.getOperation());
      moveLoopInvariantCode(loop);
      hoistLoopInvariantSubsets(rewriter, loop);
    }
    if (failed(simplify(func)))
      return signalPassFailure();
  }

  /// A product the libraries take reads a matrix it would read through a
  /// transpose in place, by the library's transpose flag. Where it is then
  /// a product of a matrix and a vector, it gets the loops of
  /// disc/Codegen/CPU/CpuVectorProducts.h where its lines are dot products (W *
  /// x, x * W^T at batch 1, or at a dynamic batch run at 1), which stream
  /// the matrix as fast as the library's one-row calls, or where its output
  /// is a vector, which ral_gemm does not take (linalg.matvec and vecmat
  /// would be scalar loops); a batch-1 x * W stays the library's, as fast
  /// as those loops (docs/BENCHMARKS.md). Returns whether it tiled a
  /// product.
  bool tileLibraryVectorProducts(RewriterBase &rewriter, linalg::LinalgOp op) {
    disc::readTransposedMatricesByFlag(rewriter, op);
    std::optional<disc::VectorProduct> product = disc::getVectorProduct(op);
    if (!product)
      return disc::tileVectorProductOfOneRow(rewriter, op, vectorBits,
                                             registerRows,
                                             /*onlyDotProducts=*/true);
    int64_t outputRank =
        cast<ShapedType>(op.getDpsInitOperand(0)->get().getType()).getRank();
    if (!product->dotProducts && outputRank >= 2)
      return false;
    disc::tileVectorProduct(rewriter, op, *product, vectorBits, registerRows);
    return true;
  }

  int64_t getVectorLanes(linalg::LinalgOp op) const {
    unsigned elementBits = getElementTypeOrSelf(op.getDpsInitOperand(0)->get())
                               .getIntOrFloatBitWidth();
    return std::max<int64_t>(1, vectorBits / elementBits);
  }

  /// The rows of a register tile: `register-rows`, or fewer where that
  /// leaves fewer rows over at a static edge. A leftover row is a tile of one
  /// row, which loads B's two vectors for two FMAs, so a tile of r rows costs
  /// r broadcasts of A and 2 loads of B per k step and a leftover row 3: a
  /// ResNet's 7, 14 and 28 columns of an image become tiles of 7 rather than
  /// tiles of 8 and one-row leftovers (7 loads per k step instead of 21 for
  /// 7 columns).
  int64_t getRowTile(linalg::LinalgOp op, const ContractionLoops &loops) const {
    int64_t rows = op.getStaticLoopRanges()[loops.rows];
    if (ShapedType::isDynamic(rows))
      return registerRows;
    auto loadsPerStep = [&](int64_t rowTile) {
      return rows / rowTile * (rowTile + 2) + rows % rowTile * 3;
    };
    int64_t best = registerRows;
    for (int64_t candidate = registerRows - 1; 2 * candidate > registerRows;
         --candidate)
      if (loadsPerStep(candidate) < loadsPerStep(best))
        best = candidate;
    return best;
  }

  /// The steps of `loops.outerRows` an outer tile takes: the most that
  /// divide it evenly (no partial tile at its edge) with at most
  /// `tileRows` rows in all, 1 where either extent is dynamic.
  static int64_t getOuterRowTile(linalg::LinalgOp op,
                                 const ContractionLoops &loops,
                                 int64_t tileRows) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    int64_t outer = ranges[*loops.outerRows];
    int64_t rows = ranges[loops.rows];
    if (ShapedType::isDynamic(outer) || ShapedType::isDynamic(rows))
      return 1;
    for (int64_t steps = std::min(outer, tileRows / rows); steps > 1; --steps)
      if (outer % steps == 0)
        return steps;
    return 1;
  }

  /// Blocks of the innermost k loop whose slice of B takes 64 KiB, in the
  /// L2 cache with A's slice while every register tile of an outer tile of
  /// `tileColumns` reads it (k blocks x tile width). A convolution's filter
  /// slice spans every tap as well: blocks of input channels that fit in
  /// the packed buffer, so that the register tiles read the filter from it
  /// rather than rows a filter row apart (2 KiB for 512 channels, hundreds
  /// of pages per tile); all of them where they fit, else a power of two.
  static int64_t getKBlock(linalg::LinalgOp op, const ContractionLoops &loops,
                           int64_t tileColumns) {
    int64_t elementBytes = getElementTypeOrSelf(op.getDpsInitOperand(0)->get())
                               .getIntOrFloatBitWidth() /
                           8;
    if (!loops.outerRows)
      return std::max<int64_t>(16, kPackedBlockBytes /
                                       (tileColumns * elementBytes));
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    int64_t taps = 1;
    for (unsigned k : ArrayRef<unsigned>(loops.dims.k).drop_back())
      taps *= ranges[k];
    int64_t columns = std::min(tileColumns, ranges[loops.columns]);
    int64_t channels = ranges[loops.dims.k.back()];
    int64_t fitting = std::max<int64_t>(1, kPackedBlockBytes /
                                               (taps * columns * elementBytes));
    if (channels <= fitting)
      return channels;
    return llvm::bit_floor(static_cast<uint64_t>(fitting));
  }

  LogicalResult tile(linalg::LinalgOp op, const ContractionLoops &loops) {
    MLIRContext *context = op.getContext();
    IRRewriter rewriter(context);
    FailureOr<linalg::LinalgOp> contiguous =
        readColumnsContiguously(rewriter, op, loops);
    if (failed(contiguous))
      return failure();
    op = *contiguous;
    unsigned numLoops = op.getNumLoops();
    int64_t rowTile = getRowTile(op, loops);
    int64_t columnTile = 2 * getVectorLanes(op);
    SmallVector<int64_t> order = getTileOrder(loops);
    op->setAttr(kRegisterTileAttrName, UnitAttr::get(context));

    // Outer tiles: 8 register tiles tall and 4 wide, every k. The output's
    // fill is fused so that each tile initializes its own accumulators.
    SmallVector<OpFoldResult> outerSizes =
        getTileSizes(context, loops, numLoops, 8 * rowTile, 4 * columnTile, 0);
    if (loops.outerRows)
      outerSizes[*loops.outerRows] =
          rewriter.getIndexAttr(getOuterRowTile(op, loops, 8 * rowTile));
    scf::SCFTilingOptions outerTiling;
    outerTiling.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp)
        .setTileSizes(outerSizes)
        .setInterchange(order);
    scf::SCFTileAndFuseOptions outerFusion;
    outerFusion.setTilingOptions(outerTiling)
        .setFusionControlFn(
            [](tensor::ExtractSliceOp, OpResult producer, bool isDestination)
                -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
              if (isDestination && isa<linalg::FillOp>(producer.getOwner()))
                return scf::SCFTileAndFuseOptions::ControlFnResult{};
              return std::nullopt;
            });
    rewriter.setInsertionPoint(op);
    FailureOr<scf::SCFTileAndFuseResult> outer =
        scf::tileConsumerAndFuseProducersUsingSCF(
            rewriter, cast<TilingInterface>(op.getOperation()), outerFusion);
    if (failed(outer))
      return op.emitError("cannot tile this matrix product for the cache");
    for (OpResult result : op->getResults())
      rewriter.replaceAllUsesWith(result, outer->replacements.lookup(result));
    auto *outerTile =
        llvm::find_if(outer->tiledAndFusedOps, [](Operation *tiled) {
          return tiled->hasAttr(kRegisterTileAttrName);
        });
    if (outerTile == outer->tiledAndFusedOps.end())
      return op.emitError("tiling lost this matrix product");

    int64_t kBlock = getKBlock(op, loops, 4 * columnTile);
    SmallVector<OpFoldResult> kBlockSizes(numLoops, rewriter.getIndexAttr(0));
    kBlockSizes[loops.dims.k.back()] = rewriter.getIndexAttr(kBlock);
    scf::SCFTilingOptions kBlockTiling;
    kBlockTiling.setTileSizes(kBlockSizes);
    rewriter.setInsertionPoint(*outerTile);
    FailureOr<scf::SCFTilingResult> blocks = scf::tileUsingSCF(
        rewriter, cast<TilingInterface>(*outerTile), kBlockTiling);
    if (failed(blocks))
      return op.emitError("cannot tile this matrix product's reduction");
    rewriter.replaceOp(*outerTile, blocks->replacements);
    auto cacheTile = cast<TilingInterface>(blocks->tiledOps.back());
    packColumnsOperand(rewriter, cast<linalg::LinalgOp>(*cacheTile), loops,
                       kBlock, 4 * columnTile);

    // Blocks of `rowTile` rows; the rows left over at a dynamic edge
    // (a batch of one, the last outer tile of an odd size) are peeled into
    // tiles of one row, so that they are vectors too.
    SmallVector<OpFoldResult> rowSizes(numLoops, rewriter.getIndexAttr(0));
    rowSizes[loops.rows] = rewriter.getIndexAttr(rowTile);
    scf::SCFTilingOptions rowTiling;
    rowTiling.setTileSizes(rowSizes);
    rewriter.setInsertionPoint(cacheTile);
    FailureOr<scf::SCFTilingResult> rowBlocks =
        scf::tileUsingSCF(rewriter, cacheTile, rowTiling);
    if (failed(rowBlocks))
      return cacheTile.emitError("cannot tile this matrix product by rows");
    rewriter.replaceOp(cacheTile, rowBlocks->replacements);
    auto fullRows = cast<TilingInterface>(rowBlocks->tiledOps.back());
    SmallVector<TilingInterface> partialRows;
    scf::ForOp partial;
    auto rowLoop =
        dyn_cast<scf::ForOp>(rowBlocks->loops.front().getOperation());
    if (rowLoop && succeeded(scf::peelForLoopAndSimplifyBounds(
                       rewriter, rowLoop, partial)))
      partial.walk([&](TilingInterface tile) {
        if (tile->hasAttr(kRegisterTileAttrName))
          partialRows.push_back(tile);
      });
    if (failed(tileForRegisters(rewriter, fullRows, loops, order, rowTile,
                                columnTile)))
      return failure();
    for (TilingInterface tile : partialRows)
      if (failed(tileForRegisters(rewriter, tile, loops, order, 1, columnTile)))
        return failure();
    return success();
  }

  /// Tiles `tile` into register tiles of `rowTile` x `columnTile`, k
  /// innermost and one step at a time. The columns' loop is peeled, so that
  /// its full tiles get a loop of their own whose tile sizes fold to
  /// constants.
  static LogicalResult tileForRegisters(RewriterBase &rewriter,
                                        TilingInterface tile,
                                        const ContractionLoops &loops,
                                        ArrayRef<int64_t> order,
                                        int64_t rowTile, int64_t columnTile) {
    scf::SCFTilingOptions registerTiling;
    registerTiling
        .setTileSizes(getTileSizes(rewriter.getContext(), loops, order.size(),
                                   rowTile, columnTile, 1))
        .setInterchange(order);
    rewriter.setInsertionPoint(tile);
    FailureOr<scf::SCFTilingResult> registerTiles =
        scf::tileUsingSCF(rewriter, tile, registerTiling);
    if (failed(registerTiles))
      return tile.emitError("cannot tile this matrix product for registers");
    rewriter.replaceOp(tile, registerTiles->replacements);
    auto position = llvm::find(order, loops.columns) - order.begin();
    scf::ForOp partial;
    if (auto columnLoop =
            dyn_cast<scf::ForOp>(registerTiles->loops[position].getOperation()))
      (void)scf::peelForLoopAndSimplifyBounds(rewriter, columnLoop, partial);
    return success();
  }

  /// Unwraps the masks of register tiles vectorized at a dynamic edge,
  /// whose unrolling upstream cannot fold. Only their columns are dynamic, a
  /// parallel loop, so a lane the mask turns off lies past the edge of every
  /// tensor the tile reads and writes: a transfer marked not in bounds pads
  /// the lanes it reads there and writes none of them, and the contraction's
  /// lanes there are never written.
  static void dropEdgeMasks(RewriterBase &rewriter, func::FuncOp func) {
    SmallVector<vector::MaskOp> masks;
    func.walk([&](vector::MaskOp mask) { masks.push_back(mask); });
    for (vector::MaskOp mask : masks) {
      Operation *maskable = mask.getMaskableOp();
      if (!maskable)
        continue;
      rewriter.setInsertionPoint(mask);
      Operation *unmasked = rewriter.clone(*maskable);
      if (auto transfer = dyn_cast<VectorTransferOpInterface>(unmasked)) {
        SmallVector<bool> inBounds(transfer.getTransferRank(), false);
        unmasked->setAttr("in_bounds", rewriter.getBoolArrayAttr(inBounds));
      }
      rewriter.replaceOp(mask, unmasked->getResults());
    }
  }

  /// Splits the register tiles into rows of one dimension: one
  /// vector.contract and one accumulator per row, which hoisting makes
  /// separate values the k loop carries (a vector of several dimensions
  /// would stay an aggregate the LLVM lowering builds element by element).
  static LogicalResult unrollToRows(func::FuncOp func) {
    MLIRContext *context = func.getContext();
    // A linalg.generic vectorizes to a multi-reduction of a product of
    // broadcasts; it is a vector.contract first, then its rows.
    RewritePatternSet contractions(context);
    vector::populateVectorReductionToContractPatterns(contractions);
    vector::populateFoldArithExtensionPatterns(contractions);
    vector::populateVectorTransferPermutationMapLoweringPatterns(contractions);
    if (failed(applyPatternsGreedily(func, std::move(contractions))))
      return failure();
    RewritePatternSet patterns(context);
    vector::populateVectorUnrollPatterns(
        patterns, vector::UnrollVectorOptions().setNativeShapeFn(
                      [](Operation *op) -> std::optional<SmallVector<int64_t>> {
                        return getRowShape(op);
                      }));
    vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
    if (failed(simplify(func)))
      return failure();
    return applyPatternsGreedily(func, std::move(patterns));
  }

  /// Folds the constant tile sizes peeling exposed into static shapes.
  static LogicalResult simplify(func::FuncOp func) {
    MLIRContext *context = func.getContext();
    RewritePatternSet patterns(context);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(patterns);
    for (RegisteredOperationName name : context->getRegisteredOperations())
      name.getCanonicalizationPatterns(patterns, context);
    return applyPatternsGreedily(func, std::move(patterns));
  }
};
} // namespace
