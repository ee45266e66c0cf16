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
#include "core/mcr/score.hpp"

namespace mahjongkit::mcr::legality {

// Refusal codes, as indices of legality.CODES.
inline constexpr int kLegal = 0;
inline constexpr int kTileNotHeld = 1;
inline constexpr int kNoKong = 2;
inline constexpr int kCannotClaim = 3;
inline constexpr int kNotAMeld = 4;
inline constexpr int kNotAWin = 5;
inline constexpr int kTooFewPoints = 6;
// Not a code of CODES: the scorer refused the win's context (the Python reference words it).
inline constexpr int kScorerRefused = -1;

// Claims by number (legality.CLAIM_*), and the ways to win (ContextIn::by, WinBy's order).
inline constexpr int kClaimChow = 0;
inline constexpr int kClaimPung = 1;
inline constexpr int kClaimKong = 2;
inline constexpr int kClaimWin = 3;
inline constexpr int kClaimPass = 4;
inline constexpr int kSelfDrawn = 0;
inline constexpr int kDiscard = 1;
inline constexpr int kRobbing = 2;
inline constexpr int kNoReplacement = -1;  // ContextIn::replacement: 0 a kong's, 1 a flower's

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

// Read every draw and discard by the hand engine: inline (the core's calls are not inlined
// across files).
inline int wall_of(long walls, int seat) { return static_cast<int>(walls >> (8 * (seat & 3)) & 0xFF); }
bool melds_allowed(int flags, long walls, int discarder);
bool replacement_left(int flags, long walls, int seat);

// A turn: `pungs` has bit k for an exposed pung of kind k.
inline int discard_check(const Counts& counts, int tile) {
  return counts[static_cast<std::size_t>(tile)] ? kLegal : kTileNotHeld;
}
int kong_check(int seat, const Counts& counts, std::uint64_t pungs, int tile, bool claimed, int flags, long walls);

// A claim of `discarder`'s `tile` by `seat`.
int chow_check(int seat, int discarder, const Counts& counts, int tile, int a, int b, int flags, long walls);
int pung_check(int seat, int discarder, const Counts& counts, int tile, int flags, long walls);
int claim_kong_check(int seat, int discarder, const Counts& counts, int tile, int flags, long walls);

// A chow of `tile` named by its middle tile (Botzone's CHI): the held pair in a and b, or false.
bool chow_by_middle(int tile, int middle, int& a, int& b);

// A win (legality.win_context, win_tally, last_of_wall, claim_priority):
// whether seat's turn holds the wall's last tile;
inline bool last_of_wall(int flags, long walls, int seat, bool drew) {
  if (flags & kFourWalls) return wall_of(walls, seat + 1) == 0;
  return drew && walls == 0;
}
// the context a win on `tile` is scored in (`visible`: copies face up, a winning discard among them);
ContextIn win_context(int seat_wind, int prevailing, int tile, int by, int visible, bool last_draw, bool last_discard,
                      int replacement);
// the scorer's answer as a win on `context` under the rule flags: kLegal, kNotAWin, kTooFewPoints or
// kScorerRefused;
int win_check(const WinOutput& tally, int minimum, const ContextIn& context, int flags);
// the priority of a claim (higher wins): its rank, then the seat nearest after the discarder.
int claim_priority(int claim, int seat, int discarder);

// The legal lists, derived from the checks: the kinds the seat may discard and kong (bit k),
// and one seat's offer bits (no wait bit: the table adds it).
std::uint64_t discard_mask(const Counts& counts);
std::uint64_t kong_mask(int seat, const Counts& counts, std::uint64_t pungs, bool claimed, int flags, long walls);
int offer_bits(int seat, int discarder, const Counts& counts, int tile, int flags, long walls);
// The chows among one seat's offer `bits` on `tile` (their held pairs, in chow_pairs order).
ChowPairs offered_chows(int tile, int bits);

}  // namespace mahjongkit::mcr::legality
