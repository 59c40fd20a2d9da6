// Calls a ral_gemm API through disc_ral_api_call with the arguments the
// compiled code passes (docs/ABI.md): three memref descriptors, then
// whether lhs and rhs are transposed.
#ifndef DISC_TEST_UNIT_RAL_GEMM_CALL_H
#define DISC_TEST_UNIT_RAL_GEMM_CALL_H

#include "disc/ral/api.h"
#include "disc/ral/context.h"

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace disc::ral::test {

struct GemmOperand {
  void *data;
  std::vector<int64_t> sizes;
  std::vector<int64_t> strides;
};

// The name of ral_gemm on `device` for operands `in` and result `out`
// (type_encoding.def tokens) of rank `rank`.
inline std::string gemmName(const std::string &device, int rank,
                            const std::string &in, const std::string &out) {
  std::string operand = "m" + std::to_string(rank) + "d";
  return "ral_gemm___" + device + "___pvoid_" + operand + in + "_" + operand +
         in + "_" + operand + out + "_i1_i1___void";
}

// Returns disc_ral_api_call's status; the run holds any error.
inline int callGemm(ExecutionContext &run, const std::string &name,
                    GemmOperand lhs, GemmOperand rhs, GemmOperand out,
                    bool transposeLhs, bool transposeRhs) {
  void *runPointer = &run;
  int64_t offset = 0;
  uint8_t flags[2] = {transposeLhs, transposeRhs};
  std::vector<void *> args = {&runPointer};
  for (GemmOperand *operand : {&lhs, &rhs, &out}) {
    for (void *slot :
         std::initializer_list<void *>{&operand->data, &operand->data, &offset})
      args.push_back(slot);
    for (std::vector<int64_t> *field : {&operand->sizes, &operand->strides})
      for (int64_t &value : *field)
        args.push_back(&value);
  }
  args.push_back(&flags[0]);
  args.push_back(&flags[1]);
  return disc_ral_api_call(&run, name.c_str(), args.data());
}

} // namespace disc::ral::test

#endif // DISC_TEST_UNIT_RAL_GEMM_CALL_H
