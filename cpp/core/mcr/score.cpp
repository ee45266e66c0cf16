// The C++ twin of python/mahjongkit/mcr/scoring/_ref.py; see score.hpp. Every step keeps the
// Python twin's order (readings, sets, instances) so both choose the same arrangement and
// name the same fans (tests/conformance/test_mcr_score.py).
// The divisions into sets and a pair and the wait test come from decompose.hpp (divide,
// standard_waits), shared with decomposition and waits.
#include "core/mcr/score.hpp"

#include <algorithm>
#include <numeric>
#include <utility>

#include "core/mcr/decompose.hpp"

namespace mahjongkit::mcr {
namespace {

// Kinds as bits of a word (bit k for kind k), so "every tile of the hand is ..." is one test.
constexpr std::uint64_t bits(std::initializer_list<int> kinds) {
  std::uint64_t m = 0;
  for (int k : kinds) m |= std::uint64_t{1} << k;
  return m;
}
constexpr std::uint64_t kinds_between(int low, int high) {
  std::uint64_t m = 0;
  for (int k = low; k <= high; ++k) m |= std::uint64_t{1} << k;
  return m;
}
constexpr std::uint64_t kSuitedBits = kinds_between(1, 27);
constexpr std::uint64_t kHonourBits = kinds_between(28, 34);
constexpr std::uint64_t kTerminalBits = bits({1, 9, 10, 18, 19, 27});
constexpr std::uint64_t kSimpleBits = kSuitedBits & ~kTerminalBits;
constexpr std::uint64_t kGreenBits = bits({20, 21, 22, 24, 26, 33});
constexpr std::uint64_t kReversibleBits = bits({10, 11, 12, 13, 14, 17, 18, 20, 22, 23, 24, 26, 27, 34});

inline bool is_terminal(int k) { return (kTerminalBits >> k) & 1u; }
inline bool is_wind(int k) { return k >= 28 && k <= 31; }
inline bool is_dragon(int k) { return k >= 32 && k <= 34; }

inline int popcount(unsigned x) {
  int n = 0;
  for (; x; x &= x - 1) ++n;
  return n;
}
inline int lowest_bit(unsigned x) { return lowest_bit64(x); }
inline int highest_bit(unsigned x) {
  int i = -1;
  for (; x; x >>= 1) ++i;
  return i;
}

// The win's facts, checked, shared by every reading of one hand.
struct WinIn {
  int winning = 0;
  bool self_drawn = false;
  bool robbing = false;
  bool kong_replacement = false;
  bool last_of_wall = false;
  bool last_tile = false;
  int seat_wind = 0;
  int prevailing_wind = 0;
};

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
  std::uint64_t present_bits = 0;  // bit k when kind k is in the hand
  int rank_low = 9, rank_high = 1;  // of the suited kinds present
  int suits = 0;                    // bit per suit present, bit 3 honours
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
    present_bits = 0;
    rank_low = 9;
    rank_high = 1;
    for (int k = 1; k <= 34; ++k)
      if (whole[k]) {
        present[npresent++] = k;
        present_bits |= std::uint64_t{1} << k;
        suits |= 1 << suit_or_honours(k);
        if (k <= 27) {
          rank_low = std::min(rank_low, rank_of(k));
          rank_high = std::max(rank_high, rank_of(k));
        }
      }
  }
  void add(SetKind k, int f, bool c) {
    kind[nsets] = k;
    first[nsets] = f;
    conc[nsets] = c;
    ++nsets;
  }
  bool all_in(std::uint64_t kinds) const { return (present_bits & ~kinds) == 0; }
  unsigned features() const;
};

// What a checker needs of a reading to have any chance (needs_of): the hot loop skips a
// checker whose needs the reading lacks, without changing what any checker finds.
enum Need : unsigned {
  kChows1 = 1u << 0, kChows2 = 1u << 1, kChows3 = 1u << 2, kChows4 = 1u << 3,
  kPungs1 = 1u << 4, kPungs2 = 1u << 5, kPungs3 = 1u << 6, kPungs4 = 1u << 7,
  kKongs = 1u << 8, kHonours = 1u << 9, kSuitedOnly = 1u << 10, kWaitShape = 1u << 11,
  kConcealedPungs2 = 1u << 12, kFourHeld = 1u << 13, kPair = 1u << 14,
};

unsigned Reading::features() const {
  unsigned f = 0;
  for (int i = 1; i <= 4; ++i) {
    if (nchows >= i) f |= kChows1 << (i - 1);
    if (npungs >= i) f |= kPungs1 << (i - 1);
  }
  if (kongs) f |= kKongs;
  if (present_bits & (std::uint64_t{0x7f} << 28)) f |= kHonours;
  else if (npresent) f |= kSuitedOnly;
  if (wait >= 0) f |= kWaitShape;
  if (concealed_pungs >= 2) f |= kConcealedPungs2;
  if (pair) f |= kPair;
  for (int k = 1; k <= 34; ++k)
    if (whole[k] == 4) {
      f |= kFourHeld;
      break;
    }
  return f;
}

