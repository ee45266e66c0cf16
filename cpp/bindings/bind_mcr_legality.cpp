// Binding of the legality twin (cpp/core/mcr/legality.hpp), for the conformance tests that hold
// it to game/legality.py: the checks of a turn and a claim asked of counts given whole, the
// win, last tile and claim priority. (The hand engine asks the same checks of its own state.)
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>

#include "core/mcr/legality.hpp"

namespace py = pybind11;
using mahjongkit::mcr::Counts;

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

int check_flags(int flags) {
  if (flags < 0 || flags & ~mahjongkit::mcr::legality::kAllFlags)
    throw py::value_error("flags must be rule flags (0 to " + std::to_string(mahjongkit::mcr::legality::kAllFlags) +
                          "), not " + std::to_string(flags));
  return flags;
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

// The kinds of a seat's pungs as bits (bit k: a pung of kind k, promotable to a kong).
std::uint64_t pungs_of(py::handle seq) {
  as_list(seq, "pungs");
  std::uint64_t bits = 0;
  for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq.ptr()); ++i)
    bits |= std::uint64_t{1} << check_kind(static_cast<int>(item(seq, i)), false);
  return bits;
}

py::list kinds_of(std::uint64_t mask) {
  py::list out;
  for (; mask; mask &= mask - 1) out.append(__builtin_ctzll(mask));
  return out;
}

long check_walls(long walls) {
  if (walls < 0 || walls > 0xFFFFFFFFL) throw py::value_error("walls must be 0 to 2**32 - 1, not " + std::to_string(walls));
  return walls;
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
  m.def(
      "legality_turn_check",
      [](int seat, int kind, int tile, py::handle counts, py::handle pungs, bool claimed, int flags, long walls) {
        const Counts c = counts_of(counts);
        check_seat(seat);
        check_kind(tile, false);
        if (kind == 0) return lg::discard_check(c, tile);
        return lg::kong_check(seat, c, pungs_of(pungs), tile, claimed, check_flags(flags), check_walls(walls));
      },
      py::arg("seat"), py::arg("kind"), py::arg("tile"), py::arg("counts"), py::arg("pungs"), py::arg("claimed"),
      py::arg("flags"), py::arg("walls"),
      "The refusal code (legality.CODES index; 0 legal) of seat's turn move: a discard (kind 0) or a kong (1) "
      "of tile, holding counts (35) and pungs of the given kinds.");
  m.def(
      "legality_turn_kinds",
      [](int seat, py::handle counts, py::handle pungs, bool claimed, int flags, long walls) {
        const Counts c = counts_of(counts);
        const std::uint64_t kongs =
            lg::kong_mask(check_seat(seat), c, pungs_of(pungs), claimed, check_flags(flags), check_walls(walls));
        return py::make_tuple(kinds_of(lg::discard_mask(c)), kinds_of(kongs));
      },
      py::arg("seat"), py::arg("counts"), py::arg("pungs"), py::arg("claimed"), py::arg("flags"), py::arg("walls"),
      "The kinds seat may discard and kong now: (discards, kongs), ascending.");
  m.def(
      "legality_claim_check",
      [](int discarder, int seat, int kind, int a, int b, int tile, py::handle counts, int flags, long walls) {
        const Counts c = counts_of(counts);
        check_seat(discarder);
        check_seat(seat);
        check_kind(tile, false);
        check_flags(flags);
        check_walls(walls);
        if (kind == 0) return lg::chow_check(seat, discarder, c, tile, check_kind(a, false), check_kind(b, false), flags, walls);
        if (kind == 1) return lg::pung_check(seat, discarder, c, tile, flags, walls);
        return lg::claim_kong_check(seat, discarder, c, tile, flags, walls);
      },
      py::arg("discarder"), py::arg("seat"), py::arg("kind"), py::arg("a"), py::arg("b"), py::arg("tile"),
      py::arg("counts"), py::arg("flags"), py::arg("walls"),
      "The refusal code (legality.CODES index; 0 legal) of seat's claim of discarder's tile: a chow with a and b "
      "(kind 0), a pung (1), a kong (2).");
  m.def(
      "legality_offer_bits",
      [](int seat, int discarder, py::handle counts, int tile, int flags, long walls) {
        const Counts c = counts_of(counts);
        return lg::offer_bits(check_seat(seat), check_seat(discarder), c, check_kind(tile, false), check_flags(flags),
                              check_walls(walls));
      },
      py::arg("seat"), py::arg("discarder"), py::arg("counts"), py::arg("tile"), py::arg("flags"), py::arg("walls"),
      "The claims seat may make of discarder's tile as legality.OFFER_* bits (no wait bit).");
}
