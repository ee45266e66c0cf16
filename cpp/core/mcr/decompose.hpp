// Every way a hand is complete, and what it waits for: the C++ twin of
// python/mahjongkit/mcr/analysis/decompose.py (same splits, same order).
//
// A hand here is its concealed counts plus the number of its melds: melds are always
// complete sets, so they only lower how many sets the concealed tiles must still make (and
// rule out the fully concealed forms). The caller puts the meld sets in front of each split.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "core/mcr/forms.hpp"

namespace mahjongkit::mcr {

// -- sets and a pair, at the counts level (shared with the scorer, score.cpp) ---------------
// The standard form's enumeration and its waits live here once, as in decompose.py:
// decompose(), is_complete() and waits() use them, and so does the scorer's hot loop.

// A chow or a pung named by its kind and first tile: {Chow, 4} is 4-5-6m.
using SetStart = std::pair<SetKind, int>;

// The sets of one division: at most four, kept inline (no allocation per division).
struct SetList {
  std::array<SetStart, 4> items{};
  int n = 0;
  std::size_t size() const { return static_cast<std::size_t>(n); }
  const SetStart* begin() const { return items.data(); }
  const SetStart* end() const { return items.data() + n; }
  void emplace_back(SetKind k, int first) { items[static_cast<std::size_t>(n++)] = {k, first}; }
  void resize(std::size_t size) { n = static_cast<int>(size); }
};

// One way counts divide: the sets (chows and pungs, by first tile) and the pair's kind.
struct Division {
  SetList sets;
  int pair;
};

// Every way `counts` is exactly `sets_needed` (at most four) chows and pungs and one pair,
// each multiset once. The kinds are walked upwards and every copy of a kind is settled
// where it is met, as the pair (while none is taken), a pung (at most one) or the first
// tile of a chow; the choices at a kind are tried in the order chows only, a pung, the
// pair, the pair and a pung. The scorer reads the divisions in this order (its tie-break);
// decompose() sorts them.
std::vector<Division> divide(const Counts& counts, int sets_needed);

// A "group" is one suit (nine counts) or one honour kind: chows never cross groups, so
// counts are sets and a pair exactly when one group is sets and a pair and every other is
// sets alone. A group's shape says which it can be (never both: the first needs a multiple
// of three tiles, the second two more than one), 0 for neither.
inline constexpr int kSetsAlone = 1;
inline constexpr int kSetsAndPair = 2;
inline constexpr int kGroups = 10;  // 0..2 the suits m, p, s; 3..9 the honour kinds 28..34
using Shapes = std::array<int, kGroups>;

constexpr int group_of(int kind) { return kind <= 27 ? (kind - 1) / 9 : kind - 25; }
// The shape of the nine counts of the suit starting at kind `first` (1, 10 or 19).
int suit_shape(const Counts& c, int first);
// The shape of an honour kind held `copies` times (5, a pung and a pair, arises only when
// testing a theoretical fifth copy).
inline int honour_shape(int copies) {
  return (copies == 0 || copies == 3 ? kSetsAlone : 0) | (copies == 2 || copies == 5 ? kSetsAndPair : 0);
}
inline int group_shape(const Counts& c, int group) {
  return group < 3 ? suit_shape(c, 9 * group + 1) : honour_shape(c[static_cast<std::size_t>(group + 25)]);
}
Shapes group_shapes(const Counts& c);
// Whether groups of these shapes make sets and exactly one pair.
bool complete_from_shapes(const Shapes& shapes);

// The kinds completing `standing` as sets and a pair, or as seven pairs when `seven_pairs`
// (only for a hand without melds), as a mask (bit k for kind k), stopping once `limit` are
// found (0: all; the scorer asks only whether the wait is unique). Counts level: a kind held
// four times counts like any other (waits() leaves it out unless asked), and melds only
// lower the number of tiles.
std::uint64_t standard_waits(Counts standing, bool seven_pairs, int limit);

// -- the splits -----------------------------------------------------------------------------

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

// What one more tile needs of a 13-tile hand to complete it, summarised once per hand (a
// seat's tiles between two changes): its groups' shapes, and whether a form the shapes do not
// cover (seven pairs, thirteen orphans, the knitted forms) is within one tile.
struct Standing {
  Shapes shapes{};
  int broken = 0;  // bit g: group g is neither sets nor sets and a pair (one tile mends one group)
  bool special = false;
};
Standing standing_of(const Counts& counts, int melds);
// Standing::special of 13-tile `counts` with `melds` melds (a caller keeping the shapes
// itself, group by group, asks it apart).
bool special_in_reach(const Counts& counts, int melds);
// The same from the kinds held (bit k), the pairs held (a kind held four is two) and the kinds
// held twice or more (a caller keeping them as the counts change).
bool special_in_reach(std::uint64_t held, int pairs, int doubled, int melds);
// Whether 13-tile `counts` with `melds` melds (summarised by `standing`) and `tile` are complete
// in some form: is_complete of the fourteen, with only the tile's group looked at again.
bool completes_with(const Counts& counts, int melds, const Standing& standing, int tile);

// is_complete of `counts` (14 tiles with `melds` melds) summarised by `standing` (that of
// these very counts): its shapes, then the special forms when within reach.
bool complete_from(const Counts& counts, int melds, const Standing& standing);

// The kinds completing a 13-tile hand, ascending; `held` counts each kind in hand and melds,
// and kinds held four times are skipped unless `include_held_four`.
std::vector<int> waits(const Counts& counts, int melds, const Counts& held, bool include_held_four);

}  // namespace mahjongkit::mcr
