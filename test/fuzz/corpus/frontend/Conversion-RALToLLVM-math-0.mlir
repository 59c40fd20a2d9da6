func.func private @math(%x: f32, %y: f64, %v: vector<4xf32>)
    -> (f32, f64, vector<4xf32>) {
  %e = math.exp %x : f32
  %s = math.sqrt %e : f32
  %erf = math.erf %s : f32
  %c = math.cbrt %y : f64
  %ve = math.exp %v : vector<4xf32>
  return %erf, %c, %ve : f32, f64, vector<4xf32>
}

func.func private @vector_math(%v: vector<2x4xf32>, %s: vector<4xf32>)
    -> (vector<2x4xf32>, vector<4xf32>) {
  %e = math.exp %v : vector<2x4xf32>
  %r = math.erf %s : vector<4xf32>
  return %e, %r : vector<2x4xf32>, vector<4xf32>
}
