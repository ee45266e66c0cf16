// The seeded generator of the solitaire core, written out so that the C++ core and the
// pure-Python twin (python/mahjongkit/solitaire/rng.py) draw the same numbers on every
// platform (decision 5 of docs/decisions.md: never <random>'s distributions, whose output is not
// standardised).
//
//   * splitmix64: the seeder. State s; next: s += 0x9E3779B97F4A7C15, then the finaliser
//     mix64(z) = z ^ z>>30, * 0xBF58476D1CE4E5B9, ^ >>27, * 0x94D049BB133111EB, ^ >>31.
//   * Rng(seed, stream): splitmix64 started at seed XOR mix64(stream); its first four outputs
//     are the xoshiro256** state. mix64(0) = 0, so stream 0 is splitmix64(seed) itself; for
//     one seed, distinct streams give distinct states (mix64 is a bijection).
//   * next(): xoshiro256** (Blackman and Vigna, 2018).
//   * below(n): an exactly unbiased draw in [0, n) by Lemire's multiply-shift with
//     rejection (2019): x * n as 128 bits; reject while the low word < (2^64 - n) mod n.
//   * shuffle: Fisher-Yates from the last index down, j = below(i + 1).
// Test vectors are in tests/solitaire/test_rng.py and the README.
#pragma once
#include <cstdint>
#include <utility>

namespace mahjongkit::solitaire {

inline std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

struct SplitMix64 {
  std::uint64_t state;
  std::uint64_t next() {
    state += 0x9E3779B97F4A7C15ULL;
    return mix64(state);
  }
};

class Rng {
 public:
  explicit Rng(std::uint64_t seed, std::uint64_t stream = 0) {
    SplitMix64 sm{seed ^ mix64(stream)};
    for (auto& w : s_) w = sm.next();
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n); n >= 1.
  std::uint64_t below(std::uint64_t n) {
    std::uint64_t high;
    std::uint64_t low = multiply(next(), n, &high);
    if (low < n) {
      const std::uint64_t threshold = (0 - n) % n;  // (2^64 - n) mod n
      while (low < threshold) low = multiply(next(), n, &high);
    }
    return high;
  }

  template <class T>
  void shuffle(T* items, int count) {
    for (int i = count - 1; i > 0; --i) {
      const int j = static_cast<int>(below(static_cast<std::uint64_t>(i) + 1));
      std::swap(items[i], items[j]);
    }
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

  // The full 128-bit product a * b: returns the low word, stores the high word.
  static std::uint64_t multiply(std::uint64_t a, std::uint64_t b, std::uint64_t* high) {
#if defined(__SIZEOF_INT128__)
    const unsigned __int128 m = static_cast<unsigned __int128>(a) * b;
    *high = static_cast<std::uint64_t>(m >> 64);
    return static_cast<std::uint64_t>(m);
#else
    // Portable schoolbook product of 32-bit halves (compilers without a 128-bit type).
    const std::uint64_t a_lo = a & 0xFFFFFFFFULL, a_hi = a >> 32;
    const std::uint64_t b_lo = b & 0xFFFFFFFFULL, b_hi = b >> 32;
    const std::uint64_t lo_lo = a_lo * b_lo, hi_lo = a_hi * b_lo;
    const std::uint64_t lo_hi = a_lo * b_hi, hi_hi = a_hi * b_hi;
    const std::uint64_t cross = (lo_lo >> 32) + (hi_lo & 0xFFFFFFFFULL) + lo_hi;
    *high = hi_hi + (hi_lo >> 32) + (cross >> 32);
    return (cross << 32) | (lo_lo & 0xFFFFFFFFULL);
#endif
  }
  std::uint64_t s_[4];
};

}  // namespace mahjongkit::solitaire
