#include "agent_task.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace sandbench::agent {

namespace fs = std::filesystem;

namespace {

constexpr const char* kTaskFile = "task.md";
constexpr std::uintmax_t kLargestTaskFile = 64 * 1024;

std::string trimmed(std::string text) {
    const auto blank = [](unsigned char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!text.empty() && blank(static_cast<unsigned char>(text.back())))
        text.pop_back();
    std::size_t start = 0;
    while (start < text.size() && blank(static_cast<unsigned char>(text[start])))
        ++start;
    return text.substr(start);
}

} // namespace

AgentTask loadAgentTask(const std::string& folder) {
    std::error_code error;
    const fs::path root = fs::absolute(folder, error);
    if (error || !fs::is_directory(root, error))
        throw std::runtime_error("the task " + folder + " is not a folder");
    const fs::path taskFile = root / kTaskFile;
    if (!fs::is_regular_file(taskFile, error) || fs::file_size(taskFile, error) > kLargestTaskFile)
        throw std::runtime_error("the task " + folder + " has no " + kTaskFile + " (of at most 64 KB)");
    std::ifstream in(taskFile, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    const std::string content = text.str();

    AgentTask task;
    task.name = root.filename().string();
    const std::size_t lineEnd = content.find('\n');
    const std::string firstLine = content.substr(0, lineEnd);
    if (!firstLine.starts_with("# ") || trimmed(firstLine.substr(2)).empty())
        throw std::runtime_error(taskFile.string() + " must start with a \"# title\" line");
    task.title = trimmed(firstLine.substr(2));
    task.prompt = lineEnd == std::string::npos ? std::string() : trimmed(content.substr(lineEnd + 1));
    if (task.prompt.empty())
        throw std::runtime_error(taskFile.string() + " says nothing after its title");

    for (const fs::directory_entry& entry : fs::directory_iterator(root, error)) {
        const std::string name = entry.path().filename().string();
        if (name == kTaskFile || name.starts_with("."))
            continue;
        // symlink_status: a link in a task folder is not followed to somewhere else on the host.
        if (!fs::is_regular_file(entry.symlink_status(error)))
            throw std::runtime_error("the task's data " + entry.path().string() + " is not a regular file");
        task.inputs.push_back(entry.path().string());
    }
    if (error)
        throw std::runtime_error("cannot list the task " + folder + ": " + error.message());
    std::sort(task.inputs.begin(), task.inputs.end());
    return task;
}

std::string bundledTasksFolder() {
    std::error_code error;
    return fs::is_directory(SANDBENCH_SOURCE_TASKS_DIR, error) ? SANDBENCH_SOURCE_TASKS_DIR
                                                               : SANDBENCH_INSTALLED_TASKS_DIR;
}

std::vector<AgentTask> agentTasksIn(const std::string& root) {
    std::vector<AgentTask> tasks;
    std::error_code error;
    for (const fs::directory_entry& entry : fs::directory_iterator(root, error)) {
        if (!entry.is_directory(error) || !fs::exists(entry.path() / kTaskFile, error))
            continue;
        try {
            tasks.push_back(loadAgentTask(entry.path().string()));
        } catch (const std::runtime_error&) {
            // a broken task folder is not offered; `agent --task` on it says why
        }
    }
    std::sort(tasks.begin(), tasks.end(),
              [](const AgentTask& a, const AgentTask& b) { return a.name < b.name; });
    return tasks;
}

} // namespace sandbench::agent
