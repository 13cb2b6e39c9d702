#pragma once

#include "html_writer.h"
#include "lab_report_layout.h"

// The report's charts, inline SVG that needs no script: they draw only what the layout holds.

namespace sandbench {

// Horizontal stacked bars, one per tier, over the number of attacks: BLOCKED, expected ALLOWED,
// unexpected ALLOWED, ERROR and not run, each <rect> with data-tier and data-count.
void writeCountsChart(HtmlWriter& w, const LabReportLayout& layout);

// Per tier, every run's wall time as a dot on a log scale, with the median and the maximum marked.
void writeLatencyChart(HtmlWriter& w, const LabReportLayout& layout);

} // namespace sandbench
