// Decomposition of complete hands and waits, and the counts-level enumeration of sets and a
// pair that the scorer shares; see decompose.hpp. Each function mirrors its Python twin in
// decompose.py so that the two list the same splits and waits.
#include "core/mcr/decompose.hpp"

#include <atomic>
#include <cstring>

#include <algorithm>

namespace mahjongkit::mcr {
namespace {

RawSet make_set(SetKind kind, int a, int b = 0, int c = 0) {
  RawSet s{kind, 1, {static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b), static_cast<std::uint8_t>(c)}};
  s.size = c ? 3 : b ? 2 : 1;
  return s;
}

using Sets = std::vector<RawSet>;

// divide()'s recursion: settles every copy of the lowest kind left from `kind` on, then moves
// up (`pair` is the pair's kind once taken, else 0).
void walk(Counts& c, int kind, int pair, int sets_needed, SetList& cur, std::vector<Division>& out) {
  while (kind <= 34 && c[kind] == 0) ++kind;
  if (kind > 34) {
    if (pair && static_cast<int>(cur.size()) == sets_needed) out.push_back({cur, pair});
    return;
  }
  const int n = c[kind];
  for (int use_pair = 0; use_pair <= (pair ? 0 : 1); ++use_pair)
    for (int use_pung = 0; use_pung <= 1; ++use_pung) {
      const int chows = n - 2 * use_pair - 3 * use_pung;
      if (chows < 0 || static_cast<int>(cur.size()) + use_pung + chows > sets_needed) continue;
      if (chows && (!is_suited(kind) || rank_of(kind) > 7 || c[kind + 1] < chows || c[kind + 2] < chows)) continue;
      c[kind] = 0;
      if (chows) {
        c[kind + 1] = static_cast<std::uint8_t>(c[kind + 1] - chows);
        c[kind + 2] = static_cast<std::uint8_t>(c[kind + 2] - chows);
      }
      const std::size_t before = cur.size();
      for (int i = 0; i < use_pung; ++i) cur.emplace_back(SetKind::Pung, kind);
      for (int i = 0; i < chows; ++i) cur.emplace_back(SetKind::Chow, kind);
      walk(c, kind + 1, use_pair ? kind : pair, sets_needed, cur, out);
      cur.resize(before);
      c[kind] = static_cast<std::uint8_t>(n);
      if (chows) {
        c[kind + 1] = static_cast<std::uint8_t>(c[kind + 1] + chows);
        c[kind + 2] = static_cast<std::uint8_t>(c[kind + 2] + chows);
      }
    }
}

// Whether nine counts of one suit are sets alone (greedy from the lowest rank is exact: a
// pung of the lowest rank is always safe, and what is left of it must start chows).
bool suit_only_sets(std::array<int, 9> c) {
  for (int r = 0; r < 9; ++r) {
    int n = c[r];
    if (n >= 3) n -= 3;
    if (n) {
      if (r > 6 || c[r + 1] < n || c[r + 2] < n) return false;
      c[r + 1] -= n;
      c[r + 2] -= n;
    }
  }
  return true;
}

// A division as concealed sets, the pair last.
Sets concealed_sets(const Division& d) {
  Sets sets;
  sets.reserve(d.sets.size() + 1);
  for (const auto& [kind, first] : d.sets)
    sets.push_back(kind == SetKind::Chow ? make_set(kind, first, first + 1, first + 2) : make_set(kind, first, first, first));
  sets.push_back(make_set(SetKind::Pair, d.pair, d.pair));
  return sets;
}

bool is_seven_pairs(const Counts& c) {
  if (total(c) != 14) return false;
  for (int k = 1; k <= 34; ++k)
    if (c[k] % 2) return false;
  return true;
}

bool is_thirteen_orphans(const Counts& c) {
  if (total(c) != 14) return false;
  int in_orphans = 0;
  for (auto k : kOrphans) {
    if (c[k] == 0) return false;
    in_orphans += c[k];
  }
  return in_orphans == 14;
}

int honours_knitted_pattern(const Counts& c) {  // the pattern index, or -1
  if (total(c) != 14) return -1;
  for (int k = 1; k <= 34; ++k)
    if (c[k] > 1) return -1;
  for (int p = 0; p < 6; ++p) {
    bool allowed[35] = {};
    for (auto k : kKnitPatterns[p]) allowed[k] = true;
    bool ok = true;
    for (int k = 1; k < kFirstHonour && ok; ++k)
      if (c[k] && !allowed[k]) ok = false;
    if (ok) return p;
  }
  return -1;
}

bool knitted_straight_complete(Counts& c, int melds) {
  if (melds > 1) return false;
  for (const auto& pattern : kKnitPatterns) {
    bool whole = true;
    for (auto k : pattern) whole = whole && c[k] > 0;
    if (!whole) continue;
    for (auto k : pattern) --c[k];
    const bool complete = complete_from_shapes(group_shapes(c));
    for (auto k : pattern) ++c[k];
    if (complete) return true;
  }
  return false;
}

// Whether 14-tile `c` are thirteen orphans, honours-and-knitted or a knitted straight (the
// forms standard_waits does not cover).
bool special_complete(Counts& c, int melds) {
  if (melds == 0 && (is_thirteen_orphans(c) || honours_knitted_pattern(c) >= 0)) return true;
  return knitted_straight_complete(c, melds);
}

// A cheap necessary condition for one more tile to make special_complete true: only orphans
// held, or no kind twice with the suited kinds all in one knitted pattern (honours and
// knitted), or eight kinds of a knitted pattern held.
bool may_complete_special(const Counts& standing, int melds) {
  if (melds == 0) {
    bool at_most_one = true, only_orphans = true;
    std::uint64_t orphans = 0;  // bit k: an orphan kind (masks, not a search per kind)
    for (auto k : kOrphans) orphans |= std::uint64_t{1} << k;
    std::uint64_t suited = 0;
    for (int k = 1; k <= 34; ++k) {
      at_most_one = at_most_one && standing[k] <= 1;
      if (standing[k] && !(orphans >> k & 1)) only_orphans = false;
      if (standing[k] && k < kFirstHonour) suited |= std::uint64_t{1} << k;
    }
    if (only_orphans) return true;
    if (at_most_one)
      for (const auto& pattern : kKnitPatterns) {
        std::uint64_t mask = 0;
        for (auto k : pattern) mask |= std::uint64_t{1} << k;
        if (!(suited & ~mask)) return true;
      }
  }
  if (melds > 1) return false;
  for (const auto& pattern : kKnitPatterns) {
    int held = 0;
    for (auto k : pattern) held += standing[k] > 0;
    if (held >= 8) return true;
  }
  return false;
}

Wait wait_of(const RawSet& s, int winning) {
  switch (s.kind) {
    case SetKind::Chow: {
      const int low = s.tiles[0];
      if (winning == low + 1) return Wait::Closed;
      if (winning == low) return rank_of(low + 2) == 9 ? Wait::Edge : Wait::TwoSided;
      return rank_of(low) == 1 ? Wait::Edge : Wait::TwoSided;
    }
    case SetKind::Pung: return Wait::Pung;
    case SetKind::Pair: return Wait::Pair;
    case SetKind::Single: return Wait::Single;
    case SetKind::Knit: return Wait::Knit;
    case SetKind::Kong: break;
  }
  return Wait::Pung;  // a kong is only ever a meld; never placed
}

// Python compares (SetKind index, tiles tuple); tuples compare element-wise, shorter first.
bool set_less(const RawSet& a, const RawSet& b) {
  if (a.kind != b.kind) return a.kind < b.kind;
  return std::lexicographical_compare(a.tiles.begin(), a.tiles.begin() + a.size, b.tiles.begin(),
                                      b.tiles.begin() + b.size);
}

bool set_equal(const RawSet& a, const RawSet& b) { return !set_less(a, b) && !set_less(b, a); }

bool split_less(const RawSplit& a, const RawSplit& b) {
  if (a.form != b.form) return a.form < b.form;
  return std::lexicographical_compare(a.sets.begin(), a.sets.end(), b.sets.begin(), b.sets.end(), set_less);
}

}  // namespace

