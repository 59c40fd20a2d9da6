//===- ManualComputations.cpp - Sharded programs -------------------------===//
//
// A sharded program (Shardy's sdy.mesh, GSPMD's mhlo.sharding) is global
// but for its manual computations, each of which runs its body once per
// device on the device's shards.
//
//===----------------------------------------------------------------------===//

#include "SimulateProcesses.h"

#include <functional>
#include <map>

namespace mlir::disc::processes {

bool isManualComputation(Operation *op) {
  return op && op->getName().getStringRef() == "sdy.manual_computation";
}

/// The comma-separated items of a bracketed Shardy text (`[a, <b, c>]`),
/// as disc's sdy parser spells it: items apart by ", " outside brackets.
static SmallVector<StringRef> splitItems(StringRef bracketed) {
  StringRef inner = bracketed.drop_front().drop_back();
  SmallVector<StringRef> items;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < inner.size(); ++i) {
    char c = inner[i];
    if (StringRef("<[{(").contains(c))
      ++depth;
    else if (StringRef(">]})").contains(c))
      --depth;
    else if (depth == 0 && inner.substr(i).starts_with(", ")) {
      items.push_back(inner.slice(start, i));
      start = i + 2;
    }
  }
  if (!inner.empty())
    items.push_back(inner.substr(start));
  return items;
}

/// The quoted names in `text`: `{"a", "b", ?}` gives a and b.
static SmallVector<std::string> quotedNames(StringRef text) {
  SmallVector<std::string> names;
  while (true) {
    size_t open = text.find('"');
    if (open == StringRef::npos)
      return names;
    size_t close = text.find('"', open + 1);
    if (close == StringRef::npos)
      return names;
    names.push_back(text.slice(open + 1, close).str());
    text = text.substr(close + 1);
  }
}

namespace {

/// A mesh's axes, major to minor; device d sits at the row-major position d.
struct Mesh {
  SmallVector<std::pair<std::string, int64_t>> axes;

  int64_t coordinate(int64_t device, StringRef axis) const {
    int64_t stride = 1;
    for (const auto &[name, size] : llvm::reverse(axes)) {
      if (name == axis)
        return device / stride % size;
      stride *= size;
    }
    return 0;
  }
  int64_t size(StringRef axis) const {
    for (const auto &[name, size] : axes)
      if (name == axis)
        return size;
    return 0;
  }
  int64_t devices() const {
    int64_t count = 1;
    for (const auto &axis : axes)
      count *= axis.second;
    return count;
  }
};

} // namespace

namespace {
/// Of a sharding `<@mesh, [{"a"}, {}, ...]>`: per dimension, the axes it is
/// split over, major first.
using DimAxes = SmallVector<SmallVector<std::string>>;
} // namespace

static FailureOr<DimAxes> readSharding(Operation *op, StringRef sharding,
                                       const Mesh &mesh) {
  size_t dimsStart = sharding.find('[');
  if (!sharding.starts_with("<@") || dimsStart == StringRef::npos)
    return op->emitError() << "sdy.manual_computation's sharding " << sharding
                           << " does not name a mesh declared with sdy.mesh";
  int depth = 0;
  size_t dimsEnd = dimsStart;
  for (; dimsEnd < sharding.size(); ++dimsEnd) {
    depth += sharding[dimsEnd] == '[' ? 1 : sharding[dimsEnd] == ']' ? -1 : 0;
    if (depth == 0)
      break;
  }
  DimAxes dims;
  for (StringRef dim : splitItems(sharding.slice(dimsStart, dimsEnd + 1))) {
    if (dim.contains(':'))
      return op->emitError()
             << "sdy.manual_computation's sharding " << sharding
             << " splits a mesh axis into sub-axes, which simulated "
                "processes do not support";
    SmallVector<std::string> axes = quotedNames(dim);
    for (const std::string &axis : axes)
      if (!mesh.size(axis))
        return op->emitError()
               << "sdy.manual_computation's sharding " << sharding
               << " names an axis \"" << axis << "\" its mesh does not have";
    dims.push_back(std::move(axes));
  }
  return dims;
}

/// Which shard of a dimension split over `axes` the device holds, and how
/// many shards there are.
static std::pair<int64_t, int64_t>
shardOf(const Mesh &mesh, ArrayRef<std::string> axes, int64_t device) {
  int64_t index = 0, count = 1;
  for (const std::string &axis : axes) {
    index = index * mesh.size(axis) + mesh.coordinate(device, axis);
    count *= mesh.size(axis);
  }
  return {index, count};
}

