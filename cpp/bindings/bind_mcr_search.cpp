// Binding of level 4's search (cpp/core/mcr/rollout.hpp): one call per decision, the GIL
// released while the worlds are played. The caller (players/search.py) passes only what the
// deciding seat sees; the values cross as plain ints and lists.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <tuple>
#include <vector>

#include "core/mcr/rollout.hpp"
#include "core/mcr/rollout_plan.hpp"
#include "py_hand_engine.hpp"

namespace py = pybind11;
using mahjongkit::mcr::EngineMeld;
using mahjongkit::mcr::EngineMove;
using mahjongkit::mcr::ScoreRules;
using mahjongkit::mcr::SearchSpec;

namespace {

using MeldTuple = std::tuple<int, int, bool, int, int>;  // kind, first, concealed, from, claimed
using MoveTuple = std::tuple<int, int, int, int>;         // kind, tile, a, b

std::uint8_t byte(int v, const char* what) {
  if (v < 0 || v > 255) throw py::value_error(std::string(what) + " out of range: " + std::to_string(v));
  return static_cast<std::uint8_t>(v);
}

std::uint8_t kind(int v, int high, const char* what) {
  if (v < 1 || v > high) throw py::value_error(std::string(what) + " must be a kind 1 to " + std::to_string(high) +
                                               ", not " + std::to_string(v));
  return static_cast<std::uint8_t>(v);
}

template <typename Four>
void check_four(const Four& v, const char* what) {
  if (v.size() != 4) throw py::value_error(std::string(what) + ": one entry a seat (four)");
}

std::vector<std::uint8_t> kinds(const std::vector<int>& v, int high, const char* what) {
  std::vector<std::uint8_t> out;
  for (int k : v) out.push_back(kind(k, high, what));
  return out;
}

}  // namespace

