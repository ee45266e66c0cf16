// The 42 tile kinds shared by both games, numbered 1..42 (decision 11, docs/decisions.md):
// m1..m9 = 1..9, p1..p9 = 10..18, s1..s9 = 19..27, winds E S W N = 28..31,
// dragons red green white = 32..34, flowers f1..f4 = 35..38, seasons t1..t4 = 39..42.
// Kind 0 is never a tile; code uses it as "empty".
#pragma once
#include <cstdint>

namespace mahjongkit {

using Kind = std::uint8_t;

inline constexpr int kStandardKinds = 34;
inline constexpr int kKinds = 42;
inline constexpr Kind kEast = 28, kRed = 32, kFirstFlower = 35, kFirstSeason = 39;

constexpr bool is_suited(int k) { return k >= 1 && k <= 27; }
constexpr int suit_of(int k) { return (k - 1) / 9; }   // 0 m, 1 p, 2 s; only for suited kinds
constexpr int rank_of(int k) { return (k - 1) % 9 + 1; }
// The scorer's total forms of the two: honours are group 3 and rank 0 (no error path).
constexpr int suit_or_honours(int k) { return k <= 27 ? (k - 1) / 9 : 3; }
constexpr int rank_or_zero(int k) { return k <= 27 ? (k - 1) % 9 + 1 : 0; }
constexpr bool is_honour(int k) { return k >= 28 && k <= 34; }
constexpr bool is_flower(int k) { return k >= 35 && k <= 38; }
constexpr bool is_season(int k) { return k >= 39 && k <= 42; }
constexpr bool is_bonus(int k) { return k >= 35 && k <= 42; }

// Solitaire matching: equal faces, or any two flowers, or any two seasons (decision 3).
constexpr bool solitaire_match(int a, int b) {
  return a == b || (is_flower(a) && is_flower(b)) || (is_season(a) && is_season(b));
}

}  // namespace mahjongkit
