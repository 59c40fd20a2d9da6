//===- MemrefCopyToLinalg.cpp - Strided copies as linalg.copy -------------===//

#include "disc/Codegen/Common/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_MEMREFCOPYTOLINALGPASS
#include "disc/Codegen/Common/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {
bool hasIdentityLayout(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && memref.getLayout().isIdentity();
}

struct CopyToLinalg : OpRewritePattern<memref::CopyOp> {
  CopyToLinalg(MLIRContext *context, bool includeContiguous)
      : OpRewritePattern(context), includeContiguous(includeContiguous) {}

  LogicalResult matchAndRewrite(memref::CopyOp copy,
                                PatternRewriter &rewriter) const override {
    if (!includeContiguous && hasIdentityLayout(copy.getSource().getType()) &&
        hasIdentityLayout(copy.getTarget().getType()))
      return rewriter.notifyMatchFailure(copy, "becomes a memcpy");
    if (!isa<MemRefType>(copy.getSource().getType()) ||
        !isa<MemRefType>(copy.getTarget().getType()))
      return rewriter.notifyMatchFailure(copy, "unranked memrefs");
    rewriter.replaceOpWithNewOp<linalg::CopyOp>(copy, copy.getSource(),
                                                copy.getTarget());
    return success();
  }

  bool includeContiguous;
};

struct MemrefCopyToLinalgPass
    : disc::impl::MemrefCopyToLinalgPassBase<MemrefCopyToLinalgPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<CopyToLinalg>(&getContext(), includeContiguous);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