std::vector<Division> divide(const Counts& counts, int sets_needed) {
  std::vector<Division> out;
  out.reserve(4);
  Counts c = counts;
  SetList cur;
  walk(c, 1, 0, sets_needed, cur, out);
  return out;
}

namespace {

int suit_shape_of(const Counts& c, int first);

// suit_shape's answers by the suit's nine counts read as a base-5 number (every count 0..4),
// filled as they are first asked: 5^9 one-byte entries, 0xFF for not yet known. Relaxed
// atomics: threads may race to fill an entry, with the same value.
constexpr int kSuitCodes = 1953125;  // 5^9
constexpr std::uint8_t kUnknownShape = 0xFF;

std::atomic<std::uint8_t>* suit_shapes() {
  static std::atomic<std::uint8_t>* table = [] {
    auto* t = new std::atomic<std::uint8_t>[kSuitCodes];  // kept for the process's life
    for (int i = 0; i < kSuitCodes; ++i) t[i].store(kUnknownShape, std::memory_order_relaxed);
    return t;
  }();
  return table;
}

}  // namespace

int suit_shape(const Counts& c, int first) {
  int code = 0;
  for (int r = 0; r < 9; ++r) {
    const int v = c[static_cast<std::size_t>(first + r)];
    if (v > 4) return suit_shape_of(c, first);  // a theoretical fifth copy: not kept
    code = code * 5 + v;
  }
  std::atomic<std::uint8_t>& entry = suit_shapes()[code];
  int shape = entry.load(std::memory_order_relaxed);
  if (shape == kUnknownShape) {
    shape = suit_shape_of(c, first);
    entry.store(static_cast<std::uint8_t>(shape), std::memory_order_relaxed);
  }
  return shape;
}

