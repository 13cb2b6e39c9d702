#pragma once

// Enums compared by name: Qt Test prints QStrings on failure, and the engine's enums name themselves
// (toString, found by argument-dependent lookup), so a failure reads "timeout" vs "cancelled".

#include <QString>

namespace test_support {

template <typename Enum> QString nameOf(Enum value) {
    return QString::fromUtf8(toString(value));
}

} // namespace test_support
