// The vocabulary of MCR decomposition and shanten, numbered as the Python enums of
// python/mahjongkit/mcr/analysis/split.py (declaration order), so results cross the binding as ints.
#pragma once
#include <array>
#include <cstdint>

#include "core/tiles.hpp"

namespace mahjongkit::mcr {

// Concealed counts of the standard kinds: index 0 unused, 1..34 the kinds. A count may
// reach 5 while testing a "theoretical" wait on a kind the hand already holds four times.
using Counts = std::array<std::uint8_t, 35>;

enum class Form : std::uint8_t { Standard, SevenPairs, ThirteenOrphans, HonoursKnitted, KnittedStraight };
inline constexpr int kForms = 5;

enum class SetKind : std::uint8_t { Chow, Pung, Kong, Pair, Knit, Single };

enum class Wait : std::uint8_t { Edge, Closed, TwoSided, Pung, Pair, Single, Knit };

inline constexpr std::array<std::uint8_t, 13> kOrphans = {1, 9, 10, 18, 19, 27, 28, 29, 30, 31, 32, 33, 34};
inline constexpr std::uint8_t kFirstHonour = 28;

// The six knitted patterns, each sorted: suits (m, p, s) take 147/258/369 by permutation.
inline constexpr std::array<std::array<std::uint8_t, 9>, 6> kKnitPatterns = {{
    {1, 4, 7, 11, 14, 17, 21, 24, 27},  // m147 p258 s369
    {1, 4, 7, 12, 15, 18, 20, 23, 26},  // m147 p369 s258
    {2, 5, 8, 10, 13, 16, 21, 24, 27},  // m258 p147 s369
    {3, 6, 9, 10, 13, 16, 20, 23, 26},  // m369 p147 s258
    {2, 5, 8, 12, 15, 18, 19, 22, 25},  // m258 p369 s147
    {3, 6, 9, 11, 14, 17, 19, 22, 25},  // m369 p258 s147
}};

inline int total(const Counts& c) {
  int n = 0;
  for (int k = 1; k <= 34; ++k) n += c[k];
  return n;
}

}  // namespace mahjongkit::mcr
