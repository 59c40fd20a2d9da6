// Outside text quoted in an error message (disc/runtime_stub/text.h).
#include "disc/runtime_stub/text.h"

#include <gtest/gtest.h>

#include <string>

namespace disc::stub {
namespace {

TEST(Text, KeepsPrintableTextAndUtf8) {
  EXPECT_EQ(escapeControlCharacters("f32 'x' [1, 2]"), "f32 'x' [1, 2]");
  EXPECT_EQ(escapeControlCharacters("caf\xc3\xa9"), "caf\xc3\xa9");
  EXPECT_EQ(escapeControlCharacters(""), "");
}

TEST(Text, EscapesEveryControlCharacter) {
  EXPECT_EQ(escapeControlCharacters("a\nb\rc\td"), "a\\nb\\rc\\td");
  EXPECT_EQ(escapeControlCharacters(std::string("\0\x1f\x7f", 3)),
            "\\x00\\x1f\\x7f");
  EXPECT_EQ(escapeControlCharacters("\x1b[31m"), "\\x1b[31m");
}

} // namespace
} // namespace disc::stub
