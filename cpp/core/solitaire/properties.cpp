#include "core/solitaire/properties.hpp"

#include <algorithm>
#include <unordered_set>

#include "core/solitaire/rng.hpp"

namespace mahjongkit::solitaire {

const char* const kPropertyNames[kPropertyCount] = {
    "free_tiles",    "free_pairs",  "deepest_stack", "stacked_pairs",
    "solver_nodes",  "random_wins", "difficulty",
};

namespace {

inline int idx(Property p) { return static_cast<int>(p); }

inline std::int64_t pairs_of(int k) { return static_cast<std::int64_t>(k) * (k - 1) / 2; }

struct BitsHash {
  template <int W>
  std::size_t operator()(const Bits<W>& b) const {
    std::uint64_t h = 0;
    for (int k = W - 1; k >= 0; --k) h = mix64(b.w[k] ^ h);
    return static_cast<std::size_t>(h);
  }
};

// Bit sets compared as the integers they spell (the Python twin sorts ints).
template <int W>
bool less_as_integer(const Bits<W>& a, const Bits<W>& b) {
  for (int k = Bits<W>::kWords - 1; k >= 0; --k) {
    if (a.w[k] != b.w[k]) return a.w[k] < b.w[k];
  }
  return false;
}

// The plain exhaustive search behind solver_nodes: safe moves, the relaxation that proves
// positions dead, then every pair of free tiles of one group (groups in ascending order of
// their slot sets as integers, pairs in ascending slot order), with a table of dead
// present-sets. No playouts and no heuristics, so the count measures the board, not luck.
template <int W>
class PlainSearch {
 public:
  PlainSearch(const Geometry<W>& g, const std::array<Bits<W>, kMatchGroups>& group_bits,
              std::int64_t budget)
      : g_(g), budget_(budget) {
    for (const Bits<W>& b : group_bits) {
      if (b.any()) groups_.push_back(b);
    }
    std::sort(groups_.begin(), groups_.end(), less_as_integer<W>);
    group_of_.assign(static_cast<std::size_t>(g.n), 0);
    for (std::size_t k = 0; k < groups_.size(); ++k) {
      groups_[k].for_each([&](int s) { group_of_[static_cast<std::size_t>(s)] = static_cast<int>(k); });
    }
  }

  // Nodes visited until the board is solved or proven dead; budget + 1 when it ran out.
  std::int64_t nodes() {
    for (const Bits<W>& b : groups_) {
      if (b.count() % 2) return 0;
    }
    dfs(g_.all());
    return nodes_;
  }

 private:
  Bits<W> safe_moves(Bits<W> present) const {
    for (bool changed = true; changed;) {
      changed = false;
      const Bits<W> free = g_.free_set(present);
      for (const Bits<W>& members : groups_) {
        const Bits<W> rest = members & present;
        if (rest.any() && rest.andnot(free).none()) {
          present = present.andnot(rest);
          changed = true;
        }
      }
    }
    return present;
  }

  // The relaxation: a tile goes as soon as it is free and another tile of its group is free
  // or already gone. Tiles only ever become free as others go, so what is left at the end
  // does not depend on the order; this works through the tiles one at a time (the reference
  // goes round by round) and keeps the count of free-or-gone tiles per group as it goes.
  bool relaxed_dead(const Bits<W>& present) const {
    Bits<W> relaxed = present;
    Bits<W> free = g_.free_set(present);
    std::array<int, kMatchGroups> available{};
    free.for_each([&](int s) { ++available[static_cast<std::size_t>(group_of_[s])]; });
    for (bool progress = true; progress;) {
      progress = false;
      Bits<W> candidates = free;
      candidates.for_each([&](int s) {
        if (available[static_cast<std::size_t>(group_of_[s])] < 2) return;
        relaxed.reset(s);  // gone, but still available to its group
        free.reset(s);
        (g_.affects[s] & relaxed).for_each([&](int t) {
          if (!free.test(t) && g_.is_free(t, relaxed)) {
            free.set(t);
            ++available[static_cast<std::size_t>(group_of_[t])];
            progress = true;
          }
        });
        progress = true;
      });
    }
    return relaxed.any();
  }

  // 1 solved, 0 dead, -1 out of budget.
  int dfs(Bits<W> present) {
    if (++nodes_ > budget_) return -1;
    present = safe_moves(present);
    if (present.none()) return 1;
    if (dead_.count(present) || relaxed_dead(present)) {
      dead_.insert(present);
      return 0;
    }
    const Bits<W> free = g_.free_set(present);
    for (const Bits<W>& members : groups_) {
      int candidates[Bits<W>::kCapacity];
      int k = 0;
      (members & free).for_each([&](int s) { candidates[k++] = s; });
      for (int i = 0; i < k; ++i) {
        for (int j = i + 1; j < k; ++j) {
          Bits<W> next = present;
          next.reset(candidates[i]);
          next.reset(candidates[j]);
          const int r = dfs(next);
          if (r != 0) return r;
        }
      }
    }
    dead_.insert(present);
    return 0;
  }

