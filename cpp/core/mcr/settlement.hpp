// The settlement of a won hand, the C++ twin of python/mahjongkit/mcr/game/result.py `settle`:
// the RL batch's rewards and level 4's rollout scores both read it, so the payment rule is
// written once on this side.
#pragma once
#include <array>

#include "core/mcr/legality.hpp"

namespace mahjongkit::mcr {

inline constexpr int kSettlementBase = 8;  // result.py BASE: what every other seat pays a winner

// The four seats' deltas: a self-drawn win costs each other seat base + points; a discard (or
// a robbed kong) costs its discarder base + points and each other seat base.
inline std::array<int, 4> settle(int winner, int points, int by, int discarder) {
  std::array<int, 4> deltas{};
  int paid = 0;
  for (int seat = 0; seat < 4; ++seat) {
    if (seat == winner) continue;
    const bool full = by == legality::kSelfDrawn || seat == discarder;
    const int pays = kSettlementBase + (full ? points : 0);
    deltas[static_cast<std::size_t>(seat)] = -pays;
    paid += pays;
  }
  deltas[static_cast<std::size_t>(winner)] = paid;
  return deltas;
}

}  // namespace mahjongkit::mcr