void register_mcr_search(py::module_& m) {
  m.def(
      "search_worlds",
      [](py::object rules, int flags, int minimum, int dealer, int prevailing, int seat,
         const std::vector<int>& counts, const std::vector<std::vector<MeldTuple>>& melds,
         const std::vector<std::vector<int>>& flowers, const std::vector<std::vector<int>>& pools,
         const std::vector<int>& hidden, const std::vector<int>& unseen, const std::vector<int>& bonus,
         bool four_walls, const std::vector<int>& wall_sizes, int turn, int drawn, int window_tile,
         const std::vector<MoveTuple>& candidates, int worlds, double max_seconds, std::uint64_t seed,
         int policy, bool read_discards, bool paced) {
        SearchSpec spec;
        spec.rules = &mahjongkit::bindings::engine_rules(rules, flags, minimum);
        for (int s : {dealer, prevailing, seat, turn})
          if (s < 0 || s > 3) throw py::value_error("a seat or wind is 0 to 3, not " + std::to_string(s));
        spec.flags = flags;
        spec.minimum = minimum;
        spec.dealer = dealer;
        spec.prevailing = prevailing;
        spec.seat = seat;
        if (counts.size() != 35 || unseen.size() != 35) throw py::value_error("counts and unseen have 35 entries");
        check_four(melds, "melds");
        check_four(flowers, "flowers");
        check_four(pools, "pools");
        check_four(hidden, "hidden");
        if (wall_sizes.size() != (four_walls ? 4U : 1U)) throw py::value_error("wall_sizes: four walls or one");
        for (std::size_t k = 1; k < 35; ++k) {
          spec.known.counts[static_cast<std::size_t>(seat)][k] = byte(counts[k], "a count");
          spec.unseen[k] = byte(unseen[k], "an unseen count");
        }
        for (std::size_t s = 0; s < 4; ++s) {
          for (const auto& [k, first, concealed, from, claimed] : melds[s]) {
            if (k < 0 || k > 2) throw py::value_error("a meld is a chow, pung or kong (0, 1, 2)");
            spec.known.melds[s].push_back(EngineMeld{static_cast<std::uint8_t>(k), byte(first, "a meld's kind"),
                                                     concealed, static_cast<std::int8_t>(from < 0 ? -1 : from & 3),
                                                     byte(claimed, "a claimed tile")});
          }
          spec.known.flowers[s] = kinds(flowers[s], 42, "a flower");
          spec.known.pools[s] = kinds(pools[s], 34, "a discard");
          spec.hidden[s] = s == static_cast<std::size_t>(seat) ? 0 : hidden[s];
          if (hidden[s] < 0 || hidden[s] > 14) throw py::value_error("hidden counts are 0 to 14");
        }
        spec.bonus = kinds(bonus, 42, "a bonus tile");
        spec.known.four_walls = four_walls;
        for (std::size_t s = 0; s < wall_sizes.size(); ++s) {
          if (wall_sizes[s] < 0 || wall_sizes[s] > 144) throw py::value_error("a wall holds 0 to 144 tiles");
          spec.wall_sizes[s] = wall_sizes[s];
        }
        spec.known.turn = turn;
        spec.known.drawn = drawn ? kind(drawn, 34, "drawn") : 0;
        spec.known.window_tile = window_tile ? kind(window_tile, 34, "window_tile") : 0;
        for (const auto& [k, tile, a, b] : candidates)
          spec.candidates.push_back(EngineMove{byte(k, "a move kind"), byte(tile, "a tile"), byte(a, "a"), byte(b, "b")});
        spec.worlds = worlds < 0 ? 0 : worlds;
        spec.max_seconds = max_seconds;
        spec.seed = seed;
        if (policy != mahjongkit::mcr::kPolicyShanten && policy != mahjongkit::mcr::kPolicyPlanned &&
            policy != mahjongkit::mcr::kPolicyMixed)
          throw py::value_error("policy is 0 (shanten), 1 (planned) or 2 (mixed), not " + std::to_string(policy));
        spec.policy = policy;
        spec.read_discards = read_discards;
        spec.paced = paced;
        mahjongkit::mcr::SearchResult result;
        {
          py::gil_scoped_release release;
          result = mahjongkit::mcr::search_worlds(spec);
        }
        return py::make_tuple(result.worlds, result.skipped, result.scores, result.dealt_shanten);
      },
      py::arg("rules"), py::arg("flags"), py::arg("minimum"), py::arg("dealer"), py::arg("prevailing"),
      py::arg("seat"), py::arg("counts"), py::arg("melds"), py::arg("flowers"), py::arg("pools"), py::arg("hidden"),
      py::arg("unseen"), py::arg("bonus"), py::arg("four_walls"), py::arg("wall_sizes"), py::arg("turn"),
      py::arg("drawn"), py::arg("window_tile"), py::arg("candidates"), py::arg("worlds"), py::arg("max_seconds"),
      py::arg("seed"), py::arg("policy") = mahjongkit::mcr::kPolicyShanten,
      py::arg("read_discards") = false, py::arg("paced") = false,
      "Level 4's worlds: (worlds played, worlds skipped, scores row by row, one per candidate, each seat's "
      "shanten of its dealt hidden tiles summed over the worlds), the seat's "
      "settlement after each candidate played out by the rollout policy (0 shanten, 1 planned, 2 mixed: planned "
      "at the searching seat, shanten at the others) in each sampled "
      "world (the other seats' hidden tiles weighted by their discards when read_discards, and as far along "
      "as real players' at their discards and melds when paced).");
  m.def(
      "plan_distances",
      [](const std::vector<int>& counts, const std::vector<std::pair<int, int>>& melds, const std::vector<int>& unseen,
         int seat_wind, int prevailing) {
        if (counts.size() != 35 || unseen.size() != 35) throw py::value_error("counts and unseen have 35 entries");
        if (melds.size() > 4) throw py::value_error("at most four melds");
        for (int s : {seat_wind, prevailing})
          if (s < 0 || s > 3) throw py::value_error("a wind is 0 to 3, not " + std::to_string(s));
        mahjongkit::mcr::Counts c{}, left{};
        for (std::size_t k = 1; k < 35; ++k) {
          c[k] = byte(counts[k], "a count");
          left[k] = byte(unseen[k], "an unseen count");
        }
        std::vector<EngineMeld> held;
        for (const auto& [k, first] : melds) {
          if (k < 0 || k > 2) throw py::value_error("a meld is a chow, pung or kong (0, 1, 2)");
          held.push_back(EngineMeld{static_cast<std::uint8_t>(k), kind(first, 34, "a meld's kind"), false, -1, 0});
        }
        std::vector<int> out;
        for (const auto& target : mahjongkit::mcr::plan_targets(seat_wind, prevailing))
          out.push_back(mahjongkit::mcr::plan_distance(c, held.data(), static_cast<int>(held.size()), target, left));
        return out;
      },
      py::arg("counts"), py::arg("melds"), py::arg("unseen"), py::arg("seat_wind"), py::arg("prevailing"),
      "The planned rollout policy's distance toward each of its targets (the planner's targets in their "
      "order, then seven pairs and a plain hand; 99 when out of reach), for the conformance tests.");
}
