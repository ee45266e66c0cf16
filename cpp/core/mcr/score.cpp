// The C++ twin of python/mahjongkit/mcr/scoring/score.py; see score.hpp. Every step keeps the
// Python twin's order (readings, sets, instances) so both choose the same arrangement and
// name the same fans (tests/conformance/test_mcr_score.py).
// The divisions into sets and a pair and the wait test come from decompose.hpp (divide,
// standard_waits), shared with decomposition and waits.
#include "core/mcr/score.hpp"

#include <algorithm>
#include <numeric>

#include "core/mcr/decompose.hpp"

namespace mahjongkit::mcr {
namespace {

inline int suit_of(int k) { return k <= 27 ? (k - 1) / 9 : 3; }
inline int rank_of(int k) { return k <= 27 ? (k - 1) % 9 + 1 : 0; }
inline bool is_terminal(int k) { return k <= 27 && (rank_of(k) == 1 || rank_of(k) == 9); }
inline bool is_wind(int k) { return k >= 28 && k <= 31; }
inline bool is_dragon(int k) { return k >= 32 && k <= 34; }
inline bool is_green(int k) { return k == 20 || k == 21 || k == 22 || k == 24 || k == 26 || k == 33; }
inline bool is_reversible(int k) {
  switch (k) {
    case 10: case 11: case 12: case 13: case 14: case 17: case 18:
    case 20: case 22: case 23: case 24: case 26: case 27: case 34:
      return true;
    default:
      return false;
  }
}

// portable bit helpers (C++17 has no <bit>; no compiler builtins, so MSVC builds too)
inline int popcount(unsigned x) {
  int n = 0;
  for (; x; x &= x - 1) ++n;
  return n;
}
inline int lowest_bit(unsigned x) {
  int i = 0;
  while (!(x & 1u)) {
    x >>= 1;
    ++i;
  }
  return i;
}
inline int highest_bit(unsigned x) {
  int i = -1;
  for (; x; x >>= 1) ++i;
  return i;
}

constexpr int kPairBit = 8;  // an instance naming the pair (terminal-chow fans) sets bit 8
using Mask = std::uint16_t;

struct Reading {
  Form form = Form::Standard;
  int nsets = 0;
  std::array<SetKind, 14> kind{};  // up to 14 singles (honours-and-knitted)
  std::array<int, 14> first{};
  std::array<bool, 14> conc{};
  int pair = 0;
  std::array<int, 4> chows{}, pungs{}, knits{};
  int nchows = 0, npungs = 0, nknits = 0;
  Counts whole{};
  std::array<int, 14> present{};
  int npresent = 0;
  int suits = 0;  // bit per suit present, bit 3 honours
  WinIn win;
  int exposed_melds = 0, concealed_pungs = 0, kongs = 0, concealed_kongs = 0;
  int wait = -1;
  int nine_gates = 0;  // the winning rank when read as Nine Gates

