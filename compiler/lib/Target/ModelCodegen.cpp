//===- ModelCodegen.cpp - LLVM dialect to a model object file -------------===//

#include "disc/Target/ModelCodegen.h"

#include "disc/Conversion/RALToLLVM/RALToLLVM.h"
#include "disc/Dialect/RAL/EntrySignature.h"
#include "disc/Target/SoftFloatConversions.h"

#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/IPO/Internalize.h"
#include "llvm/Transforms/IPO/MergeFunctions.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <algorithm>
#include <thread>

using namespace mlir;
using namespace mlir::disc;

static constexpr char kMetadataSymbol[] = "disc_model_metadata";

static llvm::CodeGenOptLevel toCodeGenOptLevel(unsigned optLevel) {
  switch (optLevel) {
  case 0:
    return llvm::CodeGenOptLevel::None;
  case 1:
    return llvm::CodeGenOptLevel::Less;
  case 2:
    return llvm::CodeGenOptLevel::Default;
  default:
    return llvm::CodeGenOptLevel::Aggressive;
  }
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
mlir::disc::createHostTargetMachine(StringRef cpu, unsigned optLevel) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();

  llvm::Triple triple(llvm::sys::getProcessTriple());
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return llvm::createStringError("no LLVM target for host triple '" +
                                   triple.str() + "': " + error);

  std::string cpuName;
  std::string features;
  if (cpu == "host") {
    cpuName = llvm::sys::getHostCPUName().str();
    llvm::SubtargetFeatures hostFeatures;
    for (const auto &feature : llvm::sys::getHostCPUFeatures())
      hostFeatures.AddFeature(feature.getKey(), feature.getValue());
    features = hostFeatures.getString();
  } else {
    cpuName = cpu.str();
    std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
        target->createMCSubtargetInfo(triple, "", ""));
    if (!subtarget || !subtarget->isCPUStringValid(cpuName))
      return llvm::createStringError("unknown target CPU '" + cpuName +
                                     "' for " + triple.str());
  }

  llvm::TargetOptions targetOptions;
  targetOptions.FunctionSections = true;
  targetOptions.DataSections = true;
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, cpuName, features, targetOptions, llvm::Reloc::PIC_, std::nullopt,
      toCodeGenOptLevel(optLevel)));
  if (!machine)
    return llvm::createStringError("cannot create an LLVM TargetMachine for " +
                                   triple.str() + " (CPU '" + cpuName + "')");
  return machine;
}

llvm::Expected<CpuVectorRegisters>
mlir::disc::getCpuVectorRegisters(StringRef cpu) {
  auto machine = createHostTargetMachine(cpu, /*optLevel=*/2);
  if (!machine)
    return machine.takeError();
  const llvm::MCSubtargetInfo *subtarget = (*machine)->getMCSubtargetInfo();
  const llvm::Triple &triple = (*machine)->getTargetTriple();
  if (triple.isX86()) {
    if (subtarget->checkFeatures("+avx512f"))
      return CpuVectorRegisters{512, 32};
    if (subtarget->checkFeatures("+avx"))
      return CpuVectorRegisters{256, 16};
    return CpuVectorRegisters{128, 16};
  }
  if (triple.isAArch64())
    return CpuVectorRegisters{128, 32};
  return CpuVectorRegisters{};
}

static bool isModelExport(StringRef name) {
  return name == kModelAbiVersionSymbol || name == kMetadataSymbol ||
         name.starts_with(kEntrySymbolPrefix) ||
         name.starts_with(kKernelGraphEntrySymbolPrefix);
}

static std::string prefixedName(StringRef prefix, StringRef name) {
  if (prefix.empty())
    return name.str();
  return (prefix + "_" + name).str();
}

