#ifndef FISCUS_MARKUP_SCAN_H
#define FISCUS_MARKUP_SCAN_H

#include <stddef.h>

/* KSeF's layer-1 quick scan (see markup_scan.c): 0 not sure, 1 accepted, 2 accepted and plain. */
int fiscus_markup_scan(const unsigned char *bytes, size_t size, long max_depth, long max_name);

#endif
