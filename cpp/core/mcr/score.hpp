// The MCR scorer's hot loop: the C++ twin of python/mahjongkit/mcr/score.py (readings,
// fan checkers, the five principles, the choice of the best arrangement).
//
// The fan table's data (exclusions, groups, forms) and the ruleset arrive from Python as a
// ScoreRules value, so the rules stay data in one place; only the checkers are code here,
// each the same test as its Python twin. Validation of the hand and the context stays in
// Python (it raises the errors users read); this code assumes valid input.
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
};

struct ScoreOut {
  bool complete = false;
  Form form = Form::Standard;
  std::vector<SetOut> sets;  // melds first, then the concealed sets, as the Python twin
  int pair = 0;
  int wait = -1;  // Wait index, or -1
  std::vector<std::array<int, 3>> fans;  // (number, times, points), by number
};

// The best arrangement of a valid winning hand (concealed counts hold the winning tile).
ScoreOut score_hand(const Counts& concealed, const std::vector<MeldIn>& melds, const WinIn& win,
                    const ScoreRules& rules);

}  // namespace mahjongkit::mcr
