//===- LinalgMatmulToRAL.cpp - Matrix products as library calls -----------===//
//
// A product on buffers whose output starts as zeros,
//
//   linalg.fill ins(%zero) outs(%out)
//   linalg.matmul ins(%lhs, %rhs) outs(%out)
//
// becomes one call of the runtime's gemm (cuBLAS on "gpu", a tuned BLAS on
// "cpu"), which overwrites %out:
//
//   disc_ral.dispatch %ctx, "ral_gemm" device "cpu" may_fail(
//       %lhs, %rhs, %out, %transposeLhs, %transposeRhs)
//
// A product with several batch dims, all leading (attention's
// [B, H, S, D] x [B, H, D, S]), is one batched call: each operand's batch
// dims are collapsed into one when its layout lets them
// (memref.collapse_shape). A product of [B, S, K] with a [K, N] matrix is
// one product of B * S rows: lhs and out collapse to rank 2. Batch dims that
// do not lead an operand (einsum's bqhd,bkhd->bhqk) are brought first by a
// memref.transpose; two that still do not collapse are passed at rank 4 on
// the CPU, and on the GPU are a loop over the first, each step a batched
// call on rank-3 subviews. An output whose batch dims do not lead (a product
// written in the layout of the transpose that read it,
// disc-linalg-write-products-transposed) is written through such a view
// too.
//
// Operands of f16 or bf16 on "gpu", of bf16 on "cpu", that the body widens
// (arith.extf) before multiplying into an f32 output make a mixed-precision
// call: cuBLAS and oneDNN take the operand and output types apart. On "gpu"
// a matrix-vector product (matvec, vecmat) is a product of one column or one
// row, its vector and output seen as [K, 1] and [M, 1] (or [1, K] and
// [1, N]) by memref.expand_shape: cuBLAS sums it in f32 and rounds once, as
// the matrix products, where a kernel would sum f16 or bf16 in f16 or bf16.
//
//===----------------------------------------------------------------------===//

#include "disc/Conversion/LinalgToRAL/Passes.h"
#include "disc/Conversion/LinalgToRAL/ZeroInit.h"
#include "disc/Dialect/RAL/GemmElementTypes.h"
#include "disc/Dialect/RAL/RALOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include "llvm/ADT/SmallVectorExtras.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_LINALGMATMULTORALPASS
#include "disc/Conversion/LinalgToRAL/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

struct Gemm {
  linalg::LinalgOp op;
  // The fill or copy that only zeroed the output, erased with the product
  // (the product itself when there is none).
  Operation *zeroInit;
  bool transposeLhs;
  bool transposeRhs;
  // lhs and out have rank > 2 and rhs rank 2: the leading dims of lhs and out
  // are the rows of one product.
  bool collapseRows;
  // How memref.transpose brings each operand's batch dims to the front
  // (einsum's `bqhd,bkhd->bhqk`); empty when they lead already.
  SmallVector<int64_t> lhsPermutation, rhsPermutation, outPermutation;
  // Rank 4 whose two batch dims do not collapse into one: the CPU's ral_gemm
  // takes them as they are, the GPU's one step of the first at a time.
  bool twoBatchDims = false;
  // A matrix-vector product: the input (0: lhs, 1: rhs) that is a vector,
  // expanded with the output to rank 2; none for a matrix product.
  std::optional<unsigned> vectorInput;
};

/// How the leading dims of an operand fold into its rows: [[0, ...,
/// rank - 2], [rank - 1]].
SmallVector<ReassociationIndices> getRowCollapse(int64_t rank) {
  return {llvm::to_vector(llvm::seq<int64_t>(0, rank - 1)), {rank - 1}};
}

/// How an operand's leading batch dims fold into the one batch dim of
/// ral_gemm: [[0, ..., rank - 3], [rank - 2], [rank - 1]].
SmallVector<ReassociationIndices> getBatchCollapse(int64_t rank) {
  return {
      llvm::to_vector(llvm::seq<int64_t>(0, rank - 2)), {rank - 2}, {rank - 1}};
}

