// SwiftPM links a debug executable with its `main` renamed to MODULE_main (so that tests can
// import it), which leaves libFuzzer's own `main` out; each target's MODULE_main calls this.
#include "CFuzzDriver.h"

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

int cfuzzdriver_run(int argc, char **argv, int (*test_one_input)(const uint8_t *data, size_t size)) {
    return LLVMFuzzerRunDriver(&argc, &argv, test_one_input);
}
