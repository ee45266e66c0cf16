// Fixed-width occupancy of up to 64 * W slots (W 64-bit words). Bit i is slot i, in the
// layout's slot order; the Python twin uses the same bit per slot.
//
// The word count is a template parameter, not a run-time field: every loop over the words has
// a constant trip count that the compiler unrolls, so a 144-slot board pays for three words
// and nothing more (measured in benchmarks/README.md, "Layouts of any size"). The core is
// compiled once per entry of MAHJONGKIT_FOR_EACH_WORD_COUNT, and a layout uses the smallest
// that holds it (words_for).
#pragma once
#include <cstdint>

namespace mahjongkit::solitaire {

// The word counts the core is compiled for: today's three words (up to 192 slots: the Turtle
// and every one-set layout), four (256: every KMahjongg layout) and nine (576: four tile sets).
#define MAHJONGKIT_FOR_EACH_WORD_COUNT(X) X(3) X(4) X(9)
constexpr int kMaxWords = 9;
constexpr int kMaxSlots = 64 * kMaxWords;

// The smallest compiled word count that holds n slots (n <= kMaxSlots).
constexpr int words_for(int n) { return n <= 192 ? 3 : (n <= 256 ? 4 : 9); }

// A set bit count without libgcc's out-of-line __popcountdi2, which is what
// __builtin_popcountll compiles to for baseline x86-64 (no POPCNT instruction): the
// solver counts bits in its innermost loops.
inline int popcount64(std::uint64_t x) {
#if defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
  return __builtin_popcountll(x);
#else
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
#endif
}

template <int W>
struct Bits {
  static constexpr int kWords = W;
  static constexpr int kCapacity = 64 * kWords;
  std::uint64_t w[kWords] = {};

  static Bits first_n(int n) {  // slots 0..n-1
    Bits b;
    for (int i = 0; i < kWords; ++i) {
      const int lo = 64 * i;
      if (n >= lo + 64) b.w[i] = ~0ULL;
      else if (n > lo) b.w[i] = (1ULL << (n - lo)) - 1;
    }
    return b;
  }
  bool test(int i) const { return (w[i >> 6] >> (i & 63)) & 1ULL; }
  void set(int i) { w[i >> 6] |= 1ULL << (i & 63); }
  void reset(int i) { w[i >> 6] &= ~(1ULL << (i & 63)); }
  bool any() const {
    std::uint64_t x = 0;
    for (int i = 0; i < kWords; ++i) x |= w[i];
    return x != 0;
  }
  bool none() const { return !any(); }
  int count() const {
    int c = 0;
    for (int i = 0; i < kWords; ++i) c += popcount64(w[i]);
    return c;
  }
  bool intersects(const Bits& o) const {
    std::uint64_t x = 0;
    for (int i = 0; i < kWords; ++i) x |= w[i] & o.w[i];
    return x != 0;
  }
  Bits operator&(const Bits& o) const {
    Bits r;
    for (int i = 0; i < kWords; ++i) r.w[i] = w[i] & o.w[i];
    return r;
  }
  Bits operator|(const Bits& o) const {
    Bits r;
    for (int i = 0; i < kWords; ++i) r.w[i] = w[i] | o.w[i];
    return r;
  }
  Bits operator^(const Bits& o) const {
    Bits r;
    for (int i = 0; i < kWords; ++i) r.w[i] = w[i] ^ o.w[i];
    return r;
  }
  Bits andnot(const Bits& o) const {
    Bits r;
    for (int i = 0; i < kWords; ++i) r.w[i] = w[i] & ~o.w[i];
    return r;
  }
  Bits& operator|=(const Bits& o) { for (int i = 0; i < kWords; ++i) w[i] |= o.w[i]; return *this; }
  Bits& operator&=(const Bits& o) { for (int i = 0; i < kWords; ++i) w[i] &= o.w[i]; return *this; }
  bool operator==(const Bits& o) const {
    std::uint64_t x = 0;
    for (int i = 0; i < kWords; ++i) x |= w[i] ^ o.w[i];
    return x == 0;
  }
  bool operator!=(const Bits& o) const { return !(*this == o); }

  // Calls f(i) for every set bit, ascending.
  template <class F>
  void for_each(F&& f) const {
    for (int k = 0; k < kWords; ++k) {
      for (std::uint64_t x = w[k]; x; x &= x - 1) f(64 * k + __builtin_ctzll(x));
    }
  }
  // The index of the k-th set bit (0-based), ascending; k must be < count().
  int nth(int k) const {
    for (int j = 0; j < kWords; ++j) {
      const int c = popcount64(w[j]);
      if (k < c) {
        std::uint64_t x = w[j];
        for (int t = 0; t < k; ++t) x &= x - 1;
        return 64 * j + __builtin_ctzll(x);
      }
      k -= c;
    }
    return -1;
  }
};

}  // namespace mahjongkit::solitaire
