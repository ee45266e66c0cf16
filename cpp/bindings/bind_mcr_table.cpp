// Binding of the hand table (cpp/core/mcr/table.hpp): the rules' per-discard step.
//
// The table answers in kinds; the turn's legal moves cross as the rules' own interned move
// objects, handed over once (a tuple indexed by kind for the discards, one for the kongs),
// so a turn's list is one tuple built here, with no object made per move.
#include <pybind11/pybind11.h>

#include <string>

#include "core/mcr/legality.hpp"
#include "core/mcr/table.hpp"

namespace py = pybind11;
using mahjongkit::mcr::Counts;
using mahjongkit::mcr::HandTable;

namespace {

int check_seat(int seat) {
  if (seat < 0 || seat > 3) throw py::value_error("seat must be 0 to 3, not " + std::to_string(seat));
  return seat;
}

int check_kind(int kind, bool zero_ok) {
  if (kind < (zero_ok ? 0 : 1) || kind > 34)
    throw py::value_error("kind must be " + std::string(zero_ok ? "0" : "1") + " to 34, not " + std::to_string(kind));
  return kind;
}

long item(py::handle seq, Py_ssize_t k) {
  const long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq.ptr(), k));
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  return v;
}

py::handle as_list(py::handle seq, const char* what) {
  if (!PyList_Check(seq.ptr()) && !PyTuple_Check(seq.ptr()))
    throw py::type_error(std::string(what) + " must be a list or tuple of ints");
  return seq;
}

Counts counts_of(py::handle seq) {
  as_list(seq, "counts");
  const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq.ptr());
  if (n != 35) throw py::value_error("counts has " + std::to_string(n) + " entries, not 35");
  Counts c{};
  for (Py_ssize_t k = 0; k < 35; ++k) {
    const long v = item(seq, k);
    if (v < 0 || v > 4 || (k == 0 && v != 0))
      throw py::value_error("count of kind " + std::to_string(k) + " out of range: " + std::to_string(v));
    c[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(v);
  }
  return c;
}

// The table and the move objects its turn lists are made of.
struct PyHandTable {
  HandTable table;
  py::tuple discards;  // indexed by kind (1..34)
  py::tuple kongs;     // indexed by kind (1..34)

  py::tuple moves(std::uint64_t held, std::uint64_t kongs_mask) const {
    int n = 0;
    for (std::uint64_t m = held; m; m &= m - 1) ++n;
    for (std::uint64_t m = kongs_mask; m; m &= m - 1) ++n;
    py::tuple out(n);
    int i = 0;
    for (int pass = 0; pass < 2; ++pass) {
      const py::tuple& from = pass == 0 ? discards : kongs;
      for (std::uint64_t m = pass == 0 ? held : kongs_mask; m; m &= m - 1) {
        const int k = __builtin_ctzll(m);
        PyObject* move = PyTuple_GET_ITEM(from.ptr(), k);
        Py_INCREF(move);
        PyTuple_SET_ITEM(out.ptr(), i++, move);
      }
    }
    return out;
  }
};

py::list kinds_of(std::uint64_t mask) {
  py::list out;
  for (; mask; mask &= mask - 1) out.append(__builtin_ctzll(mask));
  return out;
}

long check_walls(long walls) {
  if (walls < 0 || walls > 0xFFFFFFFFL) throw py::value_error("walls must be 0 to 2**32 - 1, not " + std::to_string(walls));
  return walls;
}

void check_discarded(const PyHandTable& self, int seat, int tile, int drawn) {
  check_seat(seat);
  check_kind(tile, false);
  check_kind(drawn, true);
  if (!self.table.counts(seat)[static_cast<std::size_t>(tile)])
    throw py::value_error("seat " + std::to_string(seat) + " holds no kind " + std::to_string(tile));
}

}  // namespace

