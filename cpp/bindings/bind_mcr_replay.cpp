// Binding of the record replay (cpp/core/mcr/replay.hpp): one call a game.
//
// The record crosses as the reader's own values (the four deals, the tuple of Step named
// tuples with their Ignored claims), read here with the C API; the actions are matched by
// identity against the Action members handed over in their declaration order.
#include <pybind11/pybind11.h>

#include <string>

#include "core/mcr/replay.hpp"

namespace py = pybind11;
using mahjongkit::mcr::ScoreRules;
namespace replay = mahjongkit::mcr::replay;

namespace {

// A value the record holds (a seat, a kind): one out of range is the reference's to word,
// so it is read as kOut and the record left undecided.
constexpr std::uint8_t kOut = 255;

std::uint8_t small_int(PyObject* o, long high) {
  const long v = PyLong_AsLong(o);
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  return v < 0 || v > high ? kOut : static_cast<std::uint8_t>(v);
}

std::uint8_t action_of(PyObject* o, PyObject* actions) {
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(actions); ++i)
    if (PyTuple_GET_ITEM(actions, i) == o) return static_cast<std::uint8_t>(i);
  throw py::type_error("a step's action must be one of the Action members");
}

// `tuple`, checked once to be a tuple of at least `size` (its items are then read unchecked).
PyObject* tuple_of(PyObject* tuple, Py_ssize_t size, const char* what) {
  if (!PyTuple_Check(tuple) || PyTuple_GET_SIZE(tuple) < size)
    throw py::type_error(std::string(what) + " must be a tuple of " + std::to_string(size));
  return tuple;
}

// `o` itself when a tuple, else its items as a new tuple (`keep` holds it).
PyObject* as_tuple(PyObject* o, py::object& keep) {
  if (PyTuple_Check(o)) return o;
  keep = py::reinterpret_steal<py::object>(PySequence_Tuple(o));
  if (!keep) throw py::error_already_set();
  return keep.ptr();
}

py::tuple replay_record(py::handle deals_in, py::handle steps, int prevailing, bool drawn, py::handle actions,
                        int flags, int minimum, const ScoreRules& rules) {
  if (!PyTuple_Check(actions.ptr()) || PyTuple_GET_SIZE(actions.ptr()) != 8)
    throw py::type_error("actions must be the eight Action members");
  // The deals as the reader gives them (tuples), or any sequences of sequences, read as tuples.
  py::object kept;
  const py::handle deals = as_tuple(deals_in.ptr(), kept);
  if (PyTuple_GET_SIZE(deals.ptr()) != 4)
    throw py::type_error("deals must be a tuple of four deals");
  if (!PyTuple_Check(steps.ptr())) throw py::type_error("steps must be a tuple of Step");
  if (prevailing < 0 || prevailing > 3) throw py::value_error("prevailing must be 0 to 3");
  replay::Game game;
  game.prevailing = prevailing;
  game.drawn = drawn;
  for (Py_ssize_t s = 0; s < 4; ++s) {
    py::object kept_deal;
    PyObject* deal = as_tuple(PyTuple_GET_ITEM(deals.ptr(), s), kept_deal);
    if (PyTuple_GET_SIZE(deal) != 13) throw py::value_error("a deal is 13 kinds");
    for (Py_ssize_t k = 0; k < 13; ++k)
      game.deals[static_cast<std::size_t>(s)][static_cast<std::size_t>(k)] =
          small_int(PyTuple_GET_ITEM(deal, k), 34);
  }
  bool out_of_range = false;
  for (const auto& deal : game.deals)
    for (const auto kind : deal) out_of_range |= kind == kOut;
  const Py_ssize_t n = PyTuple_GET_SIZE(steps.ptr());
  game.steps.resize(static_cast<std::size_t>(n));
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject* st = tuple_of(PyTuple_GET_ITEM(steps.ptr(), i), 5, "a step");
    replay::Step& out = game.steps[static_cast<std::size_t>(i)];
    out.seat = small_int(PyTuple_GET_ITEM(st, 1), 3);
    out.action = action_of(PyTuple_GET_ITEM(st, 2), actions.ptr());
    out.tile = small_int(PyTuple_GET_ITEM(st, 3), 34);
    out_of_range |= out.seat == kOut || out.tile == kOut;
    PyObject* ignored = PyTuple_GET_ITEM(st, 4);
    const Py_ssize_t m = PyTuple_Check(ignored) ? PyTuple_GET_SIZE(ignored) : -1;
    if (m < 0) throw py::type_error("a step's ignored claims must be a tuple");
    if (m > 3) {  // more lost claims than seats: the reference words it
      out.nignored = 4;
      continue;
    }
    out.nignored = static_cast<std::uint8_t>(m);
    for (Py_ssize_t j = 0; j < m; ++j) {
      PyObject* claim = tuple_of(PyTuple_GET_ITEM(ignored, j), 3, "an ignored claim");
      auto& c = out.ignored[static_cast<std::size_t>(j)];
      c.seat = small_int(PyTuple_GET_ITEM(claim, 0), 3);
      c.action = action_of(PyTuple_GET_ITEM(claim, 1), actions.ptr());
      c.tile = small_int(PyTuple_GET_ITEM(claim, 2), 34);
      out_of_range |= c.seat == kOut || c.tile == kOut;
    }
  }
  replay::Outcome outcome;
  if (out_of_range) return py::make_tuple(replay::kUndecided, -1, -1, -1, -1, 0, py::none());
  {
    py::gil_scoped_release release;
    replay::replay_game(game, flags, minimum, rules, outcome);
  }
  py::object fans = py::none();
  int points = 0;
  if (outcome.status == replay::kFinished && outcome.winner >= 0) {
    const auto& t = outcome.tally;
    py::tuple lines(t.nfans);
    for (int f = 0; f < t.nfans; ++f) {
      const auto& fan = t.fans[static_cast<std::size_t>(f)];
      lines[static_cast<std::size_t>(f)] = py::make_tuple(int{fan.number}, int{fan.times});
    }
    fans = lines;
    points = t.basic + t.flowers;
  }
  return py::make_tuple(outcome.status, outcome.step, outcome.winner, outcome.by, outcome.discarder, points, fans);
}

}  // namespace

void register_mcr_replay(py::module_& m) {
  m.def("replay_record", &replay_record, py::arg("deals"), py::arg("steps"), py::arg("prevailing"), py::arg("drawn"),
        py::arg("actions"), py::arg("flags"), py::arg("minimum"), py::arg("rules"),
        "Replay one Botzone game record (the record check's fast path): (status 0 finished, 1 refused, "
        "2 undecided; the step index; winner, way (0 self-drawn, 1 discard, 2 robbing) and discarder, "
        "-1 when none; the points; the fans as (number, times), or None).");
}
