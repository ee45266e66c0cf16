// Shanten (distance from ready: -1 complete, 0 ready) and acceptance: the C++ twin of
// python/mahjongkit/mcr/analysis/shanten.py, with the same definitions (those of the common GB
// calculators) and the same results.
#pragma once
#include <array>
#include <vector>

#include "core/mcr/forms.hpp"

namespace mahjongkit::mcr {

inline constexpr int kImpossible = 99;  // a form the hand's melds rule out

// Shanten of each form (Form order); kImpossible for forms the melds rule out.
std::array<int, kForms> shanten_by_form(const Counts& counts, int melds);

// The minimum over forms.
int shanten(const Counts& counts, int melds);

// out[k] = shanten(counts less one k, melds) for every kind k held (the others are left as
// they were): the same values as one shanten call a kind, for a fraction of the work, since
// the groups of kinds a discard leaves alone are combined once (the rollouts' hot path).
void shanten_after_discards(const Counts& counts, int melds, std::array<int, 35>& out);

// Kinds whose draw lowers the shanten of a 13-tile hand; `held` counts each kind in hand and
// melds, and kinds held four times are skipped unless `include_held_four`.
std::vector<int> acceptance(const Counts& counts, int melds, const Counts& held, bool include_held_four);

struct AfterDiscard {
  int kind;
  int shanten;
  std::vector<int> acceptance;
};

// For each kind a 14-tile hand can discard (ascending): shanten and acceptance after it.
std::vector<AfterDiscard> shanten_after_discard(const Counts& counts, int melds, const Counts& held,
                                                bool include_held_four);

}  // namespace mahjongkit::mcr
