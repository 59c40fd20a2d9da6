// RUN: disc-opt %s -disc-expand-ceil-floor-divisions | FileCheck %s

// The divisions become plain arithmetic; the float maximum stays whole.
// CHECK-LABEL: func.func @divisions
// CHECK-NOT: arith.ceildivsi
// CHECK-NOT: arith.ceildivui
// CHECK-NOT: arith.floordivsi
// CHECK: arith.divsi
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : f32
func.func @divisions(%a: index, %b: index, %x: f32, %y: f32) -> (index, index, index, f32) {
  %0 = arith.ceildivsi %a, %b : index
  %1 = arith.ceildivui %a, %b : index
  %2 = arith.floordivsi %a, %b : index
  %3 = arith.maximumf %x, %y : f32
  return %0, %1, %2, %3 : index, index, index, f32
}
