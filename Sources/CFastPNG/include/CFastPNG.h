#ifndef LISTRENDER_CFASTPNG_H
#define LISTRENDER_CFASTPNG_H

#include <stddef.h>
#include <stdint.h>

/// The most bytes `lr_fpng_strip` writes for `rows` rows of `row_bytes` bytes each (every
/// byte a 15-bit literal, a filter byte a row, a block header and a flush).
size_t lr_fpng_bound(size_t row_bytes, size_t rows);

/// One strip of a PNG image's rows, filtered and deflated at once.
///
/// `input` holds `rows` rows, `stride` bytes apart, each `row_bytes` bytes of 8-bit pixels of
/// `bpp` bytes (3 or 4). `above` is the row before the strip, or a row of zeros for the
/// image's first row. `tokens` has room for `rows * (row_bytes + 1)` values. Each row gets the PNG filter (none, sub, up, average or Paeth)
/// whose output costs least by a fixed estimate; the filtered rows (a filter byte, then the
/// row) go to `filtered` (`rows * (row_bytes + 1)` bytes), and their deflate coding to `out`
/// (at least `lr_fpng_bound` bytes): one block with Huffman codes made for this strip's
/// bytes, literals and runs of a repeated byte only (distance 1), ended by an empty stored
/// block (so the next strip starts on a byte) or, with `last`, as the stream's final block.
/// Returns the bytes written to `out` (0 if memory ran out). The output depends only on the arguments.
size_t lr_fpng_strip(const uint8_t *input, size_t stride, const uint8_t *above, size_t row_bytes,
                     size_t rows, unsigned bpp, int last, uint8_t *filtered, uint16_t *tokens,
                     uint8_t *out);

/// Chooses the vector code `lr_fpng_strip` runs: 0 plain C, 1 SSE2, 2 AVX2, or -1 the best
/// the CPU has (what it runs unless told); a level the CPU lacks gives its best. Returns the
/// level in effect. Every level writes the same bytes (tests compare them).
int lr_fpng_vector_level(int wanted);

#endif
