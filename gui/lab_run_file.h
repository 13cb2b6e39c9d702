#pragma once

#include "core/lab_run.h"

#include <QByteArray>
#include <QString>
#include <optional>

// A lab run on disk, in the workbench's words. The JSON is core's (core/lab_run.h): the workbench exports
// the whole lab-run document and re-opens it, or an array of outcomes as `sandbench-cli attacks --json`
// prints it, or a file the workbench wrote before the document (an array too, some keys missing).
namespace labrun {

// The lab run in `json`; std::nullopt with `error` naming the problem (and where) in the user's language
// when the text is not a lab run.
std::optional<sandbench::LabRunFile> fromJson(const QByteArray& json, QString* error);
// The problem in the user's language.
QString describe(const sandbench::JsonFormatError& error);

// Writes atomically (QSaveFile): either the whole new file or the old one stays.
bool writeFile(const QString& path, const QByteArray& data, QString* error);

} // namespace labrun