/// A strided memref of `elementType` and `rank` whose rows the library can
/// read: a unit innermost stride.
bool hasGemmRows(MemRefType memref, Type elementType, int64_t rank) {
  if (!memref || memref.getElementType() != elementType ||
      memref.getRank() != rank)
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  return succeeded(memref.getStridesAndOffset(strides, offset)) &&
         strides.back() == 1;
}

/// A memref the library reads row by row (hasGemmRows) at the rank of the
/// product whose dims collapse into the ones ral_gemm takes: all but the
/// last two into one batch dim, or, when `collapseRows`, all but the last
/// into the rows.
bool isGemmOperand(MemRefType memref, Type elementType, int64_t rank,
                   bool collapseRows = false) {
  if (!hasGemmRows(memref, elementType, rank))
    return false;
  if (collapseRows)
    return memref::CollapseShapeOp::isGuaranteedCollapsible(
        memref, getRowCollapse(rank));
  return rank <= 3 || memref::CollapseShapeOp::isGuaranteedCollapsible(
                          memref, getBatchCollapse(rank));
}

/// The permutation that brings the `batch` dims, in that order, to the front
/// of an operand indexed by `dims`, its other two dims following in their
/// order; none when `dims` lacks a batch dim or the innermost dim would move
/// (its unit stride is how the library reads a row).
std::optional<SmallVector<int64_t>>
getBatchFirstPermutation(ArrayRef<unsigned> dims, ArrayRef<unsigned> batch) {
  if (dims.size() != batch.size() + 2)
    return std::nullopt;
  SmallVector<int64_t> permutation;
  for (unsigned dim : batch) {
    const unsigned *position = llvm::find(dims, dim);
    if (position == dims.end())
      return std::nullopt;
    permutation.push_back(position - dims.begin());
  }
  for (auto [position, dim] : llvm::enumerate(dims))
    if (!llvm::is_contained(batch, dim))
      permutation.push_back(position);
  if (permutation.back() != static_cast<int64_t>(dims.size()) - 1)
    return std::nullopt;
  return permutation;
}

/// The type memref.transpose gives `type` under `permutation`; null when
/// `type` has no strided layout.
MemRefType getTransposedType(MemRefType type, ArrayRef<int64_t> permutation) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return nullptr;
  SmallVector<int64_t> sizes, permutedStrides;
  for (int64_t dim : permutation) {
    sizes.push_back(type.getDimSize(dim));
    permutedStrides.push_back(strides[dim]);
  }
  return MemRefType::get(
      sizes, type.getElementType(),
      StridedLayoutAttr::get(type.getContext(), offset, permutedStrides),
      type.getMemorySpace());
}

/// Whether the body is `out + lhs * rhs` (in either operand order), with
/// each input widened by an `arith.extf` first when `widensInputs`.
bool isMultiplyAdd(linalg::LinalgOp op, bool widensInputs) {
  Block *body = op.getBlock();
  if (body->getOperations().size() != (widensInputs ? 5u : 3u))
    return false;
  auto yield = dyn_cast<linalg::YieldOp>(body->back());
  if (!yield || yield.getNumOperands() != 1)
    return false;
  auto add = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add)
    return false;
  Value out = body->getArgument(2);
  Value product = add.getLhs() == out ? add.getRhs() : add.getLhs();
  auto mul = product.getDefiningOp<arith::MulFOp>();
  if (!mul || (add.getLhs() != out && add.getRhs() != out))
    return false;
  auto input = [&](Value factor) -> Value {
    if (!widensInputs)
      return factor;
    auto extension = factor.getDefiningOp<arith::ExtFOp>();
    return extension ? extension.getIn() : Value();
  };
  Value x = input(mul.getLhs()), y = input(mul.getRhs());
  Value lhs = body->getArgument(0), rhs = body->getArgument(1);
  return (x == lhs && y == rhs) || (x == rhs && y == lhs);
}

