#ifndef LISTRENDER_CDIGEST_SHIM_H
#define LISTRENDER_CDIGEST_SHIM_H

// SHA-256 from Nettle (GnuTLS's crypto library, with the CPU's SHA instructions where it has
// them): content digests of golden images, the result cache's keys, reviews' run digests.
#include <nettle/sha2.h>

#endif
