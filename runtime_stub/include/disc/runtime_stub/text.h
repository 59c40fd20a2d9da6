// Text from outside (a file's bytes, a command-line value, a model's
// metadata) quoted in an error message, which must stay one line.
#ifndef DISC_RUNTIME_STUB_TEXT_H
#define DISC_RUNTIME_STUB_TEXT_H

#include <string>
#include <string_view>

namespace disc::stub {

// `text` with every control character written as an escape: \n, \r, \t,
// and \xNN for the others (DEL included). Other bytes are kept, so UTF-8
// text stays readable.
std::string escapeControlCharacters(std::string_view text);

} // namespace disc::stub

#endif // DISC_RUNTIME_STUB_TEXT_H
