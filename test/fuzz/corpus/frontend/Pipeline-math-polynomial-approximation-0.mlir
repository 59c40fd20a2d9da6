func.func @transcendental(%x: f32, %v: vector<8xf32>) -> (f32, vector<8xf32>, f32) {
  %t = math.tanh %x : f32
  %e = math.exp %v : vector<8xf32>
  %l = math.log %x : f32
  return %t, %e, %l : f32, vector<8xf32>, f32
}

func.func @half(%x: f16) -> f16 {
  %t = math.tanh %x : f16
  return %t : f16
}

func.func @sqrt(%x: f64) -> f64 {
  %s = math.sqrt %x : f64
  return %s : f64
}
