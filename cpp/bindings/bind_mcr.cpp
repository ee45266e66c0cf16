// Bindings of the MCR core (cpp/core/mcr): conversion at the boundary only.
//
// Hands cross as their concealed counts (35 ints, index 0 unused), the number of melds and,
// where "held four times" matters, the flat list of meld tiles. Enums cross as their index
// in the Python enums' declaration order (Form, SetKind, Wait).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <tuple>
#include <vector>

#include "core/mcr/decompose.hpp"
#include "core/mcr/shanten.hpp"

namespace py = pybind11;
using namespace mahjongkit::mcr;

namespace {

Counts to_counts(const std::vector<int>& counts) {
  if (counts.size() != 35) throw py::value_error("counts has " + std::to_string(counts.size()) + " entries, not 35");
  Counts c{};
  for (std::size_t k = 0; k < 35; ++k) {
    if (counts[k] < 0 || counts[k] > 5 || (k == 0 && counts[k] != 0))
      throw py::value_error("count of kind " + std::to_string(k) + " out of range: " + std::to_string(counts[k]));
    c[k] = static_cast<std::uint8_t>(counts[k]);
  }
  return c;
}

// The rules ask waits() once per discard: the generic list-to-vector caster cost more than
// the search itself, so a list or tuple of ints is read directly (anything else as before).
Counts to_counts_slow(py::handle counts) {
  try {
    return to_counts(counts.cast<std::vector<int>>());
  } catch (const py::cast_error&) {
    throw py::type_error("counts must be a sequence of 35 ints");
  }
}

Counts to_counts(py::handle counts) {
  PyObject* o = counts.ptr();
  if (!PyList_Check(o) && !PyTuple_Check(o)) return to_counts_slow(counts);
  const Py_ssize_t n = PySequence_Fast_GET_SIZE(o);
  if (n != 35) throw py::value_error("counts has " + std::to_string(n) + " entries, not 35");
  PyObject** items = PySequence_Fast_ITEMS(o);
  Counts c{};
  for (Py_ssize_t k = 0; k < 35; ++k) {
    if (!PyLong_Check(items[k])) return to_counts_slow(counts);
    const long v = PyLong_AsLong(items[k]);
    if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
    if (v < 0 || v > 5 || (k == 0 && v != 0))
      throw py::value_error("count of kind " + std::to_string(k) + " out of range: " + std::to_string(v));
    c[k] = static_cast<std::uint8_t>(v);
  }
  return c;
}

int check_melds(int melds) {
  if (melds < 0 || melds > 4) throw py::value_error("melds must be 0 to 4, not " + std::to_string(melds));
  return melds;
}

Counts held_of(const Counts& c, const std::vector<int>& meld_tiles) {
  Counts held = c;
  for (int k : meld_tiles) {
    if (k < 1 || k > 34) throw py::value_error("meld tile " + std::to_string(k) + " is not a standard kind");
    ++held[k];
  }
  return held;
}

using PySet = std::tuple<int, std::vector<int>>;
using PySplit = std::tuple<int, std::vector<PySet>, int, int>;

}  // namespace

void register_mcr_score(py::module_& m);  // bind_mcr_score.cpp: the scorer's hot loop
void register_mcr_replay(py::module_& m);  // bind_mcr_replay.cpp: a game record's replay
void register_mcr_legality(py::module_& m);  // bind_mcr_legality.cpp: the legality twin, for its tests
void register_mcr_wall(py::module_& m);   // bind_mcr_wall.cpp: the seeded wall order
void register_mcr_engine(py::module_& m);  // bind_mcr_engine.cpp: one hand's state machine
void register_mcr_search(py::module_& m);  // bind_mcr_search.cpp: level 4's worlds

