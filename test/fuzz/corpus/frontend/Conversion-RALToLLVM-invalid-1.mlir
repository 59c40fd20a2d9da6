func.func @unsigned(%ctx: !disc_ral.context) {
  return
}
