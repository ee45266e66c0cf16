// The MCR scorer's hot loop: the C++ twin of python/mahjongkit/mcr/scoring/score.py (readings,
// fan checkers, the five principles, the choice of the best arrangement).
//
// The fan table's data (exclusions, groups, forms) and the ruleset arrive from Python as a
// ScoreRules value, so the rules stay data in one place; only the checkers are code here,
// each the same test as its Python twin. score_hand assumes valid input; score_win checks
// the hand's size and the win context first and names what is wrong with a Refusal code
// (Python words the message, so the C++ and Python paths refuse with the same text).
#pragma once
#include <array>
#include <bitset>
#include <cstdint>
#include <vector>

#include "core/mcr/forms.hpp"

namespace mahjongkit::mcr {

inline constexpr int kFanSlots = 83;  // fans 1..81, and 82 (the gb profile's extra kong fan)
using FanSet = std::bitset<kFanSlots>;

struct ScoreRules {
  std::array<int, kFanSlots> points{};
  std::array<FanSet, kFanSlots> excludes{};
  std::array<FanSet, kFanSlots> absorbs{};
  std::array<std::uint8_t, kFanSlots> group{};  // 0 none, 1 chows, 2 pungs
  std::array<std::uint8_t, kFanSlots> arity{};
  std::array<std::uint8_t, kFanSlots> forms{};  // bit per Form the checker reads
  FanSet has_checker;
  int mixed_kong_number = 57;
  int mixed_kong_points = 6;
  int concealed_form_self_drawn = 56;
  FanSet concealed_forms;
  std::array<std::vector<int>, 10> nine_gates_extras;  // by the winning tile's rank
  bool many_kongs_award_concealed = true;

  // derived from the fields above by derive(), so the hot loop walks short lists
  std::array<std::vector<int>, kForms> checkers_by_form;  // fans with a checker reading each form
  std::array<std::vector<int>, 3> group_fans;             // fans of group 1 (chows) and 2 (pungs)
  std::vector<int> absorbing;                             // fans that absorb another's sets
  void derive();
};

struct MeldIn {
  SetKind kind;  // Chow, Pung or Kong
  int first;
  bool concealed;
};

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

struct SetOut {
  SetKind kind;
  int first;
  bool concealed;
  int copies = 0;  // a single's copies in the whole hand (a thirteen-orphans single may be its pair)
};

// Why a hand cannot be scored, in the order the Python twin checks (score.py: _read_hand,
// _check_context, then the readings). Numbered as mahjongkit.mcr.score.Refusal.
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
  RobbingLastOfWall,
  LastTileHeldCopy,           // "last tile" while holding another copy
  NotComplete,
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

struct ScoreOut {
  bool complete = false;
  Form form = Form::Standard;
  std::vector<SetOut> sets;  // melds first, then the concealed sets, as the Python twin
  int pair = 0;
  int wait = -1;  // Wait index, or -1
  std::vector<std::array<int, 3>> fans;  // (number, times, points), by number
};

// What the tally shows, ready to cross the binding: the refusal (None when scored), the
// split's sets (melds first, then the concealed sets, then the pair), the set holding the
// winning tile and its wait (-1 for none), and the fans in the tally's order (highest value
// first, then by number; Flower Tiles last when there are flowers).
struct WinOut {
  Refusal refusal = Refusal::None;
  Form form = Form::Standard;
  int nmelds = 0;
  std::vector<SetOut> sets;
  int winning_set = -1;
  int wait = -1;
  std::vector<std::array<int, 3>> fans;  // (number, times, points)
};

// The best arrangement of a valid winning hand (concealed counts hold the winning tile).
ScoreOut score_hand(const Counts& concealed, const std::vector<MeldIn>& melds, const WinIn& win,
                    const ScoreRules& rules);

// Check the hand's size and the context (as score.py's _read_hand and _check_context for a
// hand whose counts are already valid), then score it: the whole answer of score().
WinOut score_win(const Counts& concealed, const std::vector<MeldIn>& melds, const ContextIn& context,
                 const ScoreRules& rules);

}  // namespace mahjongkit::mcr
