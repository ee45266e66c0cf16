#include "core/mcr/rollout_pace.hpp"

#include <array>
#include <cstdint>

namespace mahjongkit::mcr {

namespace {

constexpr int kRows = 11;  // discards 0-1, 2-3, ..., 20 and more
constexpr int kMelds = 3;  // 0, 1, 2 and more

// Cumulative share (in 1/1000) of shanten 0..5 of level-3 players' hidden hands by
// [discards / 2][melds]: `python scripts/make_mcr_pace.py --hands 400 --seed prior` (four
// level-3 bots, 400 hands of each variant, a seat counted at every third move; a cell with
// fewer than 200 hands takes the cell with one meld fewer, or one pair of discards fewer).
constexpr std::array<std::array<std::array<std::uint16_t, 6>, kMelds>, kRows> kPace{{
    {{{1, 17, 180, 621, 959, 1000}, {1, 17, 180, 621, 959, 1000}, {1, 17, 180, 621, 959, 1000}}},  // 0 discards
    {{{7, 97, 519, 905, 998, 1000}, {32, 259, 785, 978, 1000, 1000}, {32, 259, 785, 978, 1000, 1000}}},  // 2
    {{{32, 254, 773, 983, 1000, 1000}, {79, 450, 934, 994, 1000, 1000}, {79, 450, 934, 994, 1000, 1000}}},  // 4
    {{{79, 419, 904, 997, 1000, 1000}, {151, 651, 981, 999, 1000, 1000}, {338, 877, 1000, 1000, 1000, 1000}}},  // 6
    {{{133, 590, 965, 999, 1000, 1000}, {264, 766, 990, 1000, 1000, 1000}, {511, 950, 1000, 1000, 1000, 1000}}},  // 8
    {{{207, 720, 984, 1000, 1000, 1000}, {355, 838, 998, 1000, 1000, 1000}, {623, 965, 1000, 1000, 1000, 1000}}},  // 10
    {{{281, 817, 994, 1000, 1000, 1000}, {438, 893, 998, 1000, 1000, 1000}, {644, 979, 1000, 1000, 1000, 1000}}},  // 12
    {{{362, 864, 997, 1000, 1000, 1000}, {527, 943, 1000, 1000, 1000, 1000}, {741, 992, 1000, 1000, 1000, 1000}}},  // 14
    {{{429, 891, 998, 1000, 1000, 1000}, {564, 942, 1000, 1000, 1000, 1000}, {564, 942, 1000, 1000, 1000, 1000}}},  // 16
    {{{481, 905, 1000, 1000, 1000, 1000}, {481, 905, 1000, 1000, 1000, 1000}, {481, 905, 1000, 1000, 1000, 1000}}},  // 18
    {{{481, 905, 1000, 1000, 1000, 1000}, {481, 905, 1000, 1000, 1000, 1000}, {481, 905, 1000, 1000, 1000, 1000}}},  // 20+
}};

}  // namespace

int pace_target(int discards, int melds, double u) {
  const int row = discards < 0 ? 0 : discards / 2 < kRows ? discards / 2 : kRows - 1;
  const int col = melds < 0 ? 0 : melds < kMelds ? melds : kMelds - 1;
  const auto& cum = kPace[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)];
  const double thousandths = u * 1000.0;
  for (int s = 0; s < 6; ++s)
    if (thousandths < cum[static_cast<std::size_t>(s)]) return s;
  return 5;
}

}  // namespace mahjongkit::mcr
