#pragma once

// Marks an engine text for the workbench's translations: lupdate reads it as QT_TRANSLATE_NOOP (see
// gui/CMakeLists.txt), and the workbench translates it in `context`. Everywhere else it is the text itself.
#define SANDBENCH_TRANSLATABLE(context, text) text
