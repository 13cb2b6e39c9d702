#include "source_paths.h"

namespace test_support {

const char* sourceDir() {
    return SANDBENCH_SOURCE_DIR;
}
const char* attacksSourceDir() {
    return SANDBENCH_SOURCE_ATTACKS_DIR;
}
const char* workloadsSourceDir() {
    return SANDBENCH_SOURCE_WORKLOADS_DIR;
}
const char* tasksSourceDir() {
    return SANDBENCH_SOURCE_TASKS_DIR;
}
const char* cliPath() {
    return SANDBENCH_CLI;
}
const char* egressClientScript() {
    return SANDBENCH_EGRESS_CLIENT;
}

} // namespace test_support
