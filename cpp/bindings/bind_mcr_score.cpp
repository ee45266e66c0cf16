// Bindings of the MCR scorer's hot loop (cpp/core/mcr/score.hpp): conversion only.
//
// The ruleset crosses once as a ScoreRules value (built by mahjongkit.mcr.engine from the
// fan table and the Ruleset); a hand crosses as one tuple (score_win's docstring): its
// concealed counts (35 ints), its melds packed one int each, and the context's fields; the
// answer is a refusal code or a tuple of packed ints. Enums are indexes in the Python enums'
// order.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
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

// One hand of score_win as it crosses: counts (35 ints), melds packed as
// kind | first << 2 | concealed << 8, then the context's fields.
struct WinArgs {
  Counts counts{};
  std::vector<MeldIn> melds;
  ContextIn context;
};

long as_long(PyObject* o, const char* what) {
  const long v = PyLong_AsLong(o);
  if (v == -1 && PyErr_Occurred()) {
    PyErr_Clear();
    throw py::type_error(std::string(what) + " must be an int");
  }
  return v;
}

WinArgs read_win(const py::handle& counts, const py::handle& melds, int winning, int by, int replacement,
                 int seat_wind, int prevailing_wind, bool last_of_wall, bool last_tile, int flowers) {
  WinArgs a;
  // PySequence_Fast: a tuple or a list is read in place, anything else copied once
  const py::object cs = py::reinterpret_steal<py::object>(PySequence_Fast(counts.ptr(), "counts must be a sequence"));
  if (!cs) throw py::error_already_set();
  if (PySequence_Fast_GET_SIZE(cs.ptr()) != 35) throw py::value_error("counts needs 35 entries");
  PyObject** count_items = PySequence_Fast_ITEMS(cs.ptr());
  for (std::size_t k = 1; k < 35; ++k) {
    const long n = as_long(count_items[k], "a count");
    if (n < 0 || n > 4) throw py::value_error("a count out of range");
    a.counts[k] = static_cast<std::uint8_t>(n);
  }
  const py::object ms = py::reinterpret_steal<py::object>(PySequence_Fast(melds.ptr(), "melds must be a sequence"));
  if (!ms) throw py::error_already_set();
  const Py_ssize_t nmelds = PySequence_Fast_GET_SIZE(ms.ptr());
  if (nmelds > 4) throw py::value_error("at most four melds");
  PyObject** meld_items = PySequence_Fast_ITEMS(ms.ptr());
  for (Py_ssize_t i = 0; i < nmelds; ++i) {
    const long packed = as_long(meld_items[i], "a meld");
    const long kind = packed & 3, first = (packed >> 2) & 63;
    if (kind > 2 || first < 1 || first > 34 || (kind == 0 && (first > 27 || (first - 1) % 9 > 6)))
      throw py::value_error("a meld out of range");
    a.melds.push_back({static_cast<SetKind>(kind), static_cast<int>(first), ((packed >> 8) & 1) != 0});
  }
  a.context = ContextIn{winning, by, replacement, seat_wind, prevailing_wind, last_of_wall, last_tile, flowers};
  return a;
}

// One hand as score_win's tuple, read through the C API (pybind11's per-argument casters
// cost more than the scoring of a simple hand).
WinArgs read_tuple(const py::tuple& t) {
  if (t.size() != 10) throw py::value_error("a hand to score is a tuple of ten fields");
  auto field = [&](std::size_t i) { return PyTuple_GET_ITEM(t.ptr(), static_cast<Py_ssize_t>(i)); };
  auto integer = [&](std::size_t i, const char* what) { return static_cast<int>(as_long(field(i), what)); };
  auto truth = [&](std::size_t i) {
    const int v = PyObject_IsTrue(field(i));
    if (v < 0) throw py::error_already_set();
    return v != 0;
  };
  return read_win(field(0), field(1), integer(2, "winning"), integer(3, "by"), integer(4, "replacement"),
                  integer(5, "seat_wind"), integer(6, "prevailing_wind"), truth(7), truth(8),
                  integer(9, "flowers"));
}

