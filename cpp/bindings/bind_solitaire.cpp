// Bindings of the solitaire core (cpp/core/solitaire): conversion at the boundary only.
// The Python side (mahjongkit/solitaire/engine.py) validates every argument first, so these
// functions see only well-formed input and the errors users get are the same in both
// implementations.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "core/solitaire/deal.hpp"
#include "core/solitaire/geometry.hpp"
#include "core/solitaire/rng.hpp"
#include "core/solitaire/solve.hpp"

namespace py = pybind11;
namespace sol = mahjongkit::solitaire;

namespace {

sol::Bits to_bits(const sol::Geometry& g, const std::vector<int>& slots) {
  sol::Bits b;
  for (int s : slots) {
    if (s < 0 || s >= g.n) throw py::value_error("slot " + std::to_string(s) + " out of range");
    b.set(s);
  }
  return b;
}

std::vector<int> from_bits(const sol::Bits& b) {
  std::vector<int> out;
  b.for_each([&](int i) { out.push_back(i); });
  return out;
}

sol::Geometry make_geometry(const std::vector<std::tuple<int, int, int>>& slots) {
  if (slots.size() > static_cast<std::size_t>(sol::Bits::kCapacity)) {
    throw py::value_error("a layout has at most 192 slots in the core");
  }
  std::vector<sol::Slot> s;
  s.reserve(slots.size());
  for (const auto& [x, y, z] : slots) s.push_back({x, y, z});
  return sol::Geometry::from_slots(s);
}

// The pool holds 72 pairs: a deal needs an even number of slots, at most 144.
void check_dealable(const sol::Geometry& g) {
  if (g.n % 2 != 0 || g.n > 2 * sol::kPoolPairs) {
    throw py::value_error("a dealt layout needs an even number of slots, at most 144");
  }
}

// ---- The exact solver (issue 4) ----

py::tuple solve_position(const sol::Geometry& g, const std::vector<int>& groups,
                         std::int64_t max_nodes, double max_seconds, int playouts,
                         std::uint64_t seed) {
  if (static_cast<int>(groups.size()) != g.n) {
    throw py::value_error("groups has " + std::to_string(groups.size()) +
                          " entries but the layout has " + std::to_string(g.n) + " slots");
  }
  for (int v : groups) {
    if (v < -1 || v > 1023) {
      throw py::value_error("group ids must be -1 (removed) or 0..1023, got " +
                            std::to_string(v));
    }
  }
  sol::SolveLimits limits;
  limits.max_nodes = max_nodes;
  limits.max_seconds = max_seconds;
  limits.playouts = playouts;
  limits.seed = seed;
  sol::SolveResult r;
  {
    py::gil_scoped_release release;
    r = sol::solve(g, groups, limits);
  }
  return py::make_tuple(static_cast<int>(r.status), r.solution, r.nodes, r.playouts, r.seconds,
                        r.reason);
}

void bind_solver(py::module_& m) {
  m.def("solve", &solve_position, py::arg("geometry"), py::arg("groups"),
        py::arg("max_nodes") = 5'000'000, py::arg("max_seconds") = 1.0,
        py::arg("playouts") = 1000, py::arg("seed") = 0x9E3779B97F4A7C15ULL,
        "Decide a position: (status 0 unsolvable / 1 solvable / 2 unknown, solution pairs, "
        "nodes, playouts, seconds, reason). groups[i] is slot i's match group or -1 if removed.");
}

}  // namespace