/// The dims of `map`'s results, or nothing when one is not a plain dim.
std::optional<SmallVector<unsigned>> getResultDims(AffineMap map) {
  if (map.getNumSymbols() != 0)
    return std::nullopt;
  SmallVector<unsigned> dims;
  for (AffineExpr expr : map.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim)
      return std::nullopt;
    dims.push_back(dim.getPosition());
  }
  return dims;
}

/// Whether `dims` are (batch..., a, b), or (batch..., b, a) when `transposed`
/// is set; decides `transposed` from the last dim.
bool matchOperandDims(ArrayRef<unsigned> dims, ArrayRef<unsigned> batch,
                      unsigned a, unsigned b, bool &transposed) {
  if (dims.size() != batch.size() + 2 || dims.take_front(batch.size()) != batch)
    return false;
  transposed = dims.back() == a;
  unsigned first = transposed ? b : a;
  unsigned second = transposed ? a : b;
  return dims[batch.size()] == first && dims[batch.size() + 1] == second;
}

/// A product of a matrix and a vector the library computes on "gpu" as one
/// of a column (matvec: out[i] = A[i, k] v[k], A maybe transposed) or of a
/// row (vecmat: out[j] = v[k] B[k, j]), with row-major matrix and contiguous
/// vectors of types ral_gemm takes, whose output a zero fill has just
/// initialized.
std::optional<Gemm> matchMatrixVectorGemm(linalg::LinalgOp op,
                                          StringRef device) {
  if (device != "gpu" || op.getNumLoops() != 2)
    return std::nullopt;
  Value out = op.getDpsInitOperand(0)->get();
  auto outType = cast<MemRefType>(out.getType());
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  std::optional<SmallVector<unsigned>> outDims = getResultDims(maps[2]);
  if (!outDims || op.getIteratorTypesArray()[(*outDims)[0]] !=
                      utils::IteratorType::parallel)
    return std::nullopt;
  unsigned free = (*outDims)[0], k = 1 - free;
  Gemm gemm{op, nullptr, false, false, false};
  for (unsigned input : {0u, 1u}) {
    Value operand = op.getDpsInputOperand(input)->get();
    auto type = dyn_cast<MemRefType>(operand.getType());
    std::optional<SmallVector<unsigned>> dims = getResultDims(maps[input]);
    if (!type || !dims ||
        !hasGemmRows(type, getElementTypeOrSelf(operand.getType()),
                     type.getRank()))
      return std::nullopt;
    if (type.getRank() == 1) {
      if ((*dims)[0] != k || gemm.vectorInput)
        return std::nullopt;
      gemm.vectorInput = input;
      continue;
    }
    // The matrix is [free, k] as lhs and [k, free] as rhs, read transposed
    // when its dims are the other way round.
    unsigned rows = input == 0 ? free : k;
    unsigned cols = input == 0 ? k : free;
    bool &transposed = input == 0 ? gemm.transposeLhs : gemm.transposeRhs;
    if (!matchOperandDims(*dims, {}, rows, cols, transposed))
      return std::nullopt;
  }
  if (!gemm.vectorInput || !hasGemmRows(outType, outType.getElementType(), 1))
    return std::nullopt;
  gemm.zeroInit = disc::findZeroInit(op, out);
  if (!gemm.zeroInit)
    return std::nullopt;
  return gemm;
}

