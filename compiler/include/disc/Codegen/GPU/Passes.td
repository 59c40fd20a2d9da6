//===- Passes.td - CUDA code generation --------------------*- tablegen -*-===//

#ifndef DISC_CODEGEN_GPU_PASSES_TD
#define DISC_CODEGEN_GPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def GpuLaunchToRALPass : Pass<"disc-gpu-launch-to-ral", "::mlir::ModuleOp"> {
  let summary = "Turns kernel launches into RAL dispatches";
  let description = [{
    Every `gpu.binary` becomes a private constant in the `.disc_gpu` section
    holding its device blob (`disc/ral/device_blob.h`: the PTX and cubin of
    each architecture), and every `gpu.launch_func` of one of its kernels a
    dispatch

    ```mlir
    disc_ral.dispatch %ctx, "ral_kernel_launch" device "gpu" may_fail
        (%blob, %kernel_name, %grid_x, %grid_y, %grid_z, %block_x, %block_y,
         %block_z, %shared_memory_bytes, %params, %num_params)
        : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, i64, i32,
           !llvm.ptr, i64) -> ()
    ```

    whose `%params` is the `disc_ral.kernel_args` array of the launch's
    operands. The runtime loads the blob once per context and picks the
    image of the device's architecture. The launching function must take a
    `!disc_ral.context` first. Asynchronous launches and clusters are
    rejected.
  }];
  let dependentDialects = [
    "::mlir::disc_ral::RALDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
  ];
}

def GpuModuleToBinaryPass
    : Pass<"disc-gpu-module-to-binary", "::mlir::ModuleOp"> {
  let summary = "Compiles each gpu.module into PTX and cubins";
  let description = [{
    Replaces every `gpu.module` by a `gpu.binary` holding, for each target
    the module carries (`nvvm-attach-target`, one per architecture), the PTX
    the LLVM NVPTX backend emits in-process and, when `<toolkit>/bin/ptxas`
    exists, the cubin ptxas assembles from it. The GPU modules must already
    be in the LLVM and NVVM dialects (`convert-gpu-to-nvvm`). libdevice is
    linked from `<toolkit>/nvvm/libdevice` when a kernel calls it. Nothing
    queries a GPU.
  }];
  let options = [
    Option<"toolkit", "toolkit", "std::string", /*default=*/"",
           "The CUDA toolkit whose ptxas and libdevice are used; none gives "
           "PTX only">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def GpuPlaceHostBuffersPass
    : Pass<"disc-gpu-place-host-buffers", "::mlir::func::FuncOp"> {
  let summary = "Places the buffers host code reads or writes in host memory";
  let description = [{
    On a GPU target, host code that reads or writes a buffer element by
    element (a slice offset, a pad value, a loop condition, the sizes of a
    dynamic shape) cannot touch device memory. Such a buffer's
    `ral_alloc` becomes the host's (`device "cpu"`), as does every buffer
    aliasing it (views, values loops and branches carry) and every buffer
    the linalg ops and copies that touch it read or write; those ops become
    host loops. An input the host reads is received once more on the host;
    constant globals are read from the host's copy, and a buffer on the
    host or a constant global is sent as an output from the host, and a
    buffer on the host is freed by the host (`ral_dealloc`). A buffer
    that cannot go to the host (a dynamic shape, more than
    `max-host-elements` elements, a use that is not a host one, or ties to
    such a buffer) stays on the device: a load from it copies the element
    to a host buffer first (`ral_copy_to_host`, which waits for the kernels
    before it), a store into it is reported. Runs before kernels are formed,
    on functions that take the `!disc_ral.context` first.
  }];
  let options = [
    Option<"maxHostElements", "max-host-elements", "int64_t",
           /*default=*/"64",
           "The most elements a buffer placed on the host may have">,
  ];
  let dependentDialects = [
    "::mlir::disc_ral::RALDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
  ];
}

def GpuSinkConstantGlobalsPass
    : Pass<"disc-gpu-sink-constant-globals", "::mlir::func::FuncOp"> {
  let summary = "Reads constant globals inside the kernels that use them";
  let description = [{
    A `memref.get_global` of a constant `memref.global` whose memref a
    `gpu.launch` body uses is cloned into that body, so that kernel outlining
    copies the global into the kernel's `gpu.module` and the kernel reads it
    from device memory. Passed in as an operand instead, the kernel would get
    the address of the host's copy.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

#endif // DISC_CODEGEN_GPU_PASSES_TD
