#include "html_writer.h"

#include "utf8.h"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace sandbench {

namespace {

constexpr std::array kVoidElements = {"area",  "base", "br",   "col",    "embed", "hr", "img",
                                      "input", "link", "meta", "source", "track", "wbr"};

// Elements that end a line, so the page reads in a text editor; whitespace between them means nothing to
// a browser. Never <pre> content or inline elements, where it would show.
constexpr std::array kLineEnders = {
    "html", "head",    "body",    "meta", "title", "style", "header", "footer", "nav",  "section", "div",
    "h1",   "h2",      "h3",      "h4",   "p",     "table", "thead",  "tbody",  "tr",   "ul",      "dl",
    "dd",   "details", "summary", "pre",  "svg",   "line",  "rect",   "circle", "path", "text"};

bool isOneOf(std::string_view name, const auto& names) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

bool isName(std::string_view name) {
    const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    if (name.empty() || !letter(name.front()))
        return false;
    return std::all_of(name.begin(), name.end(), [&](char c) {
        return letter(c) || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == ':' || c == '-';
    });
}

void requireName(std::string_view name, const char* what) {
    if (!isName(name))
        throw std::logic_error(std::string("HtmlWriter: \"") + std::string(name) + "\" is not a valid " +
                               what + " name");
}

void appendEscaped(std::string& out, std::string_view text) {
    while (!text.empty()) {
        const Utf8Sequence sequence = decodeUtf8(text);
        const std::string_view bytes = text.substr(0, sequence.length);
        text.remove_prefix(sequence.length);
        if (!sequence.codePoint) {
            out += kReplacementCharacter;
            continue;
        }
        const char32_t c = *sequence.codePoint;
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        case '\t':
        case '\n':
        case '\r':
            out += bytes;
            break;
        default:
            if (c < 0x20 || c == 0x7F) {
                // U+2400 + c, or U+2421 for DEL: E2 90 80+c.
                out += "\xE2\x90";
                out += static_cast<char>(0x80 + (c == 0x7F ? 0x21 : c));
            } else if ((c >= 0x80 && c <= 0x9F) || (c & 0xFFFE) == 0xFFFE) {
                out += kReplacementCharacter;
            } else {
                out += bytes;
            }
        }
    }
}

} // namespace

std::string escapeHtml(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    appendEscaped(out, text);
    return out;
}

HtmlWriter& HtmlWriter::doctype() {
    if (!m_out.empty())
        throw std::logic_error("HtmlWriter: the doctype must come first");
    m_out += "<!DOCTYPE html>\n";
    return *this;
}

HtmlWriter& HtmlWriter::open(std::string_view name) {
    requireName(name, "element");
    if (m_open.empty() && m_rootWritten)
        throw std::logic_error("HtmlWriter: a second root element <" + std::string(name) + ">");
    beginContent(false);
    m_rootWritten = true;
    const bool foreign = name == "svg" || (!m_open.empty() && m_open.back().foreign);
    m_open.push_back({std::string(name), !foreign && isOneOf(name, kVoidElements), foreign});
    m_out += '<';
    m_out += name;
    m_startTagOpen = true;
    return *this;
}

HtmlWriter& HtmlWriter::attr(std::string_view name, std::string_view value) {
    requireName(name, "attribute");
    if (!m_startTagOpen)
        throw std::logic_error("HtmlWriter: attribute " + std::string(name) +
                               " comes after the content of its element, or outside any");
    if (isOneOf(name, m_pendingAttributes))
        throw std::logic_error("HtmlWriter: attribute " + std::string(name) + " given twice");
    m_pendingAttributes.emplace_back(name);
    m_out += ' ';
    m_out += name;
    m_out += "=\"";
    appendEscaped(m_out, value);
    m_out += '"';
    return *this;
}

HtmlWriter& HtmlWriter::text(std::string_view text) {
    beginContent(true);
    appendEscaped(m_out, text);
    return *this;
}

HtmlWriter& HtmlWriter::rawText(std::string_view text) {
    if (text.find_first_of("<&") != std::string_view::npos || !isValidUtf8(text))
        throw std::logic_error("HtmlWriter: raw text holds '<', '&' or bytes that are not UTF-8");
    beginContent(true);
    m_out += text;
    return *this;
}

HtmlWriter& HtmlWriter::close() {
    if (m_open.empty())
        throw std::logic_error("HtmlWriter: close() with no element open");
    const OpenElement element = std::move(m_open.back());
    m_open.pop_back();
    if (m_startTagOpen && (element.isVoid || element.foreign)) {
        m_out += "/>";
        m_startTagOpen = false;
        m_pendingAttributes.clear();
    } else {
        endStartTag();
        m_out += "</";
        m_out += element.name;
        m_out += '>';
    }
    if (isOneOf(element.name, kLineEnders))
        m_out += '\n';
    return *this;
}

HtmlWriter& HtmlWriter::close(std::string_view name) {
    if (m_open.empty() || m_open.back().name != name)
        throw std::logic_error("HtmlWriter: close(\"" + std::string(name) + "\") while " +
                               (m_open.empty() ? std::string("no element") : "<" + m_open.back().name + ">") +
                               " is the innermost open");
    return close();
}

HtmlWriter& HtmlWriter::element(std::string_view name, std::string_view text) {
    return open(name).text(text).close();
}

std::string HtmlWriter::finish() {
    if (!m_open.empty())
        throw std::logic_error("HtmlWriter: finish() with <" + m_open.back().name + "> and " +
                               std::to_string(m_open.size() - 1) + " more elements still open");
    return std::move(m_out);
}

void HtmlWriter::endStartTag() {
    if (!m_startTagOpen)
        return;
    m_out += '>';
    m_startTagOpen = false;
    m_pendingAttributes.clear();
}

void HtmlWriter::beginContent(bool isText) {
    if (m_open.empty()) {
        if (isText)
            throw std::logic_error("HtmlWriter: text outside any element");
        return; // the root element
    }
    if (m_open.back().isVoid)
        throw std::logic_error(std::string("HtmlWriter: ") + (isText ? "text" : "an element") +
                               " inside the void element <" + m_open.back().name + ">");
    endStartTag();
}

} // namespace sandbench
