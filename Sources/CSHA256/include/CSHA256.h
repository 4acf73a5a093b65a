// SHA-256's compression function (FIPS 180-4), the part of the hash that takes the time:
// with the x86 SHA extensions where the processor has them (most x86 processors since
// 2017: a 400 KB catalog in well under a millisecond), else in portable C. Swift reaches it
// from IconForgePlatform only (`SHA256Blocks`); the padding and the digest's text are
// Swift's (IconForgeModel's `SHA256Digest`).
#ifndef ICONFORGE_CSHA256_H
#define ICONFORGE_CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// Hashes `blocks` 64-byte blocks from `data` into `state` (the eight working words, in
/// order a…h), with the processor's SHA instructions when it has them.
void csha256_compress(uint32_t state[8], const uint8_t *data, size_t blocks);

/// The same, always in portable C (for tests that hold the two to the same answers).
void csha256_compress_portable(uint32_t state[8], const uint8_t *data, size_t blocks);

/// 1 when `csha256_compress` uses the processor's SHA instructions, else 0.
int csha256_uses_sha_instructions(void);

#endif
