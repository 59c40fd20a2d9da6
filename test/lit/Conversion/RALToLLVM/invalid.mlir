// RUN: disc-opt %s -disc-ral-to-llvm -split-input-file -verify-diagnostics

// expected-error @+1 {{entry @unbound has type '(!disc_ral.context, memref<4xf32>) -> ()'; expected (!disc_ral.context) -> () (run disc-ral-inject-context and disc-ral-bind-io)}}
func.func @unbound(%ctx: !disc_ral.context, %x: memref<4xf32>)
    attributes {disc.entry_signature = {inputs = [], outputs = []}} {
  return
}

// -----

// expected-error @+1 {{entry @unsigned has no disc.entry_signature (run disc-record-entry-signature)}}
func.func @unsigned(%ctx: !disc_ral.context) {
  return
}

// -----

func.func @not_dispatched(%ctx: !disc_ral.context)
    attributes {disc.entry_signature = {inputs = [], outputs = []}} {
  // expected-error @+1 {{'disc_ral.recv_input' op must be lowered by disc-ral-legalize-to-dispatch before disc-ral-to-llvm}}
  %x = disc_ral.recv_input %ctx, 0 : memref<4xf32>
  return
}

// -----

func.func private @heap(%ctx: !disc_ral.context) {
  // expected-error @+1 {{'memref.alloc' op must be lowered by disc-ral-legalize-to-dispatch before disc-ral-to-llvm}}
  %a = memref.alloc() : memref<4xf32>
  return
}

// -----

func.func private @returns_value(%ctx: !disc_ral.context) -> !llvm.ptr {
  %c = arith.constant 16 : i64
  // expected-error @+1 {{a runtime call that can fail is in @returns_value, which returns values; it could not stop at a failure}}
  %p = disc_ral.dispatch %ctx, "ral_alloc" device "cpu" may_fail (%c) : (i64) -> !llvm.ptr
  return %p : !llvm.ptr
}

// -----

// expected-error @+1 {{entry @main needs the symbol @disc_entry_main for its export, but the module already has one}}
func.func @main(%ctx: !disc_ral.context)
    attributes {disc.entry_signature = {inputs = [], outputs = []}} {
  return
}
func.func private @disc_entry_main() {
  return
}
