/* What the compiled core's modules (game/core/_*.c) share: the bit scans of a card mask
 * and the allocation of a batch's arrays.  Included after <Python.h>; every function is
 * static inline, so each module gets its own copy and none is left unused.
 *
 * setup.py lists this header among each extension's dependencies (a change rebuilds
 * them all); the built modules carry it compiled in, so nothing else ships it. */
#ifndef ATOUT_CORE_BITS_H
#define ATOUT_CORE_BITS_H

#include <stdint.h>

#if defined(_MSC_VER)
#include <intrin.h>
static inline int popcount32(uint32_t x) { return (int)__popcnt(x); }
static inline int low_bit(uint32_t x) { unsigned long i; _BitScanForward(&i, x); return (int)i; }
static inline int high_bit(uint32_t x) { unsigned long i; _BitScanReverse(&i, x); return (int)i; }
#else
static inline int popcount32(uint32_t x) { return __builtin_popcount(x); }
/* low_bit and high_bit read a mask with at least one bit set */
static inline int low_bit(uint32_t x) { return __builtin_ctz(x); }
static inline int high_bit(uint32_t x) { return 31 - __builtin_clz(x); }
#endif

/* the highest bit set, -1 when none is */
static inline int high_bit_or_none(uint32_t x) { return x ? high_bit(x) : -1; }

/* An array of ``count`` items of ``size`` bytes from Python's allocator (PyMem_Free frees
 * it), never of zero bytes (an empty batch still gets a pointer to free). */
static inline void *batch_array(Py_ssize_t count, size_t size) {
    return PyMem_Malloc(size * (size_t)(count > 0 ? count : 1));
}

#endif
