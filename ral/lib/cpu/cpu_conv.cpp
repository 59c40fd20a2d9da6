// ral_conv on device "cpu" (docs/ABI.md): a 2-D convolution of an NHWC input
// with an HWIO filter into an NHWC output, its features in groups (a
// depthwise convolution has one per input feature), through oneDNN's
// convolution primitive (dnnl.h), which reads the windows in place where an
// im2col product would first copy each input element once per kernel tap. The
// output is cut into parts, images or bands of rows, one per worker of the
// runtime's pool, each computed on its own thread.
#include "dnnl.h"
#include "parallel_for.h"

#include "disc/ral/allocator.h"
#include "disc/ral/context.h"
#include "disc/ral/registry.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <string>
#include <vector>

namespace disc::ral::cpu {
namespace {

std::string shapeText(const MemRefType<float, 4> &m) {
  return std::to_string(m.sizes[0]) + "x" + std::to_string(m.sizes[1]) + "x" +
         std::to_string(m.sizes[2]) + "x" + std::to_string(m.sizes[3]);
}

// How error messages name a call: "input NxHxWxC, filter ..., out ...".
std::string callText(const MemRefType<float, 4> &input,
                     const MemRefType<float, 4> &filter,
                     const MemRefType<float, 4> &out) {
  return "input " + shapeText(input) + ", filter " + shapeText(filter) +
         ", out " + shapeText(out);
}

// Convolutions below this many multiply-adds run on the calling thread.
constexpr int64_t kMinParallelWork = int64_t(1) << 20;
// A convolution whose filter has more than this many elements per element
// of output is computed as a matrix product (convolveAsProduct).
constexpr int64_t kProductFilterRatio = 32;
// Parts of the output features a product is cut into are multiples of
// this, a multiple of the register blocks of oneDNN's sgemm kernels.
constexpr int64_t kFeatureAlignment = 16;

struct Window {
  int64_t strideH, strideW, dilationH, dilationW;
  int64_t padTop, padLeft, padBottom, padRight;
  int64_t groups;
};

// Images [imageBegin, imageEnd) and output rows [rowBegin, rowEnd) of the
// output, with the input rows they read, [inputBegin, inputEnd), and the
// padding the part sees above and below them.
struct ConvPart {
  int64_t imageBegin, imageEnd, rowBegin, rowEnd;
  int64_t inputBegin, inputEnd, padTop, padBottom;
};

// The reorder of a slice of the filter's output features, whole blocks of
// the packed layout, from HWIO into that layout: the workers share the
// reorder a slice each.
struct FilterSlice {
  dnnl_memory_desc_t from{}, to{};
  dnnl_primitive_t reorder = nullptr;
};

// A convolution primitive for one shape of part, with the slices of the
// filter's reorder into the layout the primitive reads.
struct PartPrimitive {
  const Dnnl *dnnl = nullptr;
  dnnl_primitive_t convolution = nullptr;
  std::vector<FilterSlice> filterSlices;
  dnnl_memory_desc_t source{}, filter{}, packedFilter{}, destination{};
  size_t packedFilterBytes = 0, scratchpadBytes = 0;