void register_mcr(py::module_& m) {
  register_mcr_score(m);
  register_mcr_replay(m);
  register_mcr_legality(m);
  register_mcr_wall(m);
  register_mcr_engine(m);
  register_mcr_search(m);
  m.def(
      "decompose",
      [](const std::vector<int>& counts, int melds, int winning) {
        const Counts c = to_counts(counts);
        check_melds(melds);
        if (winning < 0 || winning > 34) throw py::value_error("winning must be 0 (none) or a kind 1 to 34");
        std::vector<RawSplit> raw;
        {
          py::gil_scoped_release release;
          raw = decompose(c, melds, winning);
        }
        std::vector<PySplit> out;
        out.reserve(raw.size());
        for (const auto& s : raw) {
          std::vector<PySet> sets;
          for (const auto& set : s.sets)
            sets.emplace_back(static_cast<int>(set.kind), std::vector<int>(set.tiles.begin(), set.tiles.begin() + set.size));
          out.emplace_back(static_cast<int>(s.form), std::move(sets), s.winning_set,
                           s.winning_set < 0 ? -1 : static_cast<int>(s.wait));
        }
        return out;
      },
      py::arg("counts"), py::arg("melds"), py::arg("winning") = 0,
      "Every split of concealed counts with that many melds: (form, [(set kind, tiles)], "
      "winning set or -1, wait or -1), enums as indexes.");
  m.def(
      "is_complete",
      [](const std::vector<int>& counts, int melds) { return is_complete(to_counts(counts), check_melds(melds)); },
      py::arg("counts"), py::arg("melds"), "Whether concealed counts with that many melds are a complete hand.");
  m.def(
      "waits",
      [](py::handle counts, int melds, const std::vector<int>& meld_tiles, bool include_held_four) {
        const Counts c = to_counts(counts);
        return waits(c, check_melds(melds), held_of(c, meld_tiles), include_held_four);
      },
      py::arg("counts"), py::arg("melds"), py::arg("meld_tiles"), py::arg("include_held_four") = false,
      "The kinds completing a 13-tile hand, ascending.");
  m.def(
      "shanten",
      [](const std::vector<int>& counts, int melds) { return shanten(to_counts(counts), check_melds(melds)); },
      py::arg("counts"), py::arg("melds"), "Shanten, minimum over forms (-1 complete, 0 ready).");
  m.def(
      "shanten_by_form",
      [](const std::vector<int>& counts, int melds) {
        const auto forms = shanten_by_form(to_counts(counts), check_melds(melds));
        return std::vector<int>(forms.begin(), forms.end());
      },
      py::arg("counts"), py::arg("melds"), "Shanten of each form in Form order; 99 for a form the melds rule out.");
  m.def(
      "acceptance",
      [](const std::vector<int>& counts, int melds, const std::vector<int>& meld_tiles, bool include_held_four) {
        const Counts c = to_counts(counts);
        return acceptance(c, check_melds(melds), held_of(c, meld_tiles), include_held_four);
      },
      py::arg("counts"), py::arg("melds"), py::arg("meld_tiles"), py::arg("include_held_four") = false,
      "Kinds whose draw lowers the shanten of a 13-tile hand.");
  m.def(
      "shanten_after_discard",
      [](const std::vector<int>& counts, int melds, const std::vector<int>& meld_tiles, bool include_held_four) {
        const Counts c = to_counts(counts);
        const Counts held = held_of(c, meld_tiles);
        check_melds(melds);
        std::vector<AfterDiscard> raw;
        {
          py::gil_scoped_release release;
          raw = shanten_after_discard(c, melds, held, include_held_four);
        }
        std::vector<std::tuple<int, int, std::vector<int>>> out;
        for (auto& a : raw) out.emplace_back(a.kind, a.shanten, std::move(a.acceptance));
        return out;
      },
      py::arg("counts"), py::arg("melds"), py::arg("meld_tiles"), py::arg("include_held_four") = false,
      "For each kind a 14-tile hand can discard: (kind, shanten, acceptance) after it.");
  m.def(
      "shanten_after_discard_many",
      [](const std::vector<std::vector<int>>& hands, int melds, int repeat) {
        // A benchmark helper: shanten after every discard of many hands, `repeat` times,
        // without crossing the boundary per call; returns the number of discards evaluated.
        std::vector<Counts> cs;
        for (const auto& h : hands) cs.push_back(to_counts(h));
        check_melds(melds);
        long evaluated = 0;
        py::gil_scoped_release release;
        for (int r = 0; r < repeat; ++r)
          for (auto c : cs)
            for (int k = 1; k <= 34; ++k) {
              if (!c[k]) continue;
              --c[k];
              evaluated += shanten(c, melds) >= -1 ? 1 : 0;
              ++c[k];
            }
        return evaluated;
      },
      py::arg("hands"), py::arg("melds"), py::arg("repeat") = 1,
      "Benchmark helper: shanten after each discard of each 14-tile count vector, repeated; "
      "returns how many were computed.");
}
