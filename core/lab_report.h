#pragma once

#include "lab_run.h"

#include <string>

namespace sandbench {

// One self-contained HTML file (styles and charts inline as SVG, no script or network needed to view it):
// the matrix with colours (BLOCKED, ALLOWED, ERROR; expected vs unexpected; leftovers), per-tier counts,
// a latency chart, every cell's code, output and evidence with its layer, the machine and tier details,
// and the policy. Every text from a run is HTML-escaped.
std::string renderLabReportHtml(const LabRun& run);

} // namespace sandbench
