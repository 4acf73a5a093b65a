#ifndef ICONFORGE_CLIBDEFLATE_SHIM_H
#define ICONFORGE_CLIBDEFLATE_SHIM_H
// libdeflate's public header, found through pkg-config (libdeflate.pc).
#include <libdeflate.h>
#endif