/// A product the library computes: a matmul or batch matmul (named, with
/// transposed indexing maps, or generic, with any number of leading batch
/// dims, or with leading dims of lhs and out that rhs lacks) of row-major
/// buffers of types ral_gemm takes on `device`, whose output a zero fill has
/// just initialized.
std::optional<Gemm> matchGemm(linalg::LinalgOp op, StringRef device) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 || op.getNumReductionLoops() != 1)
    return std::nullopt;
  Value lhs = op.getDpsInputOperand(0)->get();
  Value rhs = op.getDpsInputOperand(1)->get();
  Value out = op.getDpsInitOperand(0)->get();
  auto outType = dyn_cast<MemRefType>(out.getType());
  // cuBLAS reads its operands while it writes the output.
  if (!outType || lhs == out || rhs == out)
    return std::nullopt;
  int64_t rank = outType.getRank();
  Type resultType = outType.getElementType();
  Type operandType = getElementTypeOrSelf(lhs.getType());
  if (rank < 1 || !disc::isGemmElementTypes(device, operandType, resultType) ||
      getElementTypeOrSelf(rhs.getType()) != operandType ||
      !isMultiplyAdd(op, /*widensInputs=*/operandType != resultType))
    return std::nullopt;
  if (rank == 1)
    return matchMatrixVectorGemm(op, device);
  auto lhsType = dyn_cast<MemRefType>(lhs.getType());
  auto rhsType = dyn_cast<MemRefType>(rhs.getType());
  if (!lhsType || !rhsType)
    return std::nullopt;
  bool collapseRows = rank > 2 && rhsType.getRank() == 2;

  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  std::optional<SmallVector<unsigned>> lhsDims = getResultDims(maps[0]);
  std::optional<SmallVector<unsigned>> rhsDims = getResultDims(maps[1]);
  std::optional<SmallVector<unsigned>> outDims = getResultDims(maps[2]);
  if (!lhsDims || !rhsDims || !outDims ||
      op.getNumLoops() != static_cast<unsigned>(rank + 1))
    return std::nullopt;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  unsigned k = 0;
  while (k < iterators.size() && iterators[k] != utils::IteratorType::reduction)
    ++k;
  if (llvm::is_contained(*outDims, k))
    return std::nullopt;
  Gemm gemm{op, nullptr, false, false, collapseRows};
  // The batch dims are those of the output that both operands index (the
  // leading ones of the output when rhs, a matrix, has none).
  SmallVector<unsigned> outOrder = *outDims;
  SmallVector<unsigned> batch(ArrayRef<unsigned>(outOrder).drop_back(2));
  if (!collapseRows) {
    SmallVector<unsigned> shared =
        llvm::filter_to_vector(*outDims, [&](unsigned dim) {
          return llvm::is_contained(*lhsDims, dim) &&
                 llvm::is_contained(*rhsDims, dim);
        });
    if (shared.size() == batch.size() && shared != batch) {
      std::optional<SmallVector<int64_t>> order =
          getBatchFirstPermutation(*outDims, shared);
      if (!order)
        return std::nullopt;
      gemm.outPermutation = *order;
      outType = getTransposedType(outType, gemm.outPermutation);
      outOrder = llvm::map_to_vector(
          gemm.outPermutation, [&](int64_t dim) { return (*outDims)[dim]; });
      batch = shared;
    }
  }
  unsigned m = outOrder[rank - 2];
  unsigned n = outOrder[rank - 1];
  if (collapseRows) {
    // Collapsed rows are lhs's leading dims in out's order, before k: lhs
    // is read untransposed.
    if (!matchOperandDims(*lhsDims, batch, m, k, gemm.transposeLhs) ||
        gemm.transposeLhs ||
        !matchOperandDims(*rhsDims, {}, k, n, gemm.transposeRhs) ||
        !isGemmOperand(lhsType, operandType, rank, true) ||
        !isGemmOperand(rhsType, operandType, 2) ||
        !isGemmOperand(outType, resultType, rank, true))
      return std::nullopt;
  } else {
    // An operand whose batch dims do not lead is read through a transposed
    // view that puts them first.
    auto leadBatch = [&](ArrayRef<unsigned> dims, MemRefType &type,
                         SmallVector<int64_t> &permutation)
        -> std::optional<SmallVector<unsigned>> {
      if (dims.take_front(batch.size()) == ArrayRef<unsigned>(batch))
        return SmallVector<unsigned>(dims);
      std::optional<SmallVector<int64_t>> order =
          getBatchFirstPermutation(dims, batch);
      if (!order)
        return std::nullopt;
      permutation = *order;
      type = getTransposedType(type, permutation);
      return llvm::map_to_vector(permutation,
                                 [&](int64_t dim) { return dims[dim]; });
    };
    std::optional<SmallVector<unsigned>> lhsOrder =
        leadBatch(*lhsDims, lhsType, gemm.lhsPermutation);
    std::optional<SmallVector<unsigned>> rhsOrder =
        leadBatch(*rhsDims, rhsType, gemm.rhsPermutation);
    if (!lhsOrder || !rhsOrder || !lhsType || !rhsType || !outType ||
        !matchOperandDims(*lhsOrder, batch, m, k, gemm.transposeLhs) ||
        !matchOperandDims(*rhsOrder, batch, k, n, gemm.transposeRhs))
      return std::nullopt;
    bool collapsible = isGemmOperand(lhsType, operandType, rank) &&
                       isGemmOperand(rhsType, operandType, rank) &&
                       isGemmOperand(outType, resultType, rank);
    // Two batch dims that do not collapse (attention's heads inside its
    // tokens) go to the CPU's ral_gemm of rank 4 as they are, and on the GPU
    // to one batched call per step of the first.
    gemm.twoBatchDims = !collapsible && rank == 4 &&
                        hasGemmRows(lhsType, operandType, rank) &&
                        hasGemmRows(rhsType, operandType, rank) &&
                        hasGemmRows(outType, resultType, rank);
    if (!collapsible && !gemm.twoBatchDims)
      return std::nullopt;
  }
  gemm.zeroInit = disc::findZeroInit(op, out);
  if (!gemm.zeroInit)
    return std::nullopt;
  return gemm;
}