namespace {

int suit_shape_of(const Counts& c, int first) {
  std::array<int, 9> v{};
  int tiles = 0, weighted = 0;
  for (int r = 0; r < 9; ++r) {
    v[static_cast<std::size_t>(r)] = c[static_cast<std::size_t>(first + r)];
    tiles += v[static_cast<std::size_t>(r)];
    weighted += r * v[static_cast<std::size_t>(r)];
  }
  // Sets hold a multiple of three tiles, and their ranks sum to a multiple of three (a chow
  // 3r + 3, a pung 3r): so sets alone need tiles % 3 == 0 and weighted % 3 == 0, and sets
  // and a pair need tiles % 3 == 2 with the pair at a rank p where 2p == weighted (mod 3).
  // These only skip tests that must fail; the result is the plain search's.
  if (tiles % 3 == 0) return weighted % 3 == 0 && suit_only_sets(v) ? kSetsAlone : 0;
  if (tiles % 3 != 2) return 0;
  for (int r = (2 * weighted) % 3; r < 9; r += 3)
    if (v[static_cast<std::size_t>(r)] >= 2) {
      std::array<int, 9> rest = v;
      rest[static_cast<std::size_t>(r)] -= 2;
      if (suit_only_sets(rest)) return kSetsAndPair;
    }
  return 0;
}

}  // namespace

Shapes group_shapes(const Counts& c) {
  Shapes shapes{};
  for (int g = 0; g < kGroups; ++g) shapes[static_cast<std::size_t>(g)] = group_shape(c, g);
  return shapes;
}

bool complete_from_shapes(const Shapes& shapes) {
  int alone = 0;
  for (int shape : shapes) {
    if (!shape) return false;
    alone += shape & kSetsAlone;
  }
  // one group takes the pair, every other is sets alone
  for (int shape : shapes)
    if ((shape & kSetsAndPair) && alone - (shape & kSetsAlone) == kGroups - 1) return true;
  return false;
}

std::uint64_t standard_waits(Counts standing, bool seven_pairs, int limit) {
  int pairs = 0;
  std::array<int, 3> suit_size{};
  for (int k = 1; k <= 34; ++k) {
    pairs += standing[k] / 2;
    if (is_suited(k)) suit_size[static_cast<std::size_t>(group_of(k))] += standing[k];
  }
  seven_pairs = seven_pairs && pairs == 6;
  // Only a kind in, or within two ranks of, a held kind of a group not already a multiple of
  // three tiles can complete sets and a pair; seven pairs waits on the kind held oddly.
  std::array<bool, 35> candidate{};
  for (int k = 1; k <= 34; ++k) {
    if (!standing[k]) continue;
    if (seven_pairs && standing[k] % 2) candidate[k] = true;
    if (is_suited(k)) {
      if (suit_size[static_cast<std::size_t>(group_of(k))] % 3 == 0) continue;
      const int r = rank_of(k);
      for (int d = -2; d <= 2; ++d)
        if (r + d >= 1 && r + d <= 9) candidate[k + d] = true;
    } else if (standing[k] % 3) {
      candidate[k] = true;
    }
  }
  const Shapes shapes = group_shapes(standing);
  int broken = 0;  // groups neither sets alone nor sets and a pair
  for (int shape : shapes) broken += shape == 0;
  std::uint64_t found = 0;
  int count = 0;
  for (int k = 1; k <= 34; ++k) {
    if (!candidate[k]) continue;
    ++standing[k];
    // only the group of k changes: another broken group rules k out at once
    const int g = group_of(k);
    bool complete = false;
    if (broken - (shapes[static_cast<std::size_t>(g)] == 0) == 0) {
      Shapes trial = shapes;
      trial[static_cast<std::size_t>(g)] = group_shape(standing, g);
      complete = complete_from_shapes(trial);
    }
    if (!complete && seven_pairs) {
      complete = true;
      for (int j = 1; j <= 34 && complete; ++j) complete = standing[j] % 2 == 0;
    }
    --standing[k];
    if (complete) {
      found |= std::uint64_t{1} << k;
      if (++count == limit) break;
    }
  }
  return found;
}

