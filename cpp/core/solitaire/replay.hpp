// Replaying a relaxed schedule under tighter partner rules: the solver's lookahead relaxation,
// started from the node's own schedule instead of from nothing.
//
// The relaxed game (solve.cpp, relax()) removes a tile once it is free and a possible partner
// is free or already gone. It is monotone, so it removes the same tiles in any valid order,
// and any valid partial play can be completed to that same set. A lookahead commits one more
// pairing: each tile of that group keeps one possible partner, the rest keep theirs, so the
// node's complete schedule (every tile gone, in its order) is mostly still a valid play. The
// replay walks it and keeps each removal that is still valid at its moment; tiles that fail are
// left, and so is anything whose freedom they held up. What is left is then finished by the
// ordinary worklist relaxation, which reaches the same stuck set as a relaxation from scratch
// (same verdict, same reasons, same search), usually from a handful of tiles instead of all.
//
// The check at each step costs a few word operations: while nothing has been left behind, the
// trial's position equals the node's at that moment, so a tile is as free as it was; after,
// only a tile some left tile blocks needs its free test again. The partner condition is tested
// every time (a group mate gone, or free now), which is where the committed pairing bites.
#pragma once
#include <cstdint>

#include "core/solitaire/geometry.hpp"

namespace mahjongkit::solitaire {

// Replays `order` (the removal order of every tile of `present`, from an alive relaxation of a
// position with the same present tiles and looser partner rules) under `mates_of(t)`, the
// possible partners of t in the trial (`partner[t]` alone when it is not -1); `changed` holds
// the tiles that may fail their partner condition at their moment in `order` (a superset of
// them will do: the tiles whose partners differ from the node's);
// `near_of(x)` holds every tile whose answer x's going may change: the slots x affects, x's
// group, and the groups of the slots x affects (it may free them); `removed_at[t]` is t's place
// in `order`.
// Returns the tiles the trial's relaxation cannot remove (its stuck set; none when alive).
//
// Until a tile is left behind, the trial's position is the node's, so only a tile of `changed`
// can fail: the walk starts at the first of them, and once they are all past with nothing left
// behind, the rest of the schedule goes as it did and the trial is alive.
//
// A tile that fails at its moment is left behind and tried again whenever a removal could
// change its answer: a removal frees only the slots it affects, and a tile's partner condition
// changes only when a tile of its group goes or becomes free. So when the walk ends no tile left
// behind can go: they are the stuck set of the relaxed game, which is the same in any order.
template <int W, class Mates, class Near>
Bits<W> replay_schedule(const Geometry<W>& g, const Bits<W>& present, const std::int16_t* order,
                        const std::int16_t* removed_at, int count, const Bits<W>& changed,
                        const std::int16_t* partner, Mates&& mates_of, Near&& near_of) {
  int first = count;
  changed.for_each([&](int t) { first = first < removed_at[t] ? first : removed_at[t]; });
  Bits<W> left = present;  // not removed yet, or left behind
  for (int k = 0; k < first; ++k) left.reset(order[k]);
  Bits<W> ahead = changed;  // tiles of `changed` not walked yet
  Bits<W> behind;           // left behind: the trial's position is the node's plus these
  // Whether t can go now, t being free (a mate gone, or free now).
  auto partnered = [&](int t) {
    // A committed tile has one possible partner: no set to build (most tiles, deep in a search).
    const int p = partner[t];
    if (p >= 0) return !left.test(p) || g.is_free(p, left);
    const Bits<W> mates = mates_of(t);
    if (mates.andnot(left).any()) return true;
    bool ok = false;
    (mates & left).for_each([&](int m) {
      if (!ok && g.is_free(m, left)) ok = true;
    });
    return ok;
  };
  int stack[Bits<W>::kCapacity];
  // t just went: try again the tiles left behind that its going may release, and theirs.
  auto release = [&](int t) {
    int top = 0;
    stack[top++] = t;
    while (top > 0 && behind.any()) {
      const int x = stack[--top];
      (near_of(x) & behind).for_each([&](int b) {
        if (!g.is_free(b, left) || !partnered(b)) return;
        behind.reset(b);
        left.reset(b);
        stack[top++] = b;
      });
    }
  };
  for (int k = first; k < count; ++k) {
    const int t = order[k];
    ahead.reset(t);
    bool is_free = true;
    if (behind.any()) {
      // The node's position at this moment plus the tiles behind: t was free in the node's.
      const auto& b = g.blockers[t];
      if (b.cover.intersects(behind) || b.left.intersects(behind) ||
          b.right.intersects(behind)) {
        is_free = g.is_free(t, left);
      }
    }
    // Until a tile is left behind the position is the node's, so only a tile whose partners
    // changed can fail its partner condition.
    if (is_free && ((behind.none() && !changed.test(t)) || partnered(t))) {
      left.reset(t);
      if (behind.any()) release(t);
    } else {
      behind.set(t);
    }
    if (behind.none() && ahead.none()) return Bits<W>{};  // the rest goes as in the node's
  }
  return left;
}

}  // namespace mahjongkit::solitaire
