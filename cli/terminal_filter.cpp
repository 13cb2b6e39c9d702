#include "terminal_filter.h"

namespace sandbench::cli {

namespace {

void escape(unsigned char byte, std::string& out) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += "\\x";
    out += kHex[byte >> 4];
    out += kHex[byte & 0xf];
}

// The length of the UTF-8 character a lead byte starts, or 0 when it starts none (a continuation byte,
// the overlong leads 0xc0 and 0xc1, or 0xf5 and above, past U+10FFFF).
int characterLength(unsigned char lead) {
    if (lead >= 0xc2 && lead <= 0xdf)
        return 2;
    if (lead >= 0xe0 && lead <= 0xef)
        return 3;
    if (lead >= 0xf0 && lead <= 0xf4)
        return 4;
    return 0;
}

// Whether `byte` may follow the held bytes: a continuation byte, with the second byte's range narrowed
// after the leads that would otherwise allow overlong forms, surrogates or code points past U+10FFFF.
bool continues(const unsigned char* held, int heldSize, unsigned char byte) {
    if ((byte & 0xc0) != 0x80)
        return false;
    if (heldSize != 1)
        return true;
    switch (held[0]) {
    case 0xe0:
        return byte >= 0xa0; // below: overlong
    case 0xed:
        return byte <= 0x9f; // above: UTF-16 surrogates
    case 0xf0:
        return byte >= 0x90; // below: overlong
    case 0xf4:
        return byte <= 0x8f; // above: past U+10FFFF
    default:
        return true;
    }
}

} // namespace

void TerminalFilter::escapeHeld(std::string& out) {
    for (int i = 0; i < m_heldSize; ++i)
        escape(m_held[i], out);
    m_heldSize = 0;
    m_needed = 0;
}

std::string TerminalFilter::filter(std::string_view bytes) {
    std::string out;
    out.reserve(bytes.size());
    for (const char c : bytes) {
        const auto byte = static_cast<unsigned char>(c);
        if (m_heldSize > 0) {
            if (continues(m_held, m_heldSize, byte)) {
                m_held[m_heldSize++] = byte;
                if (m_heldSize == m_needed) {
                    // U+0080 to U+009F, the C1 controls, are valid UTF-8 yet control a terminal too.
                    if (m_held[0] == 0xc2 && m_held[1] <= 0x9f) {
                        escapeHeld(out);
                    } else {
                        out.append(reinterpret_cast<const char*>(m_held),
                                   static_cast<std::size_t>(m_heldSize));
                        m_heldSize = 0;
                        m_needed = 0;
                    }
                }
                continue;
            }
            escapeHeld(out); // the character broke off: what came so far is invalid, this byte starts afresh
        }
        if (byte < 0x80) {
            if (byte == '\n' || byte == '\t' || (byte >= 0x20 && byte != 0x7f))
                out += static_cast<char>(byte);
            else
                escape(byte, out);
        } else if (const int length = characterLength(byte); length > 0) {
            m_held[0] = byte;
            m_heldSize = 1;
            m_needed = length;
        } else {
            escape(byte, out);
        }
    }
    return out;
}

std::string TerminalFilter::finish() {
    std::string out;
    escapeHeld(out);
    return out;
}

} // namespace sandbench::cli
