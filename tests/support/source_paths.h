#pragma once

// Where the tests find the source tree and the built CLI. Only source_paths.cpp holds these paths: a path
// compiled into a test's own object would make ccache miss that object in every new clone (CI's), and
// rebuild every test from scratch there.
namespace test_support {

const char* sourceDir();          // the repository
const char* attacksSourceDir();   // attacks/, the hostile suite
const char* workloadsSourceDir(); // workloads/, the benchmark's programs
const char* tasksSourceDir();     // examples/tasks/, the agent tasks
const char* cliPath();            // the built sandbench-cli
const char* egressClientScript(); // tests/support/egress_client.py

} // namespace test_support
