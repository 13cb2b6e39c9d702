#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "translatable.h"

namespace sandbench {

// What a value of a setting may be, and so which field a form shows for it.
enum class SettingKind {
    Choice,  // one of `choices`
    Text,    // any text; empty means the default
    Integer, // a whole number from `minimum` to `maximum`
    Folder,  // an absolute path
    Secret,  // any text, held in memory only: never saved, printed or put in a report
};

struct SettingChoice {
    std::string value; // what the tier reads, "docker"
    std::string label; // what a form shows, "Docker"

    bool operator==(const SettingChoice&) const = default;
};

// One setting of a tier, described once so that every front end shows, checks and keeps it alike.
struct TierSetting {
    std::string key;   // "engine": its key in TierSettings, and where front ends keep it
    std::string label; // "&Engine", for a form; an & marks the letter a form may use as its shortcut
    SettingKind kind = SettingKind::Text;
    std::string defaultValue; // what the tier uses when it is not given: its own default or the environment's
    std::vector<SettingChoice> choices; // Choice: in the order a form lists them
    int minimum = 0;                    // Integer
    int maximum = 0;
    std::string minimumLabel; // Integer: shown instead of the minimum ("Off")
    std::string placeholder;  // shown in an empty field (a Secret's: where the tier looks when none is typed)
    std::string help;         // a sentence a form shows as the field's tooltip
    // The command-line option that sets it ("--engine"), empty for none. Tiers may share one (--warm-pool):
    // its value then goes to each.
    std::string option;
    bool commandLineOnly = false; // set by the option and the environment only, no form shows it

    bool operator==(const TierSetting&) const = default;
};

// A tier's settings as a front end gives them, key -> value. A key left out (or a Text left empty) means
// the tier's default, which the environment may set.
using TierSettings = std::map<std::string, std::string>;

// Who a tier is, once: what every front end shows of it, and the settings it takes.
struct TierInfo {
    std::string name;        // the registry name, "container"
    std::string label;       // a title, "Container"
    std::string description; // a sentence: what isolates the program
    bool control = false;    // no boundary at all: front ends label it as the control
    bool ownKernel = false;  // its programs meet a kernel of their own (a VM's), not the host's
    // Its programs' system calls are answered by a kernel in user space (gVisor's Sentry), which itself runs
    // on the host kernel: a kernel-surface probe meets the Sentry, while the host's limits still decide.
    bool userSpaceKernel = false;
    bool billed = false; // runs on someone else's machines, billed per run: never chosen unasked
    std::vector<TierSetting> settings;

    // nullptr when the tier has no setting `key`.
    const TierSetting* setting(std::string_view key) const;

    bool operator==(const TierInfo&) const = default;
};

// Empty when `value` is one `setting` accepts, else why not, completing "--engine must …" or a field's
// message: "must be auto, docker or podman", "must be a whole number from 0 to 16", "must be an absolute
// folder", "must not be empty" (a Text or Secret may be empty only when not given).
std::string settingProblem(const TierSetting& setting, const std::string& value);

// The values of `given` that `settings` describe and accept, so a tier parsing its settings keeps its
// default for anything else.
TierSettings acceptedSettings(const std::vector<TierSetting>& settings, const TierSettings& given);

// The value `settings` give for `key`, if any.
std::optional<std::string> settingValue(const TierSettings& settings, const std::string& key);

} // namespace sandbench