unsigned needs_of(int fan) {
  switch (fan) {
    case 1: return kPungs4 | kHonours;
    case 2: case 38: return kPungs3 | kHonours;
    case 9: return kPungs3 | kHonours | kPair;
    case 10: return kPungs2 | kHonours | kPair;
    case 54: return kPungs2 | kHonours;
    case 59: case 60: case 61: return kPungs1 | kHonours;
    case 5: case 17: case 48: case 57: case 67: case 74: case 82: return kKongs;
    case 12: case 33: case 66: return kConcealedPungs2;
    case 13: case 29: return kChows4 | kPair;
    case 14: case 16: return kChows4;
    case 15: case 49: return kPungs4;
    case 23: case 28: case 30: case 39: case 41: case 51: return kChows3;
    case 24: case 32: case 42: return kPungs3;
    case 25: case 26: case 27: case 36: case 37: case 76: return kSuitedOnly;
    case 63: return kChows1 | kPair;
    case 64: return kFourHeld;
    case 65: return kPungs2;
    case 69: case 70: case 71: case 72: return kChows2;
    case 73: return kPungs1;
    case 77: case 78: case 79: return kWaitShape;
    default: return 0;
  }
}

// The fans one reading makes before the principles: each fan's instances (the sets it
// uses). `has` marks a fan found (possibly left with no instance, as the Python dict);
// a fan's count is reset when it is first put, so nothing else needs clearing.
struct Found {
  FanSet has;
  std::array<std::uint8_t, kFanSlots> n;
  std::array<std::array<Mask, 8>, kFanSlots> inst;
  void put(int fan, Mask m) {
    if (!has.test(fan)) {
      has.set(fan);
      n[fan] = 0;
    }
    inst[fan][n[fan]++] = m;
  }
  void clear(int fan) { has.reset(fan); }
  int count(int fan) const { return has.test(fan) ? n[fan] : 0; }
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
  if (suit_or_honours(f[0]) >= 3) return false;
  for (int i = 1; i < n; ++i)
    if (suit_or_honours(f[i]) != suit_or_honours(f[0])) return false;
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
  for (int i = 0; i < n; ++i) out[i] = rank_or_zero(f[i]);
  std::sort(out.begin(), out.begin() + n);
  return out;
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
  return r.npresent && r.all_in(kSuitedBits) && r.rank_low >= low && r.rank_high <= high;
}

// One checker per fan number: it adds the fan's instances in a reading to `f` (the same
// test as the Python checker of the same number in fans.py).
using Checker = void (*)(int fan, const Reading& r, Found& f);
struct Registered {
  int fan;
  Checker check;
};

#define MAHJONGKIT_CHECKER(...) [](int fan, const Reading& r, Found& f) { __VA_ARGS__; }