std::vector<RawSplit> decompose(const Counts& counts, int melds, int winning) {
  std::vector<RawSplit> found;
  if (total(counts) + 3 * melds != 14) return found;
  Counts c = counts;
  for (const auto& d : divide(c, 4 - melds)) found.push_back(RawSplit{Form::Standard, concealed_sets(d)});
  if (melds == 0) {
    if (is_seven_pairs(c)) {
      RawSplit s{Form::SevenPairs, {}};
      for (int k = 1; k <= 34; ++k)
        for (int i = 0; i < c[k] / 2; ++i) s.sets.push_back(make_set(SetKind::Pair, k, k));
      found.push_back(std::move(s));
    }
    if (is_thirteen_orphans(c)) {
      RawSplit s{Form::ThirteenOrphans, {}};
      for (auto k : kOrphans) s.sets.push_back(c[k] == 2 ? make_set(SetKind::Pair, k, k) : make_set(SetKind::Single, k));
      found.push_back(std::move(s));
    }
    if (honours_knitted_pattern(c) >= 0) {
      RawSplit s{Form::HonoursKnitted, {}};
      for (int k = 1; k <= 34; ++k)
        if (c[k]) s.sets.push_back(make_set(SetKind::Single, k));
      found.push_back(std::move(s));
    }
  }
  if (melds <= 1) {
    for (const auto& pattern : kKnitPatterns) {
      bool whole = true;
      for (auto k : pattern) whole = whole && c[k] > 0;
      if (!whole) continue;
      for (auto k : pattern) --c[k];
      for (const auto& d : divide(c, 1 - melds)) {
        Sets sets = concealed_sets(d);
        for (int i = 0; i < 9; i += 3)
          sets.push_back(make_set(SetKind::Knit, pattern[i], pattern[i + 1], pattern[i + 2]));
        found.push_back(RawSplit{Form::KnittedStraight, std::move(sets)});
      }
      for (auto k : pattern) ++c[k];
    }
  }
  for (auto& s : found) std::sort(s.sets.begin(), s.sets.end(), set_less);
  std::sort(found.begin(), found.end(), split_less);
  if (winning == 0) return found;

  std::vector<RawSplit> placed;
  for (const auto& s : found) {
    for (std::size_t i = 0; i < s.sets.size(); ++i) {
      const RawSet& set = s.sets[i];
      if (std::find(set.tiles.begin(), set.tiles.begin() + set.size, winning) == set.tiles.begin() + set.size) continue;
      bool seen = false;
      for (std::size_t j = 0; j < i && !seen; ++j) seen = set_equal(s.sets[j], set);
      if (seen) continue;
      RawSplit p = s;
      p.winning_set = static_cast<int>(i);
      p.wait = wait_of(set, winning);
      placed.push_back(std::move(p));
    }
  }
  return placed;
}

bool is_complete(const Counts& counts, int melds) {
  if (total(counts) + 3 * melds != 14) return false;
  if (complete_from_shapes(group_shapes(counts))) return true;
  if (melds == 0 && is_seven_pairs(counts)) return true;
  Counts c = counts;
  return special_complete(c, melds);
}

Standing standing_of(const Counts& counts, int melds) {
  Standing out;
  out.shapes = group_shapes(counts);
  for (int g = 0; g < kGroups; ++g)
    if (!out.shapes[static_cast<std::size_t>(g)]) out.broken |= 1 << g;
  out.special = special_in_reach(counts, melds);
  return out;
}

bool complete_from(const Counts& counts, int melds, const Standing& standing) {
  if (complete_from_shapes(standing.shapes)) return true;
  if (!standing.special) return false;
  if (melds == 0 && is_seven_pairs(counts)) return true;
  Counts c = counts;
  return special_complete(c, melds);
}

