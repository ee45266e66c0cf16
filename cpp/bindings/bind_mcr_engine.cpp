// Binding of the hand engine (cpp/core/mcr/hand_engine.hpp): one hand's state machine.
//
// Moves cross as (kind, tile, a, b) tuples of ints numbered as MoveKind's declaration order
// (mahjongkit.mcr.game.engine turns them into Move values); refusals as the engine's codes
// (legality.ENGINE_CODES). The engine keeps a pointer to the ruleset's scorer data: the
// Python object holds the ScoreRules alive, and a clone shares it.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "core/mcr/hand_engine.hpp"
#include "py_hand_engine.hpp"

namespace py = pybind11;
using mahjongkit::mcr::EngineLog;
using mahjongkit::mcr::EngineMove;
using mahjongkit::mcr::HandEngine;
using mahjongkit::mcr::LegalMoves;
using mahjongkit::mcr::ScoreRules;
using mahjongkit::bindings::PyHandEngine;

namespace {

int check_seat(int seat) {
  if (seat < 0 || seat > 3) throw py::value_error("seat must be 0 to 3, not " + std::to_string(seat));
  return seat;
}

std::uint8_t small(int v, const char* what) {
  if (v < 0 || v > 255) throw py::value_error(std::string(what) + " out of range: " + std::to_string(v));
  return static_cast<std::uint8_t>(v);
}

EngineMove move_of(int kind, int tile, int a, int b) {
  return EngineMove{small(kind, "kind"), small(tile, "tile"), small(a, "a"), small(b, "b")};
}

std::vector<std::uint8_t> kinds_of(const std::vector<int>& tiles, int high) {
  std::vector<std::uint8_t> out;
  out.reserve(tiles.size());
  for (int t : tiles) {
    if (t < 1 || t > high) throw py::value_error("a wall holds kinds 1 to " + std::to_string(high) + ", not " +
                                                 std::to_string(t));
    out.push_back(static_cast<std::uint8_t>(t));
  }
  return out;
}

py::list legal_of(const PyHandEngine& self, int seat) {
  LegalMoves legal;
  self.engine.legal(check_seat(seat), legal);
  py::list out(static_cast<std::size_t>(legal.count));
  for (int i = 0; i < legal.count; ++i) {
    const EngineMove& m = legal.moves[static_cast<std::size_t>(i)];
    out[static_cast<std::size_t>(i)] = py::make_tuple(int{m.kind}, int{m.tile}, int{m.a}, int{m.b});
  }
  return out;
}

// A move's number among the moves a seat can make (game/engine_hand.py builds the table of
// Move values in this numbering): a discard 1..34, a turn's kong 35..68, a window's kong 69,
// win 70, pass 71, pung 72, a chow 73 + 2 (a - 1) + (b - a - 1) for its held tiles a < b.
constexpr int kMoveNumbers = 139;

int number_of(const EngineMove& m) {
  switch (m.kind) {
    case mahjongkit::mcr::kMoveDiscard:
      return m.tile;
    case mahjongkit::mcr::kMoveKong:
      return m.tile ? 34 + m.tile : 69;
    case mahjongkit::mcr::kMoveWin:
      return 70;
    case mahjongkit::mcr::kMovePass:
      return 71;
    case mahjongkit::mcr::kMoveChow:
      return 73 + 2 * (m.a - 1) + (m.b - m.a - 1);
    default:
      return 72;  // pung
  }
}

py::tuple legal_moves_of(const PyHandEngine& self, int seat, const py::tuple& table) {
  if (table.size() != kMoveNumbers)
    throw py::value_error("the table of moves holds " + std::to_string(kMoveNumbers) + " entries");
  LegalMoves legal;
  self.engine.legal(check_seat(seat), legal);
  py::tuple out(static_cast<std::size_t>(legal.count));
  for (int i = 0; i < legal.count; ++i) {
    const int n = number_of(legal.moves[static_cast<std::size_t>(i)]);
    out[static_cast<std::size_t>(i)] = table[static_cast<std::size_t>(n)];
  }
  return out;
}

py::tuple tally_of(const mahjongkit::mcr::WinOutput& t) {
  py::tuple fans(t.nfans);
  for (int f = 0; f < t.nfans; ++f) {
    const auto& fan = t.fans[static_cast<std::size_t>(f)];
    fans[static_cast<std::size_t>(f)] = py::make_tuple(int{fan.number}, int{fan.times});
  }
  return py::make_tuple(int{t.basic}, int{t.flowers}, fans);
}

// A table of values `looked_up` reads: checked before the engine moves, so that a table of the
// wrong type is a TypeError with nothing changed (a mapping whose own lookup raises is the
// caller's: the move is then taken and its values are lost, as documented on apply_events).
void check_table(const py::object& table) {
  if (!PyMapping_Check(table.ptr()) || PySequence_Check(table.ptr()))
    throw py::type_error("the table of values is a mapping from packed records (a dict), not " +
                         std::string(py::str(py::type::handle_of(table).attr("__name__"))));
}

// The log's records but the end's (the match tells a hand's end), each looked up in `table`
// (PyObject_GetItem: a dict subclass's __missing__ may make a value when first asked).
py::list looked_up(const EngineLog& log, const py::object& table) {
  int n = log.count;
  if (n > 0 && log.records[static_cast<std::size_t>(n - 1)].kind == mahjongkit::mcr::Told::End) --n;
  PyObject* out = PyList_New(n);
  if (out == nullptr) throw py::error_already_set();
  auto list = py::reinterpret_steal<py::list>(out);
  for (int i = 0; i < n; ++i) {
    const py::int_ record(log.records[static_cast<std::size_t>(i)].packed());
    PyObject* item = PyObject_GetItem(table.ptr(), record.ptr());
    if (item == nullptr) throw py::error_already_set();
    PyList_SET_ITEM(out, i, item);
  }
  return list;
}

}  // namespace

