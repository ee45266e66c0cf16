// The MCR scorer's hot loop: the C++ twin of python/mahjongkit/mcr/scoring/_ref.py (readings,
// fan checkers, the five principles, the choice of the best arrangement).
//
// The fan table's data (exclusions, groups, forms) and the ruleset arrive from Python as a
// ScoreRules value, so the rules stay data in one place; only the checkers are code here,
// one function per fan number (score.cpp's registry, each the same test as its Python twin;
// has_checker() says which numbers have one, and a test holds both tables equal). score_win
// checks the hand's size and the win context first and names what is wrong with a Refusal
// code (Python words the message, so the C++ and Python paths refuse with the same text).
//
// A hand crosses as a WinInput and its answer as a WinOutput: fixed-size plain values (no
// allocation), which the bindings read and write as NumPy structured records for a batch.
#pragma once
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/mcr/forms.hpp"

namespace mahjongkit::mcr {

inline constexpr int kFanSlots = 83;  // fans 1..81, and 82 (the gb profile's extra kong fan)
inline constexpr int kChickenHand = 43;
inline constexpr int kFlowerTiles = 81;

// A set of fan numbers (bit n for fan n), two words, iterated by its set bits.
struct FanSet {
  std::uint64_t lo = 0, hi = 0;
  void set(int n) { (n < 64 ? lo : hi) |= std::uint64_t{1} << (n & 63); }
  void reset(int n) { (n < 64 ? lo : hi) &= ~(std::uint64_t{1} << (n & 63)); }
  bool test(int n) const { return (((n < 64 ? lo : hi) >> (n & 63)) & 1u) != 0; }
  bool any() const { return (lo | hi) != 0; }
  bool contains(const FanSet& o) const { return (lo & o.lo) == o.lo && (hi & o.hi) == o.hi; }
  FanSet& operator|=(const FanSet& o) {
    lo |= o.lo;
    hi |= o.hi;
    return *this;
  }
  FanSet operator&(const FanSet& o) const { return {lo & o.lo, hi & o.hi}; }
  // calls f(n) for every fan n in the set, in increasing order
  template <class F>
  void each(F f) const;
};

// The index of the lowest set bit of a non-zero word (portable: no compiler builtins).
inline int lowest_bit64(std::uint64_t x) {
  static constexpr std::array<int, 64> kDeBruijn = {
      0,  1,  48, 2,  57, 49, 28, 3,  61, 58, 50, 42, 38, 29, 17, 4,  62, 55, 59, 36, 53, 51,
      43, 22, 45, 39, 33, 30, 24, 18, 12, 5,  63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21,
      44, 32, 23, 11, 46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9,  13, 8,  7,  6};
  return kDeBruijn[((x & (~x + 1)) * 0x03f79d71b4cb0a89ULL) >> 58];
}

template <class F>
void FanSet::each(F f) const {
  for (std::uint64_t w = lo; w; w &= w - 1) f(lowest_bit64(w));
  for (std::uint64_t w = hi; w; w &= w - 1) f(64 + lowest_bit64(w));
}

// One "when these fans all score, those are not counted" rule of a ruleset.
struct ConditionalExclude {
  FanSet when;
  FanSet drop;
};

struct ScoreRules {
  std::array<int, kFanSlots> points{};
  std::array<FanSet, kFanSlots> excludes{};
  std::array<FanSet, kFanSlots> absorbs{};
  std::array<std::uint8_t, kFanSlots> group{};  // 0 none, 1 chows, 2 pungs
  std::array<std::uint8_t, kFanSlots> arity{};
  std::array<std::uint8_t, kFanSlots> forms{};  // bit per Form the checker reads
  FanSet has_checker;
  FanSet about_the_win;  // fans read from the win alone, still checked on Nine Gates
  int mixed_kong_number = 57;
  int mixed_kong_points = 6;
  int concealed_form_self_drawn = 56;
  FanSet concealed_forms;
  std::array<std::vector<int>, 10> nine_gates_extras;  // by the winning tile's rank
  bool many_kongs_award_concealed = false;
  bool robbing_on_last_tile = false;       // a kong may be robbed on the wall's last tile
  bool knit_holds_winning_tile = false;    // a winning tile the knit can hold scores no wait
  std::vector<ConditionalExclude> conditional_excludes;

