#pragma once

#include "core/attack_lab.h"

#include <QByteArray>
#include <QString>
#include <optional>
#include <vector>

// A lab run on disk. JSON is exactly the shape of `sandbench-cli attacks --json` (docs/cli-json.md): an
// array of outcome objects, each with its full `result`, so a run saved by the GUI and one printed by the
// CLI both re-open; a file from before the `layer`, `layer_detail`, `layer_inferred`, `expected`,
// `needs_root`, `unmet_needs` and `leftovers` keys still opens, with the engine's defaults for them (and
// `expected` true on the control tier, as the engine always sets it there). CSV has the CLI's `--csv`
// columns and quoting.
namespace labrun {

QByteArray toJson(const std::vector<sandbench::AttackOutcome>& outcomes);
QByteArray toCsv(const std::vector<sandbench::AttackOutcome>& outcomes);
// The outcomes in file order; std::nullopt with `error` naming the problem (and where) when the text is not
// a lab run.
std::optional<std::vector<sandbench::AttackOutcome>> fromJson(const QByteArray& json, QString* error);

// Writes atomically (QSaveFile): either the whole new file or the old one stays.
bool writeFile(const QString& path, const QByteArray& data, QString* error);

} // namespace labrun
