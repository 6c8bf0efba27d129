#ifndef LISTRENDER_CFASTPNG_H
#define LISTRENDER_CFASTPNG_H

#include <stddef.h>
#include <stdint.h>

/// The most bytes `lr_fpng_strip` writes for `rows` rows of `row_bytes` bytes each (every
/// byte a 15-bit literal, a filter byte a row, a block header and a flush).
size_t lr_fpng_bound(size_t row_bytes, size_t rows);

/// One strip of a PNG image's rows, filtered in place and deflated.
///
/// `rows_in` holds `rows` rows of `row_bytes` bytes of 8-bit pixels of `bpp` bytes (3 or 4),
/// each preceded by one spare byte (row y's pixels start at `rows_in + y * (row_bytes + 1) +
/// 1`). `above` is the row before the strip (its pixels), or a row of zeros for the image's
/// first row. Each row gets the PNG filter (sub, up or Paeth) whose output costs least by a
/// fixed estimate (a row equal to the one above is "up" at once), written over the row, its
/// filter type in the spare byte: `rows_in` ends as the `rows * (row_bytes + 1)` bytes the
/// zlib stream holds for these rows. Their deflate coding goes to `out` (at least
/// `lr_fpng_bound` bytes): one block with Huffman codes made for this strip's bytes, literals
/// and runs of a repeated byte only (distance 1), ended by an empty stored block (so the next
/// strip starts on a byte) or, with `last`, as the stream's final block. `tokens` has room
/// for `rows * (row_bytes + 1)` values. Returns the bytes written to `out` (0 if memory ran
/// out). The output depends only on the arguments.
size_t lr_fpng_strip(uint8_t *rows_in, const uint8_t *above, size_t row_bytes, size_t rows,
                     unsigned bpp, int last, uint16_t *tokens, uint8_t *out);

/// Chooses the vector code `lr_fpng_strip` runs: 0 plain C, 1 SSE2, 2 AVX2, or -1 the best
/// the CPU has (what it runs unless told); a level the CPU lacks gives its best. Returns the
/// level in effect. Every level writes the same bytes (tests compare them).
int lr_fpng_vector_level(int wanted);

/// How far back, in bytes, `lr_lz_strip`'s matches reach (the deflate window, 32 KiB).
size_t lr_lz_window(void);

/// Entries of the hash table `lr_lz_strip` is given (each a `uint32_t`).
size_t lr_lz_hash_entries(void);

/// The most bytes `lr_lz_strip` writes for `length` bytes of rows.
size_t lr_lz_bound(size_t length);

/// One strip of a PNG image's rows deflated as they are (filter type 0, none), the compact
/// coding.
///
/// `data` holds `prime` bytes of the rows before the strip (their filter bytes included) and
/// then the strip's `length` bytes, rows of `row_bytes` bytes (a filter byte and the pixels,
/// `bpp` bytes each). Matches reach back at most 32 KiB, into the prime bytes too: the strip
/// continues the stream the earlier strips began. Its coding goes to `out` (at least
/// `lr_lz_bound(length)` bytes): one block with Huffman codes made for this strip, ended by
/// an empty stored block or, with `last`, as the stream's final block. `head` has room for
/// `lr_lz_hash_entries()` values and `tokens` for `length`; both are scratch. Returns the
/// bytes written. The output depends only on the arguments.
size_t lr_lz_strip(const uint8_t *data, size_t prime, size_t length, size_t row_bytes,
                   unsigned bpp, int last, uint32_t *head, uint32_t *tokens, uint8_t *out);

#endif
