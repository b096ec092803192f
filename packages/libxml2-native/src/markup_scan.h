#ifndef FISCUS_MARKUP_SCAN_H
#define FISCUS_MARKUP_SCAN_H

#include <stddef.h>

/*
 * The layer-1 quick scan of KSeF (max_markup 0) or UBL (max_markup > 0): 0 not sure, 1
 * accepted, 2 accepted and plain (see markup_scan.c).
 */
int fiscus_markup_scan(const unsigned char *bytes, size_t size, long max_depth, long max_name,
                       long max_markup);

#endif