/// `vector` of [K] as [K, 1] (`asColumn`) or [1, K].
Value expandVector(OpBuilder &builder, Location loc, Value vector,
                   bool asColumn) {
  auto type = cast<MemRefType>(vector.getType());
  int64_t size = type.getDimSize(0);
  SmallVector<int64_t> shape =
      asColumn ? SmallVector<int64_t>{size, 1} : SmallVector<int64_t>{1, size};
  SmallVector<ReassociationIndices> reassociation = {{0, 1}};
  MemRefType expanded =
      *memref::ExpandShapeOp::computeExpandedType(type, shape, reassociation);
  return memref::ExpandShapeOp::create(builder, loc, expanded, vector,
                                       reassociation);
}

/// A matrix-vector product as ral_gemm of one column (the vector is rhs) or
/// one row (it is lhs).
void convertMatrixVectorToDispatch(Gemm gemm, Value context, StringRef device,
                                   Value transposeLhs, Value transposeRhs) {
  linalg::LinalgOp op = gemm.op;
  OpBuilder builder(op);
  Location loc = op.getLoc();
  bool column = *gemm.vectorInput == 1;
  Value lhs = op.getDpsInputOperand(0)->get();
  Value rhs = op.getDpsInputOperand(1)->get();
  if (column)
    rhs = expandVector(builder, loc, rhs, /*asColumn=*/true);
  else
    lhs = expandVector(builder, loc, lhs, /*asColumn=*/false);
  Value out =
      expandVector(builder, loc, op.getDpsInitOperand(0)->get(), column);
  disc_ral::DispatchOp::create(
      builder, loc, TypeRange(), context, "ral_gemm", device, /*may_fail=*/true,
      ValueRange{lhs, rhs, out, transposeLhs, transposeRhs});
  if (gemm.zeroInit != op.getOperation())
    gemm.zeroInit->erase();
  op.erase();
}

