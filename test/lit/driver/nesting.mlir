// Brackets nested deeper than 1000 levels are refused before parsing, with
// one line naming the first bracket too deep; a program at the limit
// compiles through every phase (on the big stack the compile runs on).
// RUN: rm -rf %t && mkdir %t && cd %t
// RUN: %python %S/Inputs/nesting.py modules 10000 > modules.mlir
// RUN: not disc-compile modules.mlir -o out.so 2>&1 | FileCheck %s --check-prefix=MODULES
// RUN: not disc-compile modules.mlir -o out.so 2>&1 | count 1
// RUN: %python %S/Inputs/nesting.py parens 20000 > parens.mlir
// RUN: not disc-compile parens.mlir -o out.so 2>&1 | FileCheck %s --check-prefix=PARENS
// RUN: %python %S/Inputs/nesting.py tuples 50000 > tuples.mlir
// RUN: not disc-compile tuples.mlir -o out.so 2>&1 | FileCheck %s --check-prefix=TUPLES
// RUN: %python %S/Inputs/nesting.py attribute 1001 > too-deep.mlir
// RUN: not disc-compile too-deep.mlir -o out.so 2>&1 | FileCheck %s --check-prefix=TOO-DEEP
// MODULES: modules.mlir:1:8008: error: nesting deeper than 1000 levels of brackets; disc-compile accepts at most 1000
// PARENS: parens.mlir:1:1025: error: nesting deeper than 1000 levels of brackets
// TUPLES: tuples.mlir:1:6025: error: nesting deeper than 1000 levels of brackets
// TOO-DEEP: too-deep.mlir:1:1031: error: nesting deeper than 1000 levels of brackets

// RUN: %python %S/Inputs/nesting.py attribute 1000 > deepest.mlir
// RUN: disc-compile deepest.mlir -o deepest.so
// RUN: ral-run deepest.so "--input=4xf32=1 2 3 4" | FileCheck %s --check-prefix=OUT
// RUN: %python %S/Inputs/nesting.py quoted 5000 > quoted.mlir
// RUN: disc-compile quoted.mlir -o quoted.so
// RUN: ral-run quoted.so "--input=4xf32=1 2 3 4" | FileCheck %s --check-prefix=OUT
// RUN: not ls out.so
// OUT: 4xf32=-1 -2 -3 -4