bool mlir::disc::isValidSymbolPrefix(StringRef prefix) {
  if (prefix.empty() || llvm::isDigit(prefix.front()))
    return false;
  return llvm::all_of(prefix,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

std::string mlir::disc::symbolPrefixForPath(StringRef path) {
  std::string prefix;
  for (char c : llvm::sys::path::stem(path))
    prefix += llvm::isAlnum(c) ? c : '_';
  if (prefix.empty() || llvm::isDigit(prefix.front()))
    prefix.insert(0, "model_");
  return prefix;
}

std::string mlir::disc::buildStaticModelHeader(const ModelMetadata &metadata,
                                               StringRef prefix) {
  std::string guard = "DISC_MODEL_" + llvm::StringRef(prefix).upper() + "_H";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "/* Generated by disc-compile --emit=obj: the model object's exports "
        "and\n"
     << "   its descriptor for disc_model_open_static (docs/ABI.md, \"Static "
        "linking\"). */\n"
     << "#ifndef " << guard << "\n#define " << guard << "\n\n"
     << "#include <disc/runtime_stub.h>\n\n"
     << "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n"
     << "int32_t " << prefixedName(prefix, kModelAbiVersionSymbol)
     << "(void);\n"
     << "const char *" << prefixedName(prefix, kMetadataSymbol) << "(void);\n";
  for (const EntryFunction &entry : metadata.entries)
    os << "void " << prefixedName(prefix, entry.symbol)
       << "(void **ctx_struct);\n";
  os << "\nstatic inline const disc_static_model *" << prefix
     << "_model(void) {\n";
  if (!metadata.entries.empty()) {
    os << "  static const disc_static_entry entries[] = {\n";
    for (const EntryFunction &entry : metadata.entries)
      os << "      {\"" << entry.symbol << "\", "
         << prefixedName(prefix, entry.symbol) << "},\n";
    os << "  };\n";
  }
  os << "  static const disc_static_model model = {\n"
     << "      \"" << prefix << "\", "
     << prefixedName(prefix, kModelAbiVersionSymbol) << ", "
     << prefixedName(prefix, kMetadataSymbol) << ",\n"
     << "      " << metadata.entries.size() << ", "
     << (metadata.entries.empty() ? "NULL" : "entries") << "};\n"
     << "  return &model;\n}\n\n"
     << "#ifdef __cplusplus\n}\n#endif\n\n#endif /* " << guard << " */\n";
  return text;
}

static void addMetadataFunction(llvm::Module &module, StringRef json) {
  llvm::LLVMContext &context = module.getContext();
  llvm::Constant *text = llvm::ConstantDataArray::getString(context, json);
  auto *global = new llvm::GlobalVariable(
      module, text->getType(), /*isConstant=*/true,
      llvm::GlobalValue::PrivateLinkage, text, "disc_model_metadata_json");
  global->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
  global->setAlignment(llvm::Align(1));

  auto *type =
      llvm::FunctionType::get(llvm::PointerType::getUnqual(context), false);
  llvm::Function *function = llvm::Function::Create(
      type, llvm::GlobalValue::ExternalLinkage, kMetadataSymbol, module);
  function->setDoesNotThrow();
  llvm::IRBuilder<> builder(
      llvm::BasicBlock::Create(context, "entry", function));
  builder.CreateRet(global);
}

static bool isDefinedFunction(llvm::Module &module, StringRef name) {
  llvm::Function *function = module.getFunction(name);
  return function && !function->isDeclaration();
}

/// LLVM tunes every AVX-512 CPU to prefer 256-bit vectors (the first ones
/// lowered their clock under 512-bit code), so the loop vectorizer and the
/// type legalizer split the model's loops into ymm halves. The model's loops
/// are long streams of arithmetic: on a Sapphire Rapids, softmax over
/// [8192, 768] on one core took 3.2 ms in zmm registers against 4.1-4.8 ms in
/// ymm ones.
static void preferFullVectorWidth(llvm::Module &module,
                                  llvm::TargetMachine &targetMachine) {
  if (!targetMachine.getTargetTriple().isX86() ||
      !targetMachine.getMCSubtargetInfo()->checkFeatures("+avx512f"))
    return;
  for (llvm::Function &function : module)
    if (!function.isDeclaration())
      function.addFnAttr("prefer-vector-width", "512");
}

FailureOr<std::unique_ptr<llvm::Module>> mlir::disc::translateModelToLLVMIR(
    ModuleOp module, const ModelMetadata &metadata,
    llvm::TargetMachine &targetMachine, llvm::LLVMContext &llvmContext,
    StringRef exportPrefix) {
  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  module.getContext()->appendDialectRegistry(registry);

  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, llvmContext, "disc_model");
  if (!llvmModule)
    return module.emitError()
           << "cannot translate the llvm phase's output to LLVM IR";

  if (!isDefinedFunction(*llvmModule, kModelAbiVersionSymbol))
    return module.emitError()
           << "the module defines no '" << kModelAbiVersionSymbol
           << "'; the llvm phase (disc-ral-to-llvm) must emit it";
  for (const EntryFunction &entry : llvm::concat<const EntryFunction>(
           metadata.entries, metadata.kernelGraphEntries))
    if (!isDefinedFunction(*llvmModule, entry.symbol))
      return module.emitError()
             << "entry function '" << entry.name << "' has no exported '"
             << entry.symbol << "' in the LLVM module";
  if (llvmModule->getNamedValue(kMetadataSymbol))
    return module.emitError()
           << "the module already defines '" << kMetadataSymbol << "'";

  llvmModule->setTargetTriple(targetMachine.getTargetTriple());
  llvmModule->setDataLayout(targetMachine.createDataLayout());
  addMetadataFunction(*llvmModule, metadata.json);

  llvm::StringSet<> exports;
  for (llvm::Function &function : llvmModule->functions()) {
    if (function.isDeclaration() || !isModelExport(function.getName()))
      continue;
    std::string name = prefixedName(exportPrefix, function.getName());
    function.setName(name);
    if (function.getName() != name)
      return module.emitError()
             << "cannot export '" << name
             << "': the module already has a symbol of that name";
    function.setVisibility(llvm::GlobalValue::DefaultVisibility);
    exports.insert(function.getName());
  }
  llvm::internalizeModule(*llvmModule, [&](const llvm::GlobalValue &value) {
    return exports.contains(value.getName());
  });
  addSoftFloatConversions(*llvmModule);
  preferFullVectorWidth(*llvmModule, targetMachine);

  std::string error;
  llvm::raw_string_ostream errorStream(error);
  if (llvm::verifyModule(*llvmModule, &errorStream))
    return module.emitError()
           << "the LLVM IR of the model is invalid: " << error;
  return llvmModule;
}

void mlir::disc::optimizeModule(llvm::Module &module,
                                llvm::TargetMachine &targetMachine,
                                unsigned optLevel) {
  llvm::LoopAnalysisManager loopAnalyses;
  llvm::FunctionAnalysisManager functionAnalyses;
  llvm::CGSCCAnalysisManager cgsccAnalyses;
  llvm::ModuleAnalysisManager moduleAnalyses;

  llvm::PipelineTuningOptions tuning;
  tuning.LoopVectorization = optLevel >= 2;
  tuning.SLPVectorization = optLevel >= 2;
  tuning.LoopUnrolling = optLevel >= 2;
  llvm::PassBuilder builder(&targetMachine, tuning);
  builder.registerModuleAnalyses(moduleAnalyses);
  builder.registerCGSCCAnalyses(cgsccAnalyses);
  builder.registerFunctionAnalyses(functionAnalyses);
  builder.registerLoopAnalyses(loopAnalyses);
  builder.crossRegisterProxies(loopAnalyses, functionAnalyses, cgsccAnalyses,
                               moduleAnalyses);

  llvm::OptimizationLevel level = llvm::OptimizationLevel::O0;
  if (optLevel == 1)
    level = llvm::OptimizationLevel::O1;
  else if (optLevel == 2)
    level = llvm::OptimizationLevel::O2;
  else if (optLevel >= 3)
    level = llvm::OptimizationLevel::O3;
  llvm::ModulePassManager passes;
  if (optLevel > 0) {
    // The layers of a transformer, and the blocks of a ResNet stage, give
    // loops of the same code many times over: each is optimized and
    // compiled once. Nothing compares the addresses of the model's own
    // functions, so one can stand for another.
    for (llvm::Function &function : module)
      if (function.hasLocalLinkage())
        function.setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
    passes.addPass(llvm::MergeFunctionsPass());
  }
  passes.addPass(optLevel == 0 ? builder.buildO0DefaultPipeline(level)
                               : builder.buildPerModuleDefaultPipeline(level));
  passes.run(module, moduleAnalyses);
}

llvm::Expected<llvm::SmallVector<char, 0>>
mlir::disc::emitObjectFile(llvm::Module &module,
                           llvm::TargetMachine &targetMachine) {
  llvm::SmallVector<char, 0> object;
  llvm::raw_svector_ostream stream(object);
  llvm::legacy::PassManager codegen;
  if (targetMachine.addPassesToEmitFile(codegen, stream, nullptr,
                                        llvm::CodeGenFileType::ObjectFile))
    return llvm::createStringError(
        "the LLVM target cannot emit an object file for " +
        targetMachine.getTargetTriple().str());
  codegen.run(module);
  return object;
}

namespace {

/// A copy of `machine` for another thread: code generation changes a
/// TargetMachine's state, so threads do not share one.
std::unique_ptr<llvm::TargetMachine>
cloneTargetMachine(const llvm::TargetMachine &machine) {
  return std::unique_ptr<llvm::TargetMachine>(
      machine.getTarget().createTargetMachine(
          machine.getTargetTriple(), machine.getTargetCPU(),
          machine.getTargetFeatureString(), machine.Options,
          machine.getRelocationModel(), machine.getCodeModel(),
          machine.getOptLevel()));
}

/// The partition of each defined function: the largest first, each to the
/// partition with the fewest instructions so far.
llvm::DenseMap<const llvm::Function *, unsigned>
assignFunctions(llvm::Module &module, unsigned parts) {
  llvm::SmallVector<std::pair<size_t, const llvm::Function *>> sizes;
  for (const llvm::Function &function : module)
    if (!function.isDeclaration())
      sizes.push_back({function.getInstructionCount(), &function});
  llvm::stable_sort(
      sizes, [](const auto &a, const auto &b) { return a.first > b.first; });
  llvm::SmallVector<size_t> load(parts, 0);
  llvm::DenseMap<const llvm::Function *, unsigned> assignment;
  for (auto [size, function] : sizes) {
    unsigned lightest =
        std::min_element(load.begin(), load.end()) - load.begin();
    load[lightest] += size;
    assignment[function] = lightest;
  }
  return assignment;
}

} // namespace

llvm::Expected<llvm::SmallVector<llvm::SmallVector<char, 0>>>
mlir::disc::emitObjectFiles(llvm::Module &module,
                            llvm::TargetMachine &targetMachine,
                            unsigned parts) {
  size_t definitions = llvm::count_if(
      module, [](const llvm::Function &f) { return !f.isDeclaration(); });
  // An appending global (a constructor list) would be defined in every
  // part.
  bool appends = llvm::any_of(module.globals(), [](const auto &global) {
    return global.hasAppendingLinkage();
  });
  parts = std::min<size_t>(parts, definitions);
  if (parts <= 1 || appends) {
    auto object = emitObjectFile(module, targetMachine);
    if (!object)
      return object.takeError();
    llvm::SmallVector<llvm::SmallVector<char, 0>> objects;
    objects.push_back(std::move(*object));
    return objects;
  }

  // Every part may refer to any symbol of another, so the module's own ones
  // become hidden externals, which the linker makes local to the .so again.
  for (llvm::GlobalValue &value : module.global_values()) {
    if (!value.hasLocalLinkage())
      continue;
    if (!value.hasName())
      value.setName("__disc_unnamed");
    value.setLinkage(llvm::GlobalValue::ExternalLinkage);
    value.setVisibility(llvm::GlobalValue::HiddenVisibility);
    value.setDSOLocal(true);
  }
  llvm::DenseMap<const llvm::Function *, unsigned> assignment =
      assignFunctions(module, parts);
  auto partOf = [&](const llvm::GlobalValue *value) -> unsigned {
    auto function = dyn_cast<llvm::Function>(value);
    return function ? assignment.lookup(function) : 0;
  };

  // Parts 1.. leave through bitcode into a context of their own; part 0,
  // which keeps every global variable (the weights), stays here.
  llvm::SmallVector<llvm::SmallVector<char, 0>> bitcode(parts);
  for (unsigned part = 1; part < parts; ++part) {
    llvm::ValueToValueMapTy mapping;
    std::unique_ptr<llvm::Module> copy =
        llvm::CloneModule(module, mapping, [&](const llvm::GlobalValue *value) {
          return isa<llvm::Function>(value) && partOf(value) == part;
        });
    llvm::raw_svector_ostream stream(bitcode[part]);
    llvm::WriteBitcodeToFile(*copy, stream);
  }
  for (llvm::Function &function : module)
    if (!function.isDeclaration() && partOf(&function) != 0)
      function.deleteBody();

  llvm::SmallVector<llvm::SmallVector<char, 0>> objects(parts);
  llvm::SmallVector<std::string> errors(parts);
  std::vector<std::thread> threads;
  for (unsigned part = 1; part < parts; ++part)
    threads.emplace_back([&, part] {
      llvm::LLVMContext context;
      llvm::Expected<std::unique_ptr<llvm::Module>> parsed =
          llvm::parseBitcodeFile(
              llvm::MemoryBufferRef(
                  llvm::StringRef(bitcode[part].data(), bitcode[part].size()),
                  "part"),
              context);
      if (!parsed) {
        errors[part] = llvm::toString(parsed.takeError());
        return;
      }
      std::unique_ptr<llvm::TargetMachine> machine =
          cloneTargetMachine(targetMachine);
      if (!machine) {
        errors[part] = "cannot create an LLVM TargetMachine for a thread";
        return;
      }
      auto object = emitObjectFile(**parsed, *machine);
      if (!object)
        errors[part] = llvm::toString(object.takeError());
      else
        objects[part] = std::move(*object);
    });
  auto first = emitObjectFile(module, targetMachine);
  for (std::thread &thread : threads)
    thread.join();
  if (!first)
    return first.takeError();
  objects[0] = std::move(*first);
  for (const std::string &error : errors)
    if (!error.empty())
      return llvm::createStringError(error);
  return objects;
}