void register_mcr_legality(py::module_& m) {
  namespace lg = mahjongkit::mcr::legality;
  m.def(
      "legality_claim_priority",
      [](int claim, int seat, int discarder) {
        if (claim < 0 || claim > lg::kClaimPass) throw py::value_error("claim must be 0 to 4, not " + std::to_string(claim));
        return lg::claim_priority(claim, check_seat(seat), check_seat(discarder));
      },
      py::arg("claim"), py::arg("seat"), py::arg("discarder"),
      "The priority of seat's claim (numbered as legality.CLAIM_*) of the discarder's tile: higher wins.");
  m.def(
      "legality_last_of_wall",
      [](int flags, long walls, int seat, bool drew) {
        return lg::last_of_wall(flags, check_walls(walls), check_seat(seat), drew);
      },
      py::arg("flags"), py::arg("walls"), py::arg("seat"), py::arg("drew"),
      "Whether seat's turn holds the wall's last tile.");
  m.def(
      "legality_win_context",
      [](int seat_wind, int prevailing, int tile, int by, int visible, bool last_draw, bool last_discard,
         int replacement) {
        check_kind(tile, false);
        if (by < 0 || by > 2) throw py::value_error("by must be 0 to 2, not " + std::to_string(by));
        const auto c =
            lg::win_context(seat_wind, prevailing, tile, by, visible, last_draw, last_discard, replacement);
        return py::make_tuple(c.winning, c.by, c.replacement, c.seat_wind, c.prevailing_wind, c.last_of_wall,
                              c.last_tile);
      },
      py::arg("seat_wind"), py::arg("prevailing"), py::arg("tile"), py::arg("by"), py::arg("visible"),
      py::arg("last_draw"), py::arg("last_discard"), py::arg("replacement"),
      "The context of a win: (winning, by, replacement, seat_wind, prevailing_wind, last_of_wall, last_tile).");
  m.def(
      "legality_win_check",
      [](int refusal, int basic, int minimum, int flags, int by, int replacement, bool last_of_wall,
         bool last_tile) {
        if (refusal < 0 || refusal > 255) throw py::value_error("refusal must be 0 to 255, not " + std::to_string(refusal));
        mahjongkit::mcr::WinOutput tally;
        tally.refusal = static_cast<mahjongkit::mcr::Refusal>(refusal);
        tally.basic = basic;
        mahjongkit::mcr::ContextIn context;
        context.by = by;
        context.replacement = replacement;
        context.last_of_wall = last_of_wall;
        context.last_tile = last_tile;
        return lg::win_check(tally, minimum, context, flags);
      },
      py::arg("refusal"), py::arg("basic"), py::arg("minimum"), py::arg("flags"), py::arg("by"),
      py::arg("replacement"), py::arg("last_of_wall"), py::arg("last_tile"),
      "The scorer's answer (its refusal as an index, its basic points) as a win in a context (its way, "
      "replacement and last-tile flags) under the rule flags: a code, or -1.");
  m.def(
      "legality_chow_by_middle",
      [](int tile, int middle) -> py::object {
        int a = 0, b = 0;
        if (!lg::chow_by_middle(check_kind(tile, false), middle, a, b)) return py::none();
        return py::make_tuple(a, b);
      },
      py::arg("tile"), py::arg("middle"), "The held pair of a chow of tile named by its middle tile, or None.");
}