  // derived from the fields above by derive(), so the hot loop walks short lists
  // fans with a checker reading each form, with what each needs of a reading (score.cpp)
  std::array<std::vector<std::pair<int, unsigned>>, kForms> checkers_by_form;
  std::array<std::vector<int>, 3> group_fans;             // fans of group 1 (chows) and 2 (pungs)
  std::vector<int> absorbing;                             // fans that absorb another's sets
  void derive();
};

// Whether score.cpp registers a checker for fan `number` (the Python table must agree).
bool checker_registered(int number);

struct MeldIn {
  SetKind kind;  // Chow, Pung or Kong
  int first;
  bool concealed;
};

// How the hand was won, as the Python WinContext: by 0 self-drawn, 1 discard, 2 robbing;
// replacement -1 none, 0 kong, 1 flower; flowers the number of exposed bonus tiles.
struct ContextIn {
  int winning = 0;
  int by = 1;
  int replacement = -1;
  int seat_wind = 0;
  int prevailing_wind = 0;
  bool last_of_wall = false;
  bool last_tile = false;
  int flowers = 0;
};

// One hand to score: its concealed counts (with the winning tile), its melds and the context.
struct WinInput {
  Counts concealed{};
  int nmelds = 0;
  std::array<MeldIn, 4> melds{};
  ContextIn context;
};

// Why a hand cannot be scored, in the order the Python twin checks (validate.py: read_hand,
// check_context, then the readings). Numbered as mahjongkit.mcr.scoring.validate.Refusal.
enum class Refusal : std::uint8_t {
  None,
  Size,                       // not 14 tiles with the winning tile
  WinningKind,                // the winning tile is not a kind 1..34
  SeatWind,                   // seat wind not 0..3
  PrevailingWind,             // prevailing wind not 0..3
  WinningNotHeld,             // the concealed tiles lack the winning tile
  ReplacementNotSelfDrawn,    // a replacement win that is not a self-draw
  KongReplacementWithoutKong,
  FlowerReplacementWithoutFlower,
  RobbingHeldCopy,            // robbing a kong while holding another copy
  RobbingLastOfWall,          // robbing on the last tile, where the ruleset forbids it
  LastTileHeldCopy,           // "last tile" while holding another copy
  NotComplete,
};

inline constexpr int kMaxSets = 15;  // fourteen singles (honours and knitted), or 4 sets + a pair
inline constexpr int kMaxFans = 32;

struct SetOut {
  SetKind kind = SetKind::Chow;
  std::uint8_t first = 0;
  bool concealed = false;
  std::uint8_t copies = 0;  // a single's copies in the whole hand (a thirteen-orphans single may be its pair)
};

struct FanOut {
  std::uint8_t number = 0;
  std::uint8_t times = 0;
  std::uint8_t points = 0;
};

// What the tally shows: the refusal (None when scored), the split's sets (melds first, then
// the concealed sets, then the pair), the set holding the winning tile and its wait (-1 for
// none), and the fans in the tally's order (highest value first, then by number; Flower
// Tiles last when there are flowers), with their sums.
struct WinOutput {
  Refusal refusal = Refusal::None;
  Form form = Form::Standard;
  std::uint8_t nmelds = 0;
  std::uint8_t nsets = 0;
  std::int8_t winning_set = -1;
  std::int8_t wait = -1;
  std::uint8_t nfans = 0;
  std::int32_t basic = 0;
  std::int32_t flowers = 0;
  std::array<SetOut, kMaxSets> sets{};
  std::array<FanOut, kMaxFans> fans{};
};

// Check the hand's size and the context (as validate.py does for a hand whose counts and
// melds are already valid), then score its best arrangement: the whole answer of score().
void score_win(const WinInput& in, const ScoreRules& rules, WinOutput& out);

}  // namespace mahjongkit::mcr
