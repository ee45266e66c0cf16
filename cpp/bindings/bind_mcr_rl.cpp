// Bindings of the RL layer on the hand engine (cpp/core/mcr/self_play.hpp): conversion only.
//
// A seat's planes are rendered from a hand engine's state into a row of a float32 array, its
// legal mask into a row of a one-byte array (int8, uint8 or bool): one engine at a time
// (render_engine, mask_engine: the engine a Python HandEngine holds, for the records export and
// a user's Table), or the batch of SelfPlay stepped in one call with the GIL released.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "core/mcr/self_play.hpp"
#include "py_hand_engine.hpp"

namespace py = pybind11;
using namespace mahjongkit::mcr::rl;
using mahjongkit::mcr::HandEngine;
using mahjongkit::mcr::ScoreRules;
using mahjongkit::mcr::WinOutput;
using mahjongkit::mcr::LegalMoves;
using mahjongkit::bindings::PyHandEngine;

namespace {

// Row `row` of `out`, an array of rows of `size` floats each (any C-ordered shape whose
// elements are a whole number of rows: (planes, 34), (rows, planes, 34), (rows, planes * 34)).
float* planes_row(py::array_t<float, py::array::c_style>& out, py::ssize_t size, py::ssize_t row) {
  if (!out.writeable()) throw py::value_error("the planes' array is read-only");
  py::ssize_t total = out.size();
  if (total % size != 0 || row < 0 || row >= total / size)
    throw py::value_error("the planes' array holds rows of " + std::to_string(size) +
                          " floats (planes x 34); row " + std::to_string(row) + " is not one of them");
  return out.mutable_data() + row * size;
}

std::uint8_t* mask_row(py::array& out, int row) {
  if (out.itemsize() != 1 || !out.writeable() || !(out.flags() & py::array::c_style))
    throw py::value_error("a mask is a writeable C-ordered array of one-byte items (int8, uint8 or bool)");
  if (out.ndim() == 1 && out.shape(0) == kActions && row == 0) return static_cast<std::uint8_t*>(out.mutable_data());
  if (out.ndim() == 2 && out.shape(1) == kActions && row >= 0 && row < out.shape(0))
    return static_cast<std::uint8_t*>(out.mutable_data(row));
  throw py::value_error("a mask has shape (235,), or (rows, 235) with row in range");
}


// The batch's arrays, checked once per call: K rows each, C-ordered, writeable.
struct BatchArrays {
  float* planes;
  std::uint8_t* masks;
  std::int64_t* seats;
};

BatchArrays batch_arrays(const SelfPlay& batch, py::array_t<float, py::array::c_style>& planes, py::array& masks,
                         py::array_t<std::int64_t, py::array::c_style>& seats) {
  py::ssize_t games = batch.games();
  if (!planes.writeable() || planes.size() != games * py::ssize_t{batch.planes()} * kColumns)
    throw py::value_error("the planes' array holds one writeable observation (planes x 34 floats) per game");
  if (masks.itemsize() != 1 || !masks.writeable() || !(masks.flags() & py::array::c_style) ||
      masks.size() != games * kActions)
    throw py::value_error("the masks are a writeable C-ordered array of one-byte items, 235 per game");
  if (!seats.writeable() || seats.ndim() != 1 || seats.shape(0) != games)
    throw py::value_error("the seats are a writeable int64 array, one per game");
  return {planes.mutable_data(), static_cast<std::uint8_t*>(masks.mutable_data()), seats.mutable_data()};
}

struct PySelfPlay {
  SelfPlay core;
  py::list rules;  // the ScoreRules the engines point to, kept alive
  PySelfPlay(int games, int history) : core(games, history) {}
};

int game_index(const PySelfPlay& self, int k) {
  if (k < 0 || k >= self.core.games()) throw py::index_error("no game " + std::to_string(k));
  return k;
}

std::vector<std::uint8_t> wall_kinds(const std::vector<int>& tiles, int high) {
  std::vector<std::uint8_t> out;
  out.reserve(tiles.size());
  for (int t : tiles) {
    if (t < 1 || t > high) throw py::value_error("a wall holds kinds 1 to " + std::to_string(high));
    out.push_back(static_cast<std::uint8_t>(t));
  }
  return out;
}
}  // namespace