/// Opens an scf.for over the first dim of the rank-4 `operands` (lhs, rhs,
/// out), leaving `builder` in its body, and returns each operand's rank-3
/// subview at the loop's step.
SmallVector<Value> getFirstDimLoopStep(OpBuilder &builder, Location loc,
                                       ArrayRef<Value> operands) {
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  Value count = memref::DimOp::create(builder, loc, operands.back(), 0);
  auto loop = scf::ForOp::create(builder, loc, zero, count, one);
  builder.setInsertionPoint(loop.getBody()->getTerminator());
  Value step = loop.getInductionVar();
  SmallVector<Value> subviews;
  for (Value operand : operands) {
    auto type = cast<MemRefType>(operand.getType());
    SmallVector<OpFoldResult> offsets(4, builder.getIndexAttr(0));
    offsets[0] = step;
    SmallVector<OpFoldResult> sizes = {builder.getIndexAttr(1)};
    for (int64_t dim = 1; dim < 4; ++dim)
      sizes.push_back(memref::getMixedSize(builder, loc, operand, dim));
    SmallVector<OpFoldResult> strides(4, builder.getIndexAttr(1));
    auto subviewType = memref::SubViewOp::inferRankReducedResultType(
        type.getShape().drop_front(), type, offsets, sizes, strides);
    subviews.push_back(
        memref::SubViewOp::create(builder, loc, cast<MemRefType>(subviewType),
                                  operand, offsets, sizes, strides));
  }
  return subviews;
}

void convertToDispatch(Gemm gemm, Value context, StringRef device) {
  linalg::LinalgOp op = gemm.op;
  OpBuilder builder(op);
  Location loc = op.getLoc();
  Value transposeLhs =
      arith::ConstantIntOp::create(builder, loc, gemm.transposeLhs, 1);
  Value transposeRhs =
      arith::ConstantIntOp::create(builder, loc, gemm.transposeRhs, 1);
  auto transpose = [&](Value operand, ArrayRef<int64_t> permutation) -> Value {
    if (permutation.empty())
      return operand;
    return memref::TransposeOp::create(
        builder, loc, operand,
        AffineMapAttr::get(
            AffineMap::getPermutationMap(permutation, builder.getContext())));
  };
  if (gemm.vectorInput) {
    convertMatrixVectorToDispatch(gemm, context, device, transposeLhs,
                                  transposeRhs);
    return;
  }
  SmallVector<Value> args;
  for (Value operand :
       {transpose(op.getDpsInputOperand(0)->get(), gemm.lhsPermutation),
        transpose(op.getDpsInputOperand(1)->get(), gemm.rhsPermutation),
        transpose(op.getDpsInitOperand(0)->get(), gemm.outPermutation)}) {
    int64_t rank = cast<MemRefType>(operand.getType()).getRank();
    if (rank == 2 || (rank == 3 && !gemm.collapseRows) || gemm.twoBatchDims)
      args.push_back(operand);
    else
      args.push_back(memref::CollapseShapeOp::create(
          builder, loc, operand,
          gemm.collapseRows ? getRowCollapse(rank) : getBatchCollapse(rank)));
  }
  if (gemm.twoBatchDims && device == "gpu")
    args = getFirstDimLoopStep(builder, loc, args);
  args.append({transposeLhs, transposeRhs});
  disc_ral::DispatchOp::create(builder, loc, TypeRange(), context, "ral_gemm",
                               device, /*may_fail=*/true, args);
  if (gemm.zeroInit != op.getOperation())
    gemm.zeroInit->erase();
  op.erase();
}

struct LinalgMatmulToRALPass
    : mlir::disc::impl::LinalgMatmulToRALPassBase<LinalgMatmulToRALPass> {
  using Base::Base;

  void runOnOperation() override {
    if (device != "cpu" && device != "gpu") {
      emitError(getOperation().getLoc())
          << "disc-linalg-matmul-to-ral: device '" << device
          << "' has no ral_gemm (expected cpu or gpu)";
      return signalPassFailure();
    }
    func::FuncOp func = getOperation();
    if (func.isExternal() || func.getNumArguments() == 0 ||
        !isa<disc_ral::ContextType>(func.getArgument(0).getType()))
      return;
    SmallVector<Gemm> gemms;
    func.walk([&](linalg::LinalgOp op) {
      if (std::optional<Gemm> gemm = matchGemm(op, device))
        gemms.push_back(*gemm);
    });
    for (Gemm gemm : gemms)
      convertToDispatch(gemm, func.getArgument(0), device);
  }
};

} // namespace