  PartPrimitive() = default;
  PartPrimitive(const PartPrimitive &) = delete;
  PartPrimitive &operator=(const PartPrimitive &) = delete;
  ~PartPrimitive() {
    if (convolution)
      dnnl->primitiveDestroy(convolution);
    for (FilterSlice &slice : filterSlices)
      if (slice.reorder)
        dnnl->primitiveDestroy(slice.reorder);
  }
};

// The memory descriptor of an NHWC (or HWIO) memref in oneDNN's logical
// order of dims (N, C, H, W; O, I, H, W): `order` names the memref dim of
// each.
dnnl_status_t describe(const Dnnl &dnnl, dnnl_memory_desc_t &desc,
                       const int64_t (&sizes)[4], const int64_t (&strides)[4],
                       const int (&order)[4]) {
  dnnl_dims_t dims, dimStrides;
  for (int i = 0; i < 4; ++i) {
    dims[i] = sizes[order[i]];
    dimStrides[i] = strides[order[i]];
  }
  return dnnl.memoryDescInitByStrides(&desc, 4, dims, dnnl_f32, dimStrides);
}

constexpr int kNhwcOrder[4] = {0, 3, 1, 2};
constexpr int kHwioOrder[4] = {3, 2, 0, 1};

// The memory descriptor of an HWIO filter whose output features come in
// `groups` runs, one per group, in oneDNN's order of a grouped filter's
// dims (G, O / G, I, H, W); the plain 4-D one for a single group.
dnnl_status_t describeFilter(const Dnnl &dnnl, dnnl_memory_desc_t &desc,
                             const MemRefType<float, 4> &filter,
                             int64_t groups) {
  if (groups == 1)
    return describe(dnnl, desc, filter.sizes, filter.strides, kHwioOrder);
  int64_t groupFeatures = filter.sizes[3] / groups;
  dnnl_dims_t dims = {groups, groupFeatures, filter.sizes[2], filter.sizes[0],
                      filter.sizes[1]};
  dnnl_dims_t strides = {groupFeatures * filter.strides[3], filter.strides[3],
                         filter.strides[2], filter.strides[0],
                         filter.strides[1]};
  return dnnl.memoryDescInitByStrides(&desc, 5, dims, dnnl_f32, strides);
}

// Cuts the reorder of the filter into at most `slices` reorders of whole
// blocks of output features, or one where the packed layout allows no cut.
dnnl_status_t makeFilterSlices(const Dnnl &dnnl, PartPrimitive &made,
                               int slices) {
  int64_t features = made.filter.dims[0];
  int64_t block = 1;
  const dnnl_blocking_desc_t &blocking = made.packedFilter.format_desc.blocking;
  for (int i = 0; i < blocking.inner_nblks; ++i)
    if (blocking.inner_idxs[i] == 0)
      block *= blocking.inner_blks[i];
  int64_t blocks = (features + block - 1) / block;
  int64_t count = std::max<int64_t>(1, std::min<int64_t>(slices, blocks));
  std::vector<FilterSlice> cut(count);
  for (int64_t j = 0; j < count && count > 1; ++j) {
    int64_t begin = std::min(features, blocks * j / count * block);
    int64_t end = std::min(features, blocks * (j + 1) / count * block);
    dnnl_dims_t dims, offsets = {begin};
    std::copy(made.filter.dims, made.filter.dims + made.filter.ndims, dims);
    dims[0] = end - begin;
    if (dnnl.memoryDescInitSubmemory(&cut[j].from, &made.filter, dims,
                                     offsets) ||
        dnnl.memoryDescInitSubmemory(&cut[j].to, &made.packedFilter, dims,
                                     offsets)) {
      cut.assign(1, FilterSlice());
      break;
    }
  }
  if (cut.size() == 1) {
    cut[0].from = made.filter;
    cut[0].to = made.packedFilter;
  }
  for (FilterSlice &slice : cut) {
    dnnl_primitive_desc_t reorderDesc;
    dnnl_status_t status =
        dnnl.reorderDescCreate(&reorderDesc, &slice.from, dnnl.engine,
                               &slice.to, dnnl.engine, nullptr);
    if (status)
      return status;
    status = dnnl.primitiveCreate(&slice.reorder, reorderDesc);
    dnnl.primitiveDescDestroy(reorderDesc);
    if (status)
      return status;
    // Owned by `made` from here on, destroyed with it.
    made.filterSlices.push_back(slice);
  }
  return dnnl_success;
}

// Makes the primitive of a part whose source, filter and destination are
// the given views; returns oneDNN's status.
dnnl_status_t makePrimitive(const Dnnl &dnnl, const int64_t (&sourceSizes)[4],
                            const int64_t (&sourceStrides)[4],
                            const MemRefType<float, 4> &filter,
                            const int64_t (&destinationSizes)[4],
                            const int64_t (&destinationStrides)[4],
                            const Window &window, const ConvPart &part,
                            int slices, PartPrimitive &made) {
  made.dnnl = &dnnl;
  dnnl_status_t status;
  if ((status = describe(dnnl, made.source, sourceSizes, sourceStrides,
                         kNhwcOrder)) ||
      (status = describeFilter(dnnl, made.filter, filter, window.groups)) ||
      (status = describe(dnnl, made.destination, destinationSizes,
                         destinationStrides, kNhwcOrder)))
    return status;
  dnnl_memory_desc_t anyFilter;
  if ((status = dnnl.memoryDescInitByTag(&anyFilter, made.filter.ndims,
                                         made.filter.dims, dnnl_f32,
                                         dnnl_format_tag_any)))
    return status;
  dnnl_convolution_desc_t desc;
  dnnl_dims_t strides = {window.strideH, window.strideW};
  // oneDNN counts a dilation from 0, StableHLO from 1.
  dnnl_dims_t dilations = {window.dilationH - 1, window.dilationW - 1};
  dnnl_dims_t padBefore = {part.padTop, window.padLeft};
  dnnl_dims_t padAfter = {part.padBottom, window.padRight};
  if ((status = dnnl.convolutionDescInit(
           &desc, dnnl_forward_inference, dnnl_convolution_direct, &made.source,
           &anyFilter, nullptr, &made.destination, strides, dilations,
           padBefore, padAfter)))
    return status;
  dnnl_primitive_desc_t convolutionDesc = nullptr;
  if ((status = dnnl.createWithUserScratchpad(&desc, &convolutionDesc)))
    return status;
  made.packedFilter =
      *dnnl.primitiveDescQueryMd(convolutionDesc, dnnl_query_weights_md, 0);
  made.packedFilterBytes = dnnl.memoryDescGetSize(&made.packedFilter);
  made.scratchpadBytes = dnnl.memoryDescGetSize(
      dnnl.primitiveDescQueryMd(convolutionDesc, dnnl_query_scratchpad_md, 0));
  status = dnnl.primitiveCreate(&made.convolution, convolutionDesc);
  dnnl.primitiveDescDestroy(convolutionDesc);
  if (status)
    return status;
  return makeFilterSlices(dnnl, made, slices);
}

PrimitiveCache<PartPrimitive> &getPrimitiveCache() {
  // Never destroyed: a model may still run while the process exits.
  static auto *cache = new PrimitiveCache<PartPrimitive>;
  return *cache;
}

// The parts of an output of `images` x `rows`: runs of whole images when
// there are at least as many as threads, else bands of rows of each image.
std::vector<ConvPart> planParts(int64_t images, int64_t rows, int threads,
                                int64_t inputRows, int64_t kernelExtent,
                                const Window &window) {
  std::vector<ConvPart> parts;
  auto addPart = [&](int64_t imageBegin, int64_t imageEnd, int64_t rowBegin,
                     int64_t rowEnd) {
    // Input row of the first tap of output row r: r * stride - padTop.
    int64_t first = rowBegin * window.strideH - window.padTop;
    int64_t last = (rowEnd - 1) * window.strideH - window.padTop + kernelExtent;
    int64_t inputBegin = std::clamp<int64_t>(first, 0, inputRows);
    int64_t inputEnd = std::clamp<int64_t>(last, inputBegin, inputRows);
    parts.push_back({imageBegin, imageEnd, rowBegin, rowEnd, inputBegin,
                     inputEnd, inputBegin - first, last - inputEnd});
  };
  if (images >= threads) {
    // Whole images read the whole input with the convolution's own pads,
    // so that their layout stays dense (rows a stride skips are kept).
    for (int t = 0; t < threads; ++t)
      parts.push_back({images * t / threads, images * (t + 1) / threads, 0,
                       rows, 0, inputRows, window.padTop, window.padBottom});
    return parts;
  }
  int64_t bands = std::min<int64_t>(rows, (threads + images - 1) / images);
  for (int64_t image = 0; image < images; ++image)
    for (int64_t band = 0; band < bands; ++band)
      addPart(image, image + 1, rows * band / bands, rows * (band + 1) / bands);
  return parts;
}

// Whether `m` is laid out as rows of its last dim, the rows dense along
// the other three: a matrix of sizes[0] * sizes[1] * sizes[2] rows with a
// leading dimension of strides[2].
bool isRowsMatrix(const MemRefType<float, 4> &m) {
  return m.strides[3] == 1 && m.strides[2] >= m.sizes[3] &&
         m.strides[1] == m.sizes[2] * m.strides[2] &&
         m.strides[0] == m.sizes[1] * m.strides[1];
}

// Computes the convolution as one matrix product, out = im2col(input) *
// filter, its output features cut into one part per worker. For a filter
// much larger than the output it makes (the deep layers of a CNN at batch
// 1), reading the filter is most of the work: oneDNN's convolution
// primitives would first reorder all of it into their packed layout
// (reading and writing it once more), and cut the work by rows of output,
// each part reading the whole filter; here each worker's sgemm reads its
// share of the filter as it lies. The windows are copied out first
// (im2col), which costs little next to such a filter. Returns false,
// before computing anything, where the layouts do not allow it.
bool convolveAsProduct(ExecutionContext *run, const std::string &call,
                       const Dnnl &dnnl, const MemRefType<float, 4> &input,
                       const MemRefType<float, 4> &filter,
                       const MemRefType<float, 4> &out, const Window &window,
                       int threads) {
  if (window.groups != 1 || !isRowsMatrix(filter) || !isRowsMatrix(out) ||
      input.strides[3] != 1)
    return false;
  int64_t pixels = out.sizes[0] * out.sizes[1] * out.sizes[2];
  int64_t channels = input.sizes[3];
  int64_t taps = filter.sizes[0] * filter.sizes[1];
  int64_t depth = taps * channels;
  AlignedBuffer windows(
      alignedAllocate(size_t(pixels * depth) * sizeof(float)));
  if (!windows) {
    run->setError("ral_conv: out of memory for the windows of " + call);
    return true;
  }
  float *rows = static_cast<float *>(windows.get());
  const float *source = input.data + input.offset;
  runInChunks(pixels, 1, threads, [&](int64_t begin, int64_t end) {
    for (int64_t pixel = begin; pixel < end; ++pixel) {
      int64_t w = pixel % out.sizes[2];
      int64_t h = pixel / out.sizes[2] % out.sizes[1];
      int64_t n = pixel / (out.sizes[1] * out.sizes[2]);
      float *row = rows + pixel * depth;
      for (int64_t kh = 0; kh < filter.sizes[0]; ++kh)
        for (int64_t kw = 0; kw < filter.sizes[1]; ++kw, row += channels) {
          int64_t ih =
              h * window.strideH - window.padTop + kh * window.dilationH;
          int64_t iw =
              w * window.strideW - window.padLeft + kw * window.dilationW;
          if (ih < 0 || ih >= input.sizes[1] || iw < 0 ||
              iw >= input.sizes[2]) {
            std::fill(row, row + channels, 0.0f);
            continue;
          }
          const float *from = source + n * input.strides[0] +
                              ih * input.strides[1] + iw * input.strides[2];
          std::copy(from, from + channels, row);
        }
    }
  });
  int64_t features = out.sizes[3];
  int64_t blocks = (features + kFeatureAlignment - 1) / kFeatureAlignment;
  int64_t parts = std::max<int64_t>(1, std::min<int64_t>(threads, blocks));
  const float *weights = filter.data + filter.offset;
  float *result = out.data + out.offset;
  std::atomic<int> failure{dnnl_success};
  runInChunks(parts, 1, threads, [&](int64_t begin, int64_t end) {
    for (int64_t part = begin; part < end; ++part) {
      int64_t first =
          std::min(features, blocks * part / parts * kFeatureAlignment);
      int64_t last =
          std::min(features, blocks * (part + 1) / parts * kFeatureAlignment);
      if (first >= last)
        continue;
      if (int status = dnnl.sgemmOnThisThread(
              false, false, pixels, last - first, depth, rows, depth,
              weights + first, filter.strides[2], result + first,
              out.strides[2]))
        failure.store(status);
    }
  });
  if (int status = failure.load())
    run->setError("ral_conv: oneDNN's sgemm failed with status " +
                  std::to_string(status) + " on " + call);
  return true;
}

// `filter` in the layout `primitive` reads, reordered by the workers a
// slice each; null when memory or oneDNN fails.
std::shared_ptr<void> reorderFilter(const Dnnl &dnnl, PartPrimitive &primitive,
                                    const MemRefType<float, 4> &filter,
                                    int threads) {
  // From the runtime's allocator, which keeps freed blocks for the next
  // run instead of taking page faults for them again.
  std::shared_ptr<void> packed(alignedAllocate(primitive.packedFilterBytes),
                               AlignedDeleter());
  if (!packed)
    return nullptr;
  std::atomic<bool> failed{false};
  runInChunks(
      static_cast<int64_t>(primitive.filterSlices.size()), 1, threads,
      [&](int64_t begin, int64_t end) {
        for (int64_t j = begin; j < end; ++j) {
          FilterSlice &slice = primitive.filterSlices[j];
          if (dnnl.executeOnThisThread(
                  slice.reorder,
                  {{DNNL_ARG_FROM, {&slice.from, filter.data + filter.offset}},
                   {DNNL_ARG_TO, {&slice.to, packed.get()}}}))
            failed.store(true);
        }
      });
  return failed.load() ? nullptr : packed;
}

// The name a constant filter's packed copy has among the context's
// resources: its address and the primitive key of the layout it is in.
std::string packedFilterKey(const MemRefType<float, 4> &filter,
                            const std::vector<int64_t> &primitiveKey) {
  std::string key =
      "ral_conv.constant_filter:" +
      std::to_string(reinterpret_cast<uintptr_t>(filter.data + filter.offset));
  for (int64_t value : primitiveKey)
    key += "," + std::to_string(value);
  return key;
}

// ral_conv and ral_conv_constant_filter: with `constantFilter`, the filter
// is data of the model that no run writes, so its packed copy is made once
// and kept with the model's context.
void convolve(ExecutionContext *run, MemRefType<float, 4> input,
              MemRefType<float, 4> filter, MemRefType<float, 4> out,
              int64_t strideH, int64_t strideW, int64_t dilationH,
              int64_t dilationW, int64_t padTop, int64_t padLeft,
              int64_t padBottom, int64_t padRight, int64_t groups,
              bool constantFilter) {
  Window window{strideH, strideW,   dilationH, dilationW, padTop,
                padLeft, padBottom, padRight,  groups};
  if (strideH < 1 || strideW < 1 || dilationH < 1 || dilationW < 1 ||
      padTop < 0 || padLeft < 0 || padBottom < 0 || padRight < 0 ||
      groups < 1) {
    run->setError("ral_conv: strides, dilations and groups must be positive "
                  "and pads not negative");
    return;
  }
  int64_t extentH = (filter.sizes[0] - 1) * dilationH + 1;
  int64_t extentW = (filter.sizes[1] - 1) * dilationW + 1;
  auto outputSize = [](int64_t size, int64_t pads, int64_t extent,
                       int64_t stride) {
    return size + pads < extent ? 0 : (size + pads - extent) / stride + 1;
  };
  if (input.sizes[0] != out.sizes[0] ||
      input.sizes[3] != filter.sizes[2] * groups ||
      filter.sizes[3] % groups != 0 || filter.sizes[3] != out.sizes[3] ||
      out.sizes[1] !=
          outputSize(input.sizes[1], padTop + padBottom, extentH, strideH) ||
      out.sizes[2] !=
          outputSize(input.sizes[2], padLeft + padRight, extentW, strideW)) {
    run->setError("ral_conv: the sizes do not agree (input " +
                  shapeText(input) + " NHWC, filter " + shapeText(filter) +
                  " HWIO, out " + shapeText(out) + " NHWC, " +
                  std::to_string(groups) + " groups)");
    return;
  }
  float *result = out.data + out.offset;
  if (out.sizes[0] * out.sizes[1] * out.sizes[2] * out.sizes[3] == 0)
    return;
  if (input.sizes[3] == 0 || filter.sizes[0] * filter.sizes[1] == 0) {
    for (int64_t n = 0; n < out.sizes[0]; ++n)
      for (int64_t h = 0; h < out.sizes[1]; ++h)
        for (int64_t w = 0; w < out.sizes[2]; ++w)
          for (int64_t c = 0; c < out.sizes[3]; ++c)
            result[n * out.strides[0] + h * out.strides[1] +
                   w * out.strides[2] + c * out.strides[3]] = 0.0f;
    return;
  }
  std::string error;
  const Dnnl *dnnl = getDnnl(error);
  if (!dnnl) {
    run->setError("ral_conv: " + error);
    return;
  }
  int64_t work = out.sizes[0] * out.sizes[1] * out.sizes[2] * out.sizes[3] *
                 filter.sizes[2] * filter.sizes[0] * filter.sizes[1];
  int threads = work < kMinParallelWork ? 1 : getRunThreads(run);
  int64_t filterElements =
      filter.sizes[0] * filter.sizes[1] * filter.sizes[2] * filter.sizes[3];
  int64_t outElements =
      out.sizes[0] * out.sizes[1] * out.sizes[2] * out.sizes[3];
  if (filterElements > kProductFilterRatio * outElements &&
      convolveAsProduct(run, callText(input, filter, out), *dnnl, input, filter,
                        out, window, threads))
    return;
  std::vector<ConvPart> parts = planParts(out.sizes[0], out.sizes[1], threads,
                                          input.sizes[1], extentH, window);

  // Every part's primitive, made or found before any part runs.
  std::vector<std::shared_ptr<PartPrimitive>> primitives;
  std::vector<std::vector<int64_t>> primitiveKeys;
  for (const ConvPart &part : parts) {
    int64_t sourceSizes[4] = {part.imageEnd - part.imageBegin,
                              part.inputEnd - part.inputBegin, input.sizes[2],
                              input.sizes[3]};
    int64_t destinationSizes[4] = {part.imageEnd - part.imageBegin,
                                   part.rowEnd - part.rowBegin, out.sizes[2],
                                   out.sizes[3]};
    // A band of one image is described as a dense image of its rows:
    // oneDNN's fast kernels take only dense layouts, and the image stride
    // of a single image is never used.
    int64_t sourceStrides[4], destinationStrides[4];
    std::copy(input.strides, input.strides + 4, sourceStrides);
    std::copy(out.strides, out.strides + 4, destinationStrides);
    if (sourceSizes[0] == 1) {
      sourceStrides[0] = sourceSizes[1] * input.strides[1];
      destinationStrides[0] = destinationSizes[1] * out.strides[1];
    }
    std::vector<int64_t> key(sourceSizes, sourceSizes + 4);
    key.insert(key.end(), sourceStrides, sourceStrides + 4);
    key.insert(key.end(), filter.sizes, filter.sizes + 4);
    key.insert(key.end(), filter.strides, filter.strides + 4);
    key.insert(key.end(), destinationSizes, destinationSizes + 4);
    key.insert(key.end(), destinationStrides, destinationStrides + 4);
    key.insert(key.end(), {strideH, strideW, dilationH, dilationW, part.padTop,
                           padLeft, part.padBottom, padRight, groups});
    primitiveKeys.push_back(key);
    dnnl_status_t status;
    primitives.push_back(getPrimitiveCache().get(
        key,
        [&](PartPrimitive &made) {
          return makePrimitive(*dnnl, sourceSizes, sourceStrides, filter,
                               destinationSizes, destinationStrides, window,
                               part, threads, made);
        },
        status));
    if (!primitives.back()) {
      run->setError("ral_conv: oneDNN made no convolution for " +
                    callText(input, filter, out) + " (status " +
                    std::to_string(status) + ")");
      return;
    }
  }

  // The filter in each layout a part reads: reordered once per call, or,
  // when it is constant, once per context.
  Context *context = constantFilter ? run->context() : nullptr;
  std::vector<std::shared_ptr<void>> packedFilters(parts.size());
  for (size_t i = 0; i < parts.size(); ++i) {
    size_t same = 0;
    while (same < i && !dnnl->memoryDescEqual(&primitives[same]->packedFilter,
                                              &primitives[i]->packedFilter))
      ++same;
    if (same < i)
      continue;
    auto reorder = [&] {
      return reorderFilter(*dnnl, *primitives[i], filter, threads);
    };
    packedFilters[i] =
        context ? context->resources().getOrCreate(
                      packedFilterKey(filter, primitiveKeys[i]), reorder)
                : reorder();
    if (!packedFilters[i]) {
      run->setError("ral_conv: the filter " + shapeText(filter) +
                    " could not be reordered for oneDNN");
      return;
    }
  }

  std::atomic<int> failure{dnnl_success};
  const float *source = input.data + input.offset;
  runInChunks(
      static_cast<int64_t>(parts.size()), 1, threads,
      [&](int64_t begin, int64_t end) {
        for (int64_t index = begin; index < end; ++index) {
          const ConvPart &part = parts[index];
          PartPrimitive &primitive = *primitives[index];
          size_t packed = 0;
          while (!packedFilters[packed] ||
                 !dnnl->memoryDescEqual(&primitives[packed]->packedFilter,
                                        &primitive.packedFilter))
            ++packed;
          dnnl_status_t status = dnnl->executeOnThisThread(
              primitive.convolution,
              {{DNNL_ARG_SRC,
                {&primitive.source, const_cast<float *>(source) +
                                        part.imageBegin * input.strides[0] +
                                        part.inputBegin * input.strides[1]}},
               {DNNL_ARG_WEIGHTS,
                {&primitive.packedFilter, packedFilters[packed].get()}},
               {DNNL_ARG_DST,
                {&primitive.destination, result +
                                             part.imageBegin * out.strides[0] +
                                             part.rowBegin * out.strides[1]}}},
              primitive.scratchpadBytes);
          if (status)
            failure.store(status);
        }
      });
  if (int status = failure.load())
    run->setError("ral_conv: oneDNN's convolution failed with status " +
                  std::to_string(status) + " on " +
                  callText(input, filter, out));
}

void conv(ExecutionContext *run, MemRefType<float, 4> input,
          MemRefType<float, 4> filter, MemRefType<float, 4> out,
          int64_t strideH, int64_t strideW, int64_t dilationH,
          int64_t dilationW, int64_t padTop, int64_t padLeft, int64_t padBottom,
          int64_t padRight, int64_t groups) {
  convolve(run, input, filter, out, strideH, strideW, dilationH, dilationW,
           padTop, padLeft, padBottom, padRight, groups,
           /*constantFilter=*/false);
}

void convConstantFilter(ExecutionContext *run, MemRefType<float, 4> input,
                        MemRefType<float, 4> filter, MemRefType<float, 4> out,
                        int64_t strideH, int64_t strideW, int64_t dilationH,
                        int64_t dilationW, int64_t padTop, int64_t padLeft,
                        int64_t padBottom, int64_t padRight, int64_t groups) {
  convolve(run, input, filter, out, strideH, strideW, dilationH, dilationW,
           padTop, padLeft, padBottom, padRight, groups,
           /*constantFilter=*/true);
}

[[maybe_unused]] const bool convRegistered =
    registerApi<&conv>("ral_conv", "cpu") &&
    registerApi<&convConstantFilter>("ral_conv_constant_filter", "cpu");

} // namespace
} // namespace disc::ral::cpu