  const Geometry<W>& g_;
  std::int64_t budget_;
  std::int64_t nodes_ = 0;
  std::vector<Bits<W>> groups_;
  std::vector<int> group_of_;
  std::unordered_set<Bits<W>, BitsHash> dead_;
};

}  // namespace

template <int W>
LayoutFacts<W> LayoutFacts<W>::of(const Geometry<W>& g) {
  LayoutFacts<W> f;
  f.above.assign(g.n, Bits<W>{});
  std::vector<int> chain(g.n, 1);
  // Highest layer first, so everything over a slot is known when the slot is reached.
  std::vector<int> order(g.n);
  for (int i = 0; i < g.n; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return g.slots[a].z > g.slots[b].z; });
  for (int i : order) {
    Bits<W> over = g.cover[i];
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

template <int W>
BoardProperties<W>::BoardProperties(const Geometry<W>& g, const LayoutFacts<W>& facts,
                                 const PropertyOptions& options)
    : g_(g), facts_(facts), options_(options) {}

template <int W>
void BoardProperties<W>::reset(const std::uint8_t* faces, std::uint64_t seed) {
  faces_ = faces;
  seed_ = seed;
  known_.fill(false);
  for (auto& b : group_bits_) b = Bits<W>{};
  for (int i = 0; i < g_.n; ++i) {
    slot_group_[i] = match_group(faces[i]);
    group_bits_[slot_group_[i]].set(i);
  }
  value_[idx(Property::kDeepestStack)] = facts_.deepest_stack;
  known_[idx(Property::kDeepestStack)] = true;
}

template <int W>
double BoardProperties<W>::get(Property p) {
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

template <int W>
void BoardProperties<W>::compute_start() {
  const Bits<W> free = g_.free_set(g_.all());
  std::int64_t pairs = 0;
  for (int grp = 1; grp < kMatchGroups; ++grp) pairs += pairs_of((free & group_bits_[grp]).count());
  value_[idx(Property::kFreeTiles)] = free.count();
  value_[idx(Property::kFreePairs)] = static_cast<double>(pairs);
  known_[idx(Property::kFreeTiles)] = known_[idx(Property::kFreePairs)] = true;
}

template <int W>
void BoardProperties<W>::compute_stacked() {
  std::int64_t stacked = 0;
  for (int i = 0; i < g_.n; ++i) {
    stacked += (facts_.above[i] & group_bits_[match_group(faces_[i])]).count();
  }
  value_[idx(Property::kStackedPairs)] = static_cast<double>(stacked);
  known_[idx(Property::kStackedPairs)] = true;
}

template <int W>
void BoardProperties<W>::compute_solver() {
  PlainSearch<W> search(g_, group_bits_, options_.solver_budget);
  value_[idx(Property::kSolverNodes)] = static_cast<double>(search.nodes());
  known_[idx(Property::kSolverNodes)] = true;
}

template <int W>
void BoardProperties<W>::compute_playouts() {
  start_free_ = g_.free_set(g_.all());
  start_free_in_.fill(0);
  start_pairs_ = 0;
  start_free_.for_each([&](int s) { start_pairs_ += start_free_in_[slot_group_[s]]++; });
  int wins = 0;
  for (int k = 0; k < options_.playouts; ++k) {
    if (playout(kPlayoutStream + static_cast<std::uint64_t>(k))) ++wins;
  }
  value_[idx(Property::kRandomWins)] = wins;
  value_[idx(Property::kDifficulty)] =
      options_.playouts > 0 ? 1.0 - static_cast<double>(wins) / options_.playouts : 0.0;
  known_[idx(Property::kRandomWins)] = known_[idx(Property::kDifficulty)] = true;
}

template <int W>
bool BoardProperties<W>::playout(std::uint64_t stream) {
  Rng rng(seed_, stream);
  Bits<W> present = g_.all();
  Bits<W> free = start_free_;
  // Free tiles per group and the open pairs they make, kept up to date move by move.
  std::array<int, kMatchGroups> free_in = start_free_in_;
  std::int64_t total = start_pairs_;
  auto gain = [&](int s) { total += free_in[slot_group_[s]]++; };
  auto lose = [&](int s) { total -= --free_in[slot_group_[s]]; };
  while (present.any()) {
    if (total == 0) return false;
    std::int64_t r = static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(total)));
    int grp = 1;
    while (r >= pairs_of(free_in[grp])) r -= pairs_of(free_in[grp++]);
    // Pair number r of the group's free slots s_0 < s_1 < ...: (s_a, s_b), a < b, in
    // lexicographic order: a = 0 has k - 1 partners, a = 1 has k - 2, ...
    const Bits<W> candidates = free & group_bits_[grp];
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
    lose(slot_a);
    lose(slot_b);
    // Only the slots these two covered or flanked can change state.
    ((g_.affects[slot_a] | g_.affects[slot_b]) & present).for_each([&](int s) {
      const bool now = g_.is_free(s, present);
      if (now == free.test(s)) return;
      if (now) {
        free.set(s);
        gain(s);
      } else {
        free.reset(s);
        lose(s);
      }
    });
  }
  return true;
}

#define MAHJONGKIT_INSTANTIATE(W) \
  template struct LayoutFacts<W>;  \
  template class BoardProperties<W>;
MAHJONGKIT_FOR_EACH_WORD_COUNT(MAHJONGKIT_INSTANTIATE)
#undef MAHJONGKIT_INSTANTIATE

}  // namespace mahjongkit::solitaire
