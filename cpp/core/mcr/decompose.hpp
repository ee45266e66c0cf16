// Every way a hand is complete, and what it waits for: the C++ twin of
// python/mahjongkit/mcr/decompose.py (same splits, same order).
//
// A hand here is its concealed counts plus the number of its melds: melds are always
// complete sets, so they only lower how many sets the concealed tiles must still make (and
// rule out the fully concealed forms). The caller puts the meld sets in front of each split.
#pragma once
#include <vector>

#include "core/mcr/forms.hpp"

namespace mahjongkit::mcr {

struct RawSet {
  SetKind kind;
  std::uint8_t size;                 // 1 (single), 2 (pair) or 3 (chow, pung, knit)
  std::array<std::uint8_t, 3> tiles; // sorted kinds, the first `size` used
};

struct RawSplit {
  Form form;
  std::vector<RawSet> sets;  // concealed sets, ascending by (kind, tiles)
  int winning_set = -1;      // index into `sets`, or -1 without a winning tile
  Wait wait = Wait::Edge;    // meaningful only with a winning tile
};

// Every split of concealed `counts` with `melds` melds (the whole must be 14 tiles), sorted
// by (form, sets). With `winning` (a kind among the counts, 0 for none), each split is
// repeated for each distinct set the winning tile can sit in, with the implied wait.
std::vector<RawSplit> decompose(const Counts& counts, int melds, int winning);

// Whether concealed `counts` with `melds` melds (14 tiles) are complete in some form.
bool is_complete(const Counts& counts, int melds);

// The kinds completing a 13-tile hand, ascending; `held` counts each kind in hand and melds,
// and kinds held four times are skipped unless `include_held_four`.
std::vector<int> waits(const Counts& counts, int melds, const Counts& held, bool include_held_four);

}  // namespace mahjongkit::mcr
