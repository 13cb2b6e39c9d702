#include "lab_run_file.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QSaveFile>
#include <algorithm>
#include <climits>
#include <cstdio>

using namespace sandbench;

namespace labrun {

namespace {

// lupdate files these messages under the contexts "labrun" and "labrun::Reader" (a namespace and a class
// without Q_OBJECT), so they are looked up under the same names.
QString tr(const char* text) {
    return QCoreApplication::translate("labrun", text);
}

QJsonValue optionalNumber(const std::optional<int>& value) {
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QByteArray csvField(const QString& text) {
    QByteArray bytes = text.toUtf8();
    if (!bytes.contains(',') && !bytes.contains('"') && !bytes.contains('\r') && !bytes.contains('\n'))
        return bytes;
    bytes.replace("\"", "\"\"");
    return '"' + bytes + '"';
}

QString fromStd(const std::string& text) {
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

std::optional<Verdict> verdictNamed(const QString& name) {
    for (Verdict verdict : {Verdict::Blocked, Verdict::Allowed, Verdict::Error}) {
        if (name == QLatin1String(toString(verdict).data(), static_cast<qsizetype>(toString(verdict).size())))
            return verdict;
    }
    return std::nullopt;
}

std::optional<StopReason> stopReasonNamed(const QString& name) {
    for (int i = 0; i <= static_cast<int>(StopReason::Cancelled); ++i) {
        const auto reason = static_cast<StopReason>(i);
        const std::string_view text = toString(reason);
        if (name == QLatin1String(text.data(), static_cast<qsizetype>(text.size())))
            return reason;
    }
    return std::nullopt;
}

// Reads the keys of one object, remembering the first problem; every getter returns a default after one.
class Reader {
public:
    static QString tr(const char* text) { return QCoreApplication::translate("labrun::Reader", text); }

    Reader(const QJsonObject& object, QString where, QString* error)
        : m_object(object)
        , m_where(std::move(where))
        , m_error(error) {}

    bool ok() const { return m_ok; }

    QJsonValue value(const char* key) {
        if (!m_ok)
            return {};
        const auto it = m_object.constFind(QLatin1String(key));
        if (it == m_object.constEnd()) {
            fail(tr("%1: the key \"%2\" is missing").arg(m_where, QLatin1String(key)));
            return {};
        }
        return *it;
    }
    std::string string(const char* key) {
        const QJsonValue v = value(key);
        if (m_ok && !v.isString())
            fail(tr("%1: \"%2\" must be a string").arg(m_where, QLatin1String(key)));
        return m_ok ? v.toString().toStdString() : std::string();
    }
    bool boolean(const char* key) {
        const QJsonValue v = value(key);
        if (m_ok && !v.isBool())
            fail(tr("%1: \"%2\" must be true or false").arg(m_where, QLatin1String(key)));
        return m_ok && v.toBool();
    }
    double number(const char* key) {
        const QJsonValue v = value(key);
        if (m_ok && (!v.isDouble() || v.toDouble() < 0))
            fail(tr("%1: \"%2\" must be a number, not negative").arg(m_where, QLatin1String(key)));
        return m_ok ? v.toDouble() : 0.0;
    }
    std::optional<qint64> integerOrNull(const char* key) {
        const QJsonValue v = value(key);
        if (!m_ok || v.isNull())
            return std::nullopt;
        const double d = v.toDouble();
        if (!v.isDouble() || d != static_cast<double>(static_cast<qint64>(d))) {
            fail(tr("%1: \"%2\" must be a whole number or null").arg(m_where, QLatin1String(key)));
            return std::nullopt;
        }
        return v.toInteger();
    }
    std::optional<int> intOrNull(const char* key) {
        const auto v = integerOrNull(key);
        if (v && (*v < INT_MIN || *v > INT_MAX)) {
            fail(tr("%1: \"%2\" is out of range").arg(m_where, QLatin1String(key)));
            return std::nullopt;
        }
        return v ? std::optional<int>(static_cast<int>(*v)) : std::nullopt;
    }
    StopReason stopReason(const char* key) {
        const std::string name = string(key);
        if (!m_ok)
            return StopReason::None;
        const auto reason = stopReasonNamed(fromStd(name));
        if (!reason)
            fail(tr("%1: \"%2\" is \"%3\", not a known stop reason")
                     .arg(m_where, QLatin1String(key), fromStd(name)));
        return reason.value_or(StopReason::None);
    }
    // The keys added with issue 7 (layer, expected, leftovers…): a file written before them has none, and
    // reads as the engine's defaults. When present they must have the right type.
    bool has(const char* key) const { return m_ok && m_object.contains(QLatin1String(key)); }
    std::string optionalString(const char* key) { return has(key) ? string(key) : std::string(); }
    bool optionalBoolean(const char* key) { return has(key) && boolean(key); }
    std::vector<std::string> optionalStrings(const char* key) {
        std::vector<std::string> list;
        if (!has(key))
            return list;
        const QJsonValue v = value(key);
        const QJsonArray array = v.toArray();
        const bool allStrings = v.isArray() && std::all_of(array.begin(), array.end(),
                                                           [](const QJsonValue& e) { return e.isString(); });
        if (!allStrings) {
            fail(tr("%1: \"%2\" must be an array of strings").arg(m_where, QLatin1String(key)));
            return list;
        }
        for (const QJsonValue& entry : array)
            list.push_back(entry.toString().toStdString());
        return list;
    }
    QJsonObject object(const char* key) {
        const QJsonValue v = value(key);
        if (m_ok && !v.isObject())
            fail(tr("%1: \"%2\" must be an object").arg(m_where, QLatin1String(key)));
        return v.toObject();
    }
    void fail(const QString& message) {
        if (!m_ok)
            return;
        m_ok = false;
        if (m_error)
            *m_error = message;
    }

private:
    QJsonObject m_object;
    QString m_where;
    QString* m_error;
    bool m_ok = true;
};

} // namespace

QByteArray toJson(const std::vector<AttackOutcome>& outcomes) {
    QJsonArray list;
    for (const AttackOutcome& outcome : outcomes) {
        const RunResult& result = outcome.result;
        // RunResult::toJson is the one writer of `result`, as in the CLI's output.
        const QJsonObject resultObject =
            QJsonDocument::fromJson(QByteArray::fromStdString(result.toJson())).object();
        QJsonArray leftovers;
        for (const std::string& leftover : outcome.leftovers)
            leftovers.append(fromStd(leftover));
        QJsonObject object{
            {QStringLiteral("attack"), fromStd(outcome.attack)},
            {QStringLiteral("file"), fromStd(outcome.fileName)},
            {QStringLiteral("category"), fromStd(outcome.category)},
            {QStringLiteral("backend"), fromStd(outcome.backend)},
            {QStringLiteral("control"), outcome.control},
            {QStringLiteral("verdict"), fromStd(std::string(toString(outcome.verdict)))},
            {QStringLiteral("evidence"), fromStd(outcome.evidence)},
            {QStringLiteral("layer"), fromStd(outcome.layer)},
            {QStringLiteral("layer_detail"), fromStd(outcome.layerDetail)},
            {QStringLiteral("layer_inferred"), outcome.layerInferred},
            {QStringLiteral("expected"), outcome.expected},
            {QStringLiteral("needs_root"), outcome.needsRoot},
            {QStringLiteral("unmet_needs"), fromStd(outcome.unmetNeeds)},
            {QStringLiteral("leftovers"), leftovers},
            {QStringLiteral("seconds"), outcome.seconds},
            {QStringLiteral("stopped_by"), fromStd(std::string(toString(result.stoppedBy)))},
            {QStringLiteral("exit_code"), optionalNumber(result.exitCode)},
            {QStringLiteral("signal"), optionalNumber(result.termSignal)},
            {QStringLiteral("result"), resultObject},
        };
        list.append(object);
    }
    return QJsonDocument(list).toJson(QJsonDocument::Indented);
}

QByteArray toCsv(const std::vector<AttackOutcome>& outcomes) {
    QByteArray text = "attack,category,backend,control,verdict,seconds,evidence\n";
    for (const AttackOutcome& o : outcomes) {
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%.1f", o.seconds);
        text += csvField(fromStd(o.attack)) + ',' + csvField(fromStd(o.category)) + ',' +
                csvField(fromStd(o.backend)) + ',' + (o.control ? "true" : "false") + ',' +
                QByteArray(toString(o.verdict).data(), static_cast<qsizetype>(toString(o.verdict).size())) +
                ',' + seconds + ',' + csvField(fromStd(o.evidence)) + '\n';
    }
    return text;
}

std::optional<std::vector<AttackOutcome>> fromJson(const QByteArray& json, QString* error) {
    auto failed = [error](const QString& message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return failed(
            tr("Not valid JSON at byte %1: %2").arg(parseError.offset).arg(parseError.errorString()));
    if (!document.isArray())
        return failed(tr("Not a lab run: expected an array of outcomes, as `sandbench-cli attacks --json` "
                         "writes"));
    const QJsonArray list = document.array();
    if (list.isEmpty())
        return failed(tr("The lab run holds no outcomes"));
    std::vector<AttackOutcome> outcomes;
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString where = tr("outcome %1").arg(i + 1);
        if (!list.at(i).isObject())
            return failed(tr("%1: must be an object").arg(where));
        Reader top(list.at(i).toObject(), where, error);
        AttackOutcome outcome;
        outcome.attack = top.string("attack");
        outcome.fileName = top.string("file");
        outcome.category = top.string("category");
        outcome.backend = top.string("backend");
        outcome.control = top.boolean("control");
        const std::string verdict = top.string("verdict");
        if (top.ok()) {
            if (const auto known = verdictNamed(fromStd(verdict)))
                outcome.verdict = *known;
            else
                top.fail(tr("%1: \"verdict\" is \"%2\", not BLOCKED, ALLOWED or ERROR")
                             .arg(where, fromStd(verdict)));
        }
        outcome.evidence = top.string("evidence");
        outcome.layer = top.optionalString("layer");
        outcome.layerDetail = top.optionalString("layer_detail");
        outcome.layerInferred = top.optionalBoolean("layer_inferred");
        // Before the key, as now, the control was expected to let every attack through.
        outcome.expected = top.has("expected") ? top.boolean("expected") : outcome.control;
        outcome.needsRoot = top.optionalBoolean("needs_root");
        outcome.unmetNeeds = top.optionalString("unmet_needs");
        outcome.leftovers = top.optionalStrings("leftovers");
        outcome.seconds = top.number("seconds");
        top.stopReason("stopped_by");
        top.intOrNull("exit_code");
        top.intOrNull("signal");
        const QJsonObject resultObject = top.object("result");
        if (!top.ok())
            return std::nullopt;
        if (outcome.attack.empty())
            return failed(tr("%1: \"attack\" is empty").arg(where));
        if (outcome.backend.empty())
            return failed(tr("%1: \"backend\" is empty").arg(where));

        Reader in(resultObject, tr("outcome %1, result").arg(i + 1), error);
        RunResult& result = outcome.result;
        result.backend = in.string("backend");
        result.stdoutBytes = in.string("stdout");
        result.stderrBytes = in.string("stderr");
        result.stdoutTruncated = in.boolean("stdout_truncated");
        result.stderrTruncated = in.boolean("stderr_truncated");
        result.exitCode = in.intOrNull("exit_code");
        result.termSignal = in.intOrNull("signal");
        result.timedOut = in.boolean("timed_out");
        result.wallSeconds = in.number("wall_seconds");
        result.cpuSeconds = in.number("cpu_seconds");
        result.peakMemoryKb = in.integerOrNull("peak_memory_kb");
        result.stoppedBy = in.stopReason("stopped_by");
        result.evidence = in.string("evidence");
        if (!in.ok())
            return std::nullopt;
        outcomes.push_back(std::move(outcome));
    }
    return outcomes;
}

bool writeFile(const QString& path, const QByteArray& data, QString* error) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit()) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace labrun
