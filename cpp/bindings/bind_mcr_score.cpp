// Bindings of the MCR scorer's hot loop (cpp/core/mcr/score.hpp): conversion only.
//
// The ruleset crosses once as a ScoreRules value (built by mahjongkit.mcr.engine from the
// fan table and the Ruleset); a hand crosses as its concealed counts (35 ints) and its
// melds as (set kind, first tile, concealed); enums as indexes in the Python enums' order.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "core/mcr/score.hpp"

namespace py = pybind11;
using namespace mahjongkit::mcr;

namespace {

FanSet fan_set(const std::vector<int>& fans) {
  FanSet s;
  for (int f : fans) {
    if (f < 1 || f >= kFanSlots) throw py::value_error("fan number out of range: " + std::to_string(f));
    s.set(static_cast<std::size_t>(f));
  }
  return s;
}

template <class T>
void fill(std::array<T, kFanSlots>& out, const std::vector<int>& in, const char* what) {
  if (in.size() != kFanSlots) throw py::value_error(std::string(what) + " needs 83 entries");
  for (std::size_t i = 0; i < kFanSlots; ++i) out[i] = static_cast<T>(in[i]);
}

using PyScore = std::tuple<int, std::vector<std::tuple<int, int, bool>>, int, int, std::vector<std::tuple<int, int, int>>>;

}  // namespace

void register_mcr_score(py::module_& m) {
  py::class_<ScoreRules>(m, "ScoreRules", "A ruleset and the fan table's data, for score_hand.")
      .def(py::init([](const std::vector<int>& points, const std::vector<std::vector<int>>& excludes,
                       const std::vector<std::vector<int>>& absorbs, const std::vector<int>& group,
                       const std::vector<int>& arity, const std::vector<int>& forms, const std::vector<int>& checkers,
                       int mixed_kong_number, int mixed_kong_points, int concealed_form_self_drawn,
                       const std::vector<int>& concealed_forms, const std::vector<std::vector<int>>& nine_gates_extras,
                       bool many_kongs_award_concealed) {
             ScoreRules r;
             fill(r.points, points, "points");
             fill(r.group, group, "group");
             fill(r.arity, arity, "arity");
             fill(r.forms, forms, "forms");
             if (excludes.size() != kFanSlots || absorbs.size() != kFanSlots)
               throw py::value_error("excludes and absorbs need 83 entries");
             for (std::size_t i = 0; i < kFanSlots; ++i) {
               r.excludes[i] = fan_set(excludes[i]);
               r.absorbs[i] = fan_set(absorbs[i]);
             }
             r.has_checker = fan_set(checkers);
             r.mixed_kong_number = mixed_kong_number;
             r.mixed_kong_points = mixed_kong_points;
             r.concealed_form_self_drawn = concealed_form_self_drawn;
             r.concealed_forms = fan_set(concealed_forms);
             if (nine_gates_extras.size() != 10) throw py::value_error("nine_gates_extras needs 10 entries");
             for (std::size_t i = 0; i < 10; ++i) r.nine_gates_extras[i] = nine_gates_extras[i];
             r.many_kongs_award_concealed = many_kongs_award_concealed;
             return r;
           }),
           py::arg("points"), py::arg("excludes"), py::arg("absorbs"), py::arg("group"), py::arg("arity"),
           py::arg("forms"), py::arg("checkers"), py::arg("mixed_kong_number"), py::arg("mixed_kong_points"),
           py::arg("concealed_form_self_drawn"), py::arg("concealed_forms"), py::arg("nine_gates_extras"),
           py::arg("many_kongs_award_concealed"));
  m.def(
      "score_hand",
      [](const std::vector<int>& counts, const std::vector<std::tuple<int, int, bool>>& melds, int winning,
         bool self_drawn, bool robbing, bool kong_replacement, bool last_of_wall, bool last_tile, int seat_wind,
         int prevailing_wind, const ScoreRules& rules) -> std::optional<PyScore> {
        if (counts.size() != 35) throw py::value_error("counts needs 35 entries");
        Counts c{};
        for (std::size_t k = 1; k < 35; ++k) {
          if (counts[k] < 0 || counts[k] > 4) throw py::value_error("a count out of range");
          c[k] = static_cast<std::uint8_t>(counts[k]);
        }
        if (melds.size() > 4) throw py::value_error("at most four melds");
        std::vector<MeldIn> ms;
        for (const auto& [kind, first, concealed] : melds) {
          if (kind < 0 || kind > 2 || first < 1 || first > 34) throw py::value_error("a meld out of range");
          ms.push_back({static_cast<SetKind>(kind), first, concealed});
        }
        if (winning < 1 || winning > 34 || !c[winning]) throw py::value_error("the winning tile is not held");
        WinIn w{winning, self_drawn, robbing, kong_replacement, last_of_wall, last_tile, seat_wind, prevailing_wind};
        ScoreOut out;
        {
          py::gil_scoped_release release;
          out = score_hand(c, ms, w, rules);
        }
        if (!out.complete) return std::nullopt;
        std::vector<std::tuple<int, int, bool>> sets;
        for (const auto& s : out.sets) sets.emplace_back(static_cast<int>(s.kind), s.first, s.concealed);
        std::vector<std::tuple<int, int, int>> fans;
        for (const auto& f : out.fans) fans.emplace_back(f[0], f[1], f[2]);
        return PyScore{static_cast<int>(out.form), std::move(sets), out.pair, out.wait, std::move(fans)};
      },
      py::arg("counts"), py::arg("melds"), py::arg("winning"), py::arg("self_drawn"), py::arg("robbing"),
      py::arg("kong_replacement"), py::arg("last_of_wall"), py::arg("last_tile"), py::arg("seat_wind"),
      py::arg("prevailing_wind"), py::arg("rules"),
      "The best arrangement of a valid winning hand: (form, [(set kind, first, concealed)], pair, wait or -1, "
      "[(fan, times, points)]), or None when it is not complete.");
}
