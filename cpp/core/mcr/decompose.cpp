// Decomposition of complete hands and waits; see decompose.hpp. The recursion mirrors the
// Python reference line for line so that the two list the same splits.
#include "core/mcr/decompose.hpp"

#include <algorithm>

#include "core/mcr/shanten.hpp"

namespace mahjongkit::mcr {
namespace {

constexpr bool suited(int k) { return k >= 1 && k <= 27; }
constexpr int rank(int k) { return (k - 1) % 9 + 1; }

RawSet make_set(SetKind kind, int a, int b = 0, int c = 0) {
  RawSet s{kind, 1, {static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b), static_cast<std::uint8_t>(c)}};
  s.size = c ? 3 : b ? 2 : 1;
  return s;
}

using Sets = std::vector<RawSet>;

// Every way `c` is exactly `need` chows and pungs, each multiset once: every copy of the
// lowest kind left starts a set, a pung of it (at most one) and chows from it for the rest.
void sets_from(Counts& c, int need, Sets& path, std::vector<Sets>& out) {
  int kind = 1;
  while (kind <= 34 && c[kind] == 0) ++kind;
  if (kind > 34) {
    if (need == 0) out.push_back(path);
    return;
  }
  if (need == 0) return;
  const int have = c[kind];
  for (int pungs = 1; pungs >= 0; --pungs) {
    const int chows = have - 3 * pungs;
    if (chows < 0 || pungs + chows > need) continue;
    if (chows && !(suited(kind) && rank(kind) <= 7 && c[kind + 1] >= chows && c[kind + 2] >= chows)) continue;
    const std::size_t mark = path.size();
    c[kind] = 0;
    if (chows) {
      c[kind + 1] -= chows;
      c[kind + 2] -= chows;
    }
    for (int i = 0; i < pungs; ++i) path.push_back(make_set(SetKind::Pung, kind, kind, kind));
    for (int i = 0; i < chows; ++i) path.push_back(make_set(SetKind::Chow, kind, kind + 1, kind + 2));
    sets_from(c, need - pungs - chows, path, out);
    path.resize(mark);
    c[kind] = static_cast<std::uint8_t>(have);
    if (chows) {
      c[kind + 1] += chows;
      c[kind + 2] += chows;
    }
  }
}

void sets_and_pair(Counts& c, int need, Sets& path, std::vector<Sets>& out) {
  for (int k = 1; k <= 34; ++k) {
    if (c[k] < 2) continue;
    c[k] -= 2;
    const std::size_t first = out.size();
    sets_from(c, need, path, out);
    for (std::size_t i = first; i < out.size(); ++i) out[i].push_back(make_set(SetKind::Pair, k, k));
    c[k] += 2;
  }
}

// Fast yes/no twins of the enumerations above (no allocation).
bool can_make_sets(Counts& c, int need) {
  int kind = 1;
  while (kind <= 34 && c[kind] == 0) ++kind;
  if (kind > 34) return need == 0;
  if (need == 0) return false;
  const int have = c[kind];
  for (int pungs = 1; pungs >= 0; --pungs) {
    const int chows = have - 3 * pungs;
    if (chows < 0 || pungs + chows > need) continue;
    if (chows && !(suited(kind) && rank(kind) <= 7 && c[kind + 1] >= chows && c[kind + 2] >= chows)) continue;
    c[kind] = 0;
    if (chows) {
      c[kind + 1] -= chows;
      c[kind + 2] -= chows;
    }
    const bool ok = can_make_sets(c, need - pungs - chows);
    c[kind] = static_cast<std::uint8_t>(have);
    if (chows) {
      c[kind + 1] += chows;
      c[kind + 2] += chows;
    }
    if (ok) return true;
  }
  return false;
}

bool can_make_sets_and_pair(Counts& c, int need) {
  for (int k = 1; k <= 34; ++k) {
    if (c[k] < 2) continue;
    c[k] -= 2;
    const bool ok = can_make_sets(c, need);
    c[k] += 2;
    if (ok) return true;
  }
  return false;
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

Wait wait_of(const RawSet& s, int winning) {
  switch (s.kind) {
    case SetKind::Chow: {
      const int low = s.tiles[0];
      if (winning == low + 1) return Wait::Closed;
      if (winning == low) return rank(low + 2) == 9 ? Wait::Edge : Wait::TwoSided;
      return rank(low) == 1 ? Wait::Edge : Wait::TwoSided;
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

std::vector<RawSplit> decompose(const Counts& counts, int melds, int winning) {
  std::vector<RawSplit> found;
  if (total(counts) + 3 * melds != 14) return found;
  Counts c = counts;
  Sets path;
  auto add_all = [&found](Form form, std::vector<Sets>& list) {
    for (auto& sets : list) found.push_back(RawSplit{form, std::move(sets)});
  };
  {
    std::vector<Sets> list;
    sets_and_pair(c, 4 - melds, path, list);
    add_all(Form::Standard, list);
  }
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
      std::vector<Sets> list;
      sets_and_pair(c, 1 - melds, path, list);
      for (auto& sets : list)
        for (int i = 0; i < 9; i += 3)
          sets.push_back(make_set(SetKind::Knit, pattern[i], pattern[i + 1], pattern[i + 2]));
      add_all(Form::KnittedStraight, list);
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
  Counts c = counts;
  if (can_make_sets_and_pair(c, 4 - melds)) return true;
  if (melds == 0 && (is_seven_pairs(c) || is_thirteen_orphans(c) || honours_knitted_pattern(c) >= 0)) return true;
  if (melds > 1) return false;
  for (const auto& pattern : kKnitPatterns) {
    bool whole = true;
    for (auto k : pattern) whole = whole && c[k] > 0;
    if (!whole) continue;
    for (auto k : pattern) --c[k];
    const bool ok = can_make_sets_and_pair(c, 1 - melds);
    for (auto k : pattern) ++c[k];
    if (ok) return true;
  }
  return false;
}

std::vector<int> waits(const Counts& counts, int melds, const Counts& held, bool include_held_four) {
  std::vector<int> found;
  // Only a ready hand waits; the shanten table answers that far faster than 34 trials.
  const auto forms = shanten_by_form(counts, melds);
  if (*std::min_element(forms.begin(), forms.end()) != 0) return found;
  // When only the standard form is ready, the winning tile touches a held tile.
  bool only_standard = true;
  for (int f = 1; f < kForms; ++f) only_standard = only_standard && forms[f] != 0;
  Counts c = counts;
  for (int k = 1; k <= 34; ++k) {
    if (!include_held_four && held[k] >= 4) continue;
    if (only_standard && !c[k]) {
      bool near = false;
      if (k < kFirstHonour) {
        const int r = rank(k);
        for (int d = -2; d <= 2 && !near; ++d) near = d && r + d >= 1 && r + d <= 9 && c[k + d];
      }
      if (!near) continue;
    }
    ++c[k];
    if (is_complete(c, melds)) found.push_back(k);
    --c[k];
  }
  return found;
}

}  // namespace mahjongkit::mcr