// A refusal as its code (an int), or (form, sets, winning set or None, wait or -1, fans) with
// each set packed as kind | first << 3 | concealed << 9 | (meld + 1) << 10 | copies << 13 and
// each fan as number | times << 7 | points << 14.
py::object to_python(const WinOut& out) {
  if (out.refusal != Refusal::None) return py::int_(static_cast<int>(out.refusal));
  py::tuple sets(out.sets.size());
  for (std::size_t i = 0; i < out.sets.size(); ++i) {
    const SetOut& s = out.sets[i];
    const int meld = static_cast<int>(i) < out.nmelds ? static_cast<int>(i) + 1 : 0;
    sets[i] = py::int_(static_cast<int>(s.kind) | s.first << 3 | (s.concealed ? 1 : 0) << 9 | meld << 10 |
                       s.copies << 13);
  }
  py::tuple fans(out.fans.size());
  int basic = 0, flowers = 0;
  for (std::size_t i = 0; i < out.fans.size(); ++i) {
    const auto& [number, times, points] = out.fans[i];
    fans[i] = py::int_(number | times << 7 | points << 14);
    (number == 81 ? flowers : basic) += times * points;
  }
  return py::make_tuple(static_cast<int>(out.form), std::move(sets),
                        out.winning_set < 0 ? py::object(py::none()) : py::object(py::int_(out.winning_set)),
                        out.wait, std::move(fans), basic, flowers);
}


}  // namespace

void register_mcr_score(py::module_& m) {
  py::class_<ScoreRules>(m, "ScoreRules", "A ruleset and the fan table's data, for score_win.")
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
             r.derive();
             return r;
           }),
           py::arg("points"), py::arg("excludes"), py::arg("absorbs"), py::arg("group"), py::arg("arity"),
           py::arg("forms"), py::arg("checkers"), py::arg("mixed_kong_number"), py::arg("mixed_kong_points"),
           py::arg("concealed_form_self_drawn"), py::arg("concealed_forms"), py::arg("nine_gates_extras"),
           py::arg("many_kongs_award_concealed"));
  m.def(
      "score_win",
      [](const py::tuple& hand, const ScoreRules& rules) {
        const WinArgs a = read_tuple(hand);
        return to_python(score_win(a.counts, a.melds, a.context, rules));
      },
      py::arg("hand"), py::arg("rules"),
      "Check and score one hand given as (counts, packed melds, winning, by, replacement, seat wind, "
      "prevailing wind, last of wall, last tile, flowers): its refusal code, or (form, packed sets, winning set "
      "or None, wait or -1, packed fans). Melds are packed as kind | first << 2 | concealed << 8; by is 0 "
      "self-drawn, 1 discard, 2 robbing; replacement -1 none, 0 kong, 1 flower, 2 anything else.");
  m.def(
      "score_win_many",
      [](const py::list& hands, const ScoreRules& rules) {
        std::vector<WinArgs> args;
        args.reserve(hands.size());
        for (const auto& item : hands) {
          if (!PyTuple_Check(item.ptr())) throw py::type_error("each hand is a tuple, as score_win takes");
          args.push_back(read_tuple(py::reinterpret_borrow<py::tuple>(item)));
        }
        std::vector<WinOut> outs(args.size());
        {
          py::gil_scoped_release release;
          for (std::size_t i = 0; i < args.size(); ++i)
            outs[i] = score_win(args[i].counts, args[i].melds, args[i].context, rules);
        }
        py::list results(outs.size());
        for (std::size_t i = 0; i < outs.size(); ++i) results[i] = to_python(outs[i]);
        return results;
      },
      py::arg("hands"), py::arg("rules"),
      "score_win over a list of argument tuples in one call, the GIL released while scoring.");
}
