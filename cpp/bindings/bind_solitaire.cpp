// Bindings of the solitaire core (cpp/core/solitaire): conversion at the boundary only.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "core/solitaire/geometry.hpp"
#include "core/solitaire/solve.hpp"

namespace py = pybind11;
namespace sol = mahjongkit::solitaire;

namespace {

// ---- The exact solver (issue 4) ----

sol::Geometry geometry_from(const std::vector<std::tuple<int, int, int>>& slots) {
  if (static_cast<int>(slots.size()) > sol::Bits::kCapacity) {
    throw std::invalid_argument("a layout has at most " + std::to_string(sol::Bits::kCapacity) +
                                " slots, got " + std::to_string(slots.size()));
  }
  std::vector<sol::Slot> s;
  s.reserve(slots.size());
  for (const auto& [x, y, z] : slots) s.push_back({x, y, z});
  return sol::Geometry::from_slots(s);
}

py::tuple solve_position(const std::vector<std::tuple<int, int, int>>& slots,
                         const std::vector<int>& groups, std::int64_t max_nodes,
                         double max_seconds, int playouts, std::uint64_t seed) {
  if (groups.size() != slots.size()) {
    throw std::invalid_argument("groups has " + std::to_string(groups.size()) +
                                " entries but the layout has " + std::to_string(slots.size()) +
                                " slots");
  }
  for (int v : groups) {
    if (v < -1 || v > 1023) {
      throw std::invalid_argument("group ids must be -1 (removed) or 0..1023, got " +
                                  std::to_string(v));
    }
  }
  const sol::Geometry g = geometry_from(slots);
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
  m.def("solve", &solve_position, py::arg("slots"), py::arg("groups"),
        py::arg("max_nodes") = 5'000'000, py::arg("max_seconds") = 1.0,
        py::arg("playouts") = 1000, py::arg("seed") = 0x9E3779B97F4A7C15ULL,
        "Decide a position: (status 0 unsolvable / 1 solvable / 2 unknown, solution pairs, "
        "nodes, playouts, seconds, reason). groups[i] is slot i's match group or -1 if removed.");
}

}  // namespace

void register_solitaire(py::module_& m) { bind_solver(m); }
