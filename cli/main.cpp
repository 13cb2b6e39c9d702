#include "backends/builtin_backends.h"

#include <iostream>

int main()
{
    auto registry = sandbench::builtinBackends();
    for (const auto& name : registry.names())
        std::cout << name << "\n";
}