void register_mcr_engine(py::module_& m) {
  py::class_<PyHandEngine>(m, "HandEngine",
                           "One hand's state machine (the twin of the Python hand layer): moves as (kind, tile, "
                           "a, b), refusals as legality.ENGINE_CODES indices.")
      .def(py::init([](py::object rules, int flags, int minimum, int dealer, int prevailing) {
             const ScoreRules& r = mahjongkit::bindings::engine_rules(rules, flags, minimum);
             return PyHandEngine{HandEngine(r, flags, minimum, check_seat(dealer), check_seat(prevailing)), rules};
           }),
           py::arg("rules"), py::arg("flags"), py::arg("minimum"), py::arg("dealer"), py::arg("prevailing"))
      .def(
          "deal_shared",
          [](PyHandEngine& self, const std::vector<int>& tiles) {
            const auto kinds = kinds_of(tiles, 42);
            return self.engine.deal_shared(kinds.data(), static_cast<int>(kinds.size()));
          },
          py::arg("tiles"), "Deal from one shared wall, front first; False when it is too short or the engine was dealt.")
      .def(
          "deal_seat_walls",
          [](PyHandEngine& self, const std::vector<std::vector<int>>& walls) {
            if (walls.size() != 4) throw py::value_error("four walls, one a seat");
            std::array<std::vector<std::uint8_t>, 4> kinds;
            std::array<const std::uint8_t*, 4> ptrs{};
            std::array<int, 4> counts{};
            for (std::size_t s = 0; s < 4; ++s) {
              kinds[s] = kinds_of(walls[s], 34);
              ptrs[s] = kinds[s].data();
              counts[s] = static_cast<int>(kinds[s].size());
            }
            return self.engine.deal_seat_walls(ptrs, counts);
          },
          py::arg("walls"), "Deal from four walls, one a seat, front first; False when one is too short or the engine was dealt.")
      .def(
          "deal_shared_events",
          [](PyHandEngine& self, py::object table, const std::vector<int>& tiles) -> py::object {
            check_table(table);
            const auto kinds = kinds_of(tiles, 42);
            EngineLog log;
            if (!self.engine.deal_shared_told(kinds.data(), static_cast<int>(kinds.size()), log)) return py::none();
            return looked_up(log, table);
          },
          py::arg("table"), py::arg("tiles"),
          "deal_shared with the deal's records (flowers, replacements) looked up in `table`, as apply_events; "
          "None when the deal is refused.")
      .def(
          "deal_seed_events",
          [](PyHandEngine& self, py::object table, py::bytes seed, long hand_no, bool flowers) -> py::object {
            check_table(table);
            if (hand_no < 1) throw py::value_error("hand numbers start at 1, not " + std::to_string(hand_no));
            const std::string key = seed;
            if (key.empty()) throw py::value_error("the seed is empty");
            EngineLog log;
            if (!self.engine.deal_seed_told(key, hand_no, flowers, log)) return py::none();
            return looked_up(log, table);
          },
          py::arg("table"), py::arg("seed"), py::arg("hand_no"), py::arg("flowers"),
          "deal_seed with the deal's records looked up in `table`, as apply_events (four walls: none); None "
          "when the deal is refused.")
      .def(
          "deal_seed",
          [](PyHandEngine& self, py::bytes seed, long hand_no, bool flowers) {
            if (hand_no < 1) throw py::value_error("hand numbers start at 1, not " + std::to_string(hand_no));
            const std::string key = seed;
            if (key.empty()) throw py::value_error("the seed is empty");
            return self.engine.deal_seed(key, hand_no, flowers);
          },
          py::arg("seed"), py::arg("hand_no"), py::arg("flowers"),
          "Deal hand `hand_no` of the seed's bytes (decision 12's wall): four walls of 34 with the "
          "four-walls flag, else one shared wall, less the flowers unless `flowers`.")
      .def("legal", &legal_of, py::arg("seat"), "The seat's legal moves now, in the legal list's order.")
      .def("legal_moves", &legal_moves_of, py::arg("seat"), py::arg("table"),
           "The seat's legal moves now as the caller's objects: table[n] for each move's number n (139: "
           "discards 1-34, turn kongs 35-68, window kong 69, win 70, pass 71, pung 72, chows 73-138).")
      .def(
          "verify",
          [](const PyHandEngine& self, int seat, int kind, int tile, int a, int b) {
            return self.engine.verify(check_seat(seat), move_of(kind, tile, a, b));
          },
          py::arg("seat"), py::arg("kind"), py::arg("tile") = 0, py::arg("a") = 0, py::arg("b") = 0,
          "0 when the move is legal now, else its refusal code.")
      .def(
          "apply",
          [](PyHandEngine& self, int seat, int kind, int tile, int a, int b) {
            return self.engine.apply(check_seat(seat), move_of(kind, tile, a, b));
          },
          py::arg("seat"), py::arg("kind"), py::arg("tile") = 0, py::arg("a") = 0, py::arg("b") = 0,
          "Take the move (0) or refuse it (its code; nothing changes).")
      .def(
          "apply_told",
          [](PyHandEngine& self, int seat, int kind, int tile, int a, int b) {
            EngineLog log;
            if (self.engine.apply_told(check_seat(seat), move_of(kind, tile, a, b), log) != 0) return py::tuple();
            // Built with the C API: one tuple of small ints is all that crosses (a move's cost).
            PyObject* out = PyTuple_New(log.count);
            if (out == nullptr) throw py::error_already_set();
            for (int i = 0; i < log.count; ++i) {
              PyObject* item = PyLong_FromLong(log.records[static_cast<std::size_t>(i)].packed());
              if (item == nullptr) {
                Py_DECREF(out);
                throw py::error_already_set();
              }
              PyTuple_SET_ITEM(out, i, item);
            }
            return py::reinterpret_steal<py::tuple>(out);
          },
          py::arg("seat"), py::arg("kind"), py::arg("tile") = 0, py::arg("a") = 0, py::arg("b") = 0,
          "Take the move and return what it did, one packed record (engine_log.hpp) a step in the "
          "order taken; () when it is refused (nothing changes; verify() gives the code).")
      .def(
          "apply_events",
          [](PyHandEngine& self, py::object table, int seat, int kind, int tile, int a, int b) -> py::object {
            check_table(table);
            EngineLog log;
            if (self.engine.apply_told(check_seat(seat), move_of(kind, tile, a, b), log) != 0) return py::none();
            return looked_up(log, table);
          },
          py::arg("table"), py::arg("seat"), py::arg("kind"), py::arg("tile") = 0, py::arg("a") = 0,
          py::arg("b") = 0,
          "apply_told with each record but the end's looked up in `table` (a mapping from packed records, "
          "which may make a value when first asked): the list of values, or None when the move is refused. "
          "A table that is not a mapping is a TypeError before the move; a lookup that raises leaves the "
          "move taken.")
      .def(
          "discard_passed",
          [](PyHandEngine& self, int seat, int tile) {
            return self.engine.discard_passed(check_seat(seat), small(tile, "tile"));
          },
          py::arg("seat"), py::arg("tile"),
          "The seat discards the tile and every other seat passes it (0), or the discard's refusal code.")
      .def(
          "discard_claimed",
          [](PyHandEngine& self, int seat, int tile) {
            return self.engine.discard_claimed(check_seat(seat), small(tile, "tile"));
          },
          py::arg("seat"), py::arg("tile"),
          "The seat discards the tile, which another seat claims: the window opens, each seat's offers "
          "worked out when first read (0), or the discard's refusal code.")
      .def(
          "claim_taken",
          [](PyHandEngine& self, int seat, int kind, int tile, int a, int b) {
            return self.engine.claim_taken(check_seat(seat), move_of(kind, tile, a, b));
          },
          py::arg("seat"), py::arg("kind"), py::arg("tile") = 0, py::arg("a") = 0, py::arg("b") = 0,
          "In the open window the seat's answer is taken and every seat still awaited passes (0), or "
          "the answer's refusal code.")
      .def(
          "clone", [](const PyHandEngine& self) { return PyHandEngine{self.engine.clone(), self.rules}; },
          "An independent copy.")
      .def(
          "clone_loop",
          [](const PyHandEngine& self, long count) {
            long sum = 0;
            {
              py::gil_scoped_release release;
              for (long i = 0; i < count; ++i) {
                HandEngine copy = self.engine.clone();
                sum += copy.wall_left();
              }
            }
            return sum;
          },
          py::arg("count"), "Clone `count` times in C++ (the benchmark's measure of a copy's cost).")
      .def_property_readonly("phase", [](const PyHandEngine& s) { return s.engine.phase(); })
      .def_property_readonly("over", [](const PyHandEngine& s) { return s.engine.over(); })
      .def_property_readonly("flags", [](const PyHandEngine& s) { return s.engine.flags(); })
      .def_property_readonly("turn", [](const PyHandEngine& s) { return s.engine.turn(); })
      .def_property_readonly("drawn", [](const PyHandEngine& s) { return s.engine.drawn(); })
      .def_property_readonly("drawn_from", [](const PyHandEngine& s) { return s.engine.drawn_from(); })
      .def_property_readonly("replacement", [](const PyHandEngine& s) { return s.engine.replacement(); })
      .def_property_readonly("claimed_this_turn", [](const PyHandEngine& s) { return s.engine.claimed_this_turn(); })
      .def_property_readonly("last_draw_emptied", [](const PyHandEngine& s) { return s.engine.last_draw_emptied(); })
      .def_property_readonly("last_discard_is_last",
                             [](const PyHandEngine& s) { return s.engine.last_discard_is_last(); })
      .def_property_readonly("waiting", [](const PyHandEngine& s) { return s.engine.waiting(); })
      .def_property_readonly("first_awaited", [](const PyHandEngine& s) { return s.engine.first_awaited(); })
      .def(
          "awaited",
          [](const PyHandEngine& s, const py::tuple& table) -> py::object {
            if (table.size() != 65) throw py::value_error("the table of awaited seats holds 65 entries");
            const int first = s.engine.first_awaited();
            if (first < 0) return table[64];
            return table[static_cast<std::size_t>(16 * first + s.engine.waiting())];
          },
          py::arg("table"),
          "The caller's entry for who is awaited now: table[16 * first_awaited + waiting], or table[64] when "
          "nobody is.")
      .def_property_readonly("walls", [](const PyHandEngine& s) { return s.engine.walls(); })
      .def_property_readonly("wall_left", [](const PyHandEngine& s) { return s.engine.wall_left(); })
      .def_property_readonly("scorer_refused", [](const PyHandEngine& s) { return s.engine.scorer_refused(); })
      .def(
          "marks",
          [](const PyHandEngine& s) {
            const auto& e = s.engine;
            return py::make_tuple(e.phase(), e.turn(), e.wall_front(), e.wall_back(), e.wall_taken(0), e.wall_taken(1),
                                  e.wall_taken(2), e.wall_taken(3), e.meld_count(0) + e.meld_count(1) +
                                  e.meld_count(2) + e.meld_count(3));
          },
          "(phase, turn, front, back, taken by seat 0..3, melds on the table): where the engine reads its "
          "walls.")
      .def(
          "visible",
          [](const PyHandEngine& s, int kind) {
            if (kind < 1 || kind > 34) throw py::value_error("a kind a hand can play is 1 to 34");
            return s.engine.visible(kind);
          },
          py::arg("kind"),
          "Copies of `kind` face up: in the pools and in exposed melds.")
      .def(
          "window_answers",
          [](const PyHandEngine& s) {
            const auto& e = s.engine;
            py::list out;
            for (int seat = 0; seat < 4; ++seat) {
              if (!e.window_answered(seat)) {
                out.append(py::none());
                continue;
              }
              const auto& m = e.window_answer(seat);
              out.append(py::make_tuple(int{m.kind}, int{m.tile}, int{m.a}, int{m.b}));
            }
            return out;
          },
          "The open window's answers lodged, a seat each: (kind, tile, a, b) or None.")
      .def(
          "end_context",
          [](const PyHandEngine& s) -> py::object {
            const auto& e = s.engine;
            if (!e.over() || !e.dealt() || e.winner() < 0) return py::none();
            const auto& c = e.context();
            return py::make_tuple(c.winning, c.by, c.replacement, c.seat_wind, c.prevailing_wind, c.last_of_wall,
                                  c.last_tile);
          },
          "The context the win was scored in: (winning, by, replacement, seat wind, prevailing wind, last of "
          "wall, last tile); None without a win.")
      .def(
          "counts",
          [](const PyHandEngine& s, int seat) {
            const auto& c = s.engine.counts(check_seat(seat));
            return std::vector<int>(c.begin(), c.end());
          },
          py::arg("seat"), "The seat's concealed counts (35, index 0 unused).")
      .def(
          "melds",
          [](const PyHandEngine& s, int seat) {
            py::list out;
            for (int i = 0; i < s.engine.meld_count(check_seat(seat)); ++i) {
              const auto& m = s.engine.meld(seat, i);
              out.append(py::make_tuple(int{m.kind}, int{m.first}, m.concealed, int{m.from}, int{m.claimed}));
            }
            return out;
          },
          py::arg("seat"), "The seat's melds: (SetKind, first kind, concealed, from seat, claimed tile).")
      .def(
          "flowers",
          [](const PyHandEngine& s, int seat) {
            std::vector<int> out;
            for (int i = 0; i < s.engine.flower_count(check_seat(seat)); ++i) out.push_back(s.engine.flower(seat, i));
            return out;
          },
          py::arg("seat"), "The seat's exposed bonus tiles, sorted.")
      .def(
          "pool",
          [](const PyHandEngine& s, int seat) {
            std::vector<int> out;
            for (int i = 0; i < s.engine.pool_size(check_seat(seat)); ++i) out.push_back(s.engine.pool(seat, i));
            return out;
          },
          py::arg("seat"), "The seat's discards in order, less the claimed.")
      .def(
          "window",
          [](const PyHandEngine& s) -> py::object {
            const auto& e = s.engine;
            if (e.phase() != HandEngine::kPhaseClaim && e.phase() != HandEngine::kPhaseRob) return py::none();
            return py::make_tuple(e.phase(), e.window_tile(), e.window_from(), e.window_asked(),
                                  py::make_tuple(e.window_offers(0), e.window_offers(1), e.window_offers(2),
                                                 e.window_offers(3)));
          },
          "The open window as (phase, tile, from seat, asked seats' bits, offer bits a seat), or None.")
      .def(
          "end",
          [](const PyHandEngine& s) -> py::object {
            const auto& e = s.engine;
            if (!e.over() || !e.dealt()) return py::none();
            if (e.winner() < 0) return py::make_tuple(-1, -1, -1, 0, py::none());
            return py::make_tuple(e.winner(), e.win_by(), e.discarder(), e.win_tile(), tally_of(e.tally()));
          },
          "The end: (winner, way, discarder, tile, (basic, flower points, fans)), winner -1 for an exhausted "
          "wall; None while the hand goes on (or is not dealt).");
}
