// A PNG strip encoder in the manner of fpnge (github.com/veluca93/fpnge): every row gets the
// filter whose output is cheapest by a fixed estimate, and the filtered bytes are coded with
// Huffman codes made from their own histogram, literals and runs of a repeated byte (deflate
// matches at distance 1) only: no search for earlier strings, so the cost is a few passes
// over the bytes. The vector paths (SSE2, part of every x86-64; AVX2; AVX-512BW) and the plain
// C ones give the same bytes.

#include "CFastPNG.h"

#include <stdlib.h>
#include <string.h>

// The vector code is x86's; which of it runs is chosen once (lr_fpng_vector_level).
#if defined(__x86_64__) || defined(__i386__)
#define LR_FPNG_X86 1
#include <emmintrin.h>
#endif

// 0: plain C, 1: SSE2, 2: AVX2, 3: AVX-512BW; -1 until chosen.
static _Atomic int vector_level = -1;

static int best_level(void) {
#if defined(LR_FPNG_X86)
  if (__builtin_cpu_supports("avx512bw")) return 3;
  return __builtin_cpu_supports("avx2") ? 2 : 1;
#else
  return 0;
#endif
}

int lr_fpng_vector_level(int wanted) {
  int best = best_level();
  int level = wanted < 0 || wanted > best ? best : wanted;
  vector_level = level;
  return level;
}

static int current_level(void) {
  int level = vector_level;
  return level >= 0 ? level : lr_fpng_vector_level(-1);
}

enum {
  LITLEN_SYMBOLS = 286,
  DIST_SYMBOLS = 30,
  CODELEN_SYMBOLS = 19,
  MAX_BITS = 15,
  MAX_CODELEN_BITS = 7,
  MIN_RUN = 4,
  MAX_MATCH = 258,
  TOKEN_KINDS = 256 + MAX_MATCH - 3 + 1,
  // The compact coding's: how far back a match reaches, and the hash table's size.
  WINDOW = 32768,
  HASH_BITS = 15,
  // zlib's rule: a match of three bytes further back than this costs more than its literals.
  TOO_FAR = 4096,
  // A compact token's fields: the literal/length kind, the distance symbol (NO_DISTANCE for a
  // literal) and the distance's extra bits.
  KIND_BITS = 9,
  DIST_SYMBOL_BITS = 5,
  NO_DISTANCE = 30,
};

size_t lr_fpng_bound(size_t row_bytes, size_t rows) {
  // 15 bits a byte at most, the block header (under 300 bytes), the end and the flush.
  return (rows * (row_bytes + 1) * 15 + 7) / 8 + 1024;
}

// MARK: - Filters

// What a filtered byte is estimated to cost: its distance from zero, plus a constant for any
// byte that is not zero (zeros become runs, which cost next to nothing).
enum { NONZERO_COST = 8 };

