// The planned rollout policy's targets: a C++ sketch of level 3's planner
// (python/mahjongkit/mcr/players/planner.py) cheap enough for thousands of rollouts.
//
// A target is a concrete way to reach the 8-point minimum (the fixed sets of a mixed triple
// chow or a straight, a flush's suit, pungs only with a scoring honour pung, seven pairs); its
// distance from a hand is the shanten toward a complete hand of that shape, as the planner's
// `distance`. The planner weighs every target at every discard; a rollout instead gives each
// seat one target, the one with the highest weight times REACH^(distance + 1), chosen from
// that seat's own tiles and what is face up, and re-chosen now and then. This is a policy,
// not a rule: it reads counts and melds, and asks shanten (core/mcr/shanten) for the rest.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "core/mcr/forms.hpp"
#include "core/mcr/hand_engine.hpp"

namespace mahjongkit::mcr {

struct PlanTarget {
  std::array<std::uint8_t, 3> set_first{};  // fixed sets' first kinds
  std::array<bool, 3> set_pung{};           // and whether each is a pung (else a chow)
  int sets = 0;
  std::uint64_t allowed = 0;  // bit k: the hand may hold kind k (0: any kind)
  bool pungs_only = false;
  bool seven_pairs = false;   // the seven pairs form (no melds)
  bool any_form = false;      // a plain hand of any form: a weak target (most fall short of 8)
  double weight = 0;          // (24 + points) / 32: a win pays 8 to three seats plus the points
};

// The targets of a seat with this seat wind and prevailing wind (built once, kept).
const std::vector<PlanTarget>& plan_targets(int seat_wind, int prevailing);

// Shanten toward `target` of concealed `counts` beside `melds` (kImpossible when the melds or
// the unseen copies rule it out): the planner's `distance`.
int plan_distance(const Counts& counts, const EngineMeld* melds, int meld_count, const PlanTarget& target,
                  const Counts& unseen);

// The index of the target with the most weight * REACH^(distance + 1) for this hand.
int plan_choose(const Counts& counts, const EngineMeld* melds, int meld_count, const Counts& unseen,
                const std::vector<PlanTarget>& targets);

// Whether a set (first kind, a pung or not) may stand in a hand aiming at `target`.
bool plan_allows_set(const PlanTarget& target, int first, bool pung);

}  // namespace mahjongkit::mcr
