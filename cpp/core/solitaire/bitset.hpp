// Fixed-width occupancy of up to 192 slots (3 x u64; a layout has at most 144).
// Bit i is slot i, in the layout's slot order; the Python twin uses the same bit per slot.
#pragma once
#include <cstdint>

namespace mahjongkit::solitaire {

struct Bits {
  static constexpr int kWords = 3;
  static constexpr int kCapacity = 64 * kWords;
  std::uint64_t w[kWords] = {0, 0, 0};

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
  bool any() const { return (w[0] | w[1] | w[2]) != 0; }
  bool none() const { return !any(); }
  int count() const {
    return __builtin_popcountll(w[0]) + __builtin_popcountll(w[1]) + __builtin_popcountll(w[2]);
  }
  bool intersects(const Bits& o) const {
    return ((w[0] & o.w[0]) | (w[1] & o.w[1]) | (w[2] & o.w[2])) != 0;
  }
  Bits operator&(const Bits& o) const { return {{w[0] & o.w[0], w[1] & o.w[1], w[2] & o.w[2]}}; }
  Bits operator|(const Bits& o) const { return {{w[0] | o.w[0], w[1] | o.w[1], w[2] | o.w[2]}}; }
  Bits operator^(const Bits& o) const { return {{w[0] ^ o.w[0], w[1] ^ o.w[1], w[2] ^ o.w[2]}}; }
  Bits andnot(const Bits& o) const { return {{w[0] & ~o.w[0], w[1] & ~o.w[1], w[2] & ~o.w[2]}}; }
  Bits& operator|=(const Bits& o) { for (int i = 0; i < kWords; ++i) w[i] |= o.w[i]; return *this; }
  Bits& operator&=(const Bits& o) { for (int i = 0; i < kWords; ++i) w[i] &= o.w[i]; return *this; }
  bool operator==(const Bits& o) const { return w[0] == o.w[0] && w[1] == o.w[1] && w[2] == o.w[2]; }
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
      const int c = __builtin_popcountll(w[j]);
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
