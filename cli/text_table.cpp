#include "text_table.h"

#include <algorithm>

namespace sandbench::cli {

namespace {

std::size_t displayWidth(const std::string& text) {
    // UTF-8 continuation bytes (10xxxxxx) do not start a character.
    return static_cast<std::size_t>(std::count_if(
        text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

} // namespace

TextTable::TextTable(std::vector<std::string> header)
    : m_right(header.size(), false) {
    m_rows.push_back(std::move(header));
}

void TextTable::addRow(std::vector<std::string> cells) {
    cells.resize(m_rows.front().size());
    m_rows.push_back(std::move(cells));
}

void TextTable::alignRight(std::size_t column) {
    if (column < m_right.size())
        m_right[column] = true;
}

void TextTable::print(std::ostream& out) const {
    std::vector<std::size_t> widths(m_rows.front().size(), 0);
    for (const auto& row : m_rows) {
        for (std::size_t column = 0; column < row.size(); ++column)
            widths[column] = std::max(widths[column], displayWidth(row[column]));
    }
    for (const auto& row : m_rows) {
        std::string line;
        for (std::size_t column = 0; column < row.size(); ++column) {
            const std::string padding(widths[column] - displayWidth(row[column]), ' ');
            const bool last = column + 1 == row.size();
            if (column > 0)
                line += "  ";
            if (m_right[column])
                line += padding + row[column];
            else
                line += row[column] + (last ? std::string() : padding);
        }
        out << line << '\n';
    }
}

} // namespace sandbench::cli
