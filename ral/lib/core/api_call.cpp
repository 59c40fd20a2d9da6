#include "disc/ral/api.h"
#include "disc/ral/context.h"

#include <exception>
#include <string>

using disc::ral::ApiFunction;
using disc::ral::ExecutionContext;
using disc::ral::Registry;

extern "C" int32_t disc_ral_api_call(void *execution_context,
                                     const char *api_name, void **args) {
  if (!execution_context)
    return 1;
  auto *context = static_cast<ExecutionContext *>(execution_context);
  if (!context->ok())
    return 1;
  if (!api_name) {
    context->setError("RAL API call without a name");
    return 1;
  }
  if (!args) {
    context->setError(std::string("RAL API '") + api_name +
                      "' called without arguments");
    return 1;
  }
  ApiFunction function = context->context()
                             ? context->context()->lookup(api_name)
                             : Registry::global().find(api_name);
  if (!function) {
    context->setError(std::string("unknown RAL API '") + api_name + "'");
    return 1;
  }
  // Exceptions must not unwind into compiled code, which has no unwind info.
  try {
    function(args);
  } catch (const std::exception &error) {
    context->setError(std::string("RAL API '") + api_name +
                      "' failed: " + error.what());
  } catch (...) {
    context->setError(std::string("RAL API '") + api_name +
                      "' failed with an unknown exception");
  }
  return context->ok() ? 0 : 1;
}
