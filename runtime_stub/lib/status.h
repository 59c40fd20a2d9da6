// The disc_status of the C API, shared by the files of the runtime stub.
#ifndef DISC_RUNTIME_STUB_STATUS_H
#define DISC_RUNTIME_STUB_STATUS_H

#include <string>

struct disc_status {
  std::string message;
};

#endif // DISC_RUNTIME_STUB_STATUS_H
