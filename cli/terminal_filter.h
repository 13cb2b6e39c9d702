#pragma once

#include <string>
#include <string_view>

namespace sandbench::cli {

// Makes untrusted bytes safe to show on a terminal: nothing in them can move the cursor, retitle the
// window, write the clipboard (OSC 52) or start any other escape sequence. Newline, tab and valid
// printable UTF-8 pass unchanged; every other byte is shown as \xHH (lowercase hex): C0 controls
// (\x1b for ESC, \x0d for a carriage return, which could overwrite the line it ends), DEL (\x7f), C1
// controls (U+0080 to U+009F: \xc2\x9b for CSI) and bytes that are not valid UTF-8 (overlong forms,
// surrogates, stray continuation bytes, above U+10FFFF). A backslash itself passes unchanged.
//
// Streaming: input comes in chunks cut anywhere, so a character split across chunks is held until its
// last byte arrives; finish() shows a character the input ended in the middle of, escaped.
class TerminalFilter {
public:
    // The terminal-safe form of the next chunk.
    std::string filter(std::string_view bytes);
    // The held bytes of an incomplete character, escaped; the filter is then ready for a new stream.
    std::string finish();
    bool holding() const { return m_heldSize > 0; }

private:
    void escapeHeld(std::string& out);

    unsigned char m_held[4] = {};
    int m_heldSize = 0;
    int m_needed = 0; // the length of the character m_held starts
};

} // namespace sandbench::cli
