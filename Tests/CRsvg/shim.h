#ifndef ICONFORGE_CRSVG_SHIM_H
#define ICONFORGE_CRSVG_SHIM_H
// librsvg's public header; it pulls in cairo, gio and glib.
#include <librsvg/rsvg.h>
#include <cairo.h>
#endif
