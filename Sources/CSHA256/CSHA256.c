// See include/CSHA256.h.

#include "CSHA256.h"

static const uint32_t round_constants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline uint32_t rotate_right(uint32_t value, unsigned count) {
    return (value >> count) | (value << (32 - count));
}

void csha256_compress_portable(uint32_t state[8], const uint8_t *data, size_t blocks) {
    uint32_t schedule[64];
    for (size_t block = 0; block < blocks; block++, data += 64) {
        for (int index = 0; index < 16; index++) {
            const uint8_t *word = data + 4 * index;
            schedule[index] = (uint32_t)word[0] << 24 | (uint32_t)word[1] << 16 | (uint32_t)word[2] << 8 | (uint32_t)word[3];
        }
        for (int index = 16; index < 64; index++) {
            uint32_t early = schedule[index - 15], late = schedule[index - 2];
            uint32_t sigma0 = rotate_right(early, 7) ^ rotate_right(early, 18) ^ (early >> 3);
            uint32_t sigma1 = rotate_right(late, 17) ^ rotate_right(late, 19) ^ (late >> 10);
            schedule[index] = schedule[index - 16] + sigma0 + schedule[index - 7] + sigma1;
        }
        uint32_t a = state[0], b = state[1], c = state[2], d = state[3], e = state[4], f = state[5], g = state[6], h = state[7];
        for (int index = 0; index < 64; index++) {
            uint32_t sum1 = rotate_right(e, 6) ^ rotate_right(e, 11) ^ rotate_right(e, 25);
            uint32_t choice = (e & f) ^ (~e & g);
            uint32_t first = h + sum1 + choice + round_constants[index] + schedule[index];
            uint32_t sum0 = rotate_right(a, 2) ^ rotate_right(a, 13) ^ rotate_right(a, 22);
            uint32_t majority = (a & b) ^ (a & c) ^ (b & c);
            uint32_t second = sum0 + majority;
            h = g;
            g = f;
            f = e;
            e = d + first;
            d = c;
            c = b;
            b = a;
            a = first + second;
        }
        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        state[4] += e;
        state[5] += f;
        state[6] += g;
        state[7] += h;
    }
}

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

// The SHA extensions keep the state as two vectors, ABEF and CDGH, and do two rounds per
// SHA256RNDS2; SHA256MSG1 and SHA256MSG2 extend the message schedule four words at a time.
__attribute__((target("sha,sse4.1,ssse3")))
static void compress_with_sha_instructions(uint32_t state[8], const uint8_t *data, size_t blocks) {
    // Each 32-bit word's bytes reversed: the message is big-endian.
    const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);
    __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
    __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);
    for (size_t block = 0; block < blocks; block++, data += 64) {
        const __m128i abef_before = abef, cdgh_before = cdgh;
        __m128i words[4];
        for (int index = 0; index < 4; index++) {
            words[index] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * index)), byte_swap);
        }
        // Sixteen groups of four rounds; group g uses words[g % 4], which holds schedule
        // words 4g…4g+3 by then.
        for (int group = 0; group < 16; group++) {
            __m128i current = words[group % 4];
            __m128i message = _mm_add_epi32(current, _mm_loadu_si128((const __m128i *)&round_constants[4 * group]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, message);
            if (group >= 3 && group < 15) {
                // Schedule words 4(g+1)… from those of the four groups before.
                __m128i *next = &words[(group + 1) % 4];
                *next = _mm_add_epi32(*next, _mm_alignr_epi8(current, words[(group + 3) % 4], 4));
                *next = _mm_sha256msg2_epu32(*next, current);
            }
            message = _mm_shuffle_epi32(message, 0x0E);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, message);
            if (group >= 1 && group < 13) {
                words[(group + 3) % 4] = _mm_sha256msg1_epu32(words[(group + 3) % 4], current);
            }
        }
        abef = _mm_add_epi32(abef, abef_before);
        cdgh = _mm_add_epi32(cdgh, cdgh_before);
    }
    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}

static int has_sha_instructions(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned int ssse3 = 1u << 9, sse41 = 1u << 19;
    if ((ecx & ssse3) == 0 || (ecx & sse41) == 0) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    return (ebx & (1u << 29)) != 0;
}
#endif

int csha256_uses_sha_instructions(void) {
#if defined(__x86_64__)
    // Asked once (two first callers at once both ask, and get the same answer).
    static int known = -1;
    int answer = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (answer < 0) {
        answer = has_sha_instructions();
        __atomic_store_n(&known, answer, __ATOMIC_RELAXED);
    }
    return answer;
#else
    return 0;
#endif
}

void csha256_compress(uint32_t state[8], const uint8_t *data, size_t blocks) {
#if defined(__x86_64__)
    if (csha256_uses_sha_instructions()) {
        compress_with_sha_instructions(state, data, blocks);
        return;
    }
#endif
    csha256_compress_portable(state, data, blocks);
}