static FailureOr<Mesh> readMesh(Operation *op, ModuleOp module,
                                StringRef sharding) {
  StringRef name = sharding.drop_front(2).take_until(
      [](char c) { return c == ',' || c == '>'; });
  Operation *meshOp = nullptr;
  module.walk([&](Operation *candidate) {
    auto symbol = candidate->getAttrOfType<StringAttr>("sym_name");
    if (candidate->getName().getStringRef() == "sdy.mesh" && symbol &&
        symbol.getValue() == name)
      meshOp = candidate;
  });
  auto text = meshOp ? meshOp->getAttrOfType<StringAttr>("mesh") : nullptr;
  if (!text)
    return op->emitError() << "sdy.manual_computation names a mesh @" << name
                           << " that no sdy.mesh declares";
  if (text.getValue().contains("device_ids"))
    return op->emitError()
           << "sdy.mesh @" << name
           << " orders its devices with device_ids, which simulated "
              "processes do not support";
  Mesh mesh;
  StringRef axes = text.getValue().drop_front().drop_back();
  for (StringRef axis : splitItems(axes)) {
    auto [quoted, size] = axis.rsplit('=');
    int64_t count;
    if (size.getAsInteger(10, count))
      return op->emitError()
             << "sdy.mesh @" << name << ": cannot read " << axis;
    mesh.axes.emplace_back(quoted.trim('"').str(), count);
  }
  return mesh;
}

