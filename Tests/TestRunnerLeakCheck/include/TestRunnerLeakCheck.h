#ifndef TEST_RUNNER_LEAK_CHECK_H
#define TEST_RUNNER_LEAK_CHECK_H

/// LeakSanitizer's hook: nonzero turns its check at exit off for this process (the test runner).
int __lsan_is_turned_off(void);

#endif
