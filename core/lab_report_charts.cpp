#include "lab_report_charts.h"

#include "number_text.h"

#include <algorithm>
#include <cmath>
#include <string_view>

namespace sandbench {

namespace {

// Both charts have one row per tier: tier labels on the left, the plot, room for notes on the right, and
// the x axis with its title below.
struct ChartFrame {
    double rowHeight;
    std::size_t rows;
    double left = 170;
    double plotWidth = 520;
    double top = 14;

    double width() const {
        return left + plotWidth + 300;
    } // room for "2 cells with leftovers; 1 not possible here"
    double plotBottom() const { return top + rowHeight * static_cast<double>(rows); }
    double height() const { return plotBottom() + 44; }
};

// <svg id="..." class="chart" role="img"> of the frame's size, labelled by its <title>.
void openChart(HtmlWriter& w, const char* id, const ChartFrame& frame, const std::string& title) {
    const std::string titleId = std::string(id) + "-title";
    const std::string width = fixedText(frame.width(), 0);
    const std::string height = fixedText(frame.height(), 0);
    w.open("svg").attr("id", id).attr("class", "chart").attr("role", "img");
    w.attr("viewBox", "0 0 " + width + " " + height).attr("width", width).attr("height", height);
    w.attr("aria-labelledby", titleId);
    w.open("title").attr("id", titleId).text(title).close();
}

// Opens a <line>; the caller closes it, after a <title> if it has one.
void line(HtmlWriter& w, const char* cssClass, double x1, double y1, double x2, double y2) {
    w.open("line").attr("class", cssClass);
    w.attr("x1", fixedText(x1, 1)).attr("y1", fixedText(y1, 1));
    w.attr("x2", fixedText(x2, 1)).attr("y2", fixedText(y2, 1));
}

// <text x y [text-anchor]>text</text>, with an optional class.
void label(HtmlWriter& w, double x, double y, std::string_view text, const char* anchor = nullptr,
           const char* cssClass = nullptr) {
    w.open("text");
    if (cssClass)
        w.attr("class", cssClass);
    w.attr("x", fixedText(x, 1)).attr("y", fixedText(y, 1));
    if (anchor)
        w.attr("text-anchor", anchor);
    w.text(text).close();
}

} // namespace

void writeCountsChart(HtmlWriter& w, const LabReportLayout& layout) {
    const ChartFrame frame{30, layout.tiers.size()};
    const double left = frame.left;
    const double barWidth = frame.plotWidth;
    const double top = frame.top;
    const double plotBottom = frame.plotBottom();
    const std::size_t total = std::max<std::size_t>(layout.attacks.size(), 1);
    const auto x = [&](double count) { return left + barWidth * count / static_cast<double>(total); };

    openChart(w, "counts-chart", frame,
              "Verdicts per tier: BLOCKED, expected ALLOWED, unexpected ALLOWED, ERROR and not run, out of " +
                  std::to_string(layout.attacks.size()) + " attacks");
    // Grid and x axis.
    const std::size_t step = total <= 12 ? 1 : total <= 30 ? 5 : 10;
    for (std::size_t tick = 0; tick <= total; tick += step) {
        const double at = x(static_cast<double>(tick));
        line(w, "grid", at, top - 4, at, plotBottom);
        w.close();
        label(w, at, plotBottom + 15, std::to_string(tick), "middle");
    }
    line(w, "axis", left, plotBottom, left + barWidth, plotBottom);
    w.close();
    label(w, left + barWidth / 2, plotBottom + 34, "attacks (cells per tier)", "middle", "axis-title");
    label(w, 4, top - 2, "tier", nullptr, "axis-title");

    for (std::size_t t = 0; t < layout.tiers.size(); ++t) {
        const VerdictCounts counts = layout.cells.counts(t);
        const std::string& tier = layout.tiers[t].info.name;
        const double y = top + frame.rowHeight * static_cast<double>(t) + 4;
        const double barHeight = frame.rowHeight - 10;
        label(w, left - 8, y + barHeight / 2 + 4, tierLabel(layout.tiers[t]), "end");
        const struct {
            int count;
            const char* cssClass;
            const char* label;
        } segments[] = {{counts.blocked, "blocked", "BLOCKED"},
                        {counts.expectedAllowed(), "expected", "ALLOWED, expected"},
                        {counts.unexpectedAllowed, "allowed", "ALLOWED, unexpected"},
                        {counts.error, "error", "ERROR"},
                        {layout.notRun(t), "notrun", "not run"}};
        double done = 0;
        for (const auto& segment : segments) {
            if (segment.count == 0)
                continue;
            const double x0 = x(done);
            const double x1 = x(done + segment.count);
            w.open("rect").attr("class", segment.cssClass).attr("data-tier", tier);
            w.attr("data-count", std::to_string(segment.count));
            w.attr("x", fixedText(x0, 1)).attr("y", fixedText(y, 1));
            w.attr("width", fixedText(x1 - x0, 1)).attr("height", fixedText(barHeight, 1));
            w.element("title", tier + ": " + std::to_string(segment.count) + " " + segment.label).close();
            if (x1 - x0 >= 16 && segment.cssClass != std::string_view("notrun"))
                label(w, (x0 + x1) / 2, y + barHeight / 2 + 4, std::to_string(segment.count), "middle",
                      "on-bar");
            done += segment.count;
        }
        // A cell not possible here is left out of the bar, as out of the counts: the gap is said in words.
        std::string after;
        if (counts.leftovers)
            after = std::to_string(counts.leftovers) + (counts.leftovers == 1 ? " cell" : " cells") +
                    " with leftovers";
        if (counts.notPossible)
            after += (after.empty() ? "" : "; ") + std::to_string(counts.notPossible) + " not possible here";
        if (!after.empty())
            label(w, left + barWidth + 10, y + barHeight / 2 + 4, after, nullptr,
                  counts.leftovers ? "warning" : "axis-title");
    }
    w.close("svg");
}

void writeLatencyChart(HtmlWriter& w, const LabReportLayout& layout) {
    std::vector<std::vector<double>> seconds;
    double smallest = 0;
    double largest = 0;
    for (std::size_t t = 0; t < layout.tiers.size(); ++t) {
        seconds.push_back(layout.seconds(t));
        for (const double s : seconds.back()) {
            const double value = std::max(s, 0.001);
            smallest = smallest == 0 ? value : std::min(smallest, value);
            largest = std::max(largest, value);
        }
    }
    if (largest == 0) {
        smallest = 0.01;
        largest = 1;
    }
    int lowDecade = static_cast<int>(std::floor(std::log10(smallest)));
    int highDecade = static_cast<int>(std::ceil(std::log10(largest)));
    if (highDecade <= lowDecade)
        highDecade = lowDecade + 1;
    lowDecade = std::max(lowDecade, -3);

    const ChartFrame frame{36, layout.tiers.size()};
    const double left = frame.left;
    const double plotWidth = frame.plotWidth;
    const double top = frame.top;
    const double plotBottom = frame.plotBottom();
    const auto x = [&](double value) {
        const double decades = std::log10(std::max(value, 0.001));
        const double fraction = (decades - lowDecade) / static_cast<double>(highDecade - lowDecade);
        return left + plotWidth * std::clamp(fraction, 0.0, 1.0);
    };

    openChart(w, "latency-chart", frame,
              "Wall seconds per attack run, per tier, on a log scale: each dot is one run coloured by its "
              "verdict, the bar is the median, the diamond the maximum");
    for (int decade = lowDecade; decade <= highDecade; ++decade) {
        const double value = std::pow(10.0, decade);
        line(w, "grid", x(value), top - 4, x(value), plotBottom);
        w.close();
        label(w, x(value), plotBottom + 15, shortestText(value) + " s", "middle");
        if (decade < highDecade && highDecade - lowDecade <= 4) {
            for (const double minor : {2.0, 5.0}) {
                line(w, "grid", x(minor * value), top - 4, x(minor * value), plotBottom);
                w.attr("stroke-dasharray", "2 3").close();
            }
        }
    }
    line(w, "axis", left, plotBottom, left + plotWidth, plotBottom);
    w.close();
    label(w, left + plotWidth / 2, plotBottom + 34, "wall seconds per attack run (log scale)", "middle",
          "axis-title");
    label(w, 4, top - 2, "tier", nullptr, "axis-title");
    label(w, left + plotWidth + 12, top - 2, "median · max", nullptr, "axis-title");

    for (std::size_t t = 0; t < layout.tiers.size(); ++t) {
        const std::string& tier = layout.tiers[t].info.name;
        const double middle = top + frame.rowHeight * (static_cast<double>(t) + 0.5);
        label(w, left - 8, middle + 4, tierLabel(layout.tiers[t]), "end");
        std::size_t dot = 0;
        for (std::size_t a = 0; a < layout.attacks.size(); ++a) {
            const AttackOutcome* outcome = layout.cells.at(a, t);
            if (!outcome)
                continue;
            const double jitter = static_cast<double>(static_cast<int>(dot % 5) - 2) * 3.0;
            ++dot;
            w.open("circle").attr("class", verdictClass(outcome)).attr("data-tier", tier);
            w.attr("cx", fixedText(x(outcome->seconds), 1)).attr("cy", fixedText(middle + jitter, 1));
            w.attr("r", "4");
            w.element("title", layout.attacks[a].name + " on " + tier + ": " + verdictWord(outcome) + " in " +
                                   secondsText(outcome->seconds));
            w.close("circle");
        }
        if (seconds[t].empty()) {
            label(w, left + 8, middle + 4, "no runs", nullptr, "axis-title");
            continue;
        }
        const double p50 = median(seconds[t]);
        const double worst = maximum(seconds[t]);
        line(w, "median", x(p50), middle - 12, x(p50), middle + 12);
        w.element("title", tier + " median " + secondsText(p50)).close("line");
        const std::string wx = fixedText(x(worst), 1);
        const std::string wLeft = fixedText(x(worst) - 6, 1);
        const std::string wRight = fixedText(x(worst) + 6, 1);
        w.open("path").attr("class", "max");
        w.attr("d", "M " + wx + " " + fixedText(middle - 7, 1) + " L " + wRight + " " + fixedText(middle, 1) +
                        " L " + wx + " " + fixedText(middle + 7, 1) + " L " + wLeft + " " +
                        fixedText(middle, 1) + " Z");
        w.element("title", tier + " max " + secondsText(worst)).close("path");
        label(w, left + plotWidth + 12, middle + 4, secondsText(p50) + " · " + secondsText(worst));
    }
    w.close("svg");
}

} // namespace sandbench