void register_mcr_rl(py::module_& m) {
  py::class_<PySelfPlay>(m, "SelfPlay")
      .def(py::init([](int games, int history) {
             if (games < 1 || games > (1 << 16)) throw py::value_error("games is 1 to 65536");
             return new PySelfPlay(games, history);
           }),
           py::arg("games"), py::arg("history"))
      .def_property_readonly("games", [](const PySelfPlay& b) { return b.core.games(); })
      .def_property_readonly("planes", [](const PySelfPlay& b) { return b.core.planes(); })
      .def(
          "deal",
          // Game k's next hand: a new engine (the ruleset's scorer data, rule flags, the
          // minimum points, dealer, wind) dealt from one shared wall (`walls` of one list) or
          // four, and the match around it; its acting seat's row written. False when the
          // walls are too short for a deal.
          [](PySelfPlay& self, int k, py::object rules, int flags, int minimum, int dealer, int prevailing,
             int hand_no, const std::vector<int>& totals, const std::vector<std::vector<int>>& walls,
             py::array_t<float, py::array::c_style> planes, py::array masks,
             py::array_t<std::int64_t, py::array::c_style> seats) {
            game_index(self, k);
            if (dealer < 0 || dealer > 3 || prevailing < 0 || prevailing > 3)
              throw py::value_error("the dealer is a seat and the prevailing wind 0 to 3");
            if (totals.size() != 4) throw py::value_error("four totals");
            if (walls.size() != 1 && walls.size() != 4) throw py::value_error("one shared wall or four");
            BatchArrays arrays = batch_arrays(self.core, planes, masks, seats);
            const ScoreRules& data = mahjongkit::bindings::engine_rules(rules, flags, minimum);
            HandEngine engine(data, flags, minimum, dealer, prevailing);
            bool dealt;
            if (walls.size() == 1) {
              std::vector<std::uint8_t> tiles = wall_kinds(walls[0], 42);
              dealt = engine.deal_shared(tiles.data(), static_cast<int>(tiles.size()));
            } else {
              std::array<std::vector<std::uint8_t>, 4> own;
              std::array<const std::uint8_t*, 4> heads{};
              std::array<int, 4> sizes{};
              for (std::size_t s = 0; s < 4; ++s) {
                own[s] = wall_kinds(walls[s], 34);
                heads[s] = own[s].data();
                sizes[s] = static_cast<int>(own[s].size());
              }
              dealt = engine.deal_seat_walls(heads, sizes);
            }
            if (!dealt) return false;
            bool kept = false;  // each ruleset's data kept once (a batch meets one or two)
            for (const auto& held : self.rules) kept = kept || held.is(rules);
            if (!kept) self.rules.append(rules);
            self.core.set(k, engine, Around{{totals[0], totals[1], totals[2], totals[3]}, hand_no}, arrays.planes,
                          arrays.masks, arrays.seats);
            return true;
          },
          py::arg("k"), py::arg("rules"), py::arg("flags"), py::arg("minimum"), py::arg("dealer"),
          py::arg("prevailing"), py::arg("hand_no"), py::arg("totals"), py::arg("walls"),
          py::arg("planes").noconvert(), py::arg("masks"), py::arg("seats").noconvert())
      .def(
          "step",
          // One action index per game (-1: leave it); the GIL released around the loop.
          [](PySelfPlay& self, py::array_t<std::int64_t, py::array::c_style> actions, double scale,
             py::array_t<float, py::array::c_style> planes, py::array masks,
             py::array_t<std::int64_t, py::array::c_style> seats, py::array_t<float, py::array::c_style> rewards,
             py::array dones) {
            BatchArrays arrays = batch_arrays(self.core, planes, masks, seats);
            py::ssize_t games = self.core.games();
            if (actions.ndim() != 1 || actions.shape(0) != games) throw py::value_error("one action per game");
            if (!rewards.writeable() || rewards.size() != 4 * games)
              throw py::value_error("the rewards are a writeable float32 array, four per game");
            if (dones.itemsize() != 1 || !dones.writeable() || !(dones.flags() & py::array::c_style) ||
                dones.size() != games)
              throw py::value_error("the dones are a writeable array of one-byte items, one per game");
            const std::int64_t* chosen = actions.data();
            float* gains = rewards.mutable_data();
            auto* ended = static_cast<std::uint8_t*>(dones.mutable_data());
            py::gil_scoped_release release;
            return self.core.step(chosen, scale, arrays.planes, arrays.masks, arrays.seats, gains, ended);
          },
          py::arg("actions").noconvert(), py::arg("scale"), py::arg("planes").noconvert(), py::arg("masks"),
          py::arg("seats").noconvert(), py::arg("rewards").noconvert(), py::arg("dones"))
      .def(
          "play",
          // One game's index for its acting seat: 0, 1 when the hand ended, -1 (nothing
          // changed) when it is not legal now.
          [](PySelfPlay& self, int k, int action) { return self.core.play(game_index(self, k), action); },
          py::arg("k"), py::arg("action"))
      .def(
          "seat", [](const PySelfPlay& self, int k) { return self.core.seat(game_index(self, k)); },
          py::arg("k"))
      .def(
          "observe",
          // `seat`'s planes of game k into `out` (planes x 34 float32 values).
          [](const PySelfPlay& self, int k, int seat, py::array_t<float, py::array::c_style> out) {
            if (seat < 0 || seat > 3) throw py::value_error("a seat is 0 to 3");
            self.core.render_seat(game_index(self, k), seat,
                                  planes_row(out, py::ssize_t{self.core.planes()} * kColumns, 0));
          },
          py::arg("k"), py::arg("seat"), py::arg("out").noconvert())
      .def(
          "mask",
          // `seat`'s mask of game k into `out` (235 one-byte items; zeros unless it acts).
          [](const PySelfPlay& self, int k, int seat, py::array out) {
            if (seat < 0 || seat > 3) throw py::value_error("a seat is 0 to 3");
            self.core.mask_seat(game_index(self, k), seat, mask_row(out, 0));
          },
          py::arg("k"), py::arg("seat"), py::arg("out"))
      .def(
          "ended",
          // Game k's hand that ended: (winner, by, discarder, tile, points, fans, deltas), the
          // fans as (number, points, times) in the tally's order; winner -1 for a wall
          // exhausted.
          [](const PySelfPlay& self, int k) {
            const HandEngine& engine = self.core.engine(game_index(self, k));
            if (!engine.over()) throw py::value_error("game " + std::to_string(k) + "'s hand has not ended");
            const auto& deltas = self.core.deltas(k);
            py::list fans;
            int points = 0;
            if (engine.winner() >= 0) {
              const WinOutput& tally = engine.tally();
              points = tally.basic + tally.flowers;
              for (int i = 0; i < tally.nfans; ++i) {
                const auto& fan = tally.fans[static_cast<std::size_t>(i)];
                fans.append(py::make_tuple(int{fan.number}, int{fan.points}, int{fan.times}));
              }
            }
            return py::make_tuple(engine.winner(), engine.win_by(), engine.discarder(), engine.win_tile(), points,
                                  fans, py::make_tuple(deltas[0], deltas[1], deltas[2], deltas[3]));
          },
          py::arg("k"));
  m.def(
      "render_engine",
      // `seat`'s planes of the engine's state into row `row` of `out` (planes x 34 float32
      // values a row), the match around the hand given: its totals and number.
      [](const PyHandEngine& hand, int seat, const std::vector<int>& totals, int hand_no, int history,
         py::array_t<float, py::array::c_style> out, py::ssize_t row) {
        if (seat < 0 || seat > 3) throw py::value_error("a seat is 0 to 3");
        if (totals.size() != 4) throw py::value_error("four totals");
        if (!hand.engine.dealt()) throw py::value_error("the engine has not been dealt");
        int planes = 4 * (kSeatFixed + checked_history(history)) + kOwnPlanes;
        render(hand.engine, Around{{totals[0], totals[1], totals[2], totals[3]}, hand_no}, seat, history,
               planes_row(out, py::ssize_t{planes} * kColumns, row));
      },
      // noconvert: a converted copy would be written instead of the caller's array
      py::arg("engine"), py::arg("seat"), py::arg("totals"), py::arg("hand_no"), py::arg("history"),
      py::arg("out").noconvert(), py::arg("row") = 0);
  m.def(
      "mask_engine",
      // `seat`'s legal mask of the engine's state (its legal list placed) into row `row` of
      // `out`; returns how many indices are set.
      [](const PyHandEngine& hand, int seat, py::array out, int row) {
        if (seat < 0 || seat > 3) throw py::value_error("a seat is 0 to 3");
        std::uint8_t* target = mask_row(out, row);
        LegalMoves legal;
        hand.engine.legal(seat, legal);
        std::array<std::int8_t, kActions> slots{};
        return mask(hand.engine, seat, legal, target, slots.data());
      },
      py::arg("engine"), py::arg("seat"), py::arg("out"), py::arg("row") = 0);
}
