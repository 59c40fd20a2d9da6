//===- Rewriters.h - StableHLO to Linalg patterns by family -----*- C++ -*-===//
//
// The lowering is split by op family, one file each; each family adds its
// patterns through one populate function, and every pattern derives from
// StablehloLowering, which declines what checkLowerable rejects. Private to
// the folder: the pass (StablehloToLinalg.cpp) is its only user outside the
// families.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_LIB_CONVERSION_STABLEHLOTOLINALG_REWRITERS_H
#define DISC_LIB_CONVERSION_STABLEHLOTOLINALG_REWRITERS_H

#include "mlir/Transforms/DialectConversion.h"

#include <optional>
#include <string>

namespace mlir {
namespace disc {

/// Why a stablehlo.custom_call cannot become a call of a user kernel, or
/// nullopt when it can.
std::optional<std::string> checkCustomCall(Operation *op);

/// Why a stablehlo.fft cannot become a call of the runtime's FFT, or
/// nullopt when it can.
std::optional<std::string> checkFft(Operation *op);

/// Why the patterns decline to lower `op`, a StableHLO op (an element type
/// they do not handle, a body with no scalar form, a combination of
/// attributes), or nullopt. Every pattern asks it first, so the reason is
/// the pattern's own; an op kind that no pattern matches is declined too,
/// and the pass reports what the conversion could not legalize.
std::optional<std::string> checkLowerable(Operation *op);

/// A conversion pattern for one StableHLO op kind that declines, with
/// checkLowerable's reason, every op that is not lowerable before `lower`
/// sees it.
template <typename OpTy>
class StablehloLowering : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpConversionPattern<OpTy>::OpAdaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    if (std::optional<std::string> reason = checkLowerable(op))
      return rewriter.notifyMatchFailure(op, *reason);
    return lower(op, adaptor, rewriter);
  }

protected:
  virtual LogicalResult lower(OpTy op, OpAdaptor adaptor,
                              ConversionPatternRewriter &rewriter) const = 0;
};

void populateElementwisePatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns);
void populateDataMovementPatterns(const TypeConverter &converter,
                                  RewritePatternSet &patterns);
/// With `splitScatterWindows`, a scatter whose window has a dimension the
/// indices do not move runs in parallel over blocks of that dimension.
void populateGatherScatterPatterns(const TypeConverter &converter,
                                   RewritePatternSet &patterns,
                                   bool splitScatterWindows);
/// With `sequentialScans`, prefix scans become a loop along the scanned
/// dimension rather than log2(n) elementwise steps.
void populateReductionPatterns(const TypeConverter &converter,
                               RewritePatternSet &patterns,
                               bool sequentialScans);
void populateContractionPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns);
void populateControlFlowPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns);
void populateConvolutionPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns);
void populateCustomCallPatterns(const TypeConverter &converter,
                                RewritePatternSet &patterns);
void populateSortPatterns(const TypeConverter &converter,
                          RewritePatternSet &patterns);
void populateLinearAlgebraPatterns(const TypeConverter &converter,
                                   RewritePatternSet &patterns);
void populateFftPatterns(const TypeConverter &converter,
                         RewritePatternSet &patterns);

} // namespace disc
} // namespace mlir

#endif // DISC_LIB_CONVERSION_STABLEHLOTOLINALG_REWRITERS_H
