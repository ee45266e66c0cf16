// Shanten and acceptance; see shanten.hpp.
//
// The standard form splits the concealed tiles into complete sets, partial sets and one pair
// per group of kinds (each suit, the honours). Groups are independent, so each group's best
// partial count for every (sets, pair) is computed once per distinct count vector and kept in
// a per-thread cache; a hand's value combines four table lookups.
#include "core/mcr/shanten.hpp"

#include <algorithm>
#include <vector>

namespace mahjongkit::mcr {
namespace {

constexpr int kMaxSets = 5;  // sets one group can make (0..4), with room to clamp
constexpr std::size_t kMaxCachedGroups = std::size_t{1} << 18;

// best[p][m]: the most partial sets a group makes with m complete sets and p pairs (0 or 1);
// -1 when that (m, p) is impossible.
struct GroupTable {
  std::array<std::array<std::int8_t, kMaxSets>, 2> best;
  // The highest m with best[p][m] >= 0 (-1 for none): the combining loops stop there.
  std::array<std::int8_t, 2> high{-1, -1};
};

void set_highs(GroupTable& t) {
  for (int p = 0; p < 2; ++p) {
    t.high[p] = -1;
    for (int m = 0; m < kMaxSets; ++m)
      if (t.best[p][m] >= 0) t.high[p] = static_cast<std::int8_t>(m);
  }
}

GroupTable empty_table() {
  GroupTable t;
  for (auto& row : t.best) row.fill(-1);
  return t;
}

// Group key: 3 bits per kind (counts up to 5), plus the group length in the top bits so
// suits (9 kinds, chows allowed) and honours (7 kinds) never collide.
using Key = std::uint32_t;

struct Group {
  std::array<std::uint8_t, 9> c{};
  int n = 9;  // 9 suited kinds or 7 honours
};

Key key_of(const Group& g) {
  Key k = static_cast<Key>(g.n == 9 ? 1u : 2u) << 27;
  for (int i = 0; i < g.n; ++i) k |= static_cast<Key>(g.c[i]) << (3 * i);
  return k;
}

// The cache of group tables: open addressing in one flat array, because the rollouts of
// level 4 ask for four groups per shanten hundreds of times a hand and a node-based map's
// hashing and pointer chasing were a sixth of a rollout's instructions. Key 0 marks an empty
// slot (a real key always has its group length in the top bits).
struct Slot {
  Key key = 0;
  GroupTable table;
};

// The table starts small (a process that asks a few shanten pays for a few groups) and
// doubles while at least half full, up to twice kMaxCachedGroups slots so probes stay short.
constexpr int kFirstBits = 12;
constexpr int kMaxBits = 19;

struct Cache {
  int bits = kFirstBits;
  std::vector<Slot> slots = std::vector<Slot>(std::size_t{1} << kFirstBits);
  std::size_t used = 0;
};

Cache& cache() {
  thread_local Cache table;
  return table;
}

std::size_t slot_of(const Cache& cache, Key key) {
  return static_cast<std::size_t>((key * 0x9E3779B1u) >> (32 - cache.bits));
}

std::size_t next_slot(const Cache& cache, std::size_t i) { return (i + 1) & (cache.slots.size() - 1); }

void put(Cache& cache, Key key, const GroupTable& table) {
  std::size_t i = slot_of(cache, key);
  while (cache.slots[i].key != 0) i = next_slot(cache, i);
  cache.slots[i] = Slot{key, table};
  ++cache.used;
}

void grow(Cache& cache) {
  std::vector<Slot> old(std::size_t{1} << (cache.bits + 1));
  old.swap(cache.slots);
  ++cache.bits;
  cache.used = 0;
  for (const Slot& s : old)
    if (s.key != 0) put(cache, s.key, s.table);
}

GroupTable table_of(Cache& cache, Group& g);

void merge_into(GroupTable& out, const GroupTable& sub, int sets, int partials, int pair) {
  for (int p = 0; p < 2; ++p) {
    if (p + pair > 1) continue;
    for (int m = 0; m < kMaxSets; ++m) {
      const int t = sub.best[p][m];
      if (t < 0) continue;
      const int mm = std::min(m + sets, kMaxSets - 1);
      auto& cell = out.best[p + pair][mm];
      cell = static_cast<std::int8_t>(std::max<int>(cell, t + partials));
    }
  }
}

GroupTable compute(Cache& cache, Group& g) {
  int i = 0;
  while (i < g.n && g.c[i] == 0) ++i;
  GroupTable out = empty_table();
  if (i == g.n) {
    out.best[0][0] = 0;
    return out;
  }
  auto with_taken = [&](std::initializer_list<int> take, int sets, int partials, int pair) {
    for (int k : take) --g.c[k];
    const GroupTable sub = table_of(cache, g);
    for (int k : take) ++g.c[k];
    merge_into(out, sub, sets, partials, pair);
  };
  with_taken({i}, 0, 0, 0);  // the lowest tile left stays isolated
  if (g.c[i] >= 3) with_taken({i, i, i}, 1, 0, 0);
  if (g.c[i] >= 2) {
    with_taken({i, i}, 0, 0, 1);
    with_taken({i, i}, 0, 1, 0);
  }
  if (g.n == 9) {
    if (i + 2 < 9 && g.c[i + 1] && g.c[i + 2]) with_taken({i, i + 1, i + 2}, 1, 0, 0);
    if (i + 1 < 9 && g.c[i + 1]) with_taken({i, i + 1}, 0, 1, 0);
    if (i + 2 < 9 && g.c[i + 2]) with_taken({i, i + 2}, 0, 1, 0);
  }
  return out;
}

GroupTable table_of(Cache& cache, Group& g) {
  const Key key = key_of(g);
  for (std::size_t i = slot_of(cache, key); cache.slots[i].key != 0; i = next_slot(cache, i))
    if (cache.slots[i].key == key) return cache.slots[i].table;
  GroupTable computed = compute(cache, g);
  set_highs(computed);
  // Bound the memory a long-running bot can spend: start afresh past ~256k groups (8 MB).
  // Tables are returned by value, so clearing here invalidates nothing in use.
  if (cache.used >= kMaxCachedGroups) {
    std::fill(cache.slots.begin(), cache.slots.end(), Slot{});
    cache.used = 0;
  } else if (2 * (cache.used + 1) > cache.slots.size() && cache.bits < kMaxBits) {
    grow(cache);
  }
  put(cache, key, computed);
  return computed;
}

Group group_of(const Counts& c, int group) {
  Group g;
  if (group < 3) {
    for (int i = 0; i < 9; ++i) g.c[i] = c[group * 9 + 1 + i];
  } else {
    g.n = 7;
    for (int i = 0; i < 7; ++i) g.c[i] = c[kFirstHonour + i];
  }
  return g;
}

GroupTable group_table(Cache& cache, const Counts& c, int group) {
  Group g = group_of(c, group);
  return table_of(cache, g);
}

// group_table when the caller already knows the group's key: a hit costs one probe.
GroupTable group_table(Cache& cache, Key key, const Counts& c, int group) {
  for (std::size_t i = slot_of(cache, key); cache.slots[i].key != 0; i = next_slot(cache, i))
    if (cache.slots[i].key == key) return cache.slots[i].table;
  return group_table(cache, c, group);
}

// Best partials for every (pair, sets) of some groups together, -1 where impossible. Sets are
// counted up to `need` only: every state with at least `need` sets is worth -pair whatever its
// partials (see value_with), so merging them changes no result and keeps the table small.
struct Combined {
  std::array<std::array<int, 5>, 2> best;
  std::array<int, 2> high;  // as GroupTable::high
  int top;  // the sets' cap: need, at most 4
};

Combined start(int need) {
  Combined s;
  for (auto& row : s.best) row.fill(-1);
  s.best[0][0] = 0;
  s.high = {0, -1};
  s.top = std::max(0, std::min(need, 4));
  return s;
}

// Calls f(pairs, sets, partials) for every pair of a state of `a` and a state of `t` that
// both exist: the two taken together, sets not yet capped.
template <typename Table, typename F>
void each_joint_state(const Combined& a, const Table& t, F&& f) {
  for (int p1 = 0; p1 < 2; ++p1)
    for (int m1 = 0; m1 <= a.high[p1]; ++m1) {
      const int have = a.best[p1][m1];
      if (have < 0) continue;
      for (int p2 = 0; p1 + p2 < 2; ++p2)
        for (int m2 = 0; m2 <= t.high[p2]; ++m2) {
          const int more = t.best[p2][m2];
          if (more >= 0) f(p1 + p2, m1 + m2, have + more);
        }
    }
}

// Adds a group's table, or another Combined of groups disjoint from a's.
template <typename Table>
Combined add(const Combined& a, const Table& t) {
  Combined next;
  next.top = a.top;
  next.high = {-1, -1};
  for (auto& row : next.best) row.fill(-1);
  each_joint_state(a, t, [&](int pairs, int sets, int partials) {
    const int m = std::min(sets, a.top);
    int& cell = next.best[pairs][m];
    cell = std::max(cell, partials);
    next.high[pairs] = std::max(next.high[pairs], m);
  });
  return next;
}

// The hand's value with the groups of `a` and the table `t`: per (pair, sets) state, the
// partials count up to what the need leaves, two for each set missing and one for each
// partial missing, one less with the pair. The sum of a and t is never built.
template <typename Table>
int value_with(const Combined& a, const Table& t, int need) {
  int result = kImpossible;
  each_joint_state(a, t, [&](int pairs, int all_sets, int all_partials) {
    const int sets = std::min(std::min(all_sets, a.top), need);
    const int partials = std::min(all_partials, need - sets);
    result = std::min(result, 2 * need - 2 * sets - partials - pairs);
  });
  return result;
}

int standard(Cache& cache, const Counts& c, int need) {
  // The first group is added to the empty start and the last one fused with the value, so
  // two of the four combining steps are cheap.
  Combined s = add(start(need), group_table(cache, c, 0));
  s = add(s, group_table(cache, c, 1));
  s = add(s, group_table(cache, c, 2));
  return value_with(s, group_table(cache, c, 3), need);
}

int standard(const Counts& c, int need) { return standard(cache(), c, need); }

int seven_pairs(const Counts& c) {
  int pairs = 0;
  for (int k = 1; k <= 34; ++k) pairs += c[k] / 2;
  return 6 - pairs;
}

int thirteen_orphans(const Counts& c) {
  int kinds = 0;
  bool paired = false;
  for (auto k : kOrphans) {
    if (c[k]) ++kinds;
    if (c[k] >= 2) paired = true;
  }
  return 13 - kinds - (paired ? 1 : 0);
}

int honours_knitted(const Counts& c) {
  int honours = 0;
  for (int k = kFirstHonour; k <= 34; ++k) honours += c[k] ? 1 : 0;
  int best = 0;
  for (const auto& pattern : kKnitPatterns) {
    int held = 0;
    for (auto k : pattern) held += c[k] ? 1 : 0;
    best = std::max(best, held);
  }
  return 13 - std::min(best + honours, 14);
}

// Knit tiles held of the best pattern: a lower bound on the knitted straight is 8 - that.
int best_knit_held(const Counts& c) {
  int best = 0;
  for (const auto& pattern : kKnitPatterns) {
    int held = 0;
    for (auto k : pattern) held += c[k] ? 1 : 0;
    best = std::max(best, held);
  }
  return best;
}

// The knitted straight, skipping patterns that cannot beat `bound` (their value can be no
// lower than the missing knit tiles less one, when the rest is complete).
int knitted_straight(const Counts& c, int melds, int bound = kImpossible) {
  int best = kImpossible;
  for (const auto& pattern : kKnitPatterns) {
    int held = 0;
    for (auto k : pattern) held += c[k] ? 1 : 0;
    if (8 - held >= std::min(best, bound)) continue;
    Counts rest = c;
    for (auto k : pattern)
      if (rest[k]) --rest[k];
    // The rest's standard value is -1 (the bound above) only with a pair among it: without
    // one it is 0 at least, and a pattern that cannot then go below the bound is skipped
    // (the rollouts ask this for every discard of most hands).
    bool pair = false;
    for (int k = 1; k <= 34 && !pair; ++k) pair = rest[k] >= 2;
    if (!pair && 9 - held >= std::min(best, bound)) continue;
    best = std::min(best, (9 - held) + standard(rest, 1 - melds));
  }
  return best;
}

// Whether a suited kind has a neighbour within two ranks, or any copy held: a tile with
// neither is isolated and cannot change the standard form's value.
bool touches(const Counts& c, int k) {
  if (c[k]) return true;
  if (k >= kFirstHonour) return false;
  const int r = (k - 1) % 9 + 1;
  for (int d = -2; d <= 2; ++d)
    if (d && r + d >= 1 && r + d <= 9 && c[k + d]) return true;
  return false;
}

// Per kind: whether it is an orphan, and which knit patterns hold it (bit p: pattern p).
struct Specials {
  std::array<bool, 35> orphan{};
  std::array<std::uint8_t, 35> in_pattern{};
};

const Specials& specials() {
  static const Specials s = [] {
    Specials out;
    for (auto k : kOrphans) out.orphan[k] = true;
    for (int p = 0; p < 6; ++p)
      for (auto k : kKnitPatterns[p]) out.in_pattern[k] = static_cast<std::uint8_t>(out.in_pattern[k] | 1 << p);
    return out;
  }();
  return s;
}

// The minimum over forms, computing the knitted straight only when it could win.
int minimum(const Counts& c, int melds, int standard_value) {
  int best = standard_value;
  if (melds == 0) {
    best = std::min({best, seven_pairs(c), thirteen_orphans(c), honours_knitted(c)});
  }
  if (melds <= 1 && 8 - best_knit_held(c) < best) best = std::min(best, knitted_straight(c, melds, best));
  return best;
}

}  // namespace

std::array<int, kForms> shanten_by_form(const Counts& c, int melds) {
  std::array<int, kForms> out;
  out.fill(kImpossible);
  out[static_cast<int>(Form::Standard)] = standard(c, 4 - melds);
  if (melds == 0) {
    out[static_cast<int>(Form::SevenPairs)] = seven_pairs(c);
    out[static_cast<int>(Form::ThirteenOrphans)] = thirteen_orphans(c);
    out[static_cast<int>(Form::HonoursKnitted)] = honours_knitted(c);
  }
  if (melds <= 1) out[static_cast<int>(Form::KnittedStraight)] = knitted_straight(c, melds);
  return out;
}

int shanten(const Counts& c, int melds) { return minimum(c, melds, standard(c, 4 - melds)); }

void shanten_after_discards(const Counts& counts, int melds, std::array<int, 35>& out) {
  Cache& ca = cache();
  const int need = 4 - melds;
  std::array<GroupTable, 4> tables;
  for (int group = 0; group < 4; ++group) tables[group] = group_table(ca, counts, group);
  // The special forms' counts of the whole hand, so that each discard only adjusts them.
  const Specials& sp = specials();
  int pairs = 0, orphans = 0, orphan_pairs = 0, honours = 0;
  std::array<int, 6> knit{};
  for (int k = 1; k <= 34; ++k) {
    const int n = counts[k];
    pairs += n / 2;
    if (!n) continue;
    if (sp.orphan[k]) {
      ++orphans;
      if (n >= 2) ++orphan_pairs;
    }
    if (k >= kFirstHonour) ++honours;
    for (int p = 0; p < 6; ++p) knit[p] += sp.in_pattern[k] >> p & 1;
  }
  // The other three groups of each group, from sums of the groups before and after it.
  std::array<Combined, 4> before, after;
  before[0] = after[3] = start(need);
  for (int group = 1; group < 4; ++group) before[group] = add(before[group - 1], tables[group - 1]);
  for (int group = 2; group >= 0; --group) after[group] = add(after[group + 1], tables[group + 1]);
  const int unchanged = value_with(before[3], tables[3], need);
  Counts c = counts;
  for (int group = 0; group < 4; ++group) {
    const int first = group < 3 ? group * 9 + 1 : kFirstHonour;
    const int last = group < 3 ? first + 8 : 34;
    Group g = group_of(c, group);
    const Key key = key_of(g);
    Combined others;
    bool others_ready = false;
    for (int k = first; k <= last; ++k) {
      const int n = c[k];
      if (!n) continue;
      --c[k];
      int best;
      if (n == 1 && !touches(c, k)) {
        // A lone tile with no neighbour within two is left isolated by every split of its
        // group (as in acceptance), so the standard form does not change without it.
        best = unchanged;
      } else {
        if (!others_ready) {
          others = group == 0 ? after[0] : group == 3 ? before[3] : add(before[group], after[group]);
          others_ready = true;
        }
        const Key less = key - (Key{1} << (3 * (k - first)));
        best = value_with(others, group_table(ca, less, c, group), need);
      }
      // As minimum() on the hand less k: a copy gone breaks a pair when the count was even,
      // and drops the kind from the orphans, the honours and its knit patterns when it was the last.
      const bool last_copy = n == 1;
      int knit_best = 0;
      for (int p = 0; p < 6; ++p) knit_best = std::max(knit_best, knit[p] - (last_copy ? sp.in_pattern[k] >> p & 1 : 0));
      if (melds == 0) {
        const int seven = 6 - (pairs - (n % 2 == 0 ? 1 : 0));
        const int o = orphans - (sp.orphan[k] && last_copy ? 1 : 0);
        const int op = orphan_pairs - (sp.orphan[k] && n == 2 ? 1 : 0);
        const int thirteen = 13 - o - (op > 0 ? 1 : 0);
        const int h = honours - (k >= kFirstHonour && last_copy ? 1 : 0);
        const int knitted_honours = 13 - std::min(knit_best + h, 14);
        best = std::min({best, seven, thirteen, knitted_honours});
      }
      if (melds <= 1 && 8 - knit_best < best) best = std::min(best, knitted_straight(c, melds, best));
      out[k] = best;
      ++c[k];
    }
  }
}

std::vector<int> acceptance(const Counts& counts, int melds, const Counts& held, bool include_held_four) {
  std::vector<int> found;
  Counts c = counts;
  const int base_standard = standard(c, 4 - melds);
  const int now = minimum(c, melds, base_standard);
  for (int k = 1; k <= 34; ++k) {
    if (!include_held_four && held[k] >= 4) continue;
    // An isolated tile leaves the standard form as it was; the others are cheap.
    const bool isolated = !touches(c, k);
    ++c[k];
    const int standard_value = isolated ? base_standard : standard(c, 4 - melds);
    if (minimum(c, melds, standard_value) < now) found.push_back(k);
    --c[k];
  }
  return found;
}

std::vector<AfterDiscard> shanten_after_discard(const Counts& counts, int melds, const Counts& held,
                                                bool include_held_four) {
  std::vector<AfterDiscard> out;
  Counts c = counts;
  Counts h = held;
  for (int k = 1; k <= 34; ++k) {
    if (!c[k]) continue;
    --c[k];
    --h[k];
    out.push_back({k, shanten(c, melds), acceptance(c, melds, h, include_held_four)});
    ++c[k];
    ++h[k];
  }
  return out;
}

}  // namespace mahjongkit::mcr
