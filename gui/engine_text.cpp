#include "engine_text.h"

#include "core/engine_phrases.h"

#include <QCoreApplication>
#include <QLocale>

using namespace sandbench;

namespace {

// The context lupdate files this file's own texts under.
class EngineText {
    Q_DECLARE_TR_FUNCTIONS(EngineText)
};

// A value that is a phrase of its own is translated too; depth bounds a sentence made of sentences.
QString translated(const std::string& english, int depth) {
    const auto match = depth < 6 ? matchPhrase(english) : std::nullopt;
    if (!match)
        return QString::fromStdString(english);
    // engineForms() are string literals: their data() ends in a NUL, as translate() needs.
    const QString form = QCoreApplication::translate("Engine", match->form.data());
    std::vector<std::string> values;
    for (const std::string& value : match->values)
        values.push_back(translated(value, depth + 1).toStdString());
    return QString::fromStdString(fillForm(form.toStdString(), values));
}

QString seconds(double value) {
    return QLocale().toString(value, 'f', 2);
}

} // namespace

QString engineText(const std::string& english) {
    return translated(english, 0);
}

QString attackName(const std::string& name) {
    return QCoreApplication::translate("Attack", name.c_str());
}

QString attackName(const QString& name) {
    return attackName(name.toStdString());
}

QString stopReasonText(StopReason reason) {
    switch (reason) {
    case StopReason::None:
        return EngineText::tr("none");
    case StopReason::Timeout:
        return EngineText::tr("timeout");
    case StopReason::CpuLimit:
        return EngineText::tr("CPU limit");
    case StopReason::MemoryLimit:
        return EngineText::tr("memory limit");
    case StopReason::ProcessLimit:
        return EngineText::tr("process limit");
    case StopReason::FileSizeLimit:
        return EngineText::tr("file size limit");
    case StopReason::DiskLimit:
        return EngineText::tr("disk limit");
    case StopReason::OutputCap:
        return EngineText::tr("output cap");
    case StopReason::Seccomp:
        return EngineText::tr("seccomp");
    case StopReason::NoNetwork:
        return EngineText::tr("no network");
    case StopReason::FilesystemHidden:
        return EngineText::tr("file hidden");
    case StopReason::ReadOnlyFilesystem:
        return EngineText::tr("read-only filesystem");
    case StopReason::SetupFailure:
        return EngineText::tr("setup failed");
    case StopReason::Cancelled:
        return EngineText::tr("cancelled");
    }
    return QString::fromUtf8(toString(reason));
}

QString resultSummary(const RunResult& result) {
    const QString wall = seconds(result.wallSeconds);
    QString line;
    if (result.exitCode)
        line = EngineText::tr("exit %1 in %2 s").arg(*result.exitCode).arg(wall);
    else if (result.termSignal)
        line = EngineText::tr("killed by %1 in %2 s")
                   .arg(QString::fromStdString(signalName(*result.termSignal)), wall);
    else if (result.stoppedBy == StopReason::None && !result.evidence.empty())
        line = EngineText::tr("no exit status in %1 s")
                   .arg(wall); // it ran, but the tier lost track of how it ended
    else
        line = EngineText::tr("did not run in %1 s").arg(wall);
    const QString evidence = engineText(result.evidence);
    if (result.stoppedBy != StopReason::None) {
        const QString reason = stopReasonText(result.stoppedBy);
        // "cancelled: cancelled by the user" says it twice: the evidence alone says it once.
        if (evidence.isEmpty())
            line += EngineText::tr(" — %1").arg(reason);
        else if (evidence.startsWith(reason, Qt::CaseInsensitive))
            line += EngineText::tr(" — %1").arg(evidence);
        else
            line += EngineText::tr(" — %1: %2").arg(reason, evidence);
    } else if (!result.exitCode && !result.termSignal && !evidence.isEmpty()) {
        line += EngineText::tr(" — %1").arg(evidence);
    }
    return line;
}

QString policySummary(const Policy& policy) {
    const QLocale locale;
    // One text for one and one for more: English has no translation file to pick a plural form from.
    const QString cpus = policy.cpus == 1.0 ? EngineText::tr("1 CPU")
                                            : EngineText::tr("%1 CPUs").arg(locale.toString(policy.cpus));
    const QString processes = policy.processes == 1 ? EngineText::tr("1 process")
                                                    : EngineText::tr("%1 processes").arg(policy.processes);
    QString summary = EngineText::tr("timeout %1 s, memory %2 MB, %3, %4, files %5 MB, network %6")
                          .arg(locale.toString(policy.timeoutSeconds), QString::number(policy.memoryMb),
                               processes, cpus, QString::number(policy.fileSizeMb),
                               policy.network ? EngineText::tr("on") : EngineText::tr("off"));
    if (!policy.inputs.empty())
        summary += policy.inputs.size() == 1
                       ? EngineText::tr(", 1 input at /data")
                       : EngineText::tr(", %1 inputs at /data").arg(policy.inputs.size());
    return summary;
}
