#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sandbench {

// Writes HTML5 that is also well-formed XML, so browsers read it as HTML and any XML parser can check it:
// every element is closed, void elements (br, meta) and empty SVG elements are self-closed, attribute
// values are double-quoted, and every text and attribute value goes through escapeHtml().
//
//     HtmlWriter w;
//     w.open("td").attr("data-tier", tier).text(verdict).close();
//
// Misuse is a programming error, and throws std::logic_error in every build rather than write a page that
// is not well-formed: closing with nothing open or under another name than the innermost open element, an
// attribute after the element's content or twice, content inside a void element, text outside the root
// element or a second root, a name that is not [A-Za-z][A-Za-z0-9_.:-]*, and finish() with an element
// still open.
class HtmlWriter {
public:
    // "<!DOCTYPE html>": only as the first thing written.
    HtmlWriter& doctype();
    HtmlWriter& open(std::string_view name);
    // An attribute of the element just opened, before any of its content.
    HtmlWriter& attr(std::string_view name, std::string_view value);
    HtmlWriter& text(std::string_view text);
    // Text written as it is, for a style sheet (a browser does not decode entities inside <style>): throws
    // when it holds '<' or '&', which could end the element or read as markup, or is not valid UTF-8.
    HtmlWriter& rawText(std::string_view text);
    // Closes the innermost open element; the second form checks that it is `name`.
    HtmlWriter& close();
    HtmlWriter& close(std::string_view name);
    // open(name), text(text), close().
    HtmlWriter& element(std::string_view name, std::string_view text);

    std::size_t depth() const { return m_open.size(); }
    // The page; throws when an element is still open.
    std::string finish();

private:
    struct OpenElement {
        std::string name;
        bool isVoid = false;
        bool foreign = false; // inside <svg>, where an empty element may self-close
    };

    void endStartTag();
    void beginContent(bool isText);

    std::string m_out;
    std::vector<OpenElement> m_open;
    std::vector<std::string> m_pendingAttributes; // of the start tag still open for attributes
    bool m_startTagOpen = false;
    bool m_rootWritten = false; // XML allows one root element
};

// `text` for use as element text or a double-quoted attribute value, always valid UTF-8 and XML 1.0:
// each ill-formed UTF-8 sequence becomes U+FFFD; C0 controls other than tab, newline and carriage return
// become their Control Pictures (NUL shows as U+2400, DEL as U+2421); what XML 1.0 forbids besides (C1
// controls, the noncharacters U+xFFFE and U+xFFFF) becomes U+FFFD; & < > " ' are escaped.
std::string escapeHtml(std::string_view text);

} // namespace sandbench
