// Proof that iconforge's own declarations of librsvg's API (Sources/CRsvgLoader/rsvg_api.h)
// agree with librsvg's real headers: check.c compiles them together, so a prototype that
// differs is a compile error, and static assertions compare struct layouts.
#ifndef ICONFORGE_CRSVGAPICHECK_H
#define ICONFORGE_CRSVGAPICHECK_H

/// The librsvg version of the headers compiled against.
int crsvgapicheck_header_major(void);
int crsvgapicheck_header_minor(void);

#endif
