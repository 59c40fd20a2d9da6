//===- ModelCodegen.cpp - LLVM dialect to a model object file -------------===//

#include "disc/Target/ModelCodegen.h"

#include "disc/Target/SoftFloatConversions.h"
#include "disc/Transforms/EntrySignature.h"

#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/IPO/Internalize.h"

using namespace mlir;
using namespace mlir::disc;

static constexpr char kAbiVersionSymbol[] = "disc_model_abi_version";
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

static bool isModelExport(StringRef name) {
  return name == kAbiVersionSymbol || name == kMetadataSymbol ||
         name.starts_with(kEntrySymbolPrefix);
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

FailureOr<std::unique_ptr<llvm::Module>> mlir::disc::translateModelToLLVMIR(
    ModuleOp module, const ModelMetadata &metadata,
    llvm::TargetMachine &targetMachine, llvm::LLVMContext &llvmContext) {
  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  module.getContext()->appendDialectRegistry(registry);

  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, llvmContext, "disc_model");
  if (!llvmModule)
    return module.emitError()
           << "cannot translate the llvm phase's output to LLVM IR";

  if (!isDefinedFunction(*llvmModule, kAbiVersionSymbol))
    return module.emitError()
           << "the module defines no '" << kAbiVersionSymbol
           << "'; the llvm phase (disc-ral-to-llvm) must emit it";
  for (const EntryFunction &entry : metadata.entries)
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

  llvm::internalizeModule(*llvmModule, [](const llvm::GlobalValue &value) {
    return isModelExport(value.getName());
  });
  for (llvm::Function &function : llvmModule->functions())
    if (!function.isDeclaration() && isModelExport(function.getName()))
      function.setVisibility(llvm::GlobalValue::DefaultVisibility);
  addSoftFloatConversions(*llvmModule);

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
  llvm::ModulePassManager passes =
      optLevel == 0 ? builder.buildO0DefaultPipeline(level)
                    : builder.buildPerModuleDefaultPipeline(level);
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
