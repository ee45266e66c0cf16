#include "core/solitaire/properties.hpp"

#include <algorithm>

#include "core/solitaire/rng.hpp"
// SOLVER-PENDING #include "core/solitaire/solve.hpp"

namespace mahjongkit::solitaire {

const char* const kPropertyNames[kPropertyCount] = {
    "free_tiles",    "free_pairs",  "deepest_stack", "stacked_pairs",
    "solver_nodes",  "random_wins", "difficulty",
};

namespace {

inline int idx(Property p) { return static_cast<int>(p); }

inline std::int64_t pairs_of(int k) { return static_cast<std::int64_t>(k) * (k - 1) / 2; }

}  // namespace

LayoutFacts LayoutFacts::of(const Geometry& g) {
  LayoutFacts f;
  f.above.assign(g.n, Bits{});
  std::vector<int> chain(g.n, 1);
  // Highest layer first, so everything over a slot is known when the slot is reached.
  std::vector<int> order(g.n);
  for (int i = 0; i < g.n; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return g.slots[a].z > g.slots[b].z; });
  for (int i : order) {
    Bits over = g.cover[i];
    int longest = 0;
    g.cover[i].for_each([&](int j) {
      over |= f.above[j];
      longest = std::max(longest, chain[j]);
    });
    f.above[i] = over;
    chain[i] = 1 + longest;
    f.deepest_stack = std::max(f.deepest_stack, chain[i]);
  }
  return f;
}

BoardProperties::BoardProperties(const Geometry& g, const LayoutFacts& facts,
                                 const PropertyOptions& options)
    : g_(g), facts_(facts), options_(options) {}

void BoardProperties::reset(const std::uint8_t* faces, std::uint64_t seed) {
  faces_ = faces;
  seed_ = seed;
  known_.fill(false);
  for (auto& b : group_bits_) b = Bits{};
  for (int i = 0; i < g_.n; ++i) group_bits_[match_group(faces[i])].set(i);
  value_[idx(Property::kDeepestStack)] = facts_.deepest_stack;
  known_[idx(Property::kDeepestStack)] = true;
}

double BoardProperties::get(Property p) {
  const int i = idx(p);
  if (!known_[i]) {
    switch (p) {
      case Property::kFreeTiles:
      case Property::kFreePairs:
        compute_start();
        break;
      case Property::kStackedPairs:
        compute_stacked();
        break;
      case Property::kSolverNodes:
        compute_solver();
        break;
      case Property::kRandomWins:
      case Property::kDifficulty:
        compute_playouts();
        break;
      case Property::kDeepestStack:
        break;
    }
  }
  return value_[i];
}

void BoardProperties::compute_start() {
  const Bits free = g_.free_set(g_.all());
  std::int64_t pairs = 0;
  for (int grp = 1; grp < kMatchGroups; ++grp) pairs += pairs_of((free & group_bits_[grp]).count());
  value_[idx(Property::kFreeTiles)] = free.count();
  value_[idx(Property::kFreePairs)] = static_cast<double>(pairs);
  known_[idx(Property::kFreeTiles)] = known_[idx(Property::kFreePairs)] = true;
}

void BoardProperties::compute_stacked() {
  std::int64_t stacked = 0;
  for (int i = 0; i < g_.n; ++i) {
    stacked += (facts_.above[i] & group_bits_[match_group(faces_[i])]).count();
  }
  value_[idx(Property::kStackedPairs)] = static_cast<double>(stacked);
  known_[idx(Property::kStackedPairs)] = true;
}

void BoardProperties::compute_solver() {
  value_[idx(Property::kSolverNodes)] = -1;  // SOLVER-PENDING
  known_[idx(Property::kSolverNodes)] = true;
}

void BoardProperties::compute_playouts() {
  int wins = 0;
  for (int k = 0; k < options_.playouts; ++k) {
    if (playout(kPlayoutStream + static_cast<std::uint64_t>(k))) ++wins;
  }
  value_[idx(Property::kRandomWins)] = wins;
  value_[idx(Property::kDifficulty)] =
      options_.playouts > 0 ? 1.0 - static_cast<double>(wins) / options_.playouts : 0.0;
  known_[idx(Property::kRandomWins)] = known_[idx(Property::kDifficulty)] = true;
}

bool BoardProperties::playout(std::uint64_t stream) {
  Rng rng(seed_, stream);
  Bits present = g_.all();
  Bits free = g_.free_set(present);
  std::array<int, kMatchGroups> free_in{};
  while (present.any()) {
    std::int64_t total = 0;
    for (int grp = 1; grp < kMatchGroups; ++grp) {
      free_in[grp] = (free & group_bits_[grp]).count();
      total += pairs_of(free_in[grp]);
    }
    if (total == 0) return false;
    std::int64_t r = static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(total)));
    int grp = 1;
    while (r >= pairs_of(free_in[grp])) r -= pairs_of(free_in[grp++]);
    // Pair number r of the group's free slots s_0 < s_1 < ...: (s_a, s_b), a < b, in
    // lexicographic order: a = 0 has k - 1 partners, a = 1 has k - 2, ...
    const Bits candidates = free & group_bits_[grp];
    const int k = free_in[grp];
    int a = 0;
    while (r >= k - 1 - a) r -= k - 1 - a++;
    const int b = a + 1 + static_cast<int>(r);
    const int slot_a = candidates.nth(a);
    const int slot_b = candidates.nth(b);
    present.reset(slot_a);
    present.reset(slot_b);
    free.reset(slot_a);
    free.reset(slot_b);
    // Only the slots these two covered or flanked can change state.
    ((g_.affects[slot_a] | g_.affects[slot_b]) & present).for_each([&](int s) {
      if (g_.is_free(s, present)) free.set(s);
      else free.reset(s);
    });
  }
  return true;
}

}  // namespace mahjongkit::solitaire
