// Output of the kernels that print (tfrt.print.*, tfrt_test.print_*,
// dht.print_tensor.*): one whole line at a time on stdout, flushed, so that
// lines of concurrent kernels never mix and come before what the driver
// prints next.
#ifndef DISC_RAL_LIB_KERNELS_PRINT_H
#define DISC_RAL_LIB_KERNELS_PRINT_H

#include <string_view>

namespace disc::kernels {

void printLine(std::string_view line);

} // namespace disc::kernels

#endif // DISC_RAL_LIB_KERNELS_PRINT_H
