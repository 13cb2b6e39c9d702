#pragma once

#include <QString>
#include <functional>

class MainWindow;

// For documentation and review: runs the bundled attack suite on the control tier and the default tier,
// waits for the verdicts, and saves PNGs of both tabs in the light and the dark theme, and of the Lab in
// presentation mode at 1920×1080 (attack-lab-presentation.png), to `folder`.
// Calls `done(exit code)` when finished. Used by scripts/screenshots.sh through `sandbench --screenshots
// DIR`.
void takeScreenshotTour(MainWindow& window, const QString& folder, std::function<void(int)> done);
