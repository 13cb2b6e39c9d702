#pragma once

#include <QString>
#include <functional>

class MainWindow;

// For documentation and review: runs the bundled attack suite on the control tier and the default tier,
// waits for the verdicts, and saves PNGs of both tabs in the light and the dark theme to `folder`.
// Calls `done(exit code)` when finished. Used by scripts/screenshots.sh through `sandbench --screenshots
// DIR`.
void takeScreenshotTour(MainWindow& window, const QString& folder, std::function<void(int)> done);