bool special_in_reach(const Counts& counts, int melds) {
  if (melds > 1) return false;
  // The kinds held, the pairs and the kinds held twice or more, eight counts at a time (asked
  // whenever a seat's tiles changed since: every discard window asks it of the seats).
  std::array<std::uint64_t, 5> words{};  // kinds 8i..8i+7 in word i, the last three bytes none
  std::memcpy(words.data(), counts.data(), counts.size());
  words[0] &= ~std::uint64_t{0xFF};  // kind 0 is no tile
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  std::uint64_t high = 0, halves = 0, twos = 0, held = 0;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::uint64_t x = words[i];
    high |= x;
    const std::uint64_t half = (x >> 1) & 0x7F7F7F7F7F7F7F7FULL;  // n / 2 in each byte
    halves += half;
    twos += (half | half >> 1) & kOnes;  // n >= 2 (n <= 7)
    const std::uint64_t nonzero = (x | x >> 1 | x >> 2) & kOnes;  // n > 0 (n <= 7)
    held |= ((nonzero * 0x0102040810204080ULL) >> 56) << (8 * i);  // byte j's bit to bit j
  }
  if (high & 0xF8F8F8F8F8F8F8F8ULL) {  // a count over seven: summed one kind at a time
    held = 0;
    int pairs = 0, doubled = 0;
    for (int k = 1; k <= 34; ++k) {
      const int n = counts[static_cast<std::size_t>(k)];
      if (n) held |= std::uint64_t{1} << k;
      pairs += n / 2;
      doubled += n > 1;
    }
    return special_in_reach(held, pairs, doubled, melds);
  }
  // Each byte of the sums is at most 15 (pairs) or 5 (kinds twice): their total fits a byte.
  const int pairs = static_cast<int>((halves * kOnes) >> 56);
  const int doubled = static_cast<int>((twos * kOnes) >> 56);
  return special_in_reach(held, pairs, doubled, melds);
}

namespace {
int bits_set(std::uint64_t x) {  // portable (no compiler builtins): the bits summed in parallel
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}
}  // namespace

bool special_in_reach(std::uint64_t held, int pairs, int doubled, int melds) {
  // may_complete_special's conditions and seven pairs' (six pairs held), read from masks.
  if (melds > 1) return false;
  struct Masks {
    std::uint64_t orphans = 0, suited = 0;
    std::array<std::uint64_t, 6> patterns{};
  };
  static const Masks masks = [] {
    Masks m;
    for (auto k : kOrphans) m.orphans |= std::uint64_t{1} << k;
    for (int k = 1; k < kFirstHonour; ++k) m.suited |= std::uint64_t{1} << k;
    for (std::size_t p = 0; p < kKnitPatterns.size(); ++p)
      for (auto k : kKnitPatterns[p]) m.patterns[p] |= std::uint64_t{1} << k;
    return m;
  }();
  if (melds == 0) {
    if (pairs >= 6 || !(held & ~masks.orphans)) return true;  // seven pairs, thirteen orphans
    if (!doubled)  // honours and knitted: no kind twice, the suited kinds in one pattern
      for (auto pattern : masks.patterns)
        if (!(held & masks.suited & ~pattern)) return true;
  }
  if (bits_set(held & masks.suited) < 8) return false;  // no pattern can have eight
  for (auto pattern : masks.patterns)  // a knitted straight: eight of a pattern held
    if (bits_set(held & pattern) >= 8) return true;
  return false;
}

bool completes_with(const Counts& counts, int melds, const Standing& standing, int tile) {
  const int group = group_of(tile);
  const bool mendable = !(standing.broken & ~(1 << group));  // the tile's group alone may change
  if (!mendable && !standing.special) return false;
  Counts c = counts;
  ++c[tile];
  if (mendable) {
    Shapes shapes = standing.shapes;
    shapes[static_cast<std::size_t>(group)] = group_shape(c, group);
    if (complete_from_shapes(shapes)) return true;
  }
  if (!standing.special) return false;
  if (melds == 0 && is_seven_pairs(c)) return true;
  return special_complete(c, melds);
}

std::vector<int> waits(const Counts& counts, int melds, const Counts& held, bool include_held_four) {
  std::uint64_t found = standard_waits(counts, melds == 0, 0);
  if (may_complete_special(counts, melds)) {
    Counts c = counts;
    for (int k = 1; k <= 34; ++k) {
      if (found >> k & 1) continue;
      ++c[k];
      if (special_complete(c, melds)) found |= std::uint64_t{1} << k;
      --c[k];
    }
  }
  std::vector<int> kinds;
  for (int k = 1; k <= 34; ++k)
    if ((found >> k & 1) && (include_held_four || held[k] < 4)) kinds.push_back(k);
  return kinds;
}

}  // namespace mahjongkit::mcr
