#pragma once

#include "core/policy.h"
#include "core/run_result.h"

#include <QString>
#include <string>

// What the engine writes in English (evidence, layers, judgements, attack names, a result's line), in the
// workbench's language. The engine's sentences are instances of the forms in core/engine_phrases.h: each
// is translated through its form, its values too where a value is itself a phrase. A sentence no form
// knows (a program's own exception, an engine's error message) is shown as it came.
QString engineText(const std::string& english);
// A bundled attack's name ("CPU loop"), through the "Attack" context lupdate fills from attacks/*.py.
QString attackName(const std::string& name);
QString attackName(const QString& name);
// "timeout", "memory limit": what StopReason names, for people.
QString stopReasonText(sandbench::StopReason reason);
// RunResult::summary() in the workbench's language: "exit 0 in 0.02 s", "killed by SIGKILL in 5.01 s —
// timeout: killed at …". A stop reason the evidence already names is not said twice.
QString resultSummary(const sandbench::RunResult& result);
// Policy::summary() in the workbench's language.
QString policySummary(const sandbench::Policy& policy);
