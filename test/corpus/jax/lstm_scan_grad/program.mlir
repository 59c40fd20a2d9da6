module @jit_loss attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<24xf32>, %arg1: tensor<6x24xf32>, %arg2: tensor<4x24xf32>, %arg3: tensor<5x2x4xf32>, %arg4: tensor<2x6xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<24xf32> {jax.result_info = "result[1]['b']"}, tensor<6x24xf32> {jax.result_info = "result[1]['wh']"}, tensor<4x24xf32> {jax.result_info = "result[1]['wx']"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %2 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<24xf32>) -> tensor<1x24xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<5x2x6xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<5x2x6xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<5x2x6xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<5x2x6xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<5x2x6xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<5x2x6xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<5x2x6xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<5x2x6xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<5x2x6xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<5x2x6xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<5x2x6xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<5x2x6xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %15:19 = stablehlo.while(%iterArg = %arg3, %iterArg_25 = %arg2, %iterArg_26 = %arg1, %iterArg_27 = %2, %iterArg_28 = %c, %iterArg_29 = %0, %iterArg_30 = %1, %iterArg_31 = %3, %iterArg_32 = %4, %iterArg_33 = %5, %iterArg_34 = %6, %iterArg_35 = %7, %iterArg_36 = %8, %iterArg_37 = %9, %iterArg_38 = %10, %iterArg_39 = %11, %iterArg_40 = %12, %iterArg_41 = %13, %iterArg_42 = %14) : tensor<5x2x4xf32>, tensor<4x24xf32>, tensor<6x24xf32>, tensor<1x24xf32>, tensor<i32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>
    cond {
      %c_43 = stablehlo.constant dense<5> : tensor<i32>
      %32 = stablehlo.compare LT, %iterArg_28, %c_43, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %32 : tensor<i1>
    } do {
      %32 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_28) : (tensor<5x2x4xf32>, tensor<i32>) -> tensor<2x4xf32>
      %33:14 = func.call @closed_call(%iterArg_25, %iterArg_26, %iterArg_27, %iterArg_29, %iterArg_30, %32) : (tensor<4x24xf32>, tensor<6x24xf32>, tensor<1x24xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x4xf32>) -> (tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>)
      %34 = func.call @dynamic_update_index_in_dim(%iterArg_31, %33#2, %iterArg_28) : (tensor<5x2x6xf32>, tensor<2x6xf32>, tensor<i32>) -> tensor<5x2x6xf32>
      %35 = func.call @dynamic_update_index_in_dim(%iterArg_32, %33#3, %iterArg_28) : (tensor<5x2x6xf32>, tensor<2x6xf32>, tensor<i32>) -> tensor<5x2x6xf32>
      %36 = func.call @dynamic_update_index_in_dim(%iterArg_33, %33#4, %iterArg_28) : (tensor<5x2x6xf32>, tensor<2x6xf32>, tensor<i32>) -> tensor<5x2x6xf32>
      %37 = func.call @dynamic_update_index_in_dim(%iterArg_34, %33#5, %iterArg_28) : (tensor<5x2x6xf32>, tensor<2x6xf32>, tensor<i32>) -> tensor<5x2x6xf32>
      %38 = func.call @dynamic_update_index_in_dim(%iterArg_35, %33#6, %iterArg_28) : (tensor<5x2x6xf32>, tensor<2x6xf32>, tensor<i32>) -> tensor<5x2x6xf32>
      %39 = func.call @dynamic_update_index_in_dim(%iterArg_36, %33#7, %iterArg_28) : (tensor<5x2x6xf32>, tensor<2x6xf32>, tensor<i32>) -> tensor<5x2x6xf32>
      %40 = func.call @dynamic_update_index_in_dim(%iterArg_37, %33#8, %iterArg_28) : (tensor<5x2x6xf32>, tensor<2x6xf32>, tensor<i32>) -> tensor<5x2x6xf32>
      %41 = func.call @dynamic_update_index_in_dim(%iterArg_38, %33#9, %iterArg_28) : (tensor<5x2x6xf32>, tensor<2x6xf32>, tensor<i32>) -> tensor<5x2x6xf32>
      %42 = func.call @dynamic_update_index_in_dim(%iterArg_39, %33#10, %iterArg_28) : (tensor<5x2x6xf32>, tensor<2x6xf32>, tensor<i32>) -> tensor<5x2x6xf32>
      %43 = func.call @dynamic_update_index_in_dim(%iterArg_40, %33#11, %iterArg_28) : (tensor<5x2x6xf32>, tensor<2x6xf32>, tensor<i32>) -> tensor<5x2x6xf32>
      %44 = func.call @dynamic_update_index_in_dim(%iterArg_41, %33#12, %iterArg_28) : (tensor<5x2x6xf32>, tensor<2x6xf32>, tensor<i32>) -> tensor<5x2x6xf32>
      %45 = func.call @dynamic_update_index_in_dim(%iterArg_42, %33#13, %iterArg_28) : (tensor<5x2x6xf32>, tensor<2x6xf32>, tensor<i32>) -> tensor<5x2x6xf32>
      %c_43 = stablehlo.constant dense<1> : tensor<i32>
      %46 = stablehlo.add %iterArg_28, %c_43 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_25, %iterArg_26, %iterArg_27, %46, %33#0, %33#1, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45 : tensor<5x2x4xf32>, tensor<4x24xf32>, tensor<6x24xf32>, tensor<1x24xf32>, tensor<i32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>
    }
    %16 = stablehlo.subtract %15#5, %arg4 : tensor<2x6xf32>
    %17 = stablehlo.multiply %16, %16 : tensor<2x6xf32>
    %cst_13 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %19 = stablehlo.multiply %18, %16 : tensor<2x6xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %20 = stablehlo.reduce(%17 init: %cst_14) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x6xf32>, tensor<f32>) -> tensor<f32>
    %cst_15 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %21 = stablehlo.divide %20, %cst_15 : tensor<f32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %cst_18 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_19 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %24 = stablehlo.divide %cst_18, %cst_19 : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %26 = stablehlo.multiply %25, %19 : tensor<2x6xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<4x24xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<6x24xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %c_24 = stablehlo.constant dense<0> : tensor<i32>
    %31:20 = stablehlo.while(%iterArg = %arg3, %iterArg_25 = %15#7, %iterArg_26 = %15#8, %iterArg_27 = %15#9, %iterArg_28 = %15#10, %iterArg_29 = %15#11, %iterArg_30 = %15#12, %iterArg_31 = %15#13, %iterArg_32 = %15#14, %iterArg_33 = %15#15, %iterArg_34 = %15#16, %iterArg_35 = %15#17, %iterArg_36 = %15#18, %iterArg_37 = %arg1, %iterArg_38 = %c_24, %iterArg_39 = %28, %iterArg_40 = %29, %iterArg_41 = %30, %iterArg_42 = %26, %iterArg_43 = %27) : tensor<5x2x4xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<6x24xf32>, tensor<i32>, tensor<4x24xf32>, tensor<6x24xf32>, tensor<24xf32>, tensor<2x6xf32>, tensor<2x6xf32>
    cond {
      %c_44 = stablehlo.constant dense<5> : tensor<i32>
      %32 = stablehlo.compare LT, %iterArg_38, %c_44, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %32 : tensor<i1>
    } do {
      %c_44 = stablehlo.constant dense<5> : tensor<i32>
      %32 = stablehlo.subtract %c_44, %iterArg_38 : tensor<i32>
      %c_45 = stablehlo.constant dense<1> : tensor<i32>
      %33 = stablehlo.subtract %32, %c_45 : tensor<i32>
      %34 = func.call @dynamic_index_in_dim(%iterArg, %33) : (tensor<5x2x4xf32>, tensor<i32>) -> tensor<2x4xf32>
      %35 = func.call @dynamic_index_in_dim_0(%iterArg_25, %33) : (tensor<5x2x6xf32>, tensor<i32>) -> tensor<2x6xf32>
      %36 = func.call @dynamic_index_in_dim_0(%iterArg_26, %33) : (tensor<5x2x6xf32>, tensor<i32>) -> tensor<2x6xf32>
      %37 = func.call @dynamic_index_in_dim_0(%iterArg_27, %33) : (tensor<5x2x6xf32>, tensor<i32>) -> tensor<2x6xf32>
      %38 = func.call @dynamic_index_in_dim_0(%iterArg_28, %33) : (tensor<5x2x6xf32>, tensor<i32>) -> tensor<2x6xf32>
      %39 = func.call @dynamic_index_in_dim_0(%iterArg_29, %33) : (tensor<5x2x6xf32>, tensor<i32>) -> tensor<2x6xf32>
      %40 = func.call @dynamic_index_in_dim_0(%iterArg_30, %33) : (tensor<5x2x6xf32>, tensor<i32>) -> tensor<2x6xf32>
      %41 = func.call @dynamic_index_in_dim_0(%iterArg_31, %33) : (tensor<5x2x6xf32>, tensor<i32>) -> tensor<2x6xf32>
      %42 = func.call @dynamic_index_in_dim_0(%iterArg_32, %33) : (tensor<5x2x6xf32>, tensor<i32>) -> tensor<2x6xf32>
      %43 = func.call @dynamic_index_in_dim_0(%iterArg_33, %33) : (tensor<5x2x6xf32>, tensor<i32>) -> tensor<2x6xf32>
      %44 = func.call @dynamic_index_in_dim_0(%iterArg_34, %33) : (tensor<5x2x6xf32>, tensor<i32>) -> tensor<2x6xf32>
      %45 = func.call @dynamic_index_in_dim_0(%iterArg_35, %33) : (tensor<5x2x6xf32>, tensor<i32>) -> tensor<2x6xf32>
      %46 = func.call @dynamic_index_in_dim_0(%iterArg_36, %33) : (tensor<5x2x6xf32>, tensor<i32>) -> tensor<2x6xf32>
      %47:5 = func.call @closed_call_1(%iterArg_37, %iterArg_39, %iterArg_40, %iterArg_41, %iterArg_42, %iterArg_43, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46) : (tensor<6x24xf32>, tensor<4x24xf32>, tensor<6x24xf32>, tensor<24xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x4xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>) -> (tensor<4x24xf32>, tensor<6x24xf32>, tensor<24xf32>, tensor<2x6xf32>, tensor<2x6xf32>)
      %c_46 = stablehlo.constant dense<1> : tensor<i32>
      %48 = stablehlo.add %iterArg_38, %c_46 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_25, %iterArg_26, %iterArg_27, %iterArg_28, %iterArg_29, %iterArg_30, %iterArg_31, %iterArg_32, %iterArg_33, %iterArg_34, %iterArg_35, %iterArg_36, %iterArg_37, %48, %47#0, %47#1, %47#2, %47#3, %47#4 : tensor<5x2x4xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<6x24xf32>, tensor<i32>, tensor<4x24xf32>, tensor<6x24xf32>, tensor<24xf32>, tensor<2x6xf32>, tensor<2x6xf32>
    }
    return %21, %31#17, %31#16, %31#15 : tensor<f32>, tensor<24xf32>, tensor<6x24xf32>, tensor<4x24xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<5x2x4xf32>, %arg1: tensor<i32>) -> tensor<2x4xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 2, 4] : (tensor<5x2x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x4xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x2x4xf32>) -> tensor<2x4xf32>
    return %1 : tensor<2x4xf32>
  }
  func.func private @closed_call(%arg0: tensor<4x24xf32>, %arg1: tensor<6x24xf32>, %arg2: tensor<1x24xf32>, %arg3: tensor<2x6xf32>, %arg4: tensor<2x6xf32>, %arg5: tensor<2x4xf32>) -> (tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>) {
    %0 = stablehlo.dot_general %arg5, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x24xf32>) -> tensor<2x24xf32>
    %1 = stablehlo.dot_general %arg3, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6xf32>, tensor<6x24xf32>) -> tensor<2x24xf32>
    %2 = stablehlo.add %0, %1 : tensor<2x24xf32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<1x24xf32>) -> tensor<2x24xf32>
    %4 = stablehlo.add %2, %3 : tensor<2x24xf32>
    %5 = stablehlo.slice %4 [0:2, 0:6] : (tensor<2x24xf32>) -> tensor<2x6xf32>
    %6 = stablehlo.slice %4 [0:2, 6:12] : (tensor<2x24xf32>) -> tensor<2x6xf32>
    %7 = stablehlo.slice %4 [0:2, 12:18] : (tensor<2x24xf32>) -> tensor<2x6xf32>
    %8 = stablehlo.slice %4 [0:2, 18:24] : (tensor<2x24xf32>) -> tensor<2x6xf32>
    %9 = stablehlo.negate %6 : tensor<2x6xf32>
    %10 = stablehlo.exponential %9 : tensor<2x6xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %12 = stablehlo.add %11, %10 : tensor<2x6xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %14 = stablehlo.divide %13, %12 : tensor<2x6xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %16 = stablehlo.subtract %15, %14 : tensor<2x6xf32>
    %17 = stablehlo.multiply %14, %16 : tensor<2x6xf32>
    %18 = stablehlo.multiply %14, %arg4 : tensor<2x6xf32>
    %19 = stablehlo.negate %5 : tensor<2x6xf32>
    %20 = stablehlo.exponential %19 : tensor<2x6xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %22 = stablehlo.add %21, %20 : tensor<2x6xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %24 = stablehlo.divide %23, %22 : tensor<2x6xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %26 = stablehlo.subtract %25, %24 : tensor<2x6xf32>
    %27 = stablehlo.multiply %24, %26 : tensor<2x6xf32>
    %28 = stablehlo.tanh %7 : tensor<2x6xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %30 = stablehlo.subtract %29, %28 : tensor<2x6xf32>
    %31 = stablehlo.multiply %24, %28 : tensor<2x6xf32>
    %32 = stablehlo.add %18, %31 : tensor<2x6xf32>
    %33 = stablehlo.negate %8 : tensor<2x6xf32>
    %34 = stablehlo.exponential %33 : tensor<2x6xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %36 = stablehlo.add %35, %34 : tensor<2x6xf32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %38 = stablehlo.divide %37, %36 : tensor<2x6xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %40 = stablehlo.subtract %39, %38 : tensor<2x6xf32>
    %41 = stablehlo.multiply %38, %40 : tensor<2x6xf32>
    %42 = stablehlo.tanh %32 : tensor<2x6xf32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %44 = stablehlo.subtract %43, %42 : tensor<2x6xf32>
    %45 = stablehlo.multiply %38, %42 : tensor<2x6xf32>
    return %45, %32, %arg3, %17, %arg4, %14, %27, %28, %30, %24, %41, %42, %44, %38 : tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<5x2x6xf32>, %arg1: tensor<2x6xf32>, %arg2: tensor<i32>) -> tensor<5x2x6xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<2x6xf32>) -> tensor<1x2x6xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<5x2x6xf32>, tensor<1x2x6xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<5x2x6xf32>
    return %1 : tensor<5x2x6xf32>
  }
  func.func private @dynamic_index_in_dim_0(%arg0: tensor<5x2x6xf32>, %arg1: tensor<i32>) -> tensor<2x6xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 2, 6] : (tensor<5x2x6xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x6xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x2x6xf32>) -> tensor<2x6xf32>
    return %1 : tensor<2x6xf32>
  }
  func.func private @closed_call_1(%arg0: tensor<6x24xf32>, %arg1: tensor<4x24xf32>, %arg2: tensor<6x24xf32>, %arg3: tensor<24xf32>, %arg4: tensor<2x6xf32>, %arg5: tensor<2x6xf32>, %arg6: tensor<2x4xf32>, %arg7: tensor<2x6xf32>, %arg8: tensor<2x6xf32>, %arg9: tensor<2x6xf32>, %arg10: tensor<2x6xf32>, %arg11: tensor<2x6xf32>, %arg12: tensor<2x6xf32>, %arg13: tensor<2x6xf32>, %arg14: tensor<2x6xf32>, %arg15: tensor<2x6xf32>, %arg16: tensor<2x6xf32>, %arg17: tensor<2x6xf32>, %arg18: tensor<2x6xf32>) -> (tensor<4x24xf32>, tensor<6x24xf32>, tensor<24xf32>, tensor<2x6xf32>, tensor<2x6xf32>) {
    %0 = stablehlo.multiply %arg18, %arg4 : tensor<2x6xf32>
    %1 = stablehlo.multiply %arg4, %arg16 : tensor<2x6xf32>
    %2 = stablehlo.multiply %0, %arg17 : tensor<2x6xf32>
    %3 = stablehlo.add %arg5, %2 : tensor<2x6xf32>
    %4 = stablehlo.multiply %2, %arg16 : tensor<2x6xf32>
    %5 = stablehlo.add %3, %4 : tensor<2x6xf32>
    %6 = stablehlo.multiply %1, %arg15 : tensor<2x6xf32>
    %7 = stablehlo.multiply %arg14, %5 : tensor<2x6xf32>
    %8 = stablehlo.multiply %5, %arg12 : tensor<2x6xf32>
    %9 = stablehlo.multiply %7, %arg13 : tensor<2x6xf32>
    %10 = stablehlo.multiply %9, %arg12 : tensor<2x6xf32>
    %11 = stablehlo.add %9, %10 : tensor<2x6xf32>
    %12 = stablehlo.multiply %8, %arg11 : tensor<2x6xf32>
    %13 = stablehlo.multiply %arg10, %5 : tensor<2x6xf32>
    %14 = stablehlo.multiply %5, %arg9 : tensor<2x6xf32>
    %15 = stablehlo.multiply %14, %arg8 : tensor<2x6xf32>
    %16 = stablehlo.concatenate %12, %15, %11, %6, dim = 1 : (tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x24xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.reduce(%16 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<2x24xf32>, tensor<f32>) -> tensor<24xf32>
    %18 = stablehlo.reshape %17 : (tensor<24xf32>) -> tensor<1x24xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %19 = stablehlo.reduce(%18 init: %cst_0) applies stablehlo.add across dimensions = [0] : (tensor<1x24xf32>, tensor<f32>) -> tensor<24xf32>
    %20 = stablehlo.add %arg3, %19 : tensor<24xf32>
    %21 = stablehlo.dot_general %16, %arg7, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x24xf32>, tensor<2x6xf32>) -> tensor<24x6xf32>
    %22 = stablehlo.transpose %21, dims = [1, 0] : (tensor<24x6xf32>) -> tensor<6x24xf32>
    %23 = stablehlo.add %arg2, %22 : tensor<6x24xf32>
    %24 = stablehlo.dot_general %16, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x24xf32>, tensor<6x24xf32>) -> tensor<2x6xf32>
    %25 = stablehlo.dot_general %16, %arg6, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x24xf32>, tensor<2x4xf32>) -> tensor<24x4xf32>
    %26 = stablehlo.transpose %25, dims = [1, 0] : (tensor<24x4xf32>) -> tensor<4x24xf32>
    %27 = stablehlo.add %arg1, %26 : tensor<4x24xf32>
    return %27, %23, %20, %24, %13 : tensor<4x24xf32>, tensor<6x24xf32>, tensor<24xf32>, tensor<2x6xf32>, tensor<2x6xf32>
  }
}
