// A DEFLATE encoder for glyph images: small, mostly transparent, one colour plus alpha.
//
// libdeflate's lazy levels (6, 7) choose matches by length alone, and find them by hash
// alone. In these images both cost bytes: next to an edge a short match to a far copy of
// "0 a 0 b" costs more bits than the literals it replaces (the zeros are the cheapest
// literals of all), and the copy worth having is usually the row above, which a hash chain
// reaches late. Its near-optimal levels (8+) choose by cost but spend four times level 6's
// time finding matches in a binary tree at every byte. On 600 Lucide images this encoder
// makes 5 % less than level 6 in the same time (effort 0), 8.6 % less at 1.8 times it
// (effort 1); libdeflate's level 8 makes 5.4 % less. What it does:
//
// - matches start only at anchors (a row's filter byte, each pixel's first byte): copies
//   of rows and pixels start there. At each, the last anchor whose first four bytes hash
//   alike is tried, and the same place one row up and a pixel to either side of it (where a
//   straight or a diagonal edge continues); the longest match is kept;
// - a match of a nice length (20 pixels; 40 at effort 1) or more is taken whole, and the
//   bytes it covers are not searched;
// - a backward pass picks the cheapest parse, each match shortened to every pixel boundary,
//   under costs from how often each byte occurs outside the long matches (effort 1 parses
//   again under the codes the first parse gave);
// - one dynamic block: the inputs are tens of kilobytes, too short to pay for a second
//   block's header.
//
// Nothing here is specific to glyphs for correctness: any input gives a valid zlib stream.
#include "GlyphDeflate.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

enum {
    MIN_MATCH = 3,
    MAX_MATCH = 258,
    WINDOW = 32768,
    LITLEN_SYMBOLS = 286,
    DIST_SYMBOLS = 30,
    PRECODE_SYMBOLS = 19,
    END_OF_BLOCK = 256,
    COST_SHIFT = 4,         // costs are in sixteenths of a bit
};

enum { INSIDE = 1 };             // match_length of a position within a long match
// The cost from inside such a match: never chosen, since no real parse comes near it (at
// most 4 MiB of input at 23 bits a byte is under 0x60000000 sixteenths), and adding any
// one item's cost to it stays below 2^32.
#define UNREACHABLE 0xf0000000u

