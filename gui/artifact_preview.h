#pragma once

#include "core/run_result.h"

#include <QImage>
#include <QSize>
#include <QString>
#include <QStringList>
#include <vector>

// Turning a program's artifact into something safe to show: the bytes come from a hostile program.
// Pictures are decoded by Qt's image readers with a size check before any pixel is decoded (a PNG may claim
// 100,000 × 100,000 pixels) and scaled by the reader; an SVG is drawn only when it refers to nothing outside
// itself (no external href or src, no DTD whose entities could expand), so drawing it reads no file and
// fetches nothing. A CSV becomes a few rows of cells, parsed without ever running or evaluating anything.

// The picture scaled to fit `box`, or a null image with `why` set (not a picture, too large, refers to
// outside files, undecodable).
QImage artifactPicture(const sandbench::Artifact& artifact, QSize box, QString* why);

// The first `maxRows` rows of a CSV artifact, each at most `maxColumns` cells (RFC 4180 quoting, any line
// ending); empty when the bytes are not text.
std::vector<QStringList> artifactTableRows(const sandbench::Artifact& artifact, int maxRows, int maxColumns);

// The largest picture decoded for a preview, in pixels.
inline constexpr qint64 kMaximumPicturePixels = 40'000'000;