static inline uint8_t paeth(uint8_t a, uint8_t b, uint8_t c) {
  int p = (int)a + b - c;
  int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

static inline uint32_t byte_cost(uint8_t v) {
  uint8_t negative = (uint8_t)(0 - v);
  return (uint32_t)(v < negative ? v : negative) + (v ? NONZERO_COST : 0);
}

// The first pixel of a row (no left neighbours: they read as zero) and the bytes after
// `from`, one at a time: every filter and its cost added to `cost`.
static void filter_bytes(const uint8_t *row, const uint8_t *above, size_t from, size_t to,
                         unsigned bpp, uint8_t *sub, uint8_t *up, uint8_t *pae, uint64_t cost[3]) {
  for (size_t i = from; i < to; i++) {
    uint8_t x = row[i], b = above[i];
    uint8_t a = i >= bpp ? row[i - bpp] : 0, c = i >= bpp ? above[i - bpp] : 0;
    sub[i] = (uint8_t)(x - a);
    up[i] = (uint8_t)(x - b);
    pae[i] = (uint8_t)(x - paeth(a, b, c));
    cost[0] += byte_cost(sub[i]);
    cost[1] += byte_cost(up[i]);
    cost[2] += byte_cost(pae[i]);
  }
}

#if defined(LR_FPNG_X86)
// One vector step of the four filters, for a vector of W bytes with the intrinsics of prefix P
// (SSE2: _mm, 16 bytes; AVX2: _mm256, 32 bytes): x, its left neighbour a, the byte above b
// and the byte above-left c. Paeth is worked in 16 bits; each filter's cost is min(v, -v)
// summed by psadbw plus NONZERO_COST for every byte not zero, in 64-bit lanes.
#define FILTER_STEP(V, P, SI)                                                                     \
  {                                                                                               \
    const V zero = P##_setzero_##SI();                                                            \
    V x = P##_loadu_##SI((const V *)(row + i));                                                   \
    V a = P##_loadu_##SI((const V *)(row + i - bpp));                                             \
    V b = P##_loadu_##SI((const V *)(above + i));                                                 \
    V c = P##_loadu_##SI((const V *)(above + i - bpp));                                           \
    V f_sub = P##_sub_epi8(x, a);                                                                 \
    V f_up = P##_sub_epi8(x, b);                                                                  \
    V predicted[2];                                                                               \
    for (int half = 0; half < 2; half++) {                                                        \
      V a16 = half ? P##_unpackhi_epi8(a, zero) : P##_unpacklo_epi8(a, zero);                     \
      V b16 = half ? P##_unpackhi_epi8(b, zero) : P##_unpacklo_epi8(b, zero);                     \
      V c16 = half ? P##_unpackhi_epi8(c, zero) : P##_unpacklo_epi8(c, zero);                     \
      /* pa = |b - c|, pb = |a - c|, pc = |a + b - 2c| */                                         \
      V bc = P##_sub_epi16(b16, c16);                                                             \
      V ac = P##_sub_epi16(a16, c16);                                                             \
      V abc = P##_add_epi16(bc, ac);                                                              \
      V pa = P##_max_epi16(bc, P##_sub_epi16(zero, bc));                                         \
      V pb = P##_max_epi16(ac, P##_sub_epi16(zero, ac));                                         \
      V pc = P##_max_epi16(abc, P##_sub_epi16(zero, abc));                                       \
      /* a where pa <= pb and pa <= pc; else b where pb <= pc; else c */                          \
      V not_a = P##_or_##SI(P##_cmpgt_epi16(pa, pb), P##_cmpgt_epi16(pa, pc));                   \
      V not_b = P##_cmpgt_epi16(pb, pc);                                                          \
      V bc_pick = P##_or_##SI(P##_andnot_##SI(not_b, b16), P##_and_##SI(not_b, c16));             \
      predicted[half] = P##_or_##SI(P##_andnot_##SI(not_a, a16), P##_and_##SI(not_a, bc_pick));  \
    }                                                                                             \
    V f_pae = P##_sub_epi8(x, P##_packus_epi16(predicted[0], predicted[1]));                      \
    P##_storeu_##SI((V *)(sub + i), f_sub);                                                       \
    P##_storeu_##SI((V *)(up + i), f_up);                                                         \
    P##_storeu_##SI((V *)(pae + i), f_pae);                                                       \
    V f[3] = {f_sub, f_up, f_pae};                                                                \
    for (int k = 0; k < 3; k++) {                                                                 \
      V magnitude = P##_min_epu8(f[k], P##_sub_epi8(zero, f[k]));                                 \
      V zeros = P##_sub_epi8(zero, P##_cmpeq_epi8(f[k], zero));                                   \
      V nonzero = P##_sub_epi64(P##_set1_epi64x(8), P##_sad_epu8(zeros, zero));                   \
      sums[k] = P##_add_epi64(sums[k], P##_add_epi64(P##_sad_epu8(magnitude, zero),               \
                                                     P##_mul_epu32(nonzero,                       \
                                                                   P##_set1_epi64x(NONZERO_COST)))); \
    }                                                                                             \
  }

#include <immintrin.h>

// The vector part of a row from byte `bpp` on, W bytes a step (returns where it stopped): the
// same function for AVX2 (`filter_avx2`) and SSE2 (`filter_sse2`).
#define FILTER_FUNCTION(NAME, TARGET, V, P, SI, W)                                             \
  TARGET static size_t NAME(const uint8_t *row, const uint8_t *above, size_t n, unsigned bpp,  \
                            uint8_t *sub, uint8_t *up, uint8_t *pae, uint64_t cost[3]) {       \
    V sums[3] = {P##_setzero_##SI(), P##_setzero_##SI(), P##_setzero_##SI()};                 \
    size_t i = bpp;                                                                            \
    for (; i + W <= n; i += W) FILTER_STEP(V, P, SI)                                           \
    for (int k = 0; k < 3; k++) {                                                              \
      uint64_t lanes[W / 8];                                                                   \
      P##_storeu_##SI((V *)lanes, sums[k]);                                                    \
      for (int lane = 0; lane < W / 8; lane++) cost[k] += lanes[lane];                         \
    }                                                                                          \
    return i;                                                                                  \
  }

FILTER_FUNCTION(filter_avx2, __attribute__((target("avx2"))), __m256i, _mm256, si256, 32)
FILTER_FUNCTION(filter_sse2, , __m128i, _mm, si128, 16)

// The same for AVX-512BW, 64 bytes at a time and the row's end in one masked step: Paeth's
// choices and the bytes that are not zero are masks, so each choice is one blend and the count
// a popcount.
__attribute__((target("avx512bw"))) static size_t filter_avx512(
    const uint8_t *row, const uint8_t *above, size_t n, unsigned bpp, uint8_t *sub, uint8_t *up,
    uint8_t *pae, uint64_t cost[3]) {
  const __m512i zero = _mm512_setzero_si512();
  __m512i sums[3] = {zero, zero, zero};
  uint64_t nonzero[3] = {0, 0, 0};
  // The last step is masked to the bytes left: the others read as zeros, which every filter
  // turns into zeros that cost nothing, and are not stored.
  for (size_t i = bpp; i < n; i += 64) {
    __mmask64 live = n - i >= 64 ? ~(__mmask64)0 : ((__mmask64)1 << (n - i)) - 1;
    __m512i x = _mm512_maskz_loadu_epi8(live, (const void *)(row + i));
    __m512i a = _mm512_maskz_loadu_epi8(live, (const void *)(row + i - bpp));
    __m512i b = _mm512_maskz_loadu_epi8(live, (const void *)(above + i));
    __m512i c = _mm512_maskz_loadu_epi8(live, (const void *)(above + i - bpp));
    __m512i predicted[2];
    for (int half = 0; half < 2; half++) {
      __m512i a16 = half ? _mm512_unpackhi_epi8(a, zero) : _mm512_unpacklo_epi8(a, zero);
      __m512i b16 = half ? _mm512_unpackhi_epi8(b, zero) : _mm512_unpacklo_epi8(b, zero);
      __m512i c16 = half ? _mm512_unpackhi_epi8(c, zero) : _mm512_unpacklo_epi8(c, zero);
      __m512i bc = _mm512_sub_epi16(b16, c16);
      __m512i ac = _mm512_sub_epi16(a16, c16);
      __m512i pa = _mm512_abs_epi16(bc);
      __m512i pb = _mm512_abs_epi16(ac);
      __m512i pc = _mm512_abs_epi16(_mm512_add_epi16(bc, ac));
      __mmask32 not_a = _mm512_cmpgt_epi16_mask(pa, pb) | _mm512_cmpgt_epi16_mask(pa, pc);
      __mmask32 not_b = _mm512_cmpgt_epi16_mask(pb, pc);
      __m512i bc_pick = _mm512_mask_blend_epi16(not_b, b16, c16);
      predicted[half] = _mm512_mask_blend_epi16(not_a, a16, bc_pick);
    }
    __m512i f[3] = {_mm512_sub_epi8(x, a), _mm512_sub_epi8(x, b),
                    _mm512_sub_epi8(x, _mm512_packus_epi16(predicted[0], predicted[1]))};
    _mm512_mask_storeu_epi8((void *)(sub + i), live, f[0]);
    _mm512_mask_storeu_epi8((void *)(up + i), live, f[1]);
    _mm512_mask_storeu_epi8((void *)(pae + i), live, f[2]);
    for (int k = 0; k < 3; k++) {
      __m512i magnitude = _mm512_min_epu8(f[k], _mm512_sub_epi8(zero, f[k]));
      sums[k] = _mm512_add_epi64(sums[k], _mm512_sad_epu8(magnitude, zero));
      nonzero[k] += (uint64_t)__builtin_popcountll(_mm512_test_epi8_mask(f[k], f[k]));
    }
  }
  for (int k = 0; k < 3; k++) {
    uint64_t lanes[8];
    _mm512_storeu_si512((void *)lanes, sums[k]);
    for (int lane = 0; lane < 8; lane++) cost[k] += lanes[lane];
    cost[k] += nonzero[k] * NONZERO_COST;
  }
  return n;
}
#endif

// Three filters of one row at once into `sub`, `up` and `pae` (Paeth), with each one's cost.
// (The average filter is left out: on the inbox and the goldens it was never the cheapest.)
static void filter_row(const uint8_t *row, const uint8_t *above, size_t n, unsigned bpp,
                       int level, uint8_t *sub, uint8_t *up, uint8_t *pae, uint64_t cost[3]) {
  cost[0] = cost[1] = cost[2] = 0;
  size_t first = bpp < n ? bpp : n;
  filter_bytes(row, above, 0, first, bpp, sub, up, pae, cost);
  size_t i = first;
#if defined(LR_FPNG_X86)
  if (first < n && level == 3) i = filter_avx512(row, above, n, bpp, sub, up, pae, cost);
  if (first < n && level == 2) i = filter_avx2(row, above, n, bpp, sub, up, pae, cost);
  if (first < n && level == 1) i = filter_sse2(row, above, n, bpp, sub, up, pae, cost);
#else
  (void)level;
#endif
  filter_bytes(row, above, i, n, bpp, sub, up, pae, cost);
}

// MARK: - Huffman codes

// The symbols of `count` with a frequency, ordered by frequency and, among equal ones, by
// symbol (a stable radix sort, a byte of the frequency a pass); returns how many.
static int sort_by_frequency(const uint32_t *freq, int count, int *order) {
  int n = 0;
  uint32_t all = 0;
  for (int s = 0; s < count; s++)
    if (freq[s]) order[n++] = s, all |= freq[s];
  int other[LITLEN_SYMBOLS];
  int *from = order, *to = other;
  for (unsigned shift = 0; shift < 32 && (all >> shift) != 0; shift += 8) {
    int start[257] = {0};
    for (int i = 0; i < n; i++) start[((freq[from[i]] >> shift) & 0xFF) + 1]++;
    if (start[((freq[from[0]] >> shift) & 0xFF) + 1] == n) continue;  // one digit: in order
    for (int d = 0; d < 256; d++) start[d + 1] += start[d];
    for (int i = 0; i < n; i++) to[start[(freq[from[i]] >> shift) & 0xFF]++] = from[i];
    int *swap = from;
    from = to, to = swap;
  }
  if (from != order) memcpy(order, from, (size_t)n * sizeof *order);
  return n;
}

// Code lengths (at most `limit` bits) for `count` symbols of frequencies `freq`, every
// symbol with a frequency having a code; the code is complete (a Kraft sum of 1), as zlib's
// inflate wants, so a lone symbol gets a partner. Ties are broken by symbol.
static void huffman_lengths(const uint32_t *freq_in, int count, int limit, uint8_t *lengths) {
  uint32_t freq[LITLEN_SYMBOLS];
  int used = 0;
  for (int s = 0; s < count; s++) {
    freq[s] = freq_in[s];
    lengths[s] = 0;
    if (freq[s]) used++;
  }
  if (used == 0) return;
  if (used == 1) {
    int only = 0;
    while (!freq[only]) only++;
    lengths[only] = 1;
    lengths[only == 0 ? 1 : 0] = 1;
    return;
  }
  for (;;) {
    // Leaves sorted by (frequency, symbol); inner nodes come out of the merge in order.
    int order[LITLEN_SYMBOLS];
    int n = sort_by_frequency(freq, count, order);
    uint64_t weight[2 * LITLEN_SYMBOLS];
    int parent[2 * LITLEN_SYMBOLS];
    for (int i = 0; i < n; i++) weight[i] = freq[order[i]];
    int leaf = 0, inner = n, next = n;
    for (int k = 0; k < n - 1; k++) {
      int pick[2];
      for (int p = 0; p < 2; p++) {
        if (leaf < n && (inner >= next || weight[leaf] <= weight[inner])) {
          pick[p] = leaf++;
        } else {
          pick[p] = inner++;
        }
      }
      weight[next] = weight[pick[0]] + weight[pick[1]];
      parent[pick[0]] = next;
      parent[pick[1]] = next;
      next++;
    }
    // Depths from the root (the last node) down.
    int depth[2 * LITLEN_SYMBOLS];
    depth[next - 1] = 0;
    int deepest = 0;
    for (int node = next - 2; node >= 0; node--) {
      depth[node] = depth[parent[node]] + 1;
      if (node < n && depth[node] > deepest) deepest = depth[node];
    }
    if (deepest <= limit) {
      for (int i = 0; i < n; i++) lengths[order[i]] = (uint8_t)depth[i];
      return;
    }
    // Too deep: flatten the frequencies and build again.
    for (int s = 0; s < count; s++)
      if (freq[s]) freq[s] = (freq[s] + 1) / 2;
  }
}

// Canonical codes for `lengths`, bit-reversed (deflate sends codes from their first bit).
static void canonical_codes(const uint8_t *lengths, int count, uint16_t *codes) {
  uint16_t per_length[MAX_BITS + 1] = {0};
  for (int s = 0; s < count; s++) per_length[lengths[s]]++;
  per_length[0] = 0;
  uint16_t next[MAX_BITS + 1];
  uint16_t code = 0;
  for (int bits = 1; bits <= MAX_BITS; bits++) {
    code = (uint16_t)((code + per_length[bits - 1]) << 1);
    next[bits] = code;
  }
  for (int s = 0; s < count; s++) {
    int length = lengths[s];
    if (!length) {
      codes[s] = 0;
      continue;
    }
    uint16_t value = next[length]++, reversed = 0;
    for (int bit = 0; bit < length; bit++) reversed |= (uint16_t)(((value >> bit) & 1) << (length - 1 - bit));
    codes[s] = reversed;
  }
}

// MARK: - Bits

typedef struct {
  uint8_t *out;
  uint64_t buffer;
  unsigned count;
} bits_t;

static inline void put(bits_t *w, uint64_t value, unsigned n) {
  w->buffer |= value << w->count;
  w->count += n;
  if (w->count >= 32) {
    uint32_t word = (uint32_t)w->buffer;
    w->out[0] = (uint8_t)word;
    w->out[1] = (uint8_t)(word >> 8);
    w->out[2] = (uint8_t)(word >> 16);
    w->out[3] = (uint8_t)(word >> 24);
    w->out += 4;
    w->buffer >>= 32;
    w->count -= 32;
  }
}

// Pads to a byte and writes out what is buffered.
static void align(bits_t *w) {
  unsigned bytes = (w->count + 7) / 8;
  for (unsigned i = 0; i < bytes; i++) w->out[i] = (uint8_t)(w->buffer >> (8 * i));
  w->out += bytes;
  w->buffer = 0;
  w->count = 0;
}

// Writes out the whole bytes waiting, so that at most 7 bits wait.
static inline void flush_whole_bytes(bits_t *w) {
  while (w->count >= 8) {
    *w->out++ = (uint8_t)w->buffer;
    w->buffer >>= 8;
    w->count -= 8;
  }
}

// Adds `n` bits to the buffer without writing (the caller keeps it under 64 bits).
static inline void append_bits(bits_t *w, uint64_t value, unsigned n) {
  w->buffer |= value << w->count;
  w->count += n;
}

// Stores the buffer whole (8 bytes, of which those past the filled ones are written again
// later) and moves on by the bytes it filled: no branch. The output has the slack the bounds
// give.
static inline void store_filled(bits_t *w) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  memcpy(w->out, &w->buffer, 8);
#else
  for (int byte = 0; byte < 8; byte++) w->out[byte] = (uint8_t)(w->buffer >> (8 * byte));
#endif
  unsigned bytes = w->count >> 3;
  w->out += bytes;
  w->buffer >>= 8 * bytes;
  w->count &= 7;
}

// MARK: - Tokens

// A token is a literal byte (0-255) or a run of the byte before it: 256 + length - 3.
static inline int length_symbol(int length, int *extra_bits, int *extra) {
  static const uint16_t base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                    31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
  static const uint8_t bits[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                   2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
  int k = 28;
  if (length < 258) {
    k = 0;
    while (k < 27 && base[k + 1] <= length) k++;
  }
  *extra_bits = bits[k];
  *extra = length - base[k];
  return 257 + k;
}

// How many bytes from `data[i]` on (at most `n - i`) equal `value`.
static inline size_t run_from(const uint8_t *data, size_t i, size_t n, uint8_t value,
                              int level) {
  size_t start = i;
#if defined(LR_FPNG_X86)
  const __m128i wanted = _mm_set1_epi8((char)value);
  while (level > 0 && i + 16 <= n) {
    unsigned same =
        (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(data + i)), wanted));
    if (same != 0xFFFF) return i - start + (size_t)__builtin_ctz(~same);
    i += 16;
  }
#endif
  while (i < n && data[i] == value) i++;
  return i - start;
}

