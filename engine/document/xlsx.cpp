// The bill of materials and the cabling plan as Excel workbooks (libxlsxwriter): the same rows
// as the CSV files, numbers as numbers, a bold frozen header with a filter, and a sheet that
// states every assumption.

#include "engine/document/documents.h"
#include "engine/document/hardware.h"

#include <xlsxwriter.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <unistd.h>

namespace topoplan {

namespace {

// The fields of one CSV line as csvField() writes them.
std::vector<std::string> csvFields(const std::string &line)
{
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char ch = line[i];
        if (quoted) {
            if (ch == '"' && i + 1 < line.size() && line[i + 1] == '"')
                fields.back() += line[++i];
            else if (ch == '"')
                quoted = false;
            else
                fields.back() += ch;
        } else if (ch == '"') {
            quoted = true;
        } else if (ch == ',') {
            fields.emplace_back();
        } else {
            fields.back() += ch;
        }
    }
    return fields;
}

bool isInteger(const std::string &s)
{
    if (s.empty() || s.size() > 15)
        return false;
    const std::size_t start = s[0] == '-' ? 1 : 0;
    return start < s.size() && std::all_of(s.begin() + long(start), s.end(), [](char ch) {
               return ch >= '0' && ch <= '9';
           });
}

class Workbook
{
public:
    explicit Workbook(const std::string &path)
    {
        lxw_workbook_options options = {};
        options.constant_memory = LXW_TRUE; // rows are written in order: large plans stay small
        m_book = workbook_new_opt(path.c_str(), &options);
        if (m_book) {
            m_bold = workbook_add_format(m_book);
            format_set_bold(m_bold);
        }
    }
    ~Workbook()
    {
        if (m_book)
            workbook_close(m_book);
    }
    bool ok() const { return m_book != nullptr; }

    // A sheet of CSV rows: the first is the header; columns as wide as their longest text.
    void addTable(const char *name, const std::vector<std::vector<std::string>> &rows)
    {
        lxw_worksheet *ws = workbook_add_worksheet(m_book, name);
        std::size_t columns = 0;
        for (const auto &r : rows)
            columns = std::max(columns, r.size());
        std::vector<std::size_t> width(columns, 6);
        for (const auto &r : rows)
            for (std::size_t col = 0; col < r.size(); ++col)
                width[col] = std::max(width[col], std::min<std::size_t>(r[col].size(), 60));
        for (std::size_t col = 0; col < columns; ++col)
            worksheet_set_column(ws, lxw_col_t(col), lxw_col_t(col), double(width[col] + 2),
                                 nullptr);
        worksheet_freeze_panes(ws, 1, 0);
        if (!rows.empty() && columns > 0)
            worksheet_autofilter(ws, 0, 0, lxw_row_t(rows.size() - 1), lxw_col_t(columns - 1));
        for (std::size_t row = 0; row < rows.size(); ++row)
            for (std::size_t col = 0; col < rows[row].size(); ++col) {
                const std::string &v = rows[row][col];
                if (row > 0 && isInteger(v))
                    worksheet_write_number(ws, lxw_row_t(row), lxw_col_t(col), std::stod(v),
                                           nullptr);
                else
                    worksheet_write_string(ws, lxw_row_t(row), lxw_col_t(col), v.c_str(),
                                           row == 0 ? m_bold : nullptr);
            }
    }
    void addLines(const char *name, const char *header, const std::vector<std::string> &lines)
    {
        lxw_worksheet *ws = workbook_add_worksheet(m_book, name);
        worksheet_set_column(ws, 0, 0, 120, nullptr);
        worksheet_write_string(ws, 0, 0, header, m_bold);
        for (std::size_t i = 0; i < lines.size(); ++i)
            worksheet_write_string(ws, lxw_row_t(i + 1), 0, lines[i].c_str(), nullptr);
    }
    lxw_error close()
    {
        const lxw_error e = workbook_close(m_book);
        m_book = nullptr;
        return e;
    }

private:
    lxw_workbook *m_book = nullptr;
    lxw_format *m_bold = nullptr;
};

// Writes the workbook to a private temporary file and returns its bytes.
template<class Fill>
Expected<std::string> workbookBytes(const Fill &fill)
{
    std::error_code ec;
    std::string path = (std::filesystem::temp_directory_path(ec) / "topoplan-XXXXXX").string();
    const int fd = mkstemp(path.data());
    if (fd < 0)
        return Error{path, "", "cannot create a temporary file for the workbook"};
    ::close(fd);
    std::string bytes;
    {
        Workbook book(path);
        if (!book.ok()) {
            std::filesystem::remove(path, ec);
            return Error{path, "", "cannot start the workbook"};
        }
        fill(book);
        if (const lxw_error e = book.close(); e != LXW_NO_ERROR) {
            std::filesystem::remove(path, ec);
            return Error{path, "", std::string("cannot write the workbook: ") + lxw_strerror(e)};
        }
        std::ifstream in(path, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    std::filesystem::remove(path, ec);
    return bytes;
}

// Splits CSV text into '#' comment lines (without "# ") and the rows of the table.
void splitCsv(const std::string &csv, std::vector<std::string> *comments,
              std::vector<std::vector<std::string>> *rows)
{
    std::size_t start = 0;
    while (start < csv.size()) {
        std::size_t end = csv.find('\n', start);
        if (end == std::string::npos)
            end = csv.size();
        const std::string line = csv.substr(start, end - start);
        start = end + 1;
        if (line.empty())
            continue;
        if (line[0] == '#')
            comments->push_back(line.substr(std::min<std::size_t>(line.size(), 2)));
        else
            rows->push_back(csvFields(line));
    }
}

} // namespace

Expected<std::string> bomXlsx(const Project &p, const Catalog &c)
{
    Expected<std::string> csv = bomCsv(p, c);
    if (!csv)
        return csv.error();
    std::vector<std::string> comments;
    std::vector<std::vector<std::string>> rows;
    splitCsv(*csv, &comments, &rows);
    return workbookBytes([&](Workbook &book) {
        book.addTable("Bill of materials", rows);
        book.addLines("Assumptions", "Bill of materials: design and assumptions", comments);
    });
}

Expected<std::string> cablingXlsx(const Project &p, const Catalog &c)
{
    Expected<std::string> csv = cablingCsv(p, c, true);
    if (!csv)
        return csv.error();
    std::vector<std::string> comments;
    std::vector<std::vector<std::string>> rows;
    splitCsv(*csv, &comments, &rows);
    std::vector<std::string> assumptions{
            "Design: " + (p.name.empty() ? std::string("(unnamed)") : p.name),
            "Written by TopoPlan from the design; one row per cable, A = the end nearer the "
            "hosts."};
    Expected<std::vector<std::string>> physical = designAssumptions(p, c);
    if (!physical)
        return physical.error();
    for (const std::string &a : *physical)
        assumptions.push_back(a);
    return workbookBytes([&](Workbook &book) {
        book.addTable("Cabling plan", rows);
        book.addLines("Assumptions", "Cabling plan: design and assumptions", assumptions);
    });
}

Expected<std::string> cvtP2pXlsx(const Project &p, const Catalog &c)
{
    Expected<std::string> csv = cvtP2pCsv(p, c);
    if (!csv)
        return csv.error();
    std::vector<std::string> comments;
    std::vector<std::vector<std::string>> rows;
    splitCsv(*csv, &comments, &rows);
    // CVT reads every sheet as links: the P2P file has this one only.
    return workbookBytes([&](Workbook &book) { book.addTable("P2P", rows); });
}

} // namespace topoplan
