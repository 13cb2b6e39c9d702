#pragma once

#include <string>
#include <vector>

namespace sandbench::agent {

// A bundled agent task (examples/tasks/NAME): what the model is asked and the data it works on. The folder
// holds task.md (a "# title" line, then the request) and the data files, each given to the program
// read-only at /data/<file name> through the policy's inputs.
struct AgentTask {
    std::string name;                // the folder's name
    std::string title;               // task.md's "# " line
    std::string prompt;              // the rest of task.md, what the model gets
    std::vector<std::string> inputs; // absolute paths of the data files, sorted
};

// Reads the task in `folder`; throws std::runtime_error naming what is wrong (no task.md, no title, an
// empty request, a data entry that is not a regular file).
AgentTask loadAgentTask(const std::string& folder);

// The bundled tasks' folder: examples/tasks of the source tree while it exists, else the installed copy.
std::string bundledTasksFolder();

// Every task folder under `root` (those with a task.md), sorted by name; those that do not load are left
// out. Empty when `root` does not exist.
std::vector<AgentTask> agentTasksIn(const std::string& root);

} // namespace sandbench::agent