// Bit k of the result: data[i + k] == data[i + k - 1], for k in 0..<64 (i >= 1, i + 64 <= n).
static inline uint64_t same_as_previous(const uint8_t *data, size_t i, int level) {
  uint64_t mask = 0;
#if defined(LR_FPNG_X86)
  if (level > 0) {
    for (int part = 0; part < 4; part++) {
      __m128i here = _mm_loadu_si128((const __m128i *)(data + i + 16 * part));
      __m128i before = _mm_loadu_si128((const __m128i *)(data + i + 16 * part - 1));
      mask |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(here, before)) << (16 * part);
    }
    return mask;
  }
#endif
  for (int k = 0; k < 64; k++) mask |= (uint64_t)(data[i + k] == data[i + k - 1]) << k;
  return mask;
}

// Turns `n` filtered bytes into tokens, counting each literal/length symbol in `freq`: a run
// starts wherever MIN_RUN (4) bytes repeat the byte before them, and lasts as long as they do.
static size_t tokenize(const uint8_t *data, size_t n, uint16_t *tokens, uint32_t *freq,
                       int level) {
  size_t count = 0, i = 0;
  int extra_bits, extra;
  while (i < n) {
    size_t literals;  // bytes from i before the next run
    int run_follows = 0;
    if (i == 0) {
      literals = 1;
    } else if (i + 64 <= n) {
      uint64_t same = same_as_previous(data, i, level);
      // Bit k: a run starts at i + k (k <= 60, where all four bits are in the mask).
      uint64_t starts = same & (same >> 1) & (same >> 2) & (same >> 3) & ((1ull << 61) - 1);
      run_follows = starts != 0;
      literals = starts ? (size_t)__builtin_ctzll(starts) : 61;
    } else {
      literals = 0;
      while (i + literals + MIN_RUN <= n &&
             !(data[i + literals] == data[i + literals - 1] &&
               data[i + literals + 1] == data[i + literals - 1] &&
               data[i + literals + 2] == data[i + literals - 1] &&
               data[i + literals + 3] == data[i + literals - 1]))
        literals++;
      run_follows = i + literals + MIN_RUN <= n;
      if (!run_follows) literals = n - i;
    }
    for (size_t end = i + literals; i < end; i++) {
      tokens[count++] = data[i];
      freq[data[i]]++;
    }
    if (!run_follows) continue;
    // A run of the byte before i: matches of at most MAX_MATCH bytes; one or two bytes left
    // over are literals.
    size_t run = run_from(data, i + MIN_RUN, n, data[i - 1], level) + MIN_RUN;
    while (run >= 3) {
      size_t length = run < MAX_MATCH ? run : MAX_MATCH;
      tokens[count++] = (uint16_t)(256 + length - 3);
      freq[length_symbol((int)length, &extra_bits, &extra)]++;
      run -= length;
      i += length;
    }
    for (; run > 0; run--, i++) {
      tokens[count++] = data[i];
      freq[data[i]]++;
    }
  }
  return count;
}