static const uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                         31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                         2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t distance_base[30] = {1,    2,    3,    4,    5,    7,     9,     13,    17,  25,
                                           33,   49,   65,   97,   129,  193,   257,   385,   513, 769,
                                           1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t distance_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                           6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
static const uint8_t precode_order[PRECODE_SYMBOLS] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

static inline unsigned distance_symbol(unsigned distance) {
    if (distance <= 4) return distance - 1;
    unsigned bits = 31 - (unsigned)__builtin_clz(distance - 1);
    return 2 * bits + (((distance - 1) >> (bits - 1)) & 1);
}

static inline uint32_t load32(const uint8_t *p) {
    uint32_t value;
    memcpy(&value, p, 4);
    return value;
}

// --- Huffman codes -----------------------------------------------------------------------

// Code lengths for `count` sorted frequencies, in place (Moffat and Katajainen's
// minimum-redundancy algorithm): on return a[i] is the length for the i-th smallest.
static void minimum_redundancy(uint32_t *a, int count) {
    if (count == 1) {
        a[0] = 1;
        return;
    }
    a[0] += a[1];
    int root = 0, leaf = 2;
    for (int next = 1; next < count - 1; next++) {
        if (leaf >= count || a[root] < a[leaf]) {
            a[next] = a[root];
            a[root++] = (uint32_t)next;
        } else {
            a[next] = a[leaf++];
        }
        if (leaf >= count || (root < next && a[root] < a[leaf])) {
            a[next] += a[root];
            a[root++] = (uint32_t)next;
        } else {
            a[next] += a[leaf++];
        }
    }
    a[count - 2] = 0;
    for (int next = count - 3; next >= 0; next--) a[next] = a[a[next]] + 1;
    int available = 1, used = 0, depth = 0, root_index = count - 2, next = count - 1;
    while (available > 0) {
        while (root_index >= 0 && (int)a[root_index] == depth) {
            used++;
            root_index--;
        }
        while (available > used) {
            a[next--] = (uint32_t)depth;
            available--;
        }
        available = 2 * used;
        depth++;
        used = 0;
    }
}

// Length-limited code lengths for `symbols` frequencies. At least two symbols get a code
// (a lone one is paired with a spare) so that every code is complete, as zlib requires.
static void huffman_lengths(const uint32_t *frequency, int symbols, int limit, uint8_t *lengths) {
    uint16_t order[LITLEN_SYMBOLS], sorted[LITLEN_SYMBOLS];
    uint32_t weights[LITLEN_SYMBOLS], largest = 0;
    int count = 0;
    memset(lengths, 0, (size_t)symbols);
    for (int s = 0; s < symbols; s++)
        if (frequency[s]) {
            order[count++] = (uint16_t)s;
            if (frequency[s] > largest) largest = frequency[s];
        }
    for (int s = 0; count < 2; s++)
        if (!frequency[s]) order[count++] = (uint16_t)s;  // weight 0
    // By frequency, ties by symbol: a stable radix sort a byte at a time.
    for (int shift = 0; shift == 0 || (largest >> shift) != 0; shift += 8) {
        int start[257] = {0};
        for (int i = 0; i < count; i++) start[((frequency[order[i]] >> shift) & 255) + 1]++;
        for (int d = 0; d < 256; d++) start[d + 1] += start[d];
        for (int i = 0; i < count; i++) sorted[start[(frequency[order[i]] >> shift) & 255]++] = order[i];
        memcpy(order, sorted, sizeof(uint16_t) * (size_t)count);
    }
    for (int i = 0; i < count; i++) weights[i] = frequency[order[i]];
    minimum_redundancy(weights, count);
    // weights[i] is now the length of the i-th least frequent symbol (non-increasing in i).
    int per_length[32] = {0};
    for (int i = 0; i < count; i++) per_length[weights[i] > (uint32_t)limit ? (uint32_t)limit : weights[i]]++;
    uint32_t kraft = 0;
    for (int l = 1; l <= limit; l++) kraft += (uint32_t)per_length[l] << (limit - l);
    while (kraft > (1u << limit)) {
        // Move one code from the limit up, and split a shorter one to make room for it.
        per_length[limit]--;
        for (int l = limit - 1; l > 0; l--)
            if (per_length[l]) {
                per_length[l]--;
                per_length[l + 1] += 2;
                break;
            }
        kraft--;
    }
    int i = 0;
    for (int l = limit; l > 0; l--)
        for (int k = 0; k < per_length[l]; k++) lengths[order[i++]] = (uint8_t)l;
}

static void canonical_codes(const uint8_t *lengths, int symbols, uint16_t *codes) {
    uint16_t per_length[16] = {0}, next[16];
    for (int s = 0; s < symbols; s++) per_length[lengths[s]]++;
    per_length[0] = 0;
    uint16_t code = 0;
    for (int l = 1; l < 16; l++) {
        code = (uint16_t)((code + per_length[l - 1]) << 1);
        next[l] = code;
    }
    for (int s = 0; s < symbols; s++) {
        int length = lengths[s];
        if (!length) continue;
        uint32_t v = next[length]++;  // reversed: DEFLATE sends a code's top bit first
        v = ((v >> 1) & 0x5555) | ((v & 0x5555) << 1);
        v = ((v >> 2) & 0x3333) | ((v & 0x3333) << 2);
        v = ((v >> 4) & 0x0f0f) | ((v & 0x0f0f) << 4);
        v = ((v >> 8) & 0x00ff) | ((v & 0x00ff) << 8);
        codes[s] = (uint16_t)(v >> (16 - length));
    }
}

// --- Bits out ----------------------------------------------------------------------------

typedef struct {
    uint8_t *next, *end;
    uint64_t bits;
    int count;
    int overflow;
} bit_writer;

static inline void put_bits(bit_writer *w, uint32_t value, int count) {
    w->bits |= (uint64_t)value << w->count;
    w->count += count;
    if (w->count >= 32) {
        if (w->end - w->next < 4) {
            w->overflow = 1;  // the caller discards the output
        } else {
            w->next[0] = (uint8_t)w->bits, w->next[1] = (uint8_t)(w->bits >> 8);
            w->next[2] = (uint8_t)(w->bits >> 16), w->next[3] = (uint8_t)(w->bits >> 24);
            w->next += 4;
        }
        w->bits >>= 32;
        w->count -= 32;
    }
}

static void flush_bits(bit_writer *w) {
    while (w->count > 0) {
        if (w->next == w->end) {
            w->overflow = 1;
            return;
        }
        *w->next++ = (uint8_t)w->bits;
        w->bits >>= 8;
        w->count -= 8;
    }
    w->count = 0;
}

// --- The parse ---------------------------------------------------------------------------

typedef struct {
    uint32_t literal[256];               // cost of each literal
    uint32_t length[MAX_MATCH + 1];      // cost of each match length, extra bits included
    uint32_t distance[DIST_SYMBOLS];     // cost of each distance symbol, extra bits included
} costs;

typedef struct {
    uint32_t litlen[LITLEN_SYMBOLS];
    uint32_t distance[DIST_SYMBOLS];
} frequencies;

// The length symbol (0...28, sent as 257...285) of each match length 3...258.
static const uint8_t length_symbol_of[MAX_MATCH + 1] = {
    0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 12, 12, 13,
    13, 13, 13, 14, 14, 14, 14, 15, 15, 15, 15, 16, 16, 16, 16, 16, 16, 16, 16, 17, 17, 17, 17, 17,
    17, 17, 17, 18, 18, 18, 18, 18, 18, 18, 18, 19, 19, 19, 19, 19, 19, 19, 19, 20, 20, 20, 20, 20,
    20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21,
    21, 21, 21, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 23, 23, 23, 23, 23,
    23, 23, 23, 23, 23, 23, 23, 23, 23, 23, 23, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24,
    24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 25, 25, 25, 25, 25,
    25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25,
    25, 25, 25, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26,
    26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27,
    27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 28};

// Approximately 16 * log2(x), for x >= 1.
static uint32_t log2_sixteenths(uint32_t x) {
    int bits = 31 - __builtin_clz(x);
    uint32_t fraction = bits >= 4 ? (x >> (bits - 4)) & 15 : (x << (4 - bits)) & 15;
    return (uint32_t)bits * 16 + fraction;  // log2(1 + f) ~ f, within 0.09 bit
}

// First-pass costs: literals by how often each byte occurs outside the long matches,
// matches by a typical code length (5 bits a length symbol, 4 a distance symbol: the
// smallest output of the 5 x 4 guesses tried on 600 Lucide images).
static void initial_costs(const uint32_t *histogram, costs *c) {
    uint32_t counted = 0;
    for (int b = 0; b < 256; b++) counted += histogram[b];
    uint32_t total = log2_sixteenths(counted ? counted : 1);
    for (int b = 0; b < 256; b++) {
        uint32_t cost = histogram[b] ? total - log2_sixteenths(histogram[b]) : 12 << COST_SHIFT;
        if (cost < (1 << COST_SHIFT)) cost = 1 << COST_SHIFT;
        c->literal[b] = cost;
    }
    for (int length = MIN_MATCH; length <= MAX_MATCH; length++)
        c->length[length] = (uint32_t)(5 + length_extra[length_symbol_of[length]]) << COST_SHIFT;
    for (int symbol = 0; symbol < DIST_SYMBOLS; symbol++)
        c->distance[symbol] = (uint32_t)(4 + distance_extra[symbol]) << COST_SHIFT;
}

static void costs_from_lengths(const uint8_t *litlen, const uint8_t *dist, costs *c) {
    // A symbol the previous parse did not use costs about as much as the longest code.
    for (int b = 0; b < 256; b++) c->literal[b] = (uint32_t)(litlen[b] ? litlen[b] : 13) << COST_SHIFT;
    for (int length = MIN_MATCH; length <= MAX_MATCH; length++) {
        int symbol = length_symbol_of[length];
        int bits = litlen[257 + symbol] ? litlen[257 + symbol] : 13;
        c->length[length] = (uint32_t)(bits + length_extra[symbol]) << COST_SHIFT;
    }
    for (int symbol = 0; symbol < DIST_SYMBOLS; symbol++)
        c->distance[symbol] = (uint32_t)((dist[symbol] ? dist[symbol] : 13) + distance_extra[symbol]) << COST_SHIFT;
}

typedef struct {
    const uint8_t *in;
    size_t size;
    uint8_t *anchor;          // 1 where a match may start: a row's or a pixel's first byte
    uint16_t *match_length;   // the match found at each position: 0 none, INSIDE, or 4...258
    uint16_t *match_distance; // its distance; at a long match's last byte, how far back it starts
    uint32_t *cost;           // cheapest cost from each position to the end
    uint16_t *step;           // the chosen item's length at each position (1: a literal;
                              // a match is the one found there, at match_distance)
    int32_t *head;            // the last anchor with each hash
    size_t row_bytes, pixel_bytes;
    unsigned nice_length;     // a match this long is taken whole and its bytes not searched
} parse_state;

// How many bytes from 4 on (the first 4 are known equal) a and b share, at most limit.
static inline size_t matching_length(const uint8_t *a, const uint8_t *b, size_t limit) {
    size_t length = 4;
    while (length + 8 <= limit) {
        uint64_t x, y;
        memcpy(&x, a + length, 8);
        memcpy(&y, b + length, 8);
        if (x != y) {
            // The first differing byte: the lowest one in memory order.
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
            return length + (size_t)(__builtin_clzll(x ^ y) >> 3);
#else
            return length + (size_t)(__builtin_ctzll(x ^ y) >> 3);
#endif
        }
        length += 8;
    }
    while (length < limit && a[length] == b[length]) length++;
    return length;
}

static inline uint32_t hash4(const uint8_t *p, int shift) { return (load32(p) * 2654435761u) >> shift; }

// Finds at each anchor the match with the last anchor whose first four bytes hash alike,
// and skips past a match of the nice length or more. Also counts the bytes outside the long
// matches, for the first costs.
static void find_matches(parse_state *p, int hash_bits, uint32_t *histogram) {
    const uint8_t *in = p->in;
    size_t size = p->size;
    int shift = 32 - hash_bits;
    for (size_t i = 0; i < size; i++) {
        histogram[in[i]]++;
        p->match_length[i] = 0;
        if (!p->anchor[i] || i + 4 > size) continue;
        uint32_t hash = hash4(in + i, shift);
        int32_t candidate = p->head[hash];
        p->head[hash] = (int32_t)i;
        size_t remaining = size - i, limit = remaining < MAX_MATCH ? remaining : MAX_MATCH;
        size_t length = 0, distance = 0;
        uint32_t here = load32(in + i);
        if (candidate >= 0 && i - (size_t)candidate <= WINDOW && load32(in + candidate) == here) {
            length = matching_length(in + candidate, in + i, limit);
            distance = i - (size_t)candidate;
        }
        // The same place one row up, and a pixel to either side of it: a straight or a
        // diagonal edge continues there, where the last hash match may be a shorter look-alike.
        for (int k = 0; k < 3; k++) {
            size_t d = p->row_bytes + (k == 1 ? p->pixel_bytes : 0) - (k == 2 ? p->pixel_bytes : 0);
            if (d > i || d > WINDOW || d == distance || load32(in + i - d) != here) continue;
            size_t n = matching_length(in + i - d, in + i, limit);
            if (n > length || (n == length && d < distance)) length = n, distance = d;
        }
        if (!length) continue;
        p->match_length[i] = (uint16_t)length;
        p->match_distance[i] = (uint16_t)distance;
        if (length >= p->nice_length) {
            // Remember the anchors inside for later searches and look no further. The parse
            // takes the match whole: nothing may start or end inside it, and its last byte
            // says how far back its start is.
            size_t start = i;
            for (size_t end = i + length; ++i < end;) {
                p->match_length[i] = INSIDE;
                p->cost[i] = UNREACHABLE;
                if (p->anchor[i] && i + 4 <= size) p->head[hash4(in + i, shift)] = (int32_t)i;
            }
            i--;
            p->match_distance[i] = (uint16_t)(i - start);
        }
    }
}

// The cheapest parse under `c`, from the end backwards; fills step. Ties go to the shorter
// item, so the parse is the same on every machine.
static void cheapest_parse(parse_state *p, const costs *c) {
    uint32_t *cost = p->cost;
    cost[p->size] = 0;
    for (size_t i = p->size; i-- > 0;) {
        unsigned longest = p->match_length[i];
        if (longest == INSIDE) {
            i -= p->match_distance[i] - 1u;  // to the long match's start, whose cost is next
            continue;
        }
        // Candidates as (cost << 9 | length), so that the smallest is the cheapest.
        uint64_t best = (uint64_t)(c->literal[p->in[i]] + cost[i + 1]) << 9 | 1;
        if (longest) {
            uint32_t distance_cost = c->distance[distance_symbol(p->match_distance[i])];
            // Shortened to end on a pixel's first byte (a step of a pixel from the first
            // such end; where a row's filter byte breaks the step, a few are missed), and whole.
            if (longest < p->nice_length) {
                unsigned step = (unsigned)p->pixel_bytes, length = p->anchor[i + MIN_MATCH] ? MIN_MATCH : MIN_MATCH + 1;
                for (; length < longest; length += step) {
                    uint64_t candidate = (uint64_t)(distance_cost + c->length[length] + cost[i + length]) << 9 | length;
                    best = candidate < best ? candidate : best;
                }
            }
            uint64_t whole = (uint64_t)(distance_cost + c->length[longest] + cost[i + longest]) << 9 | longest;
            best = whole < best ? whole : best;
        }
        cost[i] = (uint32_t)(best >> 9);
        p->step[i] = (uint16_t)(best & 511);
    }
}

static void count_parse(const parse_state *p, frequencies *f) {
    memset(f, 0, sizeof *f);
    for (size_t i = 0; i < p->size;) {
        unsigned length = p->step[i];
        if (length == 1) {
            f->litlen[p->in[i]]++;
        } else {
            f->litlen[257 + length_symbol_of[length]]++;
            f->distance[distance_symbol(p->match_distance[i])]++;
        }
        i += length;
    }
    f->litlen[END_OF_BLOCK] = 1;
}

// --- The block ---------------------------------------------------------------------------

static void write_block(bit_writer *w, const parse_state *p, const frequencies *f) {
    uint8_t litlen_lengths[LITLEN_SYMBOLS], distance_lengths[DIST_SYMBOLS];
    uint16_t litlen_codes[LITLEN_SYMBOLS] = {0}, distance_codes[DIST_SYMBOLS] = {0};
    huffman_lengths(f->litlen, LITLEN_SYMBOLS, 15, litlen_lengths);
    huffman_lengths(f->distance, DIST_SYMBOLS, 15, distance_lengths);
    canonical_codes(litlen_lengths, LITLEN_SYMBOLS, litlen_codes);
    canonical_codes(distance_lengths, DIST_SYMBOLS, distance_codes);

    int litlen_count = LITLEN_SYMBOLS, distance_count = DIST_SYMBOLS;
    while (litlen_count > 257 && !litlen_lengths[litlen_count - 1]) litlen_count--;
    while (distance_count > 1 && !distance_lengths[distance_count - 1]) distance_count--;

    // The code lengths of both codes as one sequence, run-length coded with 16, 17 and 18.
    uint8_t all[LITLEN_SYMBOLS + DIST_SYMBOLS];
    memcpy(all, litlen_lengths, (size_t)litlen_count);
    memcpy(all + litlen_count, distance_lengths, (size_t)distance_count);
    int total = litlen_count + distance_count;
    uint8_t items[LITLEN_SYMBOLS + DIST_SYMBOLS], extras[LITLEN_SYMBOLS + DIST_SYMBOLS];
    int item_count = 0;
    uint32_t precode_frequency[PRECODE_SYMBOLS] = {0};
    for (int i = 0; i < total;) {
        int run = 1;
        while (i + run < total && all[i + run] == all[i]) run++;
        int value = all[i];
        i += run;
        if (value == 0) {
            while (run >= 11) {
                int n = run > 138 ? 138 : run;
                items[item_count] = 18, extras[item_count++] = (uint8_t)(n - 11);
                run -= n;
            }
            if (run >= 3) {
                items[item_count] = 17, extras[item_count++] = (uint8_t)(run - 3);
                run = 0;
            }
        } else {
            items[item_count] = (uint8_t)value, extras[item_count++] = 0;
            run--;
            while (run >= 3) {
                int n = run > 6 ? 6 : run;
                items[item_count] = 16, extras[item_count++] = (uint8_t)(n - 3);
                run -= n;
            }
        }
        while (run-- > 0) items[item_count] = (uint8_t)value, extras[item_count++] = 0;
    }
    for (int i = 0; i < item_count; i++) precode_frequency[items[i]]++;
    uint8_t precode_lengths[PRECODE_SYMBOLS];
    uint16_t precode_codes[PRECODE_SYMBOLS] = {0};
    huffman_lengths(precode_frequency, PRECODE_SYMBOLS, 7, precode_lengths);
    canonical_codes(precode_lengths, PRECODE_SYMBOLS, precode_codes);
    int precode_count = PRECODE_SYMBOLS;
    while (precode_count > 4 && !precode_lengths[precode_order[precode_count - 1]]) precode_count--;

    put_bits(w, 1, 1);  // BFINAL: the only block
    put_bits(w, 2, 2);  // BTYPE: dynamic Huffman codes
    put_bits(w, (uint32_t)(litlen_count - 257), 5);
    put_bits(w, (uint32_t)(distance_count - 1), 5);
    put_bits(w, (uint32_t)(precode_count - 4), 4);
    for (int i = 0; i < precode_count; i++) put_bits(w, precode_lengths[precode_order[i]], 3);
    static const uint8_t item_extra_bits[3] = {2, 3, 7};
    for (int i = 0; i < item_count; i++) {
        put_bits(w, precode_codes[items[i]], precode_lengths[items[i]]);
        if (items[i] >= 16) put_bits(w, extras[i], item_extra_bits[items[i] - 16]);
    }

    for (size_t i = 0; i < p->size && !w->overflow;) {
        unsigned length = p->step[i];
        if (length == 1) {
            uint8_t literal = p->in[i];
            put_bits(w, litlen_codes[literal], litlen_lengths[literal]);
        } else {
            unsigned symbol = length_symbol_of[length], distance = p->match_distance[i];
            put_bits(w, litlen_codes[257 + symbol], litlen_lengths[257 + symbol]);
            put_bits(w, length - length_base[symbol], length_extra[symbol]);
            unsigned dsymbol = distance_symbol(distance);
            put_bits(w, distance_codes[dsymbol], distance_lengths[dsymbol]);
            put_bits(w, distance - distance_base[dsymbol], distance_extra[dsymbol]);
        }
        i += length;
    }
    put_bits(w, litlen_codes[END_OF_BLOCK], litlen_lengths[END_OF_BLOCK]);
    flush_bits(w);
}

size_t glyph_deflate_zlib(const uint8_t *in, size_t size, size_t row_bytes, size_t pixel_bytes, int effort,
                          uint8_t *out, size_t capacity) {
    if (size == 0 || size > GLYPH_DEFLATE_MAX_INPUT || capacity < 16) return 0;
    if (row_bytes == 0 || pixel_bytes == 0) row_bytes = pixel_bytes = 1;
    int hash_bits = 10;  // about one slot per anchor
    while (hash_bits < 16 && ((size_t)1 << hash_bits) < size / pixel_bytes) hash_bits++;

    // One allocation for every table: the widest first, so that each stays aligned.
    size_t head_bytes = sizeof(int32_t) << hash_bits, cost_bytes = sizeof(uint32_t) * (size + 1);
    size_t short_bytes = sizeof(uint16_t) * size, anchor_bytes = size + MAX_MATCH + 1;
    uint8_t *memory = malloc(head_bytes + cost_bytes + 3 * short_bytes + anchor_bytes);
    if (memory == NULL) return 0;
    // Effort 1 takes only longer matches whole and parses twice, the second time under the
    // codes the first parse gave.
    int passes = effort > 0 ? 2 : 1;
    // The nice length counts pixels: 20 (40 at effort 1), so that a palette's one-byte
    // pixels are searched as much as grey+alpha's two-byte ones.
    size_t nice = (effort > 0 ? 40 : 20) * pixel_bytes;
    parse_state p = {.in = in, .size = size, .row_bytes = row_bytes, .pixel_bytes = pixel_bytes,
                     .nice_length = (unsigned)(nice < 16 ? 16 : nice > MAX_MATCH ? MAX_MATCH : nice)};
    p.head = (int32_t *)memory;
    p.cost = (uint32_t *)(memory + head_bytes);
    p.match_length = (uint16_t *)(memory + head_bytes + cost_bytes);
    p.match_distance = p.match_length + size;
    p.step = p.match_distance + size;
    p.anchor = (uint8_t *)(p.step + size);

    memset(p.head, 0xff, head_bytes);
    // A row is its filter byte, then its pixels; a match may end anywhere, even past the end
    // of the anchors (the table's tail is only read as 1).
    memset(p.anchor, 0, size);
    for (size_t row = 0; row < size; row += row_bytes) {
        p.anchor[row] = 1;
        for (size_t i = row + 1; i < row + row_bytes && i < size; i += pixel_bytes) p.anchor[i] = 1;
    }
    memset(p.anchor + size, 1, MAX_MATCH + 1);

    uint32_t histogram[256] = {0};
    find_matches(&p, hash_bits, histogram);
    costs c;
    frequencies f;
    initial_costs(histogram, &c);
    for (int pass = 0; pass < passes; pass++) {
        cheapest_parse(&p, &c);
        count_parse(&p, &f);
        if (pass + 1 < passes) {
            uint8_t litlen_lengths[LITLEN_SYMBOLS], distance_lengths[DIST_SYMBOLS];
            huffman_lengths(f.litlen, LITLEN_SYMBOLS, 15, litlen_lengths);
            huffman_lengths(f.distance, DIST_SYMBOLS, 15, distance_lengths);
            costs_from_lengths(litlen_lengths, distance_lengths, &c);
        }
    }

    size_t written = 0;
    out[0] = 0x78, out[1] = 0xda;  // deflate with a 32 KiB window; "maximum compression"
    bit_writer w = {.next = out + 2, .end = out + capacity - 4};
    write_block(&w, &p, &f);
    if (!w.overflow) {
        uint32_t adler = libdeflate_adler32(1, in, size);
        w.next[0] = (uint8_t)(adler >> 24), w.next[1] = (uint8_t)(adler >> 16);
        w.next[2] = (uint8_t)(adler >> 8), w.next[3] = (uint8_t)adler;
        written = (size_t)(w.next + 4 - out);
    }
    free(memory);
    return written;
}
