#ifndef ICONFORGE_CLIBPNG_SHIM_H
#define ICONFORGE_CLIBPNG_SHIM_H
// libpng's public header, found through pkg-config (libpng.pc): /usr/include/libpng16 on
// Debian, $(brew --prefix)/include/libpng16 with Homebrew.
#include <png.h>
#endif