// Puts `count` tokens with their codes: the bit buffer is stored whole (8 bytes, of which the
// bytes past the filled ones are written again later) and moved on by the bytes it filled, with
// no branch a token. A code is at most 21 bits and at most 7 bits wait, so the buffer never
// holds more than 28 (the output has the slack lr_fpng_bound gives).
static void emit_tokens(bits_t *w, const uint16_t *tokens, size_t count, const uint32_t *code,
                        const uint8_t *bits) {
  bits_t b = *w;  // a local copy the compiler keeps in registers
  flush_whole_bytes(&b);
  for (size_t k = 0; k < count; k++) {
    uint16_t t = tokens[k];
    append_bits(&b, code[t], bits[t]);
    store_filled(&b);
  }
  *w = b;
}

// Literal/length code lengths and codes for `freq` (the end of block counted once); returns
// how many literal/length codes the block header gives.
static int litlen_codes(uint32_t *freq, uint8_t *lengths, uint16_t *codes) {
  freq[256] = 1;
  int count = LITLEN_SYMBOLS;
  while (count > 257 && freq[count - 1] == 0) count--;
  huffman_lengths(freq, count, MAX_BITS, lengths);
  canonical_codes(lengths, count, codes);
  return count;
}

// Each token kind's code as one value to put: a literal's code, or a match length's with its
// extra bits, followed by `distance_bits` zero bits (the fast coding's one distance code).
static void kind_codes(const uint8_t *lengths, const uint16_t *codes, unsigned distance_bits,
                       uint32_t *kind_code, uint8_t *kind_bits) {
  for (int t = 0; t < 256; t++) kind_code[t] = codes[t], kind_bits[t] = lengths[t];
  for (int length = 3; length <= MAX_MATCH; length++) {
    int extra_bits, extra;
    int s = length_symbol(length, &extra_bits, &extra);
    int t = 256 + length - 3;
    kind_code[t] = 0, kind_bits[t] = 0;
    if (!lengths[s]) continue;
    kind_code[t] = (uint32_t)codes[s] | ((uint32_t)extra << lengths[s]);
    kind_bits[t] = (uint8_t)(lengths[s] + extra_bits + distance_bits);
  }
}

