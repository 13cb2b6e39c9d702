#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace sandbench::cli {

// Columns padded to their widest cell (counted in characters, not bytes, so "—" lines up).
class TextTable {
public:
    explicit TextTable(std::vector<std::string> header);
    void addRow(std::vector<std::string> cells);
    // Columns listed here are right-aligned (numbers).
    void alignRight(std::size_t column);
    void print(std::ostream& out) const;

private:
    std::vector<std::vector<std::string>> m_rows;
    std::vector<bool> m_right;
};

} // namespace sandbench::cli
