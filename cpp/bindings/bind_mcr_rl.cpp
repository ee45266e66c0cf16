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

namespace py = pybind11;
using namespace mahjongkit::mcr::rl;

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
