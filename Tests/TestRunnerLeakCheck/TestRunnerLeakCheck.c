#include "TestRunnerLeakCheck.h"

// LeakSanitizer asks this hook at exit whether to look for leaks. The test runner answers no: what
// it leaks is XCTest's and Foundation's Process (corelibs keeps every launched Process, its pipes and
// environment in a reference cycle until exit), not ours. The `tactile` processes the tests start
// do not link this file, so under `scripts/sanitize address` every one of them is leak-checked.
int __lsan_is_turned_off(void) {
    return 1;
}
