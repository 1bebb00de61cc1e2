#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for programs that have their own `main` (compiler-rt,
/// FuzzerInterface.h): parses libFuzzer's flags from argc/argv and runs `callback` on each input.
/// Linked from the toolchain's libFuzzer by `-sanitize=fuzzer`.
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));

#endif
