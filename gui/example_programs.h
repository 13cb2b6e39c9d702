#pragma once

#include <QString>
#include <vector>

// Small programs to try on each tier from the Examples menu: what ordinary code looks like inside, and a
// few hostile ones that show what a tier stops.
struct ExampleProgram {
    QString title;
    QString code;
};

std::vector<ExampleProgram> examplePrograms();
