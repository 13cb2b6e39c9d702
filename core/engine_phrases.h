#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

// The engine's sentences (evidence, layers, judgements, unmet needs) are English everywhere it writes
// them: JSON, the CLI, the report. Each is filled from a form with %1…%9 for its values, listed here, so
// the workbench can tell which form a sentence came from and show it translated (values too, where a
// value is itself a phrase). lupdate reads the forms in the "Engine" context (gui/CMakeLists.txt).
namespace sandbench {

struct PhraseMatch {
    std::string_view form;
    std::vector<std::string> values; // in the order %1, %2, …
};

// Every form, most specific first (the most literal characters): the order matchPhrase() tries them in.
std::span<const std::string_view> engineForms();

// `form` with %1… replaced by `values`, in one pass (a value's own "%2" stays as it is).
std::string fillForm(std::string_view form, const std::vector<std::string>& values);

// The form `text` is an instance of, with its values; nullopt when none fits. A sentence no form knows
// (a program's own exception line, an engine's error) is left to the caller as it is.
std::optional<PhraseMatch> matchPhrase(std::string_view text);

} // namespace sandbench
