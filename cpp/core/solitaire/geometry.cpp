#include "core/solitaire/geometry.hpp"

#include <climits>
#include <cstdlib>

namespace mahjongkit::solitaire {

Geometry Geometry::from_slots(const std::vector<Slot>& slots) {
  Geometry g;
  g.n = static_cast<int>(slots.size());
  g.slots = slots;
  g.cover.assign(g.n, Bits{});
  g.direct_cover.assign(g.n, Bits{});
  g.left.assign(g.n, Bits{});
  g.right.assign(g.n, Bits{});
  g.affects.assign(g.n, Bits{});
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

}  // namespace mahjongkit::solitaire