// MARK: - The strip

// Ends a strip's block: an empty stored block after it (so the next strip starts on a byte
// boundary), or, for the last, the padding to a byte.
static void finish_strip(bits_t *w, int last) {
  if (!last) {
    put(w, 0, 3);
    align(w);
    w->out[0] = 0, w->out[1] = 0, w->out[2] = 0xFF, w->out[3] = 0xFF;
    w->out += 4;
  } else {
    align(w);
  }
}

static void write_block_header(bits_t *w, int last, const uint8_t *litlen_lengths,
                               int litlen_count, const uint8_t *dist_lengths, int dist_count) {
  // The code lengths of the literal/length codes and of the distance codes, run length coded
  // with the code length alphabet: 16 repeats the previous 3-6 times, 17 and 18 give 3-10 and
  // 11-138 zeros.
  uint8_t all[LITLEN_SYMBOLS + DIST_SYMBOLS];
  memcpy(all, litlen_lengths, (size_t)litlen_count);
  memcpy(all + litlen_count, dist_lengths, (size_t)dist_count);
  int total = litlen_count + dist_count;
  uint8_t symbols[LITLEN_SYMBOLS + DIST_SYMBOLS], extras[LITLEN_SYMBOLS + DIST_SYMBOLS];
  int coded = 0;
  uint32_t freq[CODELEN_SYMBOLS] = {0};
  for (int i = 0; i < total;) {
    int value = all[i], run = 1;
    while (i + run < total && all[i + run] == value) run++;
    int left = run;
    if (value == 0) {
      while (left >= 11) {
        int take = left < 138 ? left : 138;
        symbols[coded] = 18, extras[coded++] = (uint8_t)(take - 11), left -= take;
      }
      if (left >= 3) symbols[coded] = 17, extras[coded++] = (uint8_t)(left - 3), left = 0;
    } else {
      symbols[coded] = (uint8_t)value, extras[coded++] = 0, left--;
      while (left >= 3) {
        int take = left < 6 ? left : 6;
        symbols[coded] = 16, extras[coded++] = (uint8_t)(take - 3), left -= take;
      }
    }
    while (left-- > 0) symbols[coded] = (uint8_t)value, extras[coded++] = 0;
    i += run;
  }
  for (int k = 0; k < coded; k++) freq[symbols[k]]++;
  uint8_t cl_lengths[CODELEN_SYMBOLS];
  uint16_t cl_codes[CODELEN_SYMBOLS];
  huffman_lengths(freq, CODELEN_SYMBOLS, MAX_CODELEN_BITS, cl_lengths);
  canonical_codes(cl_lengths, CODELEN_SYMBOLS, cl_codes);
  static const uint8_t order[CODELEN_SYMBOLS] = {16, 17, 18, 0, 8,  7, 9,  6, 10, 5,
                                                 11, 4,  12, 3, 13, 2, 14, 1, 15};
  int hclen = CODELEN_SYMBOLS;
  while (hclen > 4 && cl_lengths[order[hclen - 1]] == 0) hclen--;
  put(w, last ? 1 : 0, 1);
  put(w, 2, 2);  // dynamic Huffman codes
  put(w, (uint64_t)(litlen_count - 257), 5);
  put(w, (uint64_t)(dist_count - 1), 5);
  put(w, (uint64_t)(hclen - 4), 4);
  for (int k = 0; k < hclen; k++) put(w, cl_lengths[order[k]], 3);
  static const uint8_t extra_bits[3] = {2, 3, 7};
  for (int k = 0; k < coded; k++) {
    int s = symbols[k];
    put(w, cl_codes[s], cl_lengths[s]);
    if (s >= 16) put(w, extras[k], extra_bits[s - 16]);
  }
}