constexpr Registered kCheckers[] = {
    {1, MAHJONGKIT_CHECKER(int c = 0; const Mask m = pungs_of(r, is_wind, c); if (c == 4) f.put(fan, m))},
    {2, MAHJONGKIT_CHECKER(int c = 0; const Mask m = pungs_of(r, is_dragon, c); if (c == 3) f.put(fan, m))},
    {3, MAHJONGKIT_CHECKER(if (r.all_in(kGreenBits)) f.put(fan, 0))},
    {4, MAHJONGKIT_CHECKER(if (r.nine_gates) f.put(fan, 0))},
    {5, MAHJONGKIT_CHECKER(if (r.kongs == 4) f.put(fan, 0))},
    {6, MAHJONGKIT_CHECKER(if (r.npresent == 7 && r.present[6] <= 27 &&
                               suit_of(r.present[0]) == suit_of(r.present[6]) && r.present[6] - r.present[0] == 6)
                               f.put(fan, 0))},
    {7, MAHJONGKIT_CHECKER(if (r.form == Form::ThirteenOrphans) f.put(fan, 0))},
    {8, MAHJONGKIT_CHECKER(if (r.all_in(kTerminalBits)) f.put(fan, 0))},
    {9, MAHJONGKIT_CHECKER(int c = 0; const Mask m = pungs_of(r, is_wind, c);
                           if (c == 3 && is_wind(r.pair)) f.put(fan, m))},
    {10, MAHJONGKIT_CHECKER(int c = 0; const Mask m = pungs_of(r, is_dragon, c);
                            if (c == 2 && is_dragon(r.pair)) f.put(fan, m))},
    {11, MAHJONGKIT_CHECKER(if (r.all_in(kHonourBits)) f.put(fan, 0))},
    {12, MAHJONGKIT_CHECKER(if (r.concealed_pungs == 4) f.put(fan, 0))},
    {13, MAHJONGKIT_CHECKER(
             if (r.nchows != 4 || r.pair > 27 || rank_of(r.pair) != 5) return; const int base = r.pair - 4;
             if (r.first[r.chows[0]] == base && r.first[r.chows[1]] == base && r.first[r.chows[2]] == base + 6 &&
                 r.first[r.chows[3]] == base + 6) {
               Mask all = static_cast<Mask>(1u << kPairBit);
               for (int j = 0; j < 4; ++j) all = static_cast<Mask>(all | (1u << r.chows[j]));
               f.put(fan, all);
             })},
    {14, MAHJONGKIT_CHECKER(pattern(f, fan, r.chows, r.nchows, 4, r, [](const auto& x) { return x[0] == x[3]; }))},
    {15, MAHJONGKIT_CHECKER(pattern(f, fan, r.pungs, r.npungs, 4, r,
                                    [](const auto& x) { return same_suit(x, 4) && step(x, 4, 1); }))},
    {16, MAHJONGKIT_CHECKER(pattern(f, fan, r.chows, r.nchows, 4, r, [](const auto& x) {
       return same_suit(x, 4) && (step(x, 4, 1) || step(x, 4, 2));
     }))},
    {17, MAHJONGKIT_CHECKER(if (r.kongs == 3) f.put(fan, 0))},
    {18, MAHJONGKIT_CHECKER(if (r.all_in(kTerminalBits | kHonourBits)) f.put(fan, 0))},
    {19, MAHJONGKIT_CHECKER(if (r.form == Form::SevenPairs) f.put(fan, 0))},
    {20, MAHJONGKIT_CHECKER(if (r.form == Form::HonoursKnitted &&
                                (r.present_bits & kHonourBits) == kHonourBits) f.put(fan, 0))},
    {21, MAHJONGKIT_CHECKER(
             if (r.form != Form::Standard || r.nchows) return; bool ok = r.pair <= 27 && rank_of(r.pair) % 2 == 0;
             for (int j = 0; j < r.npungs && ok; ++j) {
               const int k = r.first[r.pungs[j]];
               ok = k <= 27 && rank_of(k) % 2 == 0;
             } if (ok) f.put(fan, 0))},
    {22, MAHJONGKIT_CHECKER(if (popcount(static_cast<unsigned>(r.suits)) == 1 && !(r.suits & 8)) f.put(fan, 0))},
    {23, MAHJONGKIT_CHECKER(pattern(f, fan, r.chows, r.nchows, 3, r, [](const auto& x) { return x[0] == x[2]; }))},
    {24, MAHJONGKIT_CHECKER(pattern(f, fan, r.pungs, r.npungs, 3, r,
                                    [](const auto& x) { return same_suit(x, 3) && step(x, 3, 1); }))},
    {25, MAHJONGKIT_CHECKER(if (rank_range(r, 7, 9)) f.put(fan, 0))},
    {26, MAHJONGKIT_CHECKER(if (rank_range(r, 4, 6)) f.put(fan, 0))},
    {27, MAHJONGKIT_CHECKER(if (rank_range(r, 1, 3)) f.put(fan, 0))},
    {28, MAHJONGKIT_CHECKER(pattern(f, fan, r.chows, r.nchows, 3, r, [](const auto& x) {
       return same_suit(x, 3) && x[0] % 9 == 1 && step(x, 3, 3);
     }))},
    {29, MAHJONGKIT_CHECKER(
             if (r.nchows != 4 || r.pair > 27 || rank_of(r.pair) != 5) return;
             std::array<std::pair<int, int>, 4> shape{};
             for (int j = 0; j < 4; ++j) shape[j] = {suit_of(r.first[r.chows[j]]), rank_of(r.first[r.chows[j]])};
             std::sort(shape.begin(), shape.end()); const int ps = suit_of(r.pair);
             const int o0 = ps == 0 ? 1 : 0, o1 = ps == 2 ? 1 : 2;
             if (shape[0] == std::make_pair(o0, 1) && shape[1] == std::make_pair(o0, 7) &&
                 shape[2] == std::make_pair(o1, 1) && shape[3] == std::make_pair(o1, 7)) {
               Mask all = static_cast<Mask>(1u << kPairBit);
               for (int j = 0; j < 4; ++j) all = static_cast<Mask>(all | (1u << r.chows[j]));
               f.put(fan, all);
             })},
    {30, MAHJONGKIT_CHECKER(pattern(f, fan, r.chows, r.nchows, 3, r, [](const auto& x) {
       return same_suit(x, 3) && (step(x, 3, 1) || step(x, 3, 2));
     }))},
    {31, MAHJONGKIT_CHECKER(if (each_set(r, [](int k) { return k <= 27 && rank_of(k) == 5; })) f.put(fan, 0))},
    {32, MAHJONGKIT_CHECKER(pattern(f, fan, r.pungs, r.npungs, 3, r, [](const auto& x) {
       if (!three_suits(x, 3)) return false;
       const auto rk = ranks(x, 3);
       return rk[0] == rk[2];
     }))},
    {33, MAHJONGKIT_CHECKER(if (r.concealed_pungs == 3) f.put(fan, 0))},
    {34, MAHJONGKIT_CHECKER(if (r.form == Form::HonoursKnitted &&
                                (r.present_bits & kHonourBits) != kHonourBits) f.put(fan, 0))},
    {35, MAHJONGKIT_CHECKER(
             if (r.form == Form::KnittedStraight) {
               Mask k = 0;
               for (int j = 0; j < r.nknits; ++j) k = static_cast<Mask>(k | (1u << r.knits[j]));
               f.put(fan, k);
             } else if (r.form == Form::HonoursKnitted) {
               int suited = 0;
               for (int i = 0; i < r.npresent; ++i) suited += r.present[i] <= 27;
               if (suited == 9) f.put(fan, 0);
             })},
    {36, MAHJONGKIT_CHECKER(if (rank_range(r, 6, 9)) f.put(fan, 0))},
    {37, MAHJONGKIT_CHECKER(if (rank_range(r, 1, 4)) f.put(fan, 0))},
    {38, MAHJONGKIT_CHECKER(int c = 0; const Mask m = pungs_of(r, is_wind, c); if (c == 3) f.put(fan, m))},
    {39, MAHJONGKIT_CHECKER(pattern(f, fan, r.chows, r.nchows, 3, r, [](const auto& x) {
       if (!three_suits(x, 3)) return false;
       const auto rk = ranks(x, 3);
       return rk[0] == 1 && rk[1] == 4 && rk[2] == 7;
     }))},
    {40, MAHJONGKIT_CHECKER(if (r.all_in(kReversibleBits)) f.put(fan, 0))},
    {41, MAHJONGKIT_CHECKER(pattern(f, fan, r.chows, r.nchows, 3, r, [](const auto& x) {
       if (!three_suits(x, 3)) return false;
       const auto rk = ranks(x, 3);
       return rk[0] == rk[2];
     }))},
    {42, MAHJONGKIT_CHECKER(pattern(f, fan, r.pungs, r.npungs, 3, r, [](const auto& x) {
       if (!three_suits(x, 3)) return false;
       const auto rk = ranks(x, 3);
       return rk[1] == rk[0] + 1 && rk[2] == rk[1] + 1;
     }))},
    {44, MAHJONGKIT_CHECKER(if (r.win.self_drawn && r.win.last_of_wall) f.put(fan, 0))},
    {45, MAHJONGKIT_CHECKER(if (!r.win.self_drawn && r.win.last_of_wall) f.put(fan, 0))},
    {46, MAHJONGKIT_CHECKER(if (r.win.self_drawn && r.win.kong_replacement) f.put(fan, 0))},
    {47, MAHJONGKIT_CHECKER(if (r.win.robbing) f.put(fan, 0))},
    {48, MAHJONGKIT_CHECKER(if (r.kongs == 2 && r.concealed_kongs == 2) f.put(fan, 0))},
    {49, MAHJONGKIT_CHECKER(if (r.form == Form::Standard && r.npungs == 4) f.put(fan, 0))},
    {50, MAHJONGKIT_CHECKER(if (popcount(static_cast<unsigned>(r.suits)) == 2 && (r.suits & 8)) f.put(fan, 0))},
    {51, MAHJONGKIT_CHECKER(pattern(f, fan, r.chows, r.nchows, 3, r, [](const auto& x) {
       if (!three_suits(x, 3)) return false;
       const auto rk = ranks(x, 3);
       return rk[1] == rk[0] + 1 && rk[2] == rk[1] + 1;
     }))},
    {52, MAHJONGKIT_CHECKER(if (r.suits == 15 && (r.present_bits & kinds_between(28, 31)) &&
                                (r.present_bits & kinds_between(32, 34))) f.put(fan, 0))},
    {53, MAHJONGKIT_CHECKER(if (r.exposed_melds == 4 && !r.win.self_drawn) f.put(fan, 0))},
    {54, MAHJONGKIT_CHECKER(pattern(f, fan, r.pungs, r.npungs, 2, r,
                                    [](const auto& x) { return is_dragon(x[0]) && is_dragon(x[1]); }))},
    {55, MAHJONGKIT_CHECKER(if (each_set(r, [](int k) { return is_terminal(k) || k >= 28; })) f.put(fan, 0))},
    {56, MAHJONGKIT_CHECKER(if (r.exposed_melds == 0 && r.win.self_drawn) f.put(fan, 0))},
    {57, MAHJONGKIT_CHECKER(if (r.kongs == 2 && r.concealed_kongs == 0) f.put(fan, 0))},
    {58, MAHJONGKIT_CHECKER(if (r.win.last_tile) f.put(fan, 0))},
    {59, MAHJONGKIT_CHECKER(for (int j = 0; j < r.npungs; ++j) if (is_dragon(r.first[r.pungs[j]]))
                                f.put(fan, static_cast<Mask>(1u << r.pungs[j])))},
    {60, MAHJONGKIT_CHECKER(const int wind = 28 + r.win.prevailing_wind;
                            for (int j = 0; j < r.npungs; ++j) if (r.first[r.pungs[j]] == wind)
                                f.put(fan, static_cast<Mask>(1u << r.pungs[j])))},
    {61, MAHJONGKIT_CHECKER(const int wind = 28 + r.win.seat_wind;
                            for (int j = 0; j < r.npungs; ++j) if (r.first[r.pungs[j]] == wind)
                                f.put(fan, static_cast<Mask>(1u << r.pungs[j])))},
    {62, MAHJONGKIT_CHECKER(if (r.exposed_melds == 0 && !r.win.self_drawn) f.put(fan, 0))},
    {63, MAHJONGKIT_CHECKER(const bool full = r.nchows == 4 || (r.form == Form::KnittedStraight && r.nchows == 1);
                            if (full && r.pair && r.pair <= 27) f.put(fan, 0))},
    {64, MAHJONGKIT_CHECKER(
             std::uint64_t kongs = 0; for (int j = 0; j < r.npungs; ++j) if (r.kind[r.pungs[j]] == SetKind::Kong)
                 kongs |= std::uint64_t{1} << r.first[r.pungs[j]];
             for (int k = 1; k <= 34; ++k) if (r.whole[k] == 4 && !((kongs >> k) & 1u)) f.put(fan, 0))},
    {65, MAHJONGKIT_CHECKER(pattern(f, fan, r.pungs, r.npungs, 2, r, [](const auto& x) {
       return three_suits(x, 2) && rank_of(x[0]) == rank_of(x[1]);
     }))},
    {66, MAHJONGKIT_CHECKER(if (r.concealed_pungs == 2) f.put(fan, 0))},
    {67, MAHJONGKIT_CHECKER(if (r.kongs == 1 && r.concealed_kongs == 1) f.put(fan, 0))},
    {68, MAHJONGKIT_CHECKER(if (r.all_in(kSimpleBits)) f.put(fan, 0))},
    {69, MAHJONGKIT_CHECKER(pattern(f, fan, r.chows, r.nchows, 2, r, [](const auto& x) { return x[0] == x[1]; }))},
    {70, MAHJONGKIT_CHECKER(pattern(f, fan, r.chows, r.nchows, 2, r, [](const auto& x) {
       return suit_of(x[0]) != suit_of(x[1]) && rank_of(x[0]) == rank_of(x[1]);
     }))},
    {71, MAHJONGKIT_CHECKER(pattern(f, fan, r.chows, r.nchows, 2, r, [](const auto& x) {
       return suit_of(x[0]) == suit_of(x[1]) && x[1] - x[0] == 3;
     }))},
    {72, MAHJONGKIT_CHECKER(pattern(f, fan, r.chows, r.nchows, 2, r, [](const auto& x) {
       return suit_of(x[0]) == suit_of(x[1]) && rank_of(x[0]) == 1 && x[1] - x[0] == 6;
     }))},
    {73, MAHJONGKIT_CHECKER(for (int j = 0; j < r.npungs; ++j) {
       const int k = r.first[r.pungs[j]];
       if (is_terminal(k) || is_wind(k)) f.put(fan, static_cast<Mask>(1u << r.pungs[j]));
     })},
    {74, MAHJONGKIT_CHECKER(if (r.kongs == 1 && r.concealed_kongs == 0) f.put(fan, 0))},
    {75, MAHJONGKIT_CHECKER(if (popcount(static_cast<unsigned>(r.suits & 7)) == 2) f.put(fan, 0))},
    {76, MAHJONGKIT_CHECKER(if (r.npresent && r.all_in(kSuitedBits)) f.put(fan, 0))},
    {77, MAHJONGKIT_CHECKER(if (r.wait == static_cast<int>(Wait::Edge)) f.put(fan, 0))},
    {78, MAHJONGKIT_CHECKER(if (r.wait == static_cast<int>(Wait::Closed)) f.put(fan, 0))},
    {79, MAHJONGKIT_CHECKER(if (r.wait == static_cast<int>(Wait::Pair)) f.put(fan, 0))},
    {80, MAHJONGKIT_CHECKER(if (r.win.self_drawn) f.put(fan, 0))},
    {82, MAHJONGKIT_CHECKER(if (r.kongs == 2 && r.concealed_kongs == 1) f.put(fan, 0))},
};
#undef MAHJONGKIT_CHECKER