void register_solitaire(py::module_& m) {
  py::class_<sol::Geometry>(m, "Geometry",
                            "Per-slot blocker masks of a layout (slots as (x, y, z) half units)")
      .def(py::init(&make_geometry), py::arg("slots"))
      .def_property_readonly("size", [](const sol::Geometry& g) { return g.n; })
      .def(
          "free_slots",
          [](const sol::Geometry& g, const std::vector<int>& present) {
            return from_bits(g.free_set(to_bits(g, present)));
          },
          py::arg("present"), "The free slots among `present`, ascending.")
      .def(
          "deal",
          [](const sol::Geometry& g, std::uint64_t seed, int max_trials) {
            check_dealable(g);
            sol::DealOutcome out;
            {
              py::gil_scoped_release release;
              out = sol::deal_board(g, seed, max_trials);
            }
            std::vector<int> faces(out.faces.begin(), out.faces.end());
            std::vector<std::pair<int, int>> pairs;
            pairs.reserve(out.order.size() / 2);
            for (std::size_t i = 0; i + 1 < out.order.size(); i += 2) {
              pairs.emplace_back(out.order[i], out.order[i + 1]);
            }
            return py::make_tuple(out.ok, faces, pairs, out.trials);
          },
          py::arg("seed"), py::arg("max_trials"),
          "(ok, faces per slot, removal order as slot pairs, trials used).")
      .def(
          "redeal",
          [](const sol::Geometry& g, const std::vector<int>& present, std::uint64_t seed,
             std::uint64_t stream, int max_trials) {
            sol::Rng rng(seed, stream);
            std::vector<int> permutation(present.size() / 2);
            for (std::size_t i = 0; i < permutation.size(); ++i) permutation[i] = static_cast<int>(i);
            rng.shuffle(permutation.data(), static_cast<int>(permutation.size()));
            int trials = 0;
            const auto order = sol::reverse_deal_order(g, to_bits(g, present), rng, max_trials, &trials);
            return py::make_tuple(permutation, order, trials);
          },
          py::arg("present"), py::arg("seed"), py::arg("stream"), py::arg("max_trials"),
          "(pair permutation, removal order over `present`, trials used): on one (seed, stream), "
          "a Fisher-Yates shuffle of range(len(present) // 2), then the reverse deal; the order "
          "is empty when every trial got stuck.")
      .def(
          "deal_faces",
          [](const sol::Geometry& g, std::uint64_t first_seed, int count, int max_trials) {
            check_dealable(g);
            if (count < 0) throw py::value_error("count must not be negative");
            std::string buffer(static_cast<std::size_t>(count) * static_cast<std::size_t>(g.n), '\0');
            int failures = 0;
            {
              py::gil_scoped_release release;
              auto* out = reinterpret_cast<std::uint8_t*>(buffer.data());
              for (int i = 0; i < count; ++i) {
                if (!sol::deal_faces(g, first_seed + static_cast<std::uint64_t>(i), max_trials,
                                     out + static_cast<std::size_t>(i) * g.n)) {
                  ++failures;
                }
              }
            }
            return py::make_tuple(py::bytes(buffer), failures);
          },
          py::arg("first_seed"), py::arg("count"), py::arg("max_trials"),
          "Faces of the boards of seeds first_seed .. first_seed+count-1 (mod 2^64), row after "
          "row, and the number of seeds that failed (their rows are zeros).")
      .def(
          "count_free_repeatedly",
          [](const sol::Geometry& g, const std::vector<int>& present, int repeat) {
            const sol::Bits bits = to_bits(g, present);
            long long total = 0;
            py::gil_scoped_release release;
            for (int i = 0; i < repeat; ++i) {
              sol::Bits b = bits;
#if defined(__GNUC__)
              // Defeats hoisting the loop-invariant call out of the loop.
              asm volatile("" : "+r"(b.w[0]));
#endif
              total += g.free_set(b).count();
            }
            return total;
          },
          py::arg("present"), py::arg("repeat"),
          "Sum of the free-set sizes over `repeat` evaluations (a benchmark of the core).");

  m.def(
      "rng_next",
      [](std::uint64_t seed, std::uint64_t stream, int count) {
        sol::Rng rng(seed, stream);
        std::vector<std::uint64_t> out(static_cast<std::size_t>(count));
        for (auto& v : out) v = rng.next();
        return out;
      },
      py::arg("seed"), py::arg("stream"), py::arg("count"));
  m.def(
      "rng_below",
      [](std::uint64_t seed, std::uint64_t stream, std::uint64_t bound, int count) {
        sol::Rng rng(seed, stream);
        std::vector<std::uint64_t> out(static_cast<std::size_t>(count));
        for (auto& v : out) v = rng.below(bound);
        return out;
      },
      py::arg("seed"), py::arg("stream"), py::arg("bound"), py::arg("count"));
  m.def(
      "rng_shuffle",
      [](std::uint64_t seed, std::uint64_t stream, std::vector<int> items) {
        sol::Rng rng(seed, stream);
        rng.shuffle(items.data(), static_cast<int>(items.size()));
        return items;
      },
      py::arg("seed"), py::arg("stream"), py::arg("items"));
  m.attr("DEFAULT_MAX_TRIALS") = sol::kDefaultMaxTrials;
  bind_solver(m);
}
