// RUN: disc-opt %s --disc-stablehlo-to-linalg --split-input-file | FileCheck %s

// Blocks of 32 rows: a block of x is its rows of b less the product of a's
// coefficients with the rows already solved (a batch_matmul, which the CPU
// path makes a library call), then forward substitution within the block, a
// row at a time: row i of the block less the products of row i of its
// diagonal block with the rows already solved (a reduction, parallel over
// the batch and the columns of b, the columns innermost so that the solved
// rows are read along their length), divided by a[i, i].
// CHECK-DAG: #[[ROWS:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[COEFFS:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @solve_left_lower
// CHECK-SAME: (%[[A:.*]]: tensor<2x4x4xf32>, %[[B:.*]]: tensor<2x4x3xf32>)
// CHECK: %[[X:.*]] = scf.for %[[K:.*]] = %c0 to %c4 step %c32 iter_args(%[[ACC:.*]] = %[[B]]) -> (tensor<2x4x3xf32>)
// CHECK: %[[LEFT:.*]] = arith.subi %c4, %[[K]] : index
// CHECK: %[[N:.*]] = arith.minsi %c32, %[[LEFT]] : index
// CHECK: %[[BLOCK_COEFFS:.*]] = tensor.extract_slice %[[A]][0, %[[K]], %c0] [2, %[[N]], %[[K]]]
// CHECK: %[[SOLVED:.*]] = tensor.extract_slice %[[ACC]][0, %c0, 0] [2, %[[K]], 3]
// CHECK: %[[PRODUCT:.*]] = linalg.batch_matmul ins(%[[BLOCK_COEFFS]], %[[SOLVED]] : tensor<2x?x?xf32>, tensor<2x?x3xf32>)
// CHECK: %[[BLOCK_B:.*]] = tensor.extract_slice %[[ACC]][0, %[[K]], 0] [2, %[[N]], 3]
// CHECK: %[[BLOCK:.*]] = linalg.generic {{.*}} ins(%[[BLOCK_B]], %[[PRODUCT]] : tensor<2x?x3xf32>, tensor<2x?x3xf32>)
// CHECK: arith.subf
// CHECK: %[[DIAGONAL_BLOCK:.*]] = tensor.extract_slice %[[A]][0, %[[K]], %[[K]]] [2, %[[N]], %[[N]]]
// CHECK: %[[ROWS_OF_BLOCK:.*]] = tensor.dim %[[BLOCK]], %{{.*}} : tensor<2x?x3xf32>
// CHECK: %[[Y:.*]] = scf.for %[[I:.*]] = %{{.*}} to %[[ROWS_OF_BLOCK]] step %{{.*}} iter_args(%[[YACC:.*]] = %[[BLOCK]]) -> (tensor<2x?x3xf32>)
// CHECK: %[[KNOWN:.*]] = tensor.extract_slice %[[YACC]][0, %{{.*}}, 0] [2, %[[I]], 3] [1, 1, 1] : tensor<2x?x3xf32> to tensor<2x?x3xf32>
// CHECK: %[[COEFF:.*]] = tensor.extract_slice %[[DIAGONAL_BLOCK]][0, %[[I]], %{{.*}}] [2, 1, %[[I]]] [1, 1, 1] : tensor<2x?x?xf32> to tensor<2x?xf32>
// CHECK: %[[ROW:.*]] = tensor.extract_slice %[[YACC]][0, %[[I]], 0] [2, 1, 3] [1, 1, 1] : tensor<2x?x3xf32> to tensor<2x3xf32>
// CHECK: %[[SUB:.*]] = linalg.generic {indexing_maps = [#[[ROWS]], #[[COEFFS]], #[[OUT]]], iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[KNOWN]], %[[COEFF]] : tensor<2x?x3xf32>, tensor<2x?xf32>) outs(%[[ROW]] : tensor<2x3xf32>)
// CHECK: arith.mulf
// CHECK: arith.subf
// CHECK: %[[DIAG:.*]] = tensor.extract_slice %[[DIAGONAL_BLOCK]][0, %[[I]], %[[I]]] [2, 1, 1] [1, 1, 1] : tensor<2x?x?xf32> to tensor<2xf32>
// CHECK: %[[DIV:.*]] = linalg.generic {{.*}} ins(%[[SUB]], %[[DIAG]] : tensor<2x3xf32>, tensor<2xf32>)
// CHECK: arith.divf
// CHECK: %[[NEW:.*]] = tensor.insert_slice %[[DIV]] into %[[YACC]][0, %[[I]], 0] [2, 1, 3] [1, 1, 1] : tensor<2x3xf32> into tensor<2x?x3xf32>
// CHECK: scf.yield %[[NEW]]
// CHECK: %[[NEW_X:.*]] = tensor.insert_slice %[[Y]] into %[[ACC]][0, %[[K]], 0] [2, %[[N]], 3]
// CHECK: scf.yield %[[NEW_X]]
// CHECK: return %[[X]]
func.func @solve_left_lower(%a: tensor<2x4x4xf32>, %b: tensor<2x4x3xf32>) -> tensor<2x4x3xf32> {
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x4x4xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

// x a = b with a lower is a^T x^T = b^T: b is transposed, the blocks run
// backward from the last rows, their coefficients a's columns below the
// block (the product reads them transposed); within a block the solve runs
// backward reading column i of a below the diagonal, with no division for a
// unit diagonal, and the result is transposed back.
// CHECK-LABEL: func.func @solve_right_lower_unit
// CHECK-SAME: (%[[A:.*]]: tensor<3x3xf64>, %[[B:.*]]: tensor<2x3xf64>)
// CHECK: %[[BT:.*]] = linalg.generic {{.*}} ins(%[[B]] : tensor<2x3xf64>) outs(%{{.*}} : tensor<3x2xf64>)
// CHECK: scf.for %[[K:.*]] = %c0 to %c3 step %c32 iter_args(%[[ACC:.*]] = %[[BT]]) -> (tensor<3x2xf64>)
// CHECK: %[[N:.*]] = arith.minsi
// CHECK: %[[FIRST:.*]] = arith.subi %{{.*}}, %[[N]] : index
// CHECK: %[[BELOW:.*]] = arith.addi %[[FIRST]], %[[N]] : index
// CHECK: %[[COEFFS:.*]] = tensor.extract_slice %[[A]][%[[BELOW]], %[[FIRST]]] [%[[K]], %[[N]]]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[COEFFS]], %{{.*}} : tensor<?x?xf64>, tensor<?x2xf64>)
// CHECK: scf.for %[[STEP:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}}) -> (tensor<?x2xf64>)
// CHECK: %[[I:.*]] = arith.subi %{{.*}}, %[[STEP]] : index
// CHECK: %[[BEGIN:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK: tensor.extract_slice %{{.*}}[%[[BEGIN]], %[[I]]] [%[[STEP]], 1] [1, 1] : tensor<?x?xf64> to tensor<?xf64>
// CHECK-NOT: arith.divf
// CHECK: tensor.insert_slice
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<2x3xf64>)
func.func @solve_right_lower_unit(%a: tensor<3x3xf64>, %b: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = true, unit_diagonal = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

// -----

// Blocks of 32 columns from zeros (left-looking): a block's panel, a's
// columns from the diagonal down, less the product of the factor's rows
// below the block with those of its diagonal rows (the second read
// transposed), is factored a column at a time: the panel's column j from
// row j down minus the products of the finished columns, then the square
// root of its first element (the pivot) and the rest divided by it. The last
// pivot is NaN when the matrix is not positive definite, and then the whole
// result is.
// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[RHS_T:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @cholesky
// CHECK-SAME: (%[[A:.*]]: tensor<4x4xf64>)
// CHECK: %[[ZEROS:.*]] = linalg.fill
// CHECK: %[[L:.*]] = scf.for %[[K:.*]] = %c0 to %c4 step %c32 iter_args(%[[ACC:.*]] = %[[ZEROS]]) -> (tensor<4x4xf64>)
// CHECK: %[[M:.*]] = arith.subi %c4, %[[K]] : index
// CHECK: %[[C:.*]] = arith.minsi %c32, %[[M]] : index
// CHECK: %[[PIVOT_ROWS:.*]] = tensor.extract_slice %[[ACC]][%[[K]], 0] [%[[C]], %[[K]]]
// CHECK: %[[BELOW:.*]] = tensor.extract_slice %[[ACC]][%[[K]], 0] [%[[M]], %[[K]]]
// CHECK: %[[PRODUCT:.*]] = linalg.generic {indexing_maps = [#[[LHS]], #[[RHS_T]], #{{.*}}], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[BELOW]], %[[PIVOT_ROWS]] : tensor<?x?xf64>, tensor<?x?xf64>)
// CHECK: %[[PANEL_A:.*]] = tensor.extract_slice %[[A]][%[[K]], %[[K]]] [%[[M]], %[[C]]]
// CHECK: %[[PANEL:.*]] = linalg.generic {{.*}} ins(%[[PANEL_A]], %[[PRODUCT]] : tensor<?x?xf64>, tensor<?x?xf64>)
// CHECK: arith.subf
// CHECK: %[[PANEL_ZEROS:.*]] = linalg.fill
// CHECK: %[[FACTORED:.*]] = scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[PACC:.*]] = %[[PANEL_ZEROS]]) -> (tensor<?x?xf64>)
// CHECK: %[[LEN:.*]] = arith.subi %{{.*}}, %[[J]] : index
// CHECK: %[[COLUMN:.*]] = tensor.extract_slice %[[PANEL]][%[[J]], %[[J]]] [%[[LEN]], 1] [1, 1] : tensor<?x?xf64> to tensor<?xf64>
// CHECK: %[[ROWS:.*]] = tensor.extract_slice %[[PACC]][%[[J]], 0] [%[[LEN]], %[[J]]] [1, 1] : tensor<?x?xf64> to tensor<?x?xf64>
// CHECK: %[[PIVOT_ROW:.*]] = tensor.extract_slice %[[PACC]][%[[J]], 0] [1, %[[J]]] [1, 1] : tensor<?x?xf64> to tensor<?xf64>
// CHECK: %[[UPDATED:.*]] = linalg.generic {{.*}} ins(%[[ROWS]], %[[PIVOT_ROW]] : tensor<?x?xf64>, tensor<?xf64>) outs(%[[COLUMN]] : tensor<?xf64>)
// CHECK: %[[PIVOT:.*]] = tensor.extract_slice %[[UPDATED]][0] [1] [1] : tensor<?xf64> to tensor<f64>
// CHECK: linalg.generic {{.*}} ins(%[[UPDATED]], %[[PIVOT]] : tensor<?xf64>, tensor<f64>)
// CHECK: math.sqrt
// CHECK: arith.divf
// CHECK: tensor.insert_slice %{{.*}} into %[[PACC]][%[[J]], %[[J]]] [%[[LEN]], 1] [1, 1] : tensor<?xf64> into tensor<?x?xf64>
// CHECK: tensor.insert_slice %[[FACTORED]] into %[[ACC]][%[[K]], %[[K]]] [%[[M]], %[[C]]] [1, 1] : tensor<?x?xf64> into tensor<4x4xf64>
// CHECK: %[[LAST:.*]] = tensor.extract_slice %[[L]][%{{.*}}, %{{.*}}] [1, 1] [1, 1] : tensor<4x4xf64> to tensor<f64>
// CHECK: linalg.generic {{.*}} ins(%[[L]], %[[LAST]] : tensor<4x4xf64>, tensor<f64>)
// CHECK: arith.cmpf uno
// CHECK: arith.select
func.func @cholesky(%a: tensor<4x4xf64>) -> tensor<4x4xf64> {
  %0 = stablehlo.cholesky %a, lower = true : tensor<4x4xf64>
  return %0 : tensor<4x4xf64>
}

// -----

// The upper factor is the transposed lower factor of the transpose.
// CHECK-LABEL: func.func @cholesky_upper
// CHECK: %[[AT:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<3x5x5xf32>)
// CHECK: scf.for {{.*}} iter_args
// CHECK: tensor.extract_slice %[[AT]]
// CHECK: %[[LOWER:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<3x5x5xf32>)
// CHECK: arith.cmpf uno
// CHECK: %[[RESULT:.*]] = linalg.generic {{.*}} ins(%[[LOWER]] : tensor<3x5x5xf32>)
// CHECK: return %[[RESULT]]
func.func @cholesky_upper(%a: tensor<3x5x5xf32>) -> tensor<3x5x5xf32> {
  %0 = stablehlo.cholesky %a : tensor<3x5x5xf32>
  return %0 : tensor<3x5x5xf32>
}

// -----

// A complex Hermitian matrix: l l^H, so the products of finished columns
// take the conjugates of the block's (and the pivot's) rows; the pivot is
// the square root of the updated diagonal's real part, the column's parts
// divided by it; a failed factor is NaN in both parts.
// CHECK-LABEL: func.func @cholesky_complex
// CHECK: scf.for {{.*}} -> (tensor<4x4xcomplex<f32>>)
// CHECK: %[[PIVOT_ROWS:.*]] = tensor.extract_slice %{{.*}} : tensor<4x4xcomplex<f32>> to tensor<?x?xcomplex<f32>>
// CHECK: %[[CONJ_ROWS:.*]] = linalg.generic {{.*}} ins(%[[PIVOT_ROWS]] : tensor<?x?xcomplex<f32>>)
// CHECK: complex.conj
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[CONJ_ROWS]] : tensor<?x?xcomplex<f32>>, tensor<?x?xcomplex<f32>>)
// CHECK: complex.mul
// CHECK: complex.add
// CHECK: complex.sub
// CHECK: scf.for
// CHECK: %[[PIVOT_ROW:.*]] = tensor.extract_slice %{{.*}} [1, %{{.*}}] [1, 1] : tensor<?x?xcomplex<f32>> to tensor<?xcomplex<f32>>
// CHECK: %[[CONJ_ROW:.*]] = linalg.generic {{.*}} ins(%[[PIVOT_ROW]] : tensor<?xcomplex<f32>>)
// CHECK: complex.conj
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[CONJ_ROW]] : tensor<?x?xcomplex<f32>>, tensor<?xcomplex<f32>>)
// CHECK: complex.mul
// CHECK: complex.sub
// CHECK: ^bb0(%[[ELEMENT:.*]]: complex<f32>, %[[PIVOT:.*]]: complex<f32>, %{{.*}}: complex<f32>):
// CHECK: %[[PIVOT_RE:.*]] = complex.re %[[PIVOT]] : complex<f32>
// CHECK: %[[ROOT:.*]] = math.sqrt %[[PIVOT_RE]] : f32
// CHECK: %[[IM:.*]] = complex.im %[[ELEMENT]]
// CHECK: arith.divf %[[IM]], %[[ROOT]] : f32
// CHECK: %[[RE:.*]] = complex.re %[[ELEMENT]]
// CHECK: arith.divf %[[RE]], %[[ROOT]] : f32
// CHECK: complex.create %[[ROOT]], %{{.*}} : complex<f32>
// CHECK: %[[NAN:.*]] = complex.constant [0x7FC00000 : f32, 0x7FC00000 : f32] : complex<f32>
// CHECK: ^bb0(%[[FACTOR:.*]]: complex<f32>, %[[LAST:.*]]: complex<f32>, %{{.*}}: complex<f32>):
// CHECK: %[[LAST_RE:.*]] = complex.re %[[LAST]] : complex<f32>
// CHECK: %[[FAILED:.*]] = arith.cmpf uno, %[[LAST_RE]], %[[LAST_RE]] : f32
// CHECK: arith.select %[[FAILED]], %[[NAN]], %[[FACTOR]] : complex<f32>
func.func @cholesky_complex(%a: tensor<4x4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>> {
  %0 = stablehlo.cholesky %a, lower = true : tensor<4x4xcomplex<f32>>
  return %0 : tensor<4x4xcomplex<f32>>
}

// -----

// On complex elements ADJOINT solves with the conjugate of a, transposed;
// the substitution multiplies, subtracts and divides complex numbers, and
// the blocks' product is a complex contraction.
// CHECK-LABEL: func.func @solve_complex_adjoint
// CHECK: linalg.generic
// CHECK: complex.conj %{{.*}} : complex<f32>
// CHECK: scf.for
// CHECK: complex.mul
// CHECK: complex.add
// CHECK: complex.sub
// CHECK: scf.for
// CHECK: complex.mul
// CHECK: complex.sub
// CHECK: complex.div
func.func @solve_complex_adjoint(%a: tensor<8x8xcomplex<f32>>, %b: tensor<8x3xcomplex<f32>>) -> tensor<8x3xcomplex<f32>> {
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<8x8xcomplex<f32>>, tensor<8x3xcomplex<f32>>) -> tensor<8x3xcomplex<f32>>
  return %0 : tensor<8x3xcomplex<f32>>
}