LogicalResult simulateManualComputation(Operation *op, ModuleOp module,
                                        const Grid &grid) {
  auto inShardings = op->getAttrOfType<StringAttr>("in_shardings");
  auto outShardings = op->getAttrOfType<StringAttr>("out_shardings");
  auto manualAxes = op->getAttrOfType<StringAttr>("manual_axes");
  if (!inShardings || !outShardings || !manualAxes ||
      op->getNumRegions() != 1 || !op->getRegion(0).hasOneBlock())
    return op->emitError("sdy.manual_computation needs in_shardings, "
                         "out_shardings, manual_axes and a body of one block");
  SmallVector<StringRef> ins = splitItems(inShardings.getValue());
  SmallVector<StringRef> outs = splitItems(outShardings.getValue());
  Block &body = op->getRegion(0).front();
  if (ins.size() != op->getNumOperands() ||
      outs.size() != op->getNumResults() ||
      body.getNumArguments() != op->getNumOperands())
    return op->emitError("sdy.manual_computation needs a sharding and a body "
                         "argument per operand and a sharding per result");
  if (ins.empty() && outs.empty())
    return op->emitError("sdy.manual_computation without operands or results "
                         "names no mesh");
  FailureOr<Mesh> mesh =
      readMesh(op, module, ins.empty() ? outs.front() : ins.front());
  if (failed(mesh))
    return failure();
  SmallVector<std::string> manual = quotedNames(manualAxes.getValue());
  for (const auto &[axis, size] : mesh->axes)
    if (size > 1 && !llvm::is_contained(manual, axis))
      return op->emitError()
             << "sdy.manual_computation leaves mesh axis \"" << axis
             << "\" to the partitioner; simulated processes need every axis "
                "manual";
  if (mesh->devices() != grid.size())
    return op->emitError() << "sdy.manual_computation's mesh has "
                           << mesh->devices() << " devices, the program "
                           << grid.size() << " processes";

  OpBuilder b(op);
  Location loc = op->getLoc();
  SmallVector<IRMapping> mappings(grid.size());
  for (auto [index, operand, argument] :
       llvm::enumerate(op->getOperands(), body.getArguments())) {
    FailureOr<DimAxes> dims = readSharding(op, ins[index], *mesh);
    if (failed(dims))
      return failure();
    auto argumentType = cast<RankedTensorType>(argument.getType());
    if (static_cast<int64_t>(dims->size()) != argumentType.getRank())
      return op->emitError() << "sdy.manual_computation's sharding "
                             << ins[index] << " does not have a dimension "
                             << "per dimension of operand " << index;
    for (int64_t device = 0; device < grid.size(); ++device) {
      Value shard = operand;
      for (auto [dim, axes] : llvm::enumerate(*dims)) {
        auto [part, count] = shardOf(*mesh, axes, device);
        int64_t size = argumentType.getDimSize(dim);
        if (count == 1)
          continue;
        if (size * count !=
            cast<RankedTensorType>(operand.getType()).getDimSize(dim))
          return op->emitError()
                 << "sdy.manual_computation's body sees dimension " << dim
                 << " of operand " << index << " as " << size
                 << ", not the operand's split into " << count;
        shard = sliceAlong(b, loc, shard, dim, part, size);
      }
      mappings[device].map(argument, shard);
    }
  }
  if (failed(copyInStep(body, b, grid, mappings)))
    return failure();

  Operation *terminator = &body.back();
  for (auto [index, result, local] :
       llvm::enumerate(op->getResults(), terminator->getOperands())) {
    FailureOr<DimAxes> dims = readSharding(op, outs[index], *mesh);
    if (failed(dims))
      return failure();
    // The devices at 0 along the axes the result is not split over, by
    // their shard of each dimension.
    std::map<SmallVector<int64_t>, int64_t> deviceAt;
    for (int64_t device = 0; device < grid.size(); ++device) {
      bool first = llvm::all_of(mesh->axes, [&](const auto &axis) {
        return llvm::any_of(*dims,
                            [&](ArrayRef<std::string> axes) {
                              return llvm::is_contained(axes, axis.first);
                            }) ||
               mesh->coordinate(device, axis.first) == 0;
      });
      if (first)
        deviceAt[llvm::map_to_vector(*dims, [&](ArrayRef<std::string> axes) {
          return shardOf(*mesh, axes, device).first;
        })] = device;
    }
    auto resultType = cast<RankedTensorType>(result.getType());
    if (static_cast<int64_t>(dims->size()) != resultType.getRank())
      return op->emitError() << "sdy.manual_computation's sharding "
                             << outs[index] << " does not have a dimension "
                             << "per dimension of result " << index;
    std::function<Value(size_t, SmallVector<int64_t> &)> assemble =
        [&](size_t dim, SmallVector<int64_t> &at) -> Value {
      if (dim == dims->size())
        return mappings[deviceAt[at]].lookupOrDefault(local);
      int64_t count = shardOf(*mesh, (*dims)[dim], 0).second;
      SmallVector<Value> parts;
      for (int64_t part = 0; part < count; ++part) {
        at[dim] = part;
        parts.push_back(assemble(dim + 1, at));
      }
      at[dim] = 0;
      if (count == 1)
        return parts.front();
      auto partType = cast<RankedTensorType>(parts.front().getType());
      SmallVector<int64_t> shape(partType.getShape());
      shape[dim] *= count;
      return stablehlo::ConcatenateOp::create(b, loc, partType.clone(shape),
                                              parts, dim);
    };
    SmallVector<int64_t> at(dims->size(), 0);
    Value whole = assemble(0, at);
    if (whole.getType() != resultType)
      return op->emitError()
             << "sdy.manual_computation's result " << index << " of type "
             << resultType << " is not its devices' " << whole.getType()
             << " put together by its out_sharding";
    result.replaceAllUsesWith(whole);
  }
  op->erase();
  return success();
}

FailureOr<bool> isGlobalProgram(ModuleOp module) {
  bool global = false;
  WalkResult walk = module.walk([&](Operation *op) -> WalkResult {
    StringRef name = op->getName().getStringRef();
    global |= name == "sdy.mesh" || isManualComputation(op);
    if (auto call = dyn_cast<stablehlo::CustomCallOp>(op)) {
      StringRef target = call.getCallTargetName();
      if (target == "SPMDFullToShardShape" ||
          target == "SPMDShardToFullShape") {
        op->emitError() << "stablehlo.custom_call @" << target
                        << ": GSPMD's manual sharding cannot be simulated; "
                           "JAX exports it as Shardy's "
                           "sdy.manual_computation, which can";
        return WalkResult::interrupt();
      }
      global |= target == "Sharding";
    }
    if (auto function = dyn_cast<func::FuncOp>(op)) {
      auto hasSharding = [](ArrayAttr attrs) {
        return attrs && llvm::any_of(attrs, [](Attribute dict) {
                 return cast<DictionaryAttr>(dict).contains("mhlo.sharding");
               });
      };
      global |= hasSharding(function.getAllArgAttrs()) ||
                hasSharding(function.getAllResultAttrs());
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  return global;
}

} // namespace mlir::disc::processes