size_t lr_fpng_strip(uint8_t *rows_in, const uint8_t *above, size_t row_bytes, size_t rows,
                     unsigned bpp, int last, uint16_t *tokens, uint8_t *out) {
  int level = current_level();
  // The three candidate rows.
  uint8_t *candidates = malloc(3 * row_bytes + 1);
  if (!candidates) return 0;
  size_t stride = row_bytes + 1;
  size_t n = rows * stride;
  // From the last row up, so that the row above each is still as it was painted.
  for (size_t y = rows; y-- > 0;) {
    uint8_t *line = rows_in + y * stride;
    const uint8_t *row = line + 1;
    const uint8_t *previous = y == 0 ? above : row - stride;
    if (memcmp(row, previous, row_bytes) == 0) {
      // The row above again: "up" makes it zeros.
      line[0] = 2;
      memset(line + 1, 0, row_bytes);
    } else {
      uint8_t *sub = candidates, *up = sub + row_bytes, *pae = up + row_bytes;
      uint64_t cost[3];
      filter_row(row, previous, row_bytes, bpp, level, sub, up, pae, cost);
      int best = 0;
      for (int k = 1; k < 3; k++)
        if (cost[k] < cost[best]) best = k;
      static const uint8_t types[3] = {1, 2, 4};  // sub, up, Paeth
      uint8_t *chosen[3] = {sub, up, pae};
      line[0] = types[best];
      memcpy(line + 1, chosen[best], row_bytes);
    }
  }
  free(candidates);
  const uint8_t *filtered = rows_in;

  uint32_t freq[LITLEN_SYMBOLS] = {0};
  size_t count = tokenize(filtered, n, tokens, freq, level);
  uint8_t lengths[LITLEN_SYMBOLS];
  uint16_t codes[LITLEN_SYMBOLS];
  int litlen_count = litlen_codes(freq, lengths, codes);

  // Each token's code, a run's with its extra bits and the distance code (distance 1 is code
  // 0, one bit).
  uint32_t token_code[TOKEN_KINDS];
  uint8_t token_bits[TOKEN_KINDS];
  kind_codes(lengths, codes, 1, token_code, token_bits);
  bits_t w = {out, 0, 0};
  static const uint8_t distance_one[1] = {1};  // distance 1: code 0, one bit
  write_block_header(&w, last, lengths, litlen_count, distance_one, 1);
  emit_tokens(&w, tokens, count, token_code, token_bits);
  put(&w, codes[256], lengths[256]);
  finish_strip(&w, last);
  return (size_t)(w.out - out);
}

