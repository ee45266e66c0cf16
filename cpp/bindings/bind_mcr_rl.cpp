// Bindings of the RL observer (cpp/core/mcr/observe.hpp): conversion only.
//
// A move crosses as a flat list of records (four ints each) and the marks as plain ints; a seat's
// planes are rendered into a row of a float32 array, a mask into a row of a one-byte array
// (int8, uint8 or bool). render_many renders a whole batch in one call, with the GIL released;
// the other calls are a few microseconds of work at most, less than releasing it would cost.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "core/mcr/observe.hpp"
#include "core/mcr/self_play.hpp"

namespace py = pybind11;
using namespace mahjongkit::mcr::rl;
using mahjongkit::mcr::HandEngine;
using mahjongkit::mcr::ScoreRules;
using mahjongkit::mcr::WinOutput;

namespace {

struct PyObserver {
  Observer core;
  explicit PyObserver(int history) : core(history) {}
};

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

Marks make_marks(int turn, int drawn, bool claimed, int window, int tile, int from_seat, int may) {
  auto kind = [](int k, const char* what) {
    if (k < 0 || k > 34) throw py::value_error(std::string(what) + " is a kind from 1 to 34 (0: none)");
    return k;
  };
  if (turn < -1 || turn > 3) throw py::value_error("turn is a seat (0 to 3) or -1");
  if (window < 0 || window > 2) throw py::value_error("window is 0 (none), 1 (a discard's) or 2 (a kong's)");
  if (window != 0 && tile == 0) throw py::value_error("an open window has a tile");
  return Marks{turn, kind(drawn, "drawn"), claimed, window, kind(tile, "tile"), from_seat & 3, may & 15};
}

void check_records(const std::vector<int>& records) {
  for (std::size_t i = 0; i + 3 < records.size(); i += 4) {
    int code = records[i];
    bool tiles = code == kRecordDiscard || code == kRecordClaimChow || code == kRecordClaimPung;
    if (tiles && (records[i + 2] < 1 || records[i + 2] > 34))
      throw py::value_error("a record's tile is a kind from 1 to 34");
    if (code == kRecordChowAnswer &&
        (records[i + 2] < 1 || records[i + 2] > 34 || records[i + 3] < 1 || records[i + 3] > 34))
      throw py::value_error("a chow's held tiles are kinds from 1 to 34");
  }
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
  py::class_<PyObserver>(m, "Observer")
      .def(py::init<int>(), py::arg("history"))
      .def_property_readonly("history", [](const PyObserver& o) { return o.core.history(); })
      .def_property_readonly("planes", [](const PyObserver& o) { return o.core.planes(); })
      .def_property_readonly("loaded", [](const PyObserver& o) { return o.core.loaded(); })
      .def("clear", [](PyObserver& o) { o.core.clear(); })
      .def(
          "load",
          [](PyObserver& o, const std::vector<std::vector<int>>& counts,
             const std::vector<std::vector<std::pair<int, int>>>& melds, const std::vector<int>& flowers,
             const std::vector<std::vector<int>>& pools, const std::vector<int>& totals, int wall, int hand_no,
             int dealer, int prevailing, int turn, int drawn, bool claimed, int window, int tile, int from_seat,
             int may) {
            if (counts.size() != 4 || melds.size() != 4 || flowers.size() != 4 || pools.size() != 4 ||
                totals.size() != 4)
              throw py::value_error("counts, melds, flowers, pools and totals have one entry per seat");
            std::array<SeatState, 4> seats;
            for (int s = 0; s < 4; ++s) {
              if (counts[s].size() != 35) throw py::value_error("counts are 35 ints per seat (index 0 unused)");
              for (int k = 0; k < 35; ++k) {
                if (counts[s][k] < 0 || counts[s][k] > 4) throw py::value_error("a count is 0 to 4");
                seats[s].counts[k] = counts[s][k];
              }
              for (const auto& [code, first] : melds[s]) {
                int last = code == 0 ? 32 : 34;  // a chow's first tile leaves room for two more
                if (code < 0 || code > 3 || first < 1 || first > last)
                  throw py::value_error("a meld is (code 0 to 3, its first kind)");
              }
              for (int kind : pools[s])
                if (kind < 1 || kind > 34) throw py::value_error("a pool holds kinds 1 to 34");
              seats[s].melds = melds[s];
              seats[s].flowers = flowers[s];
              seats[s].pool = pools[s];
            }
            if (dealer < 0 || dealer > 3 || prevailing < 0 || prevailing > 3)
              throw py::value_error("the dealer is a seat and the prevailing wind 0 to 3");
            o.core.load(seats, {totals[0], totals[1], totals[2], totals[3]}, wall, hand_no, dealer, prevailing,
                        make_marks(turn, drawn, claimed, window, tile, from_seat, may));
          },
          py::arg("counts"), py::arg("melds"), py::arg("flowers"), py::arg("pools"), py::arg("totals"),
          py::arg("wall"), py::arg("hand_no"), py::arg("dealer"), py::arg("prevailing"), py::arg("turn"),
          py::arg("drawn"), py::arg("claimed"), py::arg("window"), py::arg("tile"), py::arg("from_seat"),
          py::arg("may"))
      .def(
          "step",
          [](PyObserver& o, const std::vector<int>& records, int turn, int drawn, bool claimed, int window, int tile,
             int from_seat, int may) {
            check_records(records);
            return o.core.step(records.data(), records.size(),
                               make_marks(turn, drawn, claimed, window, tile, from_seat, may));
          },
          py::arg("records"), py::arg("turn"), py::arg("drawn"), py::arg("claimed"), py::arg("window"),
          py::arg("tile"), py::arg("from_seat"), py::arg("may"))
      .def(
          "step_mask",
          [](PyObserver& o, const std::vector<int>& records, int turn, int drawn, bool claimed, int window, int tile,
             int from_seat, int may, int seat, int moves, const std::vector<int>& codes, py::array out) {
            // One call a move: the step, then the mask of the seat to act (-1: nobody; its
            // `moves` legal moves are its discards when `codes` is empty).
            std::uint8_t* row = mask_row(out, 0);
            check_records(records);
            if (!o.core.step(records.data(), records.size(),
                             make_marks(turn, drawn, claimed, window, tile, from_seat, may)))
              return 0;
            if (seat < 0 || seat > 3 || moves == 0) {
              std::fill(row, row + kActions, std::uint8_t{0});
              return 1;
            }
            bool discards = codes.empty();
            int set = o.core.mask(seat, discards, codes.data(), codes.size(), row);
            return discards && set != moves ? -1 : 1;
          },
          py::arg("records"), py::arg("turn"), py::arg("drawn"), py::arg("claimed"), py::arg("window"),
          py::arg("tile"), py::arg("from_seat"), py::arg("may"), py::arg("seat"), py::arg("moves"),
          py::arg("codes"), py::arg("out"))
      .def(
          "mask",
          [](const PyObserver& o, int seat, bool discards, const std::vector<int>& codes, py::array out, int row) {
            if (seat < 0 || seat > 3) throw py::value_error("a seat is 0 to 3");
            return o.core.mask(seat, discards, codes.data(), codes.size(), mask_row(out, row));
          },
          py::arg("seat"), py::arg("discards"), py::arg("codes"), py::arg("out"), py::arg("row") = 0)
      .def(
          "render",
          [](const PyObserver& o, int seat, py::array_t<float, py::array::c_style> out, py::ssize_t row) {
            if (seat < 0 || seat > 3) throw py::value_error("a seat is 0 to 3");
            if (!o.core.loaded()) throw py::value_error("load a state before rendering");
            o.core.render(seat, planes_row(out, py::ssize_t{o.core.planes()} * kColumns, row));
          },
          // noconvert: a converted copy would be written instead of the caller's array
          py::arg("seat"), py::arg("out").noconvert(), py::arg("row") = 0)
      .def_property_readonly("offered_tile", [](const PyObserver& o) -> py::object {
        const Marks& marks = o.core.marks();
        if (marks.window == 0) return py::none();
        return py::int_(marks.tile);
      });

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
            const ScoreRules& data = rules.cast<const ScoreRules&>();
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
      "render_many",
      [](const std::vector<const PyObserver*>& observers, py::array_t<std::int64_t, py::array::c_style> seats,
         py::array_t<float, py::array::c_style> out) {
        if (seats.ndim() != 1 || static_cast<std::size_t>(seats.shape(0)) != observers.size())
          throw py::value_error("one seat per observer");
        if (observers.empty()) return;
        int planes = observers[0]->core.planes();
        py::ssize_t size = py::ssize_t{planes} * kColumns;
        if (out.size() != size * static_cast<py::ssize_t>(observers.size()))
          throw py::value_error("the planes' array holds one observation per observer");
        std::vector<std::pair<const Observer*, int>> jobs;
        for (std::size_t k = 0; k < observers.size(); ++k) {
          const Observer& core = observers[k]->core;
          int seat = static_cast<int>(seats.at(k));
          if (core.planes() != planes) throw py::value_error("the observers keep different histories");
          if (!core.loaded()) throw py::value_error("every observer needs a state loaded");
          if (seat < 0 || seat > 3) throw py::value_error("a seat is 0 to 3");
          jobs.emplace_back(&core, seat);
        }
        float* data = planes_row(out, size, 0);
        py::gil_scoped_release release;
        for (std::size_t k = 0; k < jobs.size(); ++k) jobs[k].first->render(jobs[k].second, data + k * size);
      },
      py::arg("observers"), py::arg("seats").noconvert(), py::arg("out").noconvert());
}