// The registry by fan number (nullptr: no checker).
constexpr std::array<Checker, kFanSlots> kCheckerTable = [] {
  std::array<Checker, kFanSlots> t{};
  for (const Registered& e : kCheckers) t[static_cast<std::size_t>(e.fan)] = e.check;
  return t;
}();

inline void check(int fan, const Reading& r, Found& f) { kCheckerTable[static_cast<std::size_t>(fan)](fan, r, f); }
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


// What one reading scores: its fans (number, times, points) by number, and their sum.
struct Scored {
  std::array<FanOut, kMaxFans> fans{};
  int nfans = 0;
  int basic = 0;
  bool scores(int fan) const {
    for (int i = 0; i < nfans; ++i)
      if (fans[i].number == fan) return true;
    return false;
  }
};

void evaluate(const Reading& r, const ScoreRules& rules, Scored& s) {
  Found f;
  if (r.nine_gates) {
    f.put(4, 0);
    for (int fan : rules.nine_gates_extras[static_cast<std::size_t>(r.nine_gates)]) f.put(fan, 0);
    rules.about_the_win.each([&](int fan) { check(fan, r, f); });
  } else {
    const unsigned has = r.features();
    for (const auto& [fan, needs] : rules.checkers_by_form[static_cast<std::size_t>(r.form)])
      if (!(needs & ~has)) check(fan, r, f);
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
      if (!f.has.test(fan)) continue;
      Mask used = 0;
      for (int i = 0; i < f.n[fan]; ++i) used = static_cast<Mask>(used | f.inst[fan][i]);
      (rules.absorbs[fan] & f.has).each([&](int other) {
        int kept = 0;
        for (int i = 0; i < f.n[other]; ++i)
          if (!(f.inst[other][i] & used)) f.inst[other][kept++] = f.inst[other][i];
        f.n[other] = static_cast<std::uint8_t>(kept);
      });
    }
  }
  if (r.win.self_drawn && r.exposed_melds == 0 && (f.has & rules.concealed_forms).any()) {
    f.clear(56);
    f.clear(80);
    f.put(rules.concealed_form_self_drawn, 0);
  }
  FanSet dropped;
  f.has.each([&](int fan) { dropped |= rules.excludes[fan]; });
  for (const auto& c : rules.conditional_excludes)
    if (f.has.contains(c.when)) dropped |= c.drop;
  s.nfans = 0;
  s.basic = 0;
  f.has.each([&](int fan) {
    if (!f.n[fan] || dropped.test(fan) || s.nfans == kMaxFans) return;
    int points = rules.points[fan];
    if (fan == rules.mixed_kong_number && r.kongs == 2 && r.concealed_kongs == 1) points = rules.mixed_kong_points;
    s.fans[s.nfans++] = {static_cast<std::uint8_t>(fan), f.n[fan], static_cast<std::uint8_t>(points)};
    s.basic += points * f.n[fan];
  });
  if (!s.nfans) {
    s.fans[s.nfans++] = {static_cast<std::uint8_t>(kChickenHand), 1,
                         static_cast<std::uint8_t>(rules.points[kChickenHand])};
    s.basic = rules.points[kChickenHand];
  }
}

