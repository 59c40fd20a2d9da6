func.func @no_io() {
  return
}