// MARK: - Compact strips

// The compact coding keeps the rows unfiltered and looks for earlier strings, as deflate's
// own matchers do, but only in a few places: the byte, the pixel and the 24 bytes before (a
// run of one colour), the same pixel one and two rows up (a row repeating one above it), and
// the last position whose next four bytes hashed alike (text and shapes drawn again along a
// row). Each position is looked up once, and a match is taken whole (greedy, no lazy
// evaluation): a list's pixels are mostly runs and rows repeated, which those places find, at
// a small part of zlib's cost.

size_t lr_lz_window(void) { return WINDOW; }

size_t lr_lz_hash_entries(void) { return (size_t)1 << HASH_BITS; }

size_t lr_lz_bound(size_t length) {
  // A three-byte match costs at most 15 + 15 + 13 bits, under 15 a byte, as a literal does;
  // then the block header, the end and the flush.
  return (length * 15 + 7) / 8 + 1024;
}

// How many bytes from `a` equal those from `b`, at most `limit`.
static inline size_t match_length(const uint8_t *a, const uint8_t *b, size_t limit) {
  size_t n = 0;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  while (n + 8 <= limit) {
    uint64_t x, y;
    memcpy(&x, a + n, 8);
    memcpy(&y, b + n, 8);
    if (x != y) return n + (size_t)(__builtin_ctzll(x ^ y) >> 3);
    n += 8;
  }
#endif
  while (n < limit && a[n] == b[n]) n++;
  return n;
}

// Deflate's distance symbol for `distance` (1-32768), with its extra bits and their value.
static inline unsigned distance_symbol(unsigned distance, unsigned *extra_bits, unsigned *extra) {
  unsigned v = distance - 1;
  if (v < 4) {
    *extra_bits = 0, *extra = 0;
    return v;
  }
  unsigned high = 31u - (unsigned)__builtin_clz(v);  // 2 or more
  *extra_bits = high - 1;
  *extra = v & ((1u << (high - 1)) - 1);
  return 2 * high + ((v >> (high - 1)) & 1);
}