// ------------------------------------------------------------------ the readings

// the knitted tiles of each permutation of the suits (forms.hpp's kKnitPatterns, in the
// order the Python twin tries them: suits permuted as itertools.permutations(range(3)))
constexpr std::array<std::array<int, 3>, 6> kPermutations = {{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};

const std::array<std::array<int, 9>, 6>& knits() {
  static const std::array<std::array<int, 9>, 6> table = [] {
    std::array<std::array<int, 9>, 6> t{};
    for (std::size_t p = 0; p < 6; ++p) {
      int i = 0;
      for (int o = 0; o < 3; ++o)
        for (int st : {0, 3, 6}) t[p][i++] = 9 * kPermutations[p][o] + (o + 1) + st;
    }
    return t;
  }();
  return table;
}

// The readings of one hand (a handful; reserved once per hand).
using Readings = std::vector<Reading>;

// Every reading of a valid winning hand, in the Python twin's order.
void read_hand(const Counts& concealed, const WinInput& in, const WinIn& win, const ScoreRules& rules,
               Readings& readings) {
  Counts whole = concealed;
  Reading base;
  base.win = win;
  const int nmelds = in.nmelds;
  for (int i = 0; i < nmelds; ++i) {
    const MeldIn& m = in.melds[static_cast<std::size_t>(i)];
    const int size = m.kind == SetKind::Kong ? 4 : 3;
    for (int j = 0; j < size; ++j) ++whole[m.kind == SetKind::Chow ? m.first + j : m.first];
    base.add(m.kind, m.first, m.concealed);
    base.exposed_melds += !m.concealed;
    if (m.kind == SetKind::Kong) {
      ++base.kongs;
      base.concealed_kongs += m.concealed;
    }
  }
  base.whole = whole;
  const int w = win.winning;

  // the special forms (no melds), in the Python twin's order
  if (!nmelds) {
    int kinds = 0, suited = 0;
    bool all_even = true, orphans_only = true;
    for (int k = 1; k <= 34; ++k) {
      if (!whole[k]) continue;
      ++kinds;
      suited += k <= 27;
      all_even = all_even && whole[k] % 2 == 0;
      orphans_only = orphans_only && (is_terminal(k) || k >= 28);
    }
    if (all_even) {
      Reading& r = readings.emplace_back(base);
      r.form = Form::SevenPairs;
      for (int k = 1; k <= 34; ++k)
        for (int i = 0; i < whole[k] / 2; ++i) r.add(SetKind::Pair, k, true);
      r.finish();
    } else if (orphans_only && kinds == 13) {
      Reading& r = readings.emplace_back(base);
      r.form = Form::ThirteenOrphans;
      for (int k = 1; k <= 34; ++k)
        if (whole[k]) r.add(SetKind::Single, k, true);
      r.finish();
    } else if (kinds == 14 && suited >= 7 && suited <= 9) {
      for (const auto& knit : knits()) {
        bool inside = true;
        for (int k = 1; k <= 27 && inside; ++k)
          if (whole[k] && std::find(knit.begin(), knit.end(), k) == knit.end()) inside = false;
        if (inside) {
          Reading& r = readings.emplace_back(base);
          r.form = Form::HonoursKnitted;
          for (int k = 1; k <= 34; ++k)
            if (whole[k]) r.add(SetKind::Single, k, true);
          r.finish();
          break;
        }
      }
    }
    // nine gates: one suit, 1112345678999 plus the winning tile
    if (kinds <= 9 && suited == kinds) {
      const int s = suit_of(w);
      bool one_suit = true;
      for (int k = 1; k <= 27; ++k)
        if (whole[k] && suit_of(k) != s) one_suit = false;
      if (one_suit) {
        std::array<int, 9> shape{};
        for (int rank = 1; rank <= 9; ++rank) shape[rank - 1] = concealed[9 * s + rank];
        --shape[rank_of(w) - 1];
        if (shape == std::array<int, 9>{3, 1, 1, 1, 1, 1, 1, 1, 3}) {
          Reading& r = readings.emplace_back(base);
          const auto divisions = divide(concealed, 4);
          for (const auto& [kind, first] : divisions[0].sets) r.add(kind, first, true);
          r.pair = divisions[0].pair;
          r.nine_gates = rank_of(w);
          r.finish();
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
      Reading& r = readings.emplace_back(base);
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
      const bool in_knit = std::find(knit.begin(), knit.end(), w) != knit.end();
      if (rules.knit_holds_winning_tile && in_knit) {
        // the winning tile completes the knitted straight: no wait fan (ruleset choice)
      } else if (!nmelds) {
        if (rest[w]) {
          const int shape = wait_shape(r, concealed_from, w);
          --rest[w];
          if (shape >= 0 && unique_wait(standard_waits(rest, false, 2))) r.wait = shape;
        }
      } else if (!in_knit || concealed[w] == 3) {
        r.wait = static_cast<int>(Wait::Pair);
      }
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
    return;
  }
  const int first_standard = static_cast<int>(readings.size());
  bool any_shape = false;
  for (const auto& d : divide(concealed, 4 - nmelds)) {
    Reading& r = readings.emplace_back(base);
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
    r.wait = wait_shape(r, nmelds, w);
    any_shape = any_shape || r.wait >= 0;
  }
  // a wait fan needs a unique wait: asked only when some reading has a wait shape
  if (any_shape) {
    Counts standing = concealed;
    --standing[w];
    if (!unique_wait(standard_waits(standing, total(standing) == 13, 2)))
      for (int i = first_standard; i < static_cast<int>(readings.size()); ++i) readings[static_cast<std::size_t>(i)].wait = -1;
  }
}

}  // namespace

bool checker_registered(int number) {
  return number >= 0 && number < kFanSlots && kCheckerTable[static_cast<std::size_t>(number)] != nullptr;
}

void ScoreRules::derive() {
  for (auto& fans : checkers_by_form) fans.clear();
  for (auto& fans : group_fans) fans.clear();
  absorbing.clear();
  for (int fan = 1; fan < kFanSlots; ++fan) {
    const auto i = static_cast<std::size_t>(fan);
    if (fan <= 81 && has_checker.test(fan) && checker_registered(fan))
      for (int form = 0; form < kForms; ++form)
        if (forms[i] & (1 << form)) checkers_by_form[static_cast<std::size_t>(form)].push_back({fan, needs_of(fan)});
    if (group[i] == 1 || group[i] == 2) group_fans[group[i]].push_back(fan);
    if (absorbs[i].any()) absorbing.push_back(fan);
  }
  FanSet checked;
  about_the_win.each([&](int fan) {
    if (checker_registered(fan)) checked.set(fan);
  });
  about_the_win = checked;
}

void score_win(const WinInput& in, const ScoreRules& rules, WinOutput& out) {
  out = WinOutput{};
  const Counts& concealed = in.concealed;
  const ContextIn& c = in.context;
  const int nmelds = in.nmelds;
  out.nmelds = static_cast<std::uint8_t>(nmelds);
  if (total(concealed) + 3 * nmelds != 14) {
    out.refusal = Refusal::Size;
    return;
  }
  const int w = c.winning;
  if (w < 1 || w > 34) {
    out.refusal = Refusal::WinningKind;
    return;
  }
  if (c.seat_wind < 0 || c.seat_wind > 3) {
    out.refusal = Refusal::SeatWind;
    return;
  }
  if (c.prevailing_wind < 0 || c.prevailing_wind > 3) {
    out.refusal = Refusal::PrevailingWind;
    return;
  }
  Counts whole = concealed;
  bool has_kong = false;
  for (int i = 0; i < nmelds; ++i) {
    const MeldIn& m = in.melds[static_cast<std::size_t>(i)];
    has_kong = has_kong || m.kind == SetKind::Kong;
    const int size = m.kind == SetKind::Kong ? 4 : 3;
    for (int j = 0; j < size; ++j) ++whole[m.kind == SetKind::Chow ? m.first + j : m.first];
  }
  const bool self_drawn = c.by == 0, robbing = c.by == 2;
  Refusal refusal = Refusal::None;
  if (!concealed[w]) refusal = Refusal::WinningNotHeld;
  else if (c.replacement >= 0 && !self_drawn) refusal = Refusal::ReplacementNotSelfDrawn;
  else if (c.replacement == 0 && !has_kong) refusal = Refusal::KongReplacementWithoutKong;
  else if (c.replacement == 1 && c.flowers == 0) refusal = Refusal::FlowerReplacementWithoutFlower;
  else if (robbing && whole[w] != 1) refusal = Refusal::RobbingHeldCopy;
  else if (robbing && c.last_of_wall && !rules.robbing_on_last_tile) refusal = Refusal::RobbingLastOfWall;
  else if (c.last_tile && concealed[w] > 1) refusal = Refusal::LastTileHeldCopy;
  if (refusal != Refusal::None) {
    out.refusal = refusal;
    return;
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
  Readings readings;
  readings.reserve(8);
  read_hand(concealed, in, win, rules, readings);
  if (!static_cast<int>(readings.size())) {
    out.refusal = Refusal::NotComplete;
    return;
  }
  int best = -1, best_pref = -1;
  Scored best_scored, s;
  for (int i = 0; i < static_cast<int>(readings.size()); ++i) {
    evaluate(readings[static_cast<std::size_t>(i)], rules, s);
    const int pref = (s.scores(23) || s.scores(32) || readings[static_cast<std::size_t>(i)].form != Form::SevenPairs) ? 1 : 0;
    if (best < 0 || s.basic > best_scored.basic || (s.basic == best_scored.basic && pref > best_pref)) {
      best = i;
      best_pref = pref;
      best_scored = s;
    }
  }
  const Reading& r = readings[static_cast<std::size_t>(best)];
  out.form = r.form;
  int n = 0;
  for (int i = 0; i < r.nsets; ++i) {
    const int copies = r.kind[i] == SetKind::Single ? whole[r.first[i]] : 0;
    out.sets[static_cast<std::size_t>(n++)] = {r.kind[i], static_cast<std::uint8_t>(r.first[i]), r.conc[i],
                                               static_cast<std::uint8_t>(copies)};
  }
  if (r.pair) out.sets[static_cast<std::size_t>(n++)] = {SetKind::Pair, static_cast<std::uint8_t>(r.pair), true, 0};
  out.nsets = static_cast<std::uint8_t>(n);
  // the set the winning tile sits in, as the Python twin's split
  const int shape = r.wait;
  for (int i = nmelds; i < n; ++i) {
    const SetOut& set = out.sets[static_cast<std::size_t>(i)];
    bool holds = false;
    switch (set.kind) {
      case SetKind::Chow: holds = set.first <= w && w <= set.first + 2; break;
      case SetKind::Knit: holds = w == set.first || w == set.first + 3 || w == set.first + 6; break;
      default: holds = w == set.first; break;
    }
    if (!holds) continue;
    if (shape == static_cast<int>(Wait::Pair) && set.kind != SetKind::Pair) continue;
    if ((shape == static_cast<int>(Wait::Edge) || shape == static_cast<int>(Wait::Closed)) && set.kind != SetKind::Chow)
      continue;
    out.winning_set = static_cast<std::int8_t>(i);
    break;
  }
  int wait = shape;
  if (shape < 0 && out.winning_set >= 0) {
    switch (out.sets[static_cast<std::size_t>(out.winning_set)].kind) {
      case SetKind::Pung: wait = static_cast<int>(Wait::Pung); break;
      case SetKind::Pair: wait = static_cast<int>(Wait::Pair); break;
      case SetKind::Single: wait = static_cast<int>(Wait::Single); break;
      case SetKind::Knit: wait = static_cast<int>(Wait::Knit); break;
      case SetKind::Chow: wait = static_cast<int>(Wait::TwoSided); break;
      default: break;
    }
  }
  out.wait = static_cast<std::int8_t>(wait);
  // the tally's order: highest value first, then by number (the sort is stable on number)
  std::stable_sort(best_scored.fans.begin(), best_scored.fans.begin() + best_scored.nfans,
                   [](const FanOut& a, const FanOut& b) { return a.points > b.points; });
  for (int i = 0; i < best_scored.nfans; ++i) out.fans[static_cast<std::size_t>(i)] = best_scored.fans[static_cast<std::size_t>(i)];
  out.nfans = static_cast<std::uint8_t>(best_scored.nfans);
  out.basic = best_scored.basic;
  if (c.flowers && out.nfans < kMaxFans) {
    out.fans[out.nfans++] = {static_cast<std::uint8_t>(kFlowerTiles), static_cast<std::uint8_t>(c.flowers), 1};
    out.flowers = c.flowers;
  }
}

}  // namespace mahjongkit::mcr