  void finish() {
    // chows, pungs and knits by first tile (stable), as the Python twin's Reading.build
    std::array<int, 14> order{};
    std::iota(order.begin(), order.begin() + nsets, 0);
    std::stable_sort(order.begin(), order.begin() + nsets, [&](int a, int b) { return first[a] < first[b]; });
    nchows = npungs = nknits = 0;
    for (int j = 0; j < nsets; ++j) {
      const int i = order[j];
      if (kind[i] == SetKind::Chow) chows[nchows++] = i;
      else if (kind[i] == SetKind::Pung || kind[i] == SetKind::Kong) pungs[npungs++] = i;
      else if (kind[i] == SetKind::Knit) knits[nknits++] = i;
    }
    npresent = 0;
    suits = 0;
    for (int k = 1; k <= 34; ++k)
      if (whole[k]) {
        present[npresent++] = k;
        suits |= 1 << suit_of(k);
      }
  }
  void add(SetKind k, int f, bool c) {
    kind[nsets] = k;
    first[nsets] = f;
    conc[nsets] = c;
    ++nsets;
  }
};

struct Found {
  std::array<std::array<Mask, 8>, kFanSlots> inst{};
  std::array<std::uint8_t, kFanSlots> n{};
  FanSet has;  // a key present (possibly with no instance left), as the Python dict
  void put(int fan, Mask m) {
    has.set(fan);
    inst[fan][n[fan]++] = m;
  }
  void clear(int fan) {
    has.reset(fan);
    n[fan] = 0;
  }
};

// Whether a wait mask (decompose.hpp's standard_waits) holds exactly one kind.
inline bool unique_wait(std::uint64_t kinds) { return kinds && !(kinds & (kinds - 1)); }

int wait_shape(const Reading& r, int from, int win) {
  bool edge = false, closed = false;
  for (int i = from; i < r.nsets; ++i)
    if (r.kind[i] == SetKind::Chow) {
      const int f = r.first[i];
      if (win == f + 1) closed = true;
      else if (win == f || win == f + 2) edge = true;
    }
  if (edge) return static_cast<int>(Wait::Edge);
  if (closed) return static_cast<int>(Wait::Closed);
  return r.pair == win ? static_cast<int>(Wait::Pair) : -1;
}

// ------------------------------------------------------------------ the checkers

template <class Test>
void pattern(Found& f, int fan, const std::array<int, 4>& sets, int n, int arity, const Reading& r, Test test) {
  if (n < arity) return;
  // combinations in lexicographic order of positions, as itertools.combinations
  std::array<int, 4> idx{};
  for (int i = 0; i < arity; ++i) idx[i] = i;
  while (true) {
    std::array<int, 4> firsts{};
    Mask m = 0;
    for (int i = 0; i < arity; ++i) {
      firsts[i] = r.first[sets[idx[i]]];
      m = static_cast<Mask>(m | (1u << sets[idx[i]]));
    }
    if (test(firsts)) f.put(fan, m);
    int i = arity - 1;
    while (i >= 0 && idx[i] == n - arity + i) --i;
    if (i < 0) break;
    ++idx[i];
    for (int j = i + 1; j < arity; ++j) idx[j] = idx[j - 1] + 1;
  }
}

bool same_suit(const std::array<int, 4>& f, int n) {
  if (suit_of(f[0]) >= 3) return false;
  for (int i = 1; i < n; ++i)
    if (suit_of(f[i]) != suit_of(f[0])) return false;
  return true;
}
bool three_suits(const std::array<int, 4>& f, int n) {
  int seen = 0;
  for (int i = 0; i < n; ++i) {
    if (f[i] > 27) return false;
    seen |= 1 << suit_of(f[i]);
  }
  return popcount(static_cast<unsigned>(seen)) == n;
}
bool step(const std::array<int, 4>& f, int n, int s) {
  for (int i = 1; i < n; ++i)
    if (f[i] - f[i - 1] != s) return false;
  return true;
}
std::array<int, 4> ranks(const std::array<int, 4>& f, int n) {
  std::array<int, 4> out{};
  for (int i = 0; i < n; ++i) out[i] = rank_of(f[i]);
  std::sort(out.begin(), out.begin() + n);
  return out;
}

template <class Test>
bool all_present(const Reading& r, Test t) {
  for (int i = 0; i < r.npresent; ++i)
    if (!t(r.present[i])) return false;
  return true;
}

Mask pungs_of(const Reading& r, bool (*test)(int), int& count) {
  Mask m = 0;
  count = 0;
  for (int j = 0; j < r.npungs; ++j)
    if (test(r.first[r.pungs[j]])) {
      m = static_cast<Mask>(m | (1u << r.pungs[j]));
      ++count;
    }
  return m;
}

bool each_set(const Reading& r, bool (*test)(int)) {
  if (r.form != Form::Standard) return false;
  for (int i = 0; i < r.nsets; ++i) {
    const int f = r.first[i];
    bool any = test(f);
    if (r.kind[i] == SetKind::Chow) any = any || test(f + 1) || test(f + 2);
    else if (r.kind[i] == SetKind::Knit) any = any || test(f + 3) || test(f + 6);
    if (!any) return false;
  }
  return test(r.pair);
}

bool rank_range(const Reading& r, int low, int high) {
  if (!r.npresent || r.present[r.npresent - 1] > 27) return false;
  int lo = 9, hi = 1;
  for (int i = 0; i < r.npresent; ++i) {
    lo = std::min(lo, rank_of(r.present[i]));
    hi = std::max(hi, rank_of(r.present[i]));
  }
  return lo >= low && hi <= high;
}

void check(int fan, const Reading& r, Found& f) {
  int count = 0;
  Mask m = 0;
  const bool self = r.win.self_drawn;
  switch (fan) {
    case 1: m = pungs_of(r, is_wind, count); if (count == 4) f.put(fan, m); break;
    case 2: m = pungs_of(r, is_dragon, count); if (count == 3) f.put(fan, m); break;
    case 3: if (all_present(r, is_green)) f.put(fan, 0); break;
    case 5: if (r.kongs == 4) f.put(fan, 0); break;
    case 6:
      if (r.npresent == 7 && r.present[6] <= 27 && suit_of(r.present[0]) == suit_of(r.present[6]) &&
          r.present[6] - r.present[0] == 6)
        f.put(fan, 0);
      break;
    case 7: if (r.form == Form::ThirteenOrphans) f.put(fan, 0); break;
    case 8: if (all_present(r, is_terminal)) f.put(fan, 0); break;
    case 9: m = pungs_of(r, is_wind, count); if (count == 3 && is_wind(r.pair)) f.put(fan, m); break;
    case 10: m = pungs_of(r, is_dragon, count); if (count == 2 && is_dragon(r.pair)) f.put(fan, m); break;
    case 11: if (all_present(r, [](int k) { return k >= 28; })) f.put(fan, 0); break;
    case 12: if (r.concealed_pungs == 4) f.put(fan, 0); break;
    case 13:
    case 29: {
      if (r.nchows != 4 || r.pair > 27 || rank_of(r.pair) != 5) break;
      Mask all = static_cast<Mask>(1u << kPairBit);
      for (int j = 0; j < 4; ++j) all = static_cast<Mask>(all | (1u << r.chows[j]));
      if (fan == 13) {
        const int base = r.pair - 4;
        if (r.first[r.chows[0]] == base && r.first[r.chows[1]] == base && r.first[r.chows[2]] == base + 6 &&
            r.first[r.chows[3]] == base + 6)
          f.put(fan, all);
      } else {
        std::array<std::pair<int, int>, 4> shape{};
        for (int j = 0; j < 4; ++j) shape[j] = {suit_of(r.first[r.chows[j]]), rank_of(r.first[r.chows[j]])};
        std::sort(shape.begin(), shape.end());
        const int ps = suit_of(r.pair);
        const int o0 = ps == 0 ? 1 : 0, o1 = ps == 2 ? 1 : 2;
        if (shape[0] == std::make_pair(o0, 1) && shape[1] == std::make_pair(o0, 7) &&
            shape[2] == std::make_pair(o1, 1) && shape[3] == std::make_pair(o1, 7))
          f.put(fan, all);
      }
      break;
    }
    case 14: pattern(f, fan, r.chows, r.nchows, 4, r, [](const auto& x) { return x[0] == x[3]; }); break;
    case 15: pattern(f, fan, r.pungs, r.npungs, 4, r, [](const auto& x) { return same_suit(x, 4) && step(x, 4, 1); }); break;
    case 16:
      pattern(f, fan, r.chows, r.nchows, 4, r,
              [](const auto& x) { return same_suit(x, 4) && (step(x, 4, 1) || step(x, 4, 2)); });
      break;
    case 17: if (r.kongs == 3) f.put(fan, 0); break;
    case 18: if (all_present(r, [](int k) { return is_terminal(k) || k >= 28; })) f.put(fan, 0); break;
    case 19: if (r.form == Form::SevenPairs) f.put(fan, 0); break;
    case 20:
    case 34: {
      if (r.form != Form::HonoursKnitted) break;
      int honours = 0;
      for (int i = 0; i < r.npresent; ++i) honours += r.present[i] >= 28;
      if ((honours == 7) == (fan == 20)) f.put(fan, 0);
      break;
    }
    case 21: {
      if (r.form != Form::Standard || r.nchows) break;
      bool ok = r.pair <= 27 && rank_of(r.pair) % 2 == 0;
      for (int j = 0; j < r.npungs && ok; ++j) {
        const int k = r.first[r.pungs[j]];
        ok = k <= 27 && rank_of(k) % 2 == 0;
      }
      if (ok) f.put(fan, 0);
      break;
    }
    case 22: if (popcount(static_cast<unsigned>(r.suits)) == 1 && !(r.suits & 8)) f.put(fan, 0); break;
    case 23: pattern(f, fan, r.chows, r.nchows, 3, r, [](const auto& x) { return x[0] == x[2]; }); break;
    case 24: pattern(f, fan, r.pungs, r.npungs, 3, r, [](const auto& x) { return same_suit(x, 3) && step(x, 3, 1); }); break;
    case 25: if (rank_range(r, 7, 9)) f.put(fan, 0); break;
    case 26: if (rank_range(r, 4, 6)) f.put(fan, 0); break;
    case 27: if (rank_range(r, 1, 3)) f.put(fan, 0); break;
    case 28:
      pattern(f, fan, r.chows, r.nchows, 3, r,
              [](const auto& x) { return same_suit(x, 3) && x[0] % 9 == 1 && step(x, 3, 3); });
      break;
    case 30:
      pattern(f, fan, r.chows, r.nchows, 3, r,
              [](const auto& x) { return same_suit(x, 3) && (step(x, 3, 1) || step(x, 3, 2)); });
      break;
    case 31: if (each_set(r, [](int k) { return k <= 27 && rank_of(k) == 5; })) f.put(fan, 0); break;
    case 32:
      pattern(f, fan, r.pungs, r.npungs, 3, r, [](const auto& x) {
        const auto rk = ranks(x, 3);
        return three_suits(x, 3) && rk[0] == rk[2];
      });
      break;
    case 33: if (r.concealed_pungs == 3) f.put(fan, 0); break;
    case 35:
      if (r.form == Form::KnittedStraight) {
        Mask k = 0;
        for (int j = 0; j < r.nknits; ++j) k = static_cast<Mask>(k | (1u << r.knits[j]));
        f.put(fan, k);
      } else if (r.form == Form::HonoursKnitted) {
        int suited = 0;
        for (int i = 0; i < r.npresent; ++i) suited += r.present[i] <= 27;
        if (suited == 9) f.put(fan, 0);
      }
      break;
    case 36: if (rank_range(r, 6, 9)) f.put(fan, 0); break;
    case 37: if (rank_range(r, 1, 4)) f.put(fan, 0); break;
    case 38: m = pungs_of(r, is_wind, count); if (count == 3) f.put(fan, m); break;
    case 39:
      pattern(f, fan, r.chows, r.nchows, 3, r, [](const auto& x) {
        const auto rk = ranks(x, 3);
        return three_suits(x, 3) && rk[0] == 1 && rk[1] == 4 && rk[2] == 7;
      });
      break;
    case 40: if (all_present(r, is_reversible)) f.put(fan, 0); break;
    case 41:
      pattern(f, fan, r.chows, r.nchows, 3, r, [](const auto& x) {
        const auto rk = ranks(x, 3);
        return three_suits(x, 3) && rk[0] == rk[2];
      });
      break;
    case 42:
    case 51: {
      const auto& sets = fan == 42 ? r.pungs : r.chows;
      const int n = fan == 42 ? r.npungs : r.nchows;
      pattern(f, fan, sets, n, 3, r, [](const auto& x) {
        const auto rk = ranks(x, 3);
        return three_suits(x, 3) && rk[1] == rk[0] + 1 && rk[2] == rk[1] + 1;
      });
      break;
    }
    case 44: if (self && r.win.last_of_wall) f.put(fan, 0); break;
    case 45: if (!self && r.win.last_of_wall) f.put(fan, 0); break;
    case 46: if (self && r.win.kong_replacement) f.put(fan, 0); break;
    case 47: if (r.win.robbing) f.put(fan, 0); break;
    case 48: if (r.kongs == 2 && r.concealed_kongs == 2) f.put(fan, 0); break;
    case 49: if (r.form == Form::Standard && r.npungs == 4) f.put(fan, 0); break;
    case 50: if (popcount(static_cast<unsigned>(r.suits)) == 2 && (r.suits & 8)) f.put(fan, 0); break;
    case 52: {
      if (r.suits != 15) break;
      bool wind = false, dragon = false;
      for (int i = 0; i < r.npresent; ++i) {
        wind = wind || is_wind(r.present[i]);
        dragon = dragon || is_dragon(r.present[i]);
      }
      if (wind && dragon) f.put(fan, 0);
      break;
    }
    case 53: if (r.exposed_melds == 4 && !self) f.put(fan, 0); break;
    case 54: pattern(f, fan, r.pungs, r.npungs, 2, r, [](const auto& x) { return is_dragon(x[0]) && is_dragon(x[1]); }); break;
    case 55: if (each_set(r, [](int k) { return is_terminal(k) || k >= 28; })) f.put(fan, 0); break;
    case 56: if (r.exposed_melds == 0 && self) f.put(fan, 0); break;
    case 57: if (r.kongs == 2 && r.concealed_kongs == 0) f.put(fan, 0); break;
    case 58: if (r.win.last_tile) f.put(fan, 0); break;
    case 59:
      for (int j = 0; j < r.npungs; ++j)
        if (is_dragon(r.first[r.pungs[j]])) f.put(fan, static_cast<Mask>(1u << r.pungs[j]));
      break;
    case 60:
    case 61: {
      const int wind = 28 + (fan == 61 ? r.win.seat_wind : r.win.prevailing_wind);
      for (int j = 0; j < r.npungs; ++j)
        if (r.first[r.pungs[j]] == wind) f.put(fan, static_cast<Mask>(1u << r.pungs[j]));
      break;
    }
    case 62: if (r.exposed_melds == 0 && !self) f.put(fan, 0); break;
    case 63: {
      const bool full = r.nchows == 4 || (r.form == Form::KnittedStraight && r.nchows == 1);
      if (full && r.pair && r.pair <= 27) f.put(fan, 0);
      break;
    }
    case 64: {
      FanSet kong_kinds;
      for (int j = 0; j < r.npungs; ++j)
        if (r.kind[r.pungs[j]] == SetKind::Kong) kong_kinds.set(static_cast<std::size_t>(r.first[r.pungs[j]]));
      for (int k = 1; k <= 34; ++k)
        if (r.whole[k] == 4 && !kong_kinds.test(static_cast<std::size_t>(k))) f.put(fan, 0);
      break;
    }
    case 65:
      pattern(f, fan, r.pungs, r.npungs, 2, r,
              [](const auto& x) { return three_suits(x, 2) && rank_of(x[0]) == rank_of(x[1]); });
      break;
    case 66: if (r.concealed_pungs == 2) f.put(fan, 0); break;
    case 67: if (r.kongs == 1 && r.concealed_kongs == 1) f.put(fan, 0); break;
    case 68: if (all_present(r, [](int k) { return k <= 27 && rank_of(k) != 1 && rank_of(k) != 9; })) f.put(fan, 0); break;
    case 69: pattern(f, fan, r.chows, r.nchows, 2, r, [](const auto& x) { return x[0] == x[1]; }); break;
    case 70:
      pattern(f, fan, r.chows, r.nchows, 2, r,
              [](const auto& x) { return suit_of(x[0]) != suit_of(x[1]) && rank_of(x[0]) == rank_of(x[1]); });
      break;
    case 71:
      pattern(f, fan, r.chows, r.nchows, 2, r,
              [](const auto& x) { return suit_of(x[0]) == suit_of(x[1]) && x[1] - x[0] == 3; });
      break;
    case 72:
      pattern(f, fan, r.chows, r.nchows, 2, r, [](const auto& x) {
        return suit_of(x[0]) == suit_of(x[1]) && rank_of(x[0]) == 1 && x[1] - x[0] == 6;
      });
      break;
    case 73:
      for (int j = 0; j < r.npungs; ++j) {
        const int k = r.first[r.pungs[j]];
        if (is_terminal(k) || is_wind(k)) f.put(fan, static_cast<Mask>(1u << r.pungs[j]));
      }
      break;
    case 74: if (r.kongs == 1 && r.concealed_kongs == 0) f.put(fan, 0); break;
    case 75: if (popcount(static_cast<unsigned>(r.suits & 7)) == 2) f.put(fan, 0); break;
    case 76: if (r.npresent && r.present[r.npresent - 1] <= 27) f.put(fan, 0); break;
    case 77: if (r.wait == static_cast<int>(Wait::Edge)) f.put(fan, 0); break;
    case 78: if (r.wait == static_cast<int>(Wait::Closed)) f.put(fan, 0); break;
    case 79: if (r.wait == static_cast<int>(Wait::Pair)) f.put(fan, 0); break;
    case 80: if (self) f.put(fan, 0); break;
    default: break;
  }
}

// ------------------------------------------------------------------ the principles

constexpr std::array<int, 4> kChowPairOrder = {69, 70, 71, 72};

// the index of a chow-pair fan in kChowPairOrder (69..72 in order), or -1
inline int pair_order(int fan) { return fan >= 69 && fan <= 72 ? fan - 69 : -1; }

inline int lowest(Mask m) { return lowest_bit(m); }

void combine_group(Found& f, int group, const std::array<int, 4>& sets, int nsets, const ScoreRules& rules) {
  struct Item { int fan; Mask m; };
  // instances by arity, inline: a fan holds at most 8 instances (Found), so this is enough
  struct Items {
    std::array<Item, 8 * kFanSlots> items;
    int n = 0;
    bool empty() const { return n == 0; }
    const Item& operator[](int i) const { return items[static_cast<std::size_t>(i)]; }
    const Item* begin() const { return items.data(); }
    const Item* end() const { return items.data() + n; }
    void push_back(const Item& it) { items[static_cast<std::size_t>(n++)] = it; }
  };
  std::array<Items, 5> by_arity;
  bool any = false;
  for (int fan : rules.group_fans[static_cast<std::size_t>(group)]) {
    if (!f.has.test(static_cast<std::size_t>(fan))) continue;
    any = true;
    for (int i = 0; i < f.n[fan]; ++i) by_arity[rules.arity[fan]].push_back({fan, f.inst[fan][i]});
    f.clear(fan);
  }
  if (!any) return;
  auto pts = [&](int fan) { return rules.points[fan]; };
  if (!by_arity[4].empty()) {
    const Item* best = &by_arity[4][0];
    for (const auto& it : by_arity[4])
      if (pts(it.fan) > pts(best->fan) || (pts(it.fan) == pts(best->fan) && it.fan < best->fan)) best = &it;
    f.put(best->fan, best->m);
    return;
  }
  if (!by_arity[3].empty()) {
    int best_points = 0;
    for (const auto& it : by_arity[3]) best_points = std::max(best_points, pts(it.fan));
    const Item* best = nullptr;
    for (const auto& it : by_arity[3])
      if (pts(it.fan) == best_points) { best = &it; break; }
    f.put(best->fan, best->m);
    const Mask used = best->m;
    for (int j = 0; j < nsets; ++j) {
      const int free = sets[j];
      if (used & (1u << free)) continue;
      const Item* join = nullptr;
      for (const auto& it : by_arity[2]) {
        if (!(it.m & (1u << free))) continue;
        const Mask rest = static_cast<Mask>(it.m & ~(1u << free));
        if ((rest & used) != rest) continue;
        if (!join || std::make_pair(pair_order(it.fan), lowest(it.m)) < std::make_pair(pair_order(join->fan), lowest(join->m)))
          join = &it;
      }
      if (join) f.put(join->fan, join->m);
    }
    return;
  }
  const auto& pairs = by_arity[2];
  if (group == 2) {
    for (const auto& it : pairs) f.put(it.fan, it.m);
    return;
  }
  std::array<int, 8> parent{};
  std::iota(parent.begin(), parent.end(), 0);
  auto root = [&](int s) {
    while (parent[s] != s) s = parent[s];
    return s;
  };
  Mask joined = 0;
  for (const auto& it : pairs) {
    const int a = lowest(it.m), b = highest_bit(it.m);
    joined = static_cast<Mask>(joined | it.m);
    const int ra = root(a), rb = root(b);
    if (ra != rb) parent[ra] = rb;
  }
  int members = 0;
  Mask roots = 0;
  for (int s = 0; s < 8; ++s)
    if (joined & (1u << s)) {
      ++members;
      roots = static_cast<Mask>(roots | (1u << root(s)));
    }
  const int limit = members - popcount(roots);
  std::array<int, 4> kept{};
  for (const auto& it : pairs) ++kept[pair_order(it.fan)];
  int count = kept[0] + kept[1] + kept[2] + kept[3];
  for (int keep = 1; keep >= 0; --keep)
    for (int i = 3; i >= 0; --i)
      while (kept[i] > keep && count > limit) {
        --kept[i];
        --count;
      }
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < kept[i]; ++j) f.put(kChowPairOrder[i], 0);
}

struct Scored {
  std::array<int, kFanSlots> times{};
  std::array<int, kFanSlots> points{};
  int basic = 0;
};

Scored evaluate(const Reading& r, const ScoreRules& rules) {
  Found f;
  if (r.nine_gates) {
    f.put(4, 0);
    for (int fan : rules.nine_gates_extras[static_cast<std::size_t>(r.nine_gates)]) f.put(fan, 0);
    for (int fan : {44, 45, 46, 47, 56, 58, 62, 80}) check(fan, r, f);
  } else {
    for (int fan : rules.checkers_by_form[static_cast<std::size_t>(r.form)]) check(fan, r, f);
    combine_group(f, 1, r.chows, r.nchows, rules);
    combine_group(f, 2, r.pungs, r.npungs, rules);
    if (r.kongs == 2 && r.concealed_kongs == 1) {
      f.clear(rules.mixed_kong_number);
      f.put(rules.mixed_kong_number, 0);
    }
    if (rules.many_kongs_award_concealed && r.kongs >= 3 && r.concealed_kongs) {
      const int fan = r.concealed_kongs == 1 ? 67 : 48;
      f.clear(fan);
      f.put(fan, 0);
    }
    for (int fan : rules.absorbing) {
      if (!f.has.test(static_cast<std::size_t>(fan))) continue;
      Mask used = 0;
      for (int i = 0; i < f.n[fan]; ++i) used = static_cast<Mask>(used | f.inst[fan][i]);
      for (int other = 1; other < kFanSlots; ++other) {
        if (!rules.absorbs[fan].test(static_cast<std::size_t>(other)) || !f.has.test(static_cast<std::size_t>(other))) continue;
        int kept = 0;
        for (int i = 0; i < f.n[other]; ++i)
          if (!(f.inst[other][i] & used)) f.inst[other][kept++] = f.inst[other][i];
        f.n[other] = static_cast<std::uint8_t>(kept);
      }
    }
  }
  if (r.win.self_drawn && r.exposed_melds == 0 && (f.has & rules.concealed_forms).any()) {
    f.clear(56);
    f.clear(80);
    f.put(rules.concealed_form_self_drawn, 0);
  }
  FanSet dropped;
  for (int fan = 1; fan < kFanSlots; ++fan)
    if (f.has.test(static_cast<std::size_t>(fan))) dropped |= rules.excludes[fan];
  Scored s;
  bool any = false;
  for (int fan = 1; fan < kFanSlots; ++fan)
    if (f.n[fan] && !dropped.test(static_cast<std::size_t>(fan))) {
      s.times[fan] = f.n[fan];
      any = true;
    }
  if (!any) s.times[43] = 1;
  for (int fan = 1; fan < kFanSlots; ++fan)
    if (s.times[fan]) {
      s.points[fan] = rules.points[fan];
      if (fan == rules.mixed_kong_number && r.kongs == 2 && r.concealed_kongs == 1)
        s.points[fan] = rules.mixed_kong_points;
      s.basic += s.points[fan] * s.times[fan];
    }
  return s;
}

// ------------------------------------------------------------------ the readings

constexpr std::array<std::array<int, 3>, 6> kPermutations = {{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};

std::array<int, 9> knit_of(const std::array<int, 3>& order) {
  std::array<int, 9> out{};
  int i = 0;
  for (int o = 0; o < 3; ++o)
    for (int st : {0, 3, 6}) out[i++] = 9 * order[o] + (o + 1) + st;
  return out;
}

// the knitted tiles of each permutation, in kPermutations' order, built once
const std::array<std::array<int, 9>, 6>& knits() {
  static const std::array<std::array<int, 9>, 6> table = [] {
    std::array<std::array<int, 9>, 6> t{};
    for (std::size_t p = 0; p < 6; ++p) t[p] = knit_of(kPermutations[p]);
    return t;
  }();
  return table;
}

}  // namespace

ScoreOut score_hand(const Counts& concealed, const std::vector<MeldIn>& melds, const WinIn& win, const ScoreRules& rules) {
  Counts whole = concealed;
  Reading base;
  base.win = win;
  for (const auto& m : melds) {
    const int size = m.kind == SetKind::Kong ? 4 : 3;
    for (int i = 0; i < size; ++i) ++whole[m.kind == SetKind::Chow ? m.first + i : m.first];
    base.add(m.kind, m.first, m.concealed);
    base.exposed_melds += !m.concealed;
    if (m.kind == SetKind::Kong) {
      ++base.kongs;
      base.concealed_kongs += m.concealed;
    }
  }
  base.whole = whole;
  const int nmelds = static_cast<int>(melds.size());
  const int w = win.winning;
  std::vector<Reading> readings;
  readings.reserve(4);

  // the special forms (no melds), in the Python twin's order
  if (!nmelds) {
    int kinds = 0, suited = 0, honours = 0;
    bool all_even = true, orphans_only = true;
    for (int k = 1; k <= 34; ++k) {
      if (!whole[k]) continue;
      ++kinds;
      (k <= 27 ? suited : honours) += 1;
      all_even = all_even && whole[k] % 2 == 0;
      orphans_only = orphans_only && (is_terminal(k) || k >= 28);
    }
    if (all_even) {
      Reading r = base;
      r.form = Form::SevenPairs;
      for (int k = 1; k <= 34; ++k)
        for (int i = 0; i < whole[k] / 2; ++i) r.add(SetKind::Pair, k, true);
      r.finish();
      readings.push_back(r);
    } else if (orphans_only && kinds == 13) {
      Reading r = base;
      r.form = Form::ThirteenOrphans;
      for (int k = 1; k <= 34; ++k)
        if (whole[k]) r.add(SetKind::Single, k, true);
      r.finish();
      readings.push_back(r);
    } else if (kinds == 14 && suited >= 7 && suited <= 9) {
      for (const auto& knit : knits()) {
        bool inside = true;
        for (int k = 1; k <= 27 && inside; ++k)
          if (whole[k] && std::find(knit.begin(), knit.end(), k) == knit.end()) inside = false;
        if (inside) {
          Reading r = base;
          r.form = Form::HonoursKnitted;
          for (int k = 1; k <= 34; ++k)
            if (whole[k]) r.add(SetKind::Single, k, true);
          r.finish();
          readings.push_back(r);
          break;
        }
      }
    }
    (void)honours;
    // nine gates: one suit, 1112345678999 plus the winning tile
    if (kinds <= 9 && suited == kinds) {
      const int s = suit_of(w);
      bool one_suit = true;
      for (int k = 1; k <= 27; ++k)
        if (whole[k] && suit_of(k) != s) one_suit = false;
      if (one_suit) {
        std::array<int, 9> shape{};
        for (int r = 1; r <= 9; ++r) shape[r - 1] = concealed[9 * s + r];
        --shape[rank_of(w) - 1];
        if (shape == std::array<int, 9>{3, 1, 1, 1, 1, 1, 1, 1, 3}) {
          Reading r = base;
          const auto divisions = divide(concealed, 4);
          for (const auto& [kind, first] : divisions[0].sets) r.add(kind, first, true);
          r.pair = divisions[0].pair;
          r.nine_gates = rank_of(w);
          r.finish();
          readings.push_back(r);
        }
      }
    }
  }
  // a knitted straight with a set and a pair (at most one meld)
  if (nmelds <= 1) {
    for (const auto& knit : knits()) {
      bool all = true;
      for (int k : knit) all = all && concealed[k];
      if (!all) continue;
      Counts rest = concealed;
      for (int k : knit) --rest[k];
      const auto divisions = divide(rest, 1 - nmelds);
      if (divisions.size() != 1) break;
      Reading r = base;
      r.form = Form::KnittedStraight;
      for (int i : {0, 3, 6}) r.add(SetKind::Knit, knit[i], true);
      const int concealed_from = r.nsets;
      for (const auto& [kind, first] : divisions[0].sets) {
        r.add(kind, first, true);
        if (kind == SetKind::Pung && (win.self_drawn || first != w)) ++r.concealed_pungs;
      }
      r.concealed_pungs += r.concealed_kongs;
      r.pair = divisions[0].pair;
      r.finish();
      if (!nmelds) {
        if (rest[w]) {
          --rest[w];
          if (unique_wait(standard_waits(rest, false, 2))) r.wait = wait_shape(r, concealed_from, w);
        }
      } else if (std::find(knit.begin(), knit.end(), w) == knit.end() || concealed[w] == 3) {
        r.wait = static_cast<int>(Wait::Pair);
      }
      readings.push_back(r);
      break;
    }
  }
  bool alone = false;
  for (const auto& r : readings) alone = alone || r.form != Form::SevenPairs;
  if (alone) {
    // thirteen orphans, honours-and-knitted, nine gates, a knitted straight: read alone
    readings.erase(std::remove_if(readings.begin(), readings.end(),
                                  [](const Reading& r) { return r.form == Form::SevenPairs; }),
                   readings.end());
  } else {
    Counts standing = concealed;
    --standing[w];
    const bool unique = unique_wait(standard_waits(standing, total(standing) == 13, 2));
    for (const auto& d : divide(concealed, 4 - nmelds)) {
      Reading r = base;
      bool chow_holds_win = false;
      int pungs = 0;
      for (const auto& [kind, first] : d.sets) {
        r.add(kind, first, true);
        if (kind == SetKind::Chow && first <= w && w <= first + 2) chow_holds_win = true;
      }
      for (const auto& [kind, first] : d.sets)
        if (kind == SetKind::Pung && (win.self_drawn || chow_holds_win || first != w)) ++pungs;
      r.pair = d.pair;
      r.concealed_pungs = pungs + r.concealed_kongs;
      r.finish();
      if (unique) r.wait = wait_shape(r, nmelds, w);
      readings.push_back(r);
    }
  }
  ScoreOut out;
  if (readings.empty()) return out;
  int best = -1, best_basic = -1, best_pref = -1;
  Scored best_scored;
  for (std::size_t i = 0; i < readings.size(); ++i) {
    const Scored s = evaluate(readings[i], rules);
    const int pref = (s.times[23] || s.times[32] || readings[i].form != Form::SevenPairs) ? 1 : 0;
    if (s.basic > best_basic || (s.basic == best_basic && pref > best_pref)) {
      best = static_cast<int>(i);
      best_basic = s.basic;
      best_pref = pref;
      best_scored = s;
    }
  }
  const Reading& r = readings[static_cast<std::size_t>(best)];
  out.complete = true;
  out.sets.reserve(static_cast<std::size_t>(r.nsets) + 1);  // room for score_win's pair
  out.fans.reserve(16);
  out.form = r.form;
  for (int i = 0; i < r.nsets; ++i) out.sets.push_back({r.kind[i], r.first[i], r.conc[i]});
  out.pair = r.pair;
  out.wait = r.wait;
  for (int fan = 1; fan < kFanSlots; ++fan)
    if (best_scored.times[fan]) out.fans.push_back({fan, best_scored.times[fan], best_scored.points[fan]});
  return out;
}

void ScoreRules::derive() {
  for (auto& fans : checkers_by_form) fans.clear();
  for (auto& fans : group_fans) fans.clear();
  absorbing.clear();
  for (int fan = 1; fan < kFanSlots; ++fan) {
    const auto i = static_cast<std::size_t>(fan);
    if (fan <= 81 && has_checker.test(i))
      for (int form = 0; form < kForms; ++form)
        if (forms[i] & (1 << form)) checkers_by_form[static_cast<std::size_t>(form)].push_back(fan);
    if (group[i] == 1 || group[i] == 2) group_fans[group[i]].push_back(fan);
    if (absorbs[i].any()) absorbing.push_back(fan);
  }
}

WinOut score_win(const Counts& concealed, const std::vector<MeldIn>& melds, const ContextIn& c, const ScoreRules& rules) {
  WinOut out;
  const int nmelds = static_cast<int>(melds.size());
  out.nmelds = nmelds;
  if (total(concealed) + 3 * nmelds != 14) {
    out.refusal = Refusal::Size;
    return out;
  }
  const int w = c.winning;
  if (w < 1 || w > 34) {
    out.refusal = Refusal::WinningKind;
    return out;
  }
  if (c.seat_wind < 0 || c.seat_wind > 3) {
    out.refusal = Refusal::SeatWind;
    return out;
  }
  if (c.prevailing_wind < 0 || c.prevailing_wind > 3) {
    out.refusal = Refusal::PrevailingWind;
    return out;
  }
  Counts whole = concealed;
  bool has_kong = false;
  for (const auto& m : melds) {
    has_kong = has_kong || m.kind == SetKind::Kong;
    const int size = m.kind == SetKind::Kong ? 4 : 3;
    for (int i = 0; i < size; ++i) ++whole[m.kind == SetKind::Chow ? m.first + i : m.first];
  }
  const bool self_drawn = c.by == 0, robbing = c.by == 2;
  Refusal refusal = Refusal::None;
  if (!concealed[w]) refusal = Refusal::WinningNotHeld;
  else if (c.replacement >= 0 && !self_drawn) refusal = Refusal::ReplacementNotSelfDrawn;
  else if (c.replacement == 0 && !has_kong) refusal = Refusal::KongReplacementWithoutKong;
  else if (c.replacement == 1 && c.flowers == 0) refusal = Refusal::FlowerReplacementWithoutFlower;
  else if (robbing && whole[w] != 1) refusal = Refusal::RobbingHeldCopy;
  else if (robbing && c.last_of_wall) refusal = Refusal::RobbingLastOfWall;
  else if (c.last_tile && concealed[w] > 1) refusal = Refusal::LastTileHeldCopy;
  if (refusal != Refusal::None) {
    out.refusal = refusal;
    return out;
  }
  // the three other copies in exposed melds are visible whatever the caller said
  const WinIn win{w,
                  self_drawn,
                  robbing,
                  c.replacement == 0,
                  c.last_of_wall,
                  c.last_tile || whole[w] - concealed[w] == 3,
                  c.seat_wind,
                  c.prevailing_wind};
  ScoreOut scored = score_hand(concealed, melds, win, rules);
  if (!scored.complete) {
    out.refusal = Refusal::NotComplete;
    return out;
  }
  out.form = scored.form;
  out.sets = std::move(scored.sets);
  for (auto& s : out.sets)
    if (s.kind == SetKind::Single) s.copies = whole[s.first];
  if (scored.pair) out.sets.push_back({SetKind::Pair, scored.pair, true, 0});
  // the set the winning tile sits in, as score.py's _split
  const int shape = scored.wait;
  for (int i = nmelds; i < static_cast<int>(out.sets.size()); ++i) {
    const SetOut& s = out.sets[static_cast<std::size_t>(i)];
    bool holds = false;
    switch (s.kind) {
      case SetKind::Chow: holds = s.first <= w && w <= s.first + 2; break;
      case SetKind::Knit: holds = w == s.first || w == s.first + 3 || w == s.first + 6; break;
      default: holds = w == s.first; break;
    }
    if (!holds) continue;
    if (shape == static_cast<int>(Wait::Pair) && s.kind != SetKind::Pair) continue;
    if ((shape == static_cast<int>(Wait::Edge) || shape == static_cast<int>(Wait::Closed)) && s.kind != SetKind::Chow)
      continue;
    out.winning_set = i;
    break;
  }
  out.wait = shape;
  if (shape < 0 && out.winning_set >= 0) {
    switch (out.sets[static_cast<std::size_t>(out.winning_set)].kind) {
      case SetKind::Pung: out.wait = static_cast<int>(Wait::Pung); break;
      case SetKind::Pair: out.wait = static_cast<int>(Wait::Pair); break;
      case SetKind::Single: out.wait = static_cast<int>(Wait::Single); break;
      case SetKind::Knit: out.wait = static_cast<int>(Wait::Knit); break;
      case SetKind::Chow: out.wait = static_cast<int>(Wait::TwoSided); break;
      default: break;
    }
  }
  out.fans = std::move(scored.fans);
  // the tally's order: highest value first, then by number (the sort is stable on number)
  std::stable_sort(out.fans.begin(), out.fans.end(),
                   [](const std::array<int, 3>& a, const std::array<int, 3>& b) { return a[2] > b[2]; });
  if (c.flowers) out.fans.push_back({81, c.flowers, 1});
  return out;
}

}  // namespace mahjongkit::mcr
