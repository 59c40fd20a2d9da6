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

/// What the patterns of a family require of an op whose kind they match,
/// beyond the kind.
struct Preconditions {
  /// Operands and results may hold complex elements, not only the real
  /// types of isSupportedElementType.
  bool complexElements = false;
  /// Shape and start index operands may also be index tensors.
  bool indexTensors = false;
  /// `check` judges the element types itself; none are judged before it.
  bool ownElementTypes = false;
  /// Why the patterns decline an op whose element types pass (a body with
  /// no scalar form, a combination of attributes), or nullopt; null when
  /// they take every such op.
  std::optional<std::string> (*check)(Operation *op) = nullptr;

  Preconditions &withComplexElements() {
    complexElements = true;
    return *this;
  }
  Preconditions &withIndexTensors() {
    indexTensors = true;
    return *this;
  }
  Preconditions &withOwnElementTypes() {
    ownElementTypes = true;
    return *this;
  }
  Preconditions &withCheck(std::optional<std::string> (*reason)(Operation *)) {
    check = reason;
    return *this;
  }
};

/// Each family's preconditions for `op`, or nullopt when no pattern of the
/// family matches its kind; each is defined beside the family's patterns.
std::optional<Preconditions> getElementwisePreconditions(Operation *op);
std::optional<Preconditions> getDataMovementPreconditions(Operation *op);
std::optional<Preconditions> getGatherScatterPreconditions(Operation *op);
std::optional<Preconditions> getReductionPreconditions(Operation *op);
std::optional<Preconditions> getContractionPreconditions(Operation *op);
std::optional<Preconditions> getControlFlowPreconditions(Operation *op);
std::optional<Preconditions> getConvolutionPreconditions(Operation *op);
std::optional<Preconditions> getCustomCallPreconditions(Operation *op);
std::optional<Preconditions> getSortPreconditions(Operation *op);
std::optional<Preconditions> getLinearAlgebraPreconditions(Operation *op);
std::optional<Preconditions> getFftPreconditions(Operation *op);

/// Why the patterns decline to lower `op`, a StableHLO op, or nullopt: its
/// family's preconditions (Lowerable.cpp asks each family). Every pattern
/// asks it first, so the reason is the pattern's own. An op kind that no
/// family lowers is judged by its element types alone; the pass then
/// reports what the conversion could not legalize.
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
