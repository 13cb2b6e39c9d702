#include "lab_run_file.h"

#include <QCoreApplication>
#include <QSaveFile>

using namespace sandbench;

namespace labrun {

namespace {

QString fromStd(const std::string& text) {
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

// Outside an outcome the place is a part of the document ("machine", "tier 2"), named as core names it.
QString where(const JsonPlace& place) {
    if (place.outcome > 0 && place.part.empty())
        return QCoreApplication::translate("labrun", "outcome %1").arg(place.outcome);
    if (place.outcome > 0 && place.part == "result")
        return QCoreApplication::translate("labrun", "outcome %1, result").arg(place.outcome);
    return fromStd(place.describe());
}

} // namespace

// The contexts "labrun" and "labrun::Reader" are those of the messages' translations since they were
// first written; QCoreApplication::translate with a literal context keeps lupdate filing them there.
QString describe(const JsonFormatError& error) {
    using P = JsonFormatError::Problem;
    const QString at = where(error.place());
    const QString key = fromStd(error.key());
    const QString value = fromStd(error.value());
    switch (error.problem()) {
    case P::NotJson:
        return QCoreApplication::translate("labrun", "Not valid JSON at byte %1: %2")
            .arg(error.byte())
            .arg(fromStd(error.detail()));
    case P::NotThisDocument:
        return QCoreApplication::translate("labrun",
                                           "Not a lab run: expected an array of outcomes, as `sandbench-cli "
                                           "attacks --json` writes, or a lab-run document, as the workbench "
                                           "exports");
    case P::NoOutcomes:
        return QCoreApplication::translate("labrun", "The lab run holds no outcomes");
    case P::NotAnObject:
        if (key.isEmpty())
            return QCoreApplication::translate("labrun", "%1: must be an object").arg(at);
        return QCoreApplication::translate("labrun::Reader", "%1: \"%2\" must be an object").arg(at, key);
    case P::UnknownVerdict:
        return QCoreApplication::translate("labrun",
                                           "%1: \"verdict\" is \"%2\", not BLOCKED, ALLOWED or ERROR")
            .arg(at, value);
    case P::EmptyText:
        return QCoreApplication::translate("labrun::Reader", "%1: \"%2\" is empty").arg(at, key);
    case P::MissingKey:
        return QCoreApplication::translate("labrun::Reader", "%1: the key \"%2\" is missing").arg(at, key);
    case P::NotAString:
        return QCoreApplication::translate("labrun::Reader", "%1: \"%2\" must be a string").arg(at, key);
    case P::NotABoolean:
        return QCoreApplication::translate("labrun::Reader", "%1: \"%2\" must be true or false").arg(at, key);
    case P::NotANumber:
        return QCoreApplication::translate("labrun::Reader", "%1: \"%2\" must be a number, not negative")
            .arg(at, key);
    case P::NotAWholeNumber:
        return QCoreApplication::translate("labrun::Reader", "%1: \"%2\" must be a whole number or null")
            .arg(at, key);
    case P::OutOfRange:
        return QCoreApplication::translate("labrun::Reader", "%1: \"%2\" is out of range").arg(at, key);
    case P::NotAStringArray:
        return QCoreApplication::translate("labrun::Reader", "%1: \"%2\" must be an array of strings")
            .arg(at, key);
    case P::UnknownStopReason:
        return QCoreApplication::translate("labrun::Reader", "%1: \"%2\" is \"%3\", not a known stop reason")
            .arg(at, key, value);
    case P::NewerVersion:
        return QCoreApplication::translate("labrun",
                                           "%1: written by a newer Sandbench (format version %2); update "
                                           "Sandbench to open it")
            .arg(at, value);
    case P::NotAnInteger:
    case P::NotAnArray:
    case P::UnknownName:
    case P::BadPolicy:
        break;
    }
    // Only a document edited by hand gets here: the English sentence, which names the key and the place.
    return fromStd(error.what());
}

std::optional<LabRunFile> fromJson(const QByteArray& json, QString* error) {
    try {
        return parseLabRunFile(std::string_view(json.constData(), static_cast<std::size_t>(json.size())));
    } catch (const JsonFormatError& problem) {
        if (error)
            *error = describe(problem);
        return std::nullopt;
    }
}

bool writeFile(const QString& path, const QByteArray& data, QString* error) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit()) {
        if (error)
            *error =
                QCoreApplication::translate("labrun", "Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace labrun
