// The rules of a turn and of a claim, each written once as a check: the C++ twin of
// python/mahjongkit/mcr/game/legality.py (same checks in the same order, same codes; the
// conformance suite compares legal lists and refusal codes over generated positions).
//
// A check answers 0 when the move is legal, else the index of its refusal code in the
// Python module's CODES. Walls are one int: one shared wall's count, or four walls' counts
// one byte a seat (seat 0 lowest). Flags are the rule flags of legality.rule_flags.
#pragma once
#include <array>
#include <cstdint>

#include "core/mcr/forms.hpp"

namespace mahjongkit::mcr::legality {

// Refusal codes, as indices of legality.CODES.
inline constexpr int kLegal = 0;
inline constexpr int kTileNotHeld = 1;
inline constexpr int kNoKong = 2;
inline constexpr int kCannotClaim = 3;
inline constexpr int kNotAMeld = 4;

// Rule flags.
inline constexpr int kFourWalls = 1;
inline constexpr int kRobLast = 2;
inline constexpr int kClaimKongReplaced = 4;
// Every rule flag (legality.ALL_FLAGS): the table refuses any other bit.
inline constexpr int kAllFlags = kFourWalls | kRobLast | kClaimKongReplaced;

// One seat's offer bits: the chow shapes of chow_pairs(tile) in order, pung, kong, a wait.
inline constexpr int kOfferPung = 8;
inline constexpr int kOfferKong = 16;
inline constexpr int kOfferWait = 32;

// The pairs of kinds that run with `tile` (lowest run first), as in hand.chow_pairs.
struct ChowPairs {
  int count = 0;
  std::array<std::array<int, 2>, 3> pairs{};
};
ChowPairs chow_pairs(int tile);

int wall_of(long walls, int seat);
bool melds_allowed(int flags, long walls, int discarder);
bool replacement_left(int flags, long walls, int seat);

// A turn: `pungs` has bit k for an exposed pung of kind k.
int discard_check(const Counts& counts, int tile);
int kong_check(int seat, const Counts& counts, std::uint64_t pungs, int tile, bool claimed, int flags, long walls);

// A claim of `discarder`'s `tile` by `seat`.
int chow_check(int seat, int discarder, const Counts& counts, int tile, int a, int b, int flags, long walls);
int pung_check(int seat, int discarder, const Counts& counts, int tile, int flags, long walls);
int claim_kong_check(int seat, int discarder, const Counts& counts, int tile, int flags, long walls);

// The legal lists, derived from the checks: the kinds the seat may discard and kong (bit k),
// and one seat's offer bits (no wait bit: the table adds it).
std::uint64_t discard_mask(const Counts& counts);
std::uint64_t kong_mask(int seat, const Counts& counts, std::uint64_t pungs, bool claimed, int flags, long walls);
int offer_bits(int seat, int discarder, const Counts& counts, int tile, int flags, long walls);

}  // namespace mahjongkit::mcr::legality
