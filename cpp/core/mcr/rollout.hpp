// Level 4's search in C++: a fast rollout policy on the hand engine, and the search that, for
// one seat's decision, samples worlds consistent with what that seat has seen and plays each
// candidate move out in each world (common random numbers: the same world for every
// candidate), scoring what the seat wins or pays under MCR settlement.
//
// The policy is a bot, not a rule: it asks the engine for the legal moves and our shanten
// (core/mcr/shanten) for their worth, and never decides legality itself.
//   - a legal win is always taken;
//   - a turn discards the tile leaving the lowest shanten, ties broken by how little the tile
//     connects to the rest of the hand, then by how many copies are face up (safer), then by
//     the higher kind (honours first); kongs are not declared;
//   - a chow or pung is claimed when it lowers the shanten and points toward eight points: a
//     pung of a dragon or of the seat's or the prevailing wind, or a hand already mostly one
//     suit and honours (a flush's fans).
// The planned policy (Bot(4, rollout_policy="planned")) plays toward eight points as level 3 does,
// with one target a seat (core/mcr/rollout_plan.hpp), chosen from its own tiles and what is
// face up: it discards the tile that keeps its target's distance lowest (tiles off the target
// first, then the least connected), and claims a chow or pung only when the set fits its
// target and lowers its distance; a legal win is always taken, kongs are not declared.
// The mixed policy (Bot(4, rollout_policy="mixed")) plays the searching seat by the planned
// policy and the other three by the shanten policy: the seat's own continuation is then played
// toward eight points as level 3 will really go on after the decision, while the others stay
// the cheap policy (planned at every seat was measured no better than shanten at every seat).
// The search reads only the seat's view (SearchSpec): the other concealed tiles, face-down
// kongs and the undrawn wall are dealt from the copies the seat has not seen.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "core/mcr/engine_setup.hpp"
#include "core/mcr/hand_engine.hpp"

namespace mahjongkit::mcr {

inline constexpr int kPolicyShanten = 0;
inline constexpr int kPolicyPlanned = 1;
inline constexpr int kPolicyMixed = 2;  // planned at the searching seat, shanten elsewhere

// The shanten policy's move for `seat` (awaited by `engine`).
EngineMove rollout_move(const HandEngine& engine, int seat);

// The planned policy's players for one rollout: each seat's target, kept between its moves.
class PlannedPlayers {
 public:
  EngineMove move(const HandEngine& engine, int seat);

 private:
  EngineMove turn(const HandEngine& engine, int seat, const LegalMoves& legal);
  EngineMove claim(const HandEngine& engine, int seat, const LegalMoves& legal);
  int target(const HandEngine& engine, int seat, bool refresh);
  std::array<int, 4> target_{-1, -1, -1, -1};
  std::array<int, 4> turns_{};
  Counts unseen_{};
};

// Play `engine` to the end of its hand with `policy` at every seat; with kPolicyMixed the
// planned policy plays `own` (the searching seat) and the shanten policy the others.
void play_out(HandEngine& engine, int policy = kPolicyShanten, int own = -1);

// What `seat` wins (positive) or pays under MCR settlement when the hand has ended: a
// self-drawn win costs each other seat 8 + points, a discard (or robbed kong) costs its
// discarder 8 + points and each other seat 8; an exhausted wall nothing.
int settlement(const HandEngine& engine, int seat);

struct SearchSpec {
  const ScoreRules* rules = nullptr;
  int flags = 0;
  int minimum = 8;
  int dealer = 0;
  int prevailing = 0;
  int seat = 0;
  // The position with the seat's own concealed counts and everything public filled in; the
  // other seats' counts are left empty, and a face-down kong of another seat has first 0.
  EnginePosition known;
  std::array<int, 4> hidden{};  // concealed tiles to deal each other seat (the seat's own: 0)
  Counts unseen{};              // copies of each standard kind the seat has not seen
  std::vector<std::uint8_t> bonus;  // bonus tiles not yet exposed (the flowers variant)
  std::array<int, 4> wall_sizes{};  // four walls: each seat's; one wall: [0] its length
  std::vector<EngineMove> candidates;
  int worlds = 0;             // the budget: worlds, each played once per candidate
  double max_seconds = 1e9;   // safety net: CPU seconds after which no new world is started
  std::uint64_t seed = 0;
  int policy = kPolicyShanten;  // the rollout policy (kPolicyMixed: planned at `seat` only)
  // Deal each other seat's hidden tiles weighted by its own discards (a kind it threw, and
  // that kind's neighbours, less likely held) rather than uniformly.
  bool read_discards = false;
  // Deal each other seat's hidden tiles as far along as a real player's at its number of
  // discards and melds (rollout_pace.hpp) rather than as far as a random deal happens to be.
  bool paced = false;
};

struct SearchResult {
  int worlds = 0;                  // worlds played (every candidate in each)
  int skipped = 0;                 // worlds that could not be placed or refused a candidate
  std::vector<std::int32_t> scores;  // worlds x candidates, row per world
  // Each seat's shanten summed over the worlds played, of its dealt hidden tiles beside its
  // melds (the seat's own: 0): how far along the worlds dealt the other seats.
  std::array<std::int64_t, 4> dealt_shanten{};
};

// Run the search (no Python: callers release the GIL around it).
SearchResult search_worlds(const SearchSpec& spec);

}  // namespace mahjongkit::mcr
