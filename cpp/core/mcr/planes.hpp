// The layout of the RL layer's observation planes and legal mask (docs/mcr-rl.md, version 1):
// the planes' places, the column of each kind (the Botzone order) and the action index of a
// chow. Shared by the renderer of a hand engine's state (self_play.hpp) and its bindings; the
// Python twin is python/mahjongkit/mcr/rl/observation.py and rl/encoding.py.
#pragma once
#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

namespace mahjongkit::mcr::rl {

inline constexpr int kColumns = 34;
inline constexpr int kActions = 235;
inline constexpr int kSeatFixed = 7;
inline constexpr int kOwnPlanes = 21;
// The most discards a seat's block keeps (rl/observation.py's MAX_HISTORY): bounds every size
// computed from a caller's history, so the products below cannot overflow an int.
inline constexpr int kMaxHistory = 144;

// A caller's history, checked before any size is computed from it (sizes multiply it).
inline int checked_history(int history) {
  if (history < 1 || history > kMaxHistory)
    throw std::invalid_argument("history is the number of discards kept per seat (1 to " +
                                std::to_string(kMaxHistory) + ")");
  return history;
}

// The layout of docs/mcr-rl.md (version 1), shared by every renderer of the planes.
// Planes of a seat's block, and of the observer's own block.
inline constexpr int kChows = 0, kPungs = 1, kKongs = 2, kConcealedKongs = 3, kFlowers = 4, kScore = 5,
                     kPool = 6, kDiscards = 7;
inline constexpr int kHand = 0, kOwnKongs = 4, kDrawn = 5, kOffer = 6, kUnseen = 9, kSeatWind = 13,
                     kPrevailing = 14, kWall = 15, kMyTurn = 16, kClaimWindow = 17, kRobWindow = 18,
                     kClaimed = 19, kHandNo = 20;
inline constexpr int kWindColumn = 27;

constexpr std::array<int, 35> make_columns() {
  std::array<int, 35> out{};
  out[0] = -1;
  for (int k = 1; k <= 34; ++k) {
    if (k <= 9) out[k] = k - 1;              // characters
    else if (k <= 18) out[k] = k + 8;        // dots: columns 18..26
    else if (k <= 27) out[k] = k - 10;       // bamboo: columns 9..17
    else out[k] = k - 1;                     // honours
  }
  return out;
}
// The column of each kind (the Botzone order: W, T, B, then the honours).
inline constexpr std::array<int, 35> kColumnOf = make_columns();

constexpr std::array<int, kColumns> make_kinds() {
  std::array<int, kColumns> out{};
  for (int k = 1; k <= 34; ++k) out[kColumnOf[k]] = k;
  return out;
}
inline constexpr std::array<int, kColumns> kKindOf = make_kinds();

// As Python computes it (in double, then stored as float32), so the planes agree bit for bit.
inline float score_value(int total) {
  double x = total / 256.0;
  x = std::max(-1.0, std::min(1.0, x));
  return static_cast<float>(0.5 + 0.5 * x);
}

// The index of a chow of held kinds a, b on the claimed kind (suit x middle rank x which tile
// is the claimed one).
inline int chi_index(int a, int b, int claimed) {
  int low = std::min({a, b, claimed}), high = std::max({a, b, claimed});
  int mid = a + b + claimed - low - high;
  constexpr int kBotzoneSuit[3] = {0, 2, 1};  // ours m p s -> Botzone W T B
  int suit = kBotzoneSuit[(mid - 1) / 9];
  int rank = (mid - 1) % 9 + 1;
  return 36 + 21 * suit + 3 * (rank - 2) + (claimed - mid + 1);
}

}  // namespace mahjongkit::mcr::rl