void register_mcr_table(py::module_& m) {
  py::class_<PyHandTable>(m, "HandTable",
                          "The four seats' concealed tiles of one hand, for the rules' per-discard step.")
      .def(py::init([](py::tuple discards, py::tuple kongs, int flags) {
             if (discards.size() != 35 || kongs.size() != 35)
               throw py::value_error("discards and kongs are tuples of 35 moves, indexed by kind");
             if (flags < 0 || (flags & ~mahjongkit::mcr::legality::kAllFlags))
               throw py::value_error("flags must be rule flags (0 to " +
                                     std::to_string(mahjongkit::mcr::legality::kAllFlags) + "), not " +
                                     std::to_string(flags));
             return PyHandTable{HandTable{flags}, std::move(discards), std::move(kongs)};
           }),
           py::arg("discards"), py::arg("kongs"), py::arg("flags"))
      .def(
          "set_seat",
          [](PyHandTable& self, int seat, py::handle counts, int melds, py::handle meld_tiles, py::handle pungs) {
            const Counts c = counts_of(counts);
            if (melds < 0 || melds > 4) throw py::value_error("melds must be 0 to 4, not " + std::to_string(melds));
            Counts held{};
            as_list(meld_tiles, "meld_tiles");
            for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(meld_tiles.ptr()); ++i)
              ++held[static_cast<std::size_t>(check_kind(static_cast<int>(item(meld_tiles, i)), false))];
            std::uint64_t mask = 0;
            as_list(pungs, "pungs");
            for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(pungs.ptr()); ++i)
              mask |= std::uint64_t{1} << check_kind(static_cast<int>(item(pungs, i)), false);
            self.table.set_seat(check_seat(seat), c, melds, held, mask);
          },
          py::arg("seat"), py::arg("counts"), py::arg("melds"), py::arg("meld_tiles"), py::arg("pungs"),
          "Replace a seat's tiles: its 35 concealed counts, its number of melds, their tiles "
          "flat, and the kinds of its pungs.")
      .def(
          "offers",
          [](PyHandTable& self, int discarder, int tile, long walls) {
            return self.table.offers(check_seat(discarder), check_kind(tile, false), check_walls(walls));
          },
          py::arg("discarder"), py::arg("tile"), py::arg("walls"),
          "The other seats' offer bits on the discarder's tile, eight a seat (seat + step's at "
          "8 * (step - 1)).")
      .def(
          "discard",
          [](PyHandTable& self, int seat, int tile, int drawn, long walls) {
            check_discarded(self, seat, tile, drawn);
            return self.table.discard(seat, tile, drawn, check_walls(walls));
          },
          py::arg("seat"), py::arg("tile"), py::arg("drawn"), py::arg("walls"),
          "Seat discards tile; when nobody may claim it and drawn is a kind the next seat "
          "draws it: 0, or 1 if it completes that seat's thirteen. Otherwise 2 | offers << 8.")
      .def(
          "step",
          [](PyHandTable& self, int seat, int tile, int drawn, long walls) {
            check_discarded(self, seat, tile, drawn);
            const long found = self.table.discard(seat, tile, drawn, check_walls(walls));
            if (found >= HandTable::kOpen) return py::make_tuple(found, py::tuple());
            const int next = (seat + 1) & 3;
            const long after = self.table.after_draw(walls, next);
            return py::make_tuple(found, self.moves(self.table.discard_mask(next), self.table.kong_mask(next, false, after)));
          },
          py::arg("seat"), py::arg("tile"), py::arg("drawn"), py::arg("walls"),
          "discard(seat, tile, drawn, walls) and, when the next seat drew, its turn moves with "
          "the walls that draw leaves (else an empty tuple), as a pair.")
      .def(
          "draw",
          [](PyHandTable& self, int seat, int tile) {
            return self.table.draw(check_seat(seat), check_kind(tile, false));
          },
          py::arg("seat"), py::arg("tile"), "Seat draws tile: whether it completes the thirteen held before.")
      .def(
          "waits", [](PyHandTable& self, int seat) { return kinds_of(self.table.waits(check_seat(seat))); },
          py::arg("seat"), "The kinds completing the seat's thirteen, ascending (those held four left out).")
      .def(
          "turn_moves",
          [](const PyHandTable& self, int seat, bool claimed, long walls) {
            check_seat(seat);
            return self.moves(self.table.discard_mask(seat), self.table.kong_mask(seat, claimed, check_walls(walls)));
          },
          py::arg("seat"), py::arg("claimed"), py::arg("walls"),
          "The seat's discards then its kongs, by kind, as the legality checks allow.")
      .def(
          "verify_turn",
          [](const PyHandTable& self, int seat, int kind, int tile, bool claimed, long walls) {
            check_seat(seat);
            check_kind(tile, false);
            return self.table.verify_turn(seat, kind, tile, claimed, check_walls(walls));
          },
          py::arg("seat"), py::arg("kind"), py::arg("tile"), py::arg("claimed"), py::arg("walls"),
          "The refusal code (0: legal) of a turn's discard (kind 0) or kong (1) of tile.")
      .def(
          "verify_claim",
          [](const PyHandTable& self, int discarder, int seat, int kind, int a, int b, int tile, long walls) {
            check_seat(discarder);
            check_seat(seat);
            check_kind(tile, false);
            if (kind == 0) {
              check_kind(a, false);
              check_kind(b, false);
            }
            return self.table.verify_claim(discarder, seat, kind, a, b, tile, check_walls(walls));
          },
          py::arg("discarder"), py::arg("seat"), py::arg("kind"), py::arg("a"), py::arg("b"), py::arg("tile"),
          py::arg("walls"),
          "The refusal code (0: legal) of seat claiming the discarder's tile as a chow with a and "
          "b (kind 0), a pung (1) or a kong (2).")
      .def(
          "counts",
          [](const PyHandTable& self, int seat) {
            // The rules read a seat's tiles here each time they change (the table is where
            // they live), so the list is filled through the C API: small ints are shared.
            const Counts& c = self.table.counts(check_seat(seat));
            PyObject* out = PyList_New(35);
            if (!out) throw py::error_already_set();
            for (Py_ssize_t k = 0; k < 35; ++k) PyList_SET_ITEM(out, k, PyLong_FromLong(c[static_cast<std::size_t>(k)]));
            return py::reinterpret_steal<py::list>(out);
          },
          py::arg("seat"), "The seat's 35 concealed counts as the table holds them (a new list).")
      .def("copy", [](const PyHandTable& self) { return PyHandTable(self); }, "An independent copy.");
}
