//===- CpuLowerVectorContractions.cpp - Register tiles to FMAs ------------===//
//
// A register tile of a product, 8 rows of 32 f32 on AVX-512,
//
//   %acc = vector.contract %a, %b, %acc
//            : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
//
// becomes, row by row,
//
//   %ai = vector.extract %a[i, 0] ; vector.broadcast %ai : vector<32xf32>
//   %ri = vector.fma %ai_splat, %b_row, %acc_i : vector<32xf32>
//
// which LLVM emits as a broadcast load of A and two FMAs on zmm registers per
// row, the accumulator rows staying in registers across the k loop.
//
//===----------------------------------------------------------------------===//

#include "disc/Codegen/CPU/Passes.h"

#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_CPULOWERVECTORCONTRACTIONSPASS
#include "disc/Codegen/CPU/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

// A 0-d transfer_read (a scalar a vectorized row broadcasts, e.g. a
// per-matrix pivot) is one scalar load whatever the buffer's strides; the
// upstream lowering to vector.load wants a unit innermost stride.
struct ZeroRankTransferReadToLoad : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    if (read.getVectorType().getRank() != 0 || read.getMask() ||
        !isa<MemRefType>(read.getBase().getType()))
      return failure();
    Value scalar = memref::LoadOp::create(rewriter, read.getLoc(),
                                          read.getBase(), read.getIndices());
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(read, read.getVectorType(),
                                                     scalar);
    return success();
  }
};

struct CpuLowerVectorContractionsPass
    : disc::impl::CpuLowerVectorContractionsPassBase<
          CpuLowerVectorContractionsPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    // Contractions to outer products to FMAs, with the shuffles of vectors
    // they leave (transposes of A's column, broadcasts, shape casts).
    RewritePatternSet contractions(context);
    vector::populateVectorContractLoweringPatterns(
        contractions, vector::VectorContractLowering::OuterProduct);
    vector::populateVectorOuterProductLoweringPatterns(contractions);
    vector::populateVectorTransposeLoweringPatterns(
        contractions, vector::VectorTransposeLowering::EltWise);
    vector::populateVectorBroadcastLoweringPatterns(contractions);
    vector::populateVectorShapeCastLoweringPatterns(contractions);
    vector::populateVectorMaskOpLoweringPatterns(contractions);
    vector::populateVectorTransferPermutationMapLoweringPatterns(contractions);
    vector::populateVectorRankReducingFMAPattern(contractions);
    vector::populateVectorFromElementsUnrollPatterns(contractions);
    vector::populateVectorInsertExtractStridedSliceTransforms(contractions);
    vector::populateVectorToElementsUnrollPatterns(contractions);
    vector::ContractionOp::getCanonicalizationPatterns(contractions, context);
    vector::TransferReadOp::getCanonicalizationPatterns(contractions, context);
    vector::TransferWriteOp::getCanonicalizationPatterns(contractions, context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(contractions))))
      return signalPassFailure();

    // Transfers of a tile become one transfer per row, then loads and
    // stores; a row at a dynamic edge (not in bounds) a masked load and
    // store of the lanes before the edge.
    RewritePatternSet transfers(context);
    transfers.add<ZeroRankTransferReadToLoad>(context, /*benefit=*/2);
    vector::populateVectorMaskMaterializationPatterns(
        transfers, /*force32BitVectorIndices=*/true);
    populateVectorToSCFConversionPatterns(
        transfers, VectorTransferToSCFOptions().enableFullUnroll());
    vector::populateVectorTransferLoweringPatterns(transfers,
                                                   /*maxTransferRank=*/1);
    vector::populateVectorTransferPermutationMapLoweringPatterns(transfers);
    vector::populateVectorBroadcastLoweringPatterns(transfers);
    vector::populateVectorShapeCastLoweringPatterns(transfers);
    vector::populateVectorFromElementsUnrollPatterns(transfers);
    vector::populateVectorInsertExtractStridedSliceTransforms(transfers);
    vector::TransferReadOp::getCanonicalizationPatterns(transfers, context);
    vector::TransferWriteOp::getCanonicalizationPatterns(transfers, context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(transfers))))
      return signalPassFailure();
  }
};
} // namespace