// Tokens for data[from..<end]: matches may reach back to `low`. Counts each token's symbols in
// `litlen_freq` and `dist_freq`; returns how many tokens.
static size_t lz_tokenize(const uint8_t *data, size_t low, size_t from, size_t end,
                          size_t row_bytes, unsigned bpp, uint32_t *head, uint32_t *tokens,
                          uint32_t *litlen_freq, uint32_t *dist_freq) {
  // Of equally long matches the first place's is kept, for the decoder's sake: libdeflate
  // (what verify reads goldens with) copies a match nearer than 8 bytes one byte at a time,
  // unless it is 1 (a fill). So a run of one byte value (white, greys) is matched 1 back, and
  // a run of one colour 24 back (a multiple of both pixel sizes and of the 8-byte word the
  // decoder copies, so each word it reads is one it wrote whole), once 24 bytes of it are
  // out; the pixel before only starts a run. Matched this near, a run costs under 3 bits a
  // 258-byte match, against about 15 one row up: the row above wins only where it is longer.
  const size_t places[5] = {1, 24, bpp, row_bytes, 2 * row_bytes};
  size_t count = 0, i = from;
  while (i < end) {
    size_t limit = end - i < MAX_MATCH ? end - i : MAX_MATCH;
    size_t best = 0, distance = 0;
    for (int k = 0; k < 5; k++) {
      size_t d = places[k];
      if (d > WINDOW || i < low + d) continue;
      // Only a longer match can replace the best: its byte after the best's length must agree.
      if (best && (best >= limit || data[i + best] != data[i + best - d])) continue;
      size_t length = match_length(data + i, data + i - d, limit);
      if (length > best) best = length, distance = d;
    }
    if (best < limit && i + 4 <= end) {
      uint32_t four;
      memcpy(&four, data + i, 4);
      uint32_t h = (four * 2654435761u) >> (32 - HASH_BITS);
      size_t seen = head[h];
      head[h] = (uint32_t)(i - low + 1);
      if (seen) {
        size_t at = low + seen - 1;
        size_t d = i - at;
        if (d <= WINDOW && d != distance && (!best || data[i + best] == data[at + best])) {
          size_t length = match_length(data + i, data + at, limit);
          if (length > best) best = length, distance = d;
        }
      }
    }
    if (best >= 4 || (best == 3 && distance <= TOO_FAR)) {
      int extra_bits, extra;
      litlen_freq[length_symbol((int)best, &extra_bits, &extra)]++;
      unsigned dist_bits, dist_extra;
      unsigned symbol = distance_symbol((unsigned)distance, &dist_bits, &dist_extra);
      dist_freq[symbol]++;
      tokens[count++] = (uint32_t)(256 + best - 3) | (symbol << KIND_BITS) |
                        (dist_extra << (KIND_BITS + DIST_SYMBOL_BITS));
      i += best;
    } else {
      litlen_freq[data[i]]++;
      tokens[count++] = data[i] | ((uint32_t)NO_DISTANCE << KIND_BITS);
      i++;
    }
  }
  return count;
}

size_t lr_lz_strip(const uint8_t *data, size_t prime, size_t length, size_t row_bytes,
                   unsigned bpp, int last, uint32_t *head, uint32_t *tokens, uint8_t *out) {
  size_t low = prime > WINDOW ? prime - WINDOW : 0;
  memset(head, 0, lr_lz_hash_entries() * sizeof *head);
  uint32_t litlen_freq[LITLEN_SYMBOLS] = {0}, dist_freq[DIST_SYMBOLS] = {0};
  size_t count = lz_tokenize(data, low, prime, prime + length, row_bytes, bpp, head, tokens,
                             litlen_freq, dist_freq);
  uint8_t lengths[LITLEN_SYMBOLS];
  uint16_t codes[LITLEN_SYMBOLS];
  int litlen_count = litlen_codes(litlen_freq, lengths, codes);
  uint8_t dist_lengths[DIST_SYMBOLS];
  uint16_t dist_codes[DIST_SYMBOLS];
  huffman_lengths(dist_freq, DIST_SYMBOLS, MAX_BITS, dist_lengths);
  int dist_count = DIST_SYMBOLS;
  while (dist_count > 1 && dist_lengths[dist_count - 1] == 0) dist_count--;
  if (dist_lengths[0] == 0 && dist_count == 1) dist_lengths[0] = 1;  // no match: one unused code
  canonical_codes(dist_lengths, dist_count, dist_codes);

  // Each literal/length kind's code with a length's extra bits, and each distance symbol's
  // code, with the count of its extra bits added to its length (NO_DISTANCE puts nothing).
  uint32_t kind_code[TOKEN_KINDS];
  uint8_t kind_bits[TOKEN_KINDS];
  kind_codes(lengths, codes, 0, kind_code, kind_bits);
  static const uint8_t dist_extra_bits[DIST_SYMBOLS + 2] = {0, 0, 0, 0, 1,  1,  2,  2,  3,  3,  4,
                                                            4, 5, 5, 6, 6,  7,  7,  8,  8,  9,  9,
                                                            10, 10, 11, 11, 12, 12, 13, 13, 0, 0};
  uint16_t symbol_code[DIST_SYMBOLS + 2] = {0};
  uint8_t symbol_length[DIST_SYMBOLS + 2] = {0}, symbol_bits[DIST_SYMBOLS + 2] = {0};
  for (int s = 0; s < dist_count; s++) {
    symbol_code[s] = dist_codes[s];
    symbol_length[s] = dist_lengths[s];
    symbol_bits[s] = (uint8_t)(dist_lengths[s] + dist_extra_bits[s]);
  }

  bits_t w = {out, 0, 0};
  write_block_header(&w, last, lengths, litlen_count, dist_lengths, dist_count);
  // As emit_tokens, with a distance after a length. At most 7 bits wait; a length's code and
  // extra bits are at most 20 and a distance's 28: 55 in all.
  flush_whole_bytes(&w);
  for (size_t k = 0; k < count; k++) {
    uint32_t t = tokens[k];
    uint32_t kind = t & ((1u << KIND_BITS) - 1);
    uint32_t symbol = (t >> KIND_BITS) & ((1u << DIST_SYMBOL_BITS) - 1);
    uint64_t extra = t >> (KIND_BITS + DIST_SYMBOL_BITS);
    append_bits(&w, kind_code[kind], kind_bits[kind]);
    append_bits(&w, (uint64_t)symbol_code[symbol] | (extra << symbol_length[symbol]),
                symbol_bits[symbol]);
    store_filled(&w);
  }
  put(&w, codes[256], lengths[256]);
  finish_strip(&w, last);
  return (size_t)(w.out - out);
}
