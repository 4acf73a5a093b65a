// libFuzzer's driver, for the fuzz targets' own `main`.
#ifndef ICONFORGE_CFUZZDRIVER_H
#define ICONFORGE_CFUZZDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer (LLVMFuzzerRunDriver) over `test_one_input` with the command line.
int cfuzzdriver_run(int argc, char **argv, int (*test_one_input)(const uint8_t *data, size_t size));

#endif
