#include "core/solitaire/geometry.hpp"

#include <climits>
#include <cstdlib>

namespace mahjongkit::solitaire {

template <int W>
Geometry<W> Geometry<W>::from_slots(const std::vector<Slot>& slots) {
  Geometry<W> g;
  g.n = static_cast<int>(slots.size());
  g.slots = slots;
  g.cover.assign(g.n, Bits<W>{});
  g.direct_cover.assign(g.n, Bits<W>{});
  g.left.assign(g.n, Bits<W>{});
  g.right.assign(g.n, Bits<W>{});
  g.affects.assign(g.n, Bits<W>{});
  for (int i = 0; i < g.n; ++i) {
    const Slot& a = slots[i];
    int nearest = INT_MAX;
    for (int j = 0; j < g.n; ++j) {
      const Slot& b = slots[j];
      const int dx = b.x - a.x, dy = b.y - a.y;
      const bool overlaps = std::abs(dx) < 2 && std::abs(dy) < 2;
      if (b.z > a.z && overlaps) {
        g.cover[i].set(j);
        if (b.z < nearest) nearest = b.z;
      }
      if (b.z == a.z && std::abs(dy) < 2) {
        if (dx == -2) g.left[i].set(j);
        if (dx == 2) g.right[i].set(j);
      }
    }
    g.cover[i].for_each([&](int j) {
      if (slots[j].z == nearest) g.direct_cover[i].set(j);
    });
  }
  // Removing j can change the freedom only of the slots it covers or flanks.
  for (int i = 0; i < g.n; ++i) {
    (g.cover[i] | g.left[i] | g.right[i]).for_each([&](int j) { g.affects[j].set(i); });
  }
  g.blockers.resize(g.n);
  for (int i = 0; i < g.n; ++i) g.blockers[i] = {g.cover[i], g.left[i], g.right[i]};
  g.free_at_start = g.free_set(g.all());
  return g;
}

AnyGeometry AnyGeometry::from_slots(const std::vector<Slot>& slots, int words) {
  AnyGeometry any;
  any.n_ = static_cast<int>(slots.size());
  switch (words > words_for(any.n_) ? words : words_for(any.n_)) {
    case 3: any.geometry_ = Geometry<3>::from_slots(slots); break;
    case 4: any.geometry_ = Geometry<4>::from_slots(slots); break;
    default: any.geometry_ = Geometry<9>::from_slots(slots); break;
  }
  return any;
}
static_assert(words_for(192) == 3 && words_for(256) == 4 && words_for(kMaxSlots) == kMaxWords,
              "AnyGeometry holds every word count that words_for picks");

#define MAHJONGKIT_INSTANTIATE(W) template struct Geometry<W>;
MAHJONGKIT_FOR_EACH_WORD_COUNT(MAHJONGKIT_INSTANTIATE)
#undef MAHJONGKIT_INSTANTIATE

}  // namespace mahjongkit::solitaire
