// Bindings of the solitaire core (cpp/core/solitaire): conversion at the boundary only.
// The Python side (mahjongkit/solitaire/engine.py) validates every argument first, so these
// functions see only well-formed input and the errors users get are the same in both
// implementations.
#include <pybind11/pybind11.h>
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "core/solitaire/deal.hpp"
#include "core/solitaire/geometry.hpp"
#include "core/solitaire/properties.hpp"
#include "core/solitaire/rng.hpp"
#include "core/solitaire/search.hpp"
#include "core/solitaire/solve.hpp"

namespace py = pybind11;
namespace sol = mahjongkit::solitaire;

namespace {

template <int W>
sol::Bits<W> to_bits(const sol::Geometry<W>& g, const std::vector<int>& slots) {
  sol::Bits<W> b;
  for (int s : slots) {
    if (s < 0 || s >= g.n) throw py::value_error("slot " + std::to_string(s) + " out of range");
    b.set(s);
  }
  return b;
}

template <int W>
std::vector<int> from_bits(const sol::Bits<W>& b) {
  std::vector<int> out;
  b.for_each([&](int i) { out.push_back(i); });
  return out;
}

constexpr int kMaxCoordinate = 65535;

sol::AnyGeometry make_geometry(const std::vector<std::tuple<int, int, int>>& slots, int words) {
  if (words != 0 && words != 3 && words != 4 && words != 9) {
    throw py::value_error("words must be 0 (the smallest that holds the layout), 3, 4 or 9");
  }
  if (slots.size() > static_cast<std::size_t>(sol::kMaxSlots)) {
    throw py::value_error("a layout has at most " + std::to_string(sol::kMaxSlots) +
                          " slots in the core");
  }
  std::vector<sol::Slot> s;
  s.reserve(slots.size());
  for (const auto& [x, y, z] : slots) {
    // As Layout checks (MAX_COORDINATE): the geometry subtracts coordinates in ints.
    if (x < 0 || y < 0 || z < 0 || x > kMaxCoordinate || y > kMaxCoordinate || z > kMaxCoordinate) {
      throw py::value_error("slot coordinates must be 0 to " + std::to_string(kMaxCoordinate));
    }
    s.push_back({x, y, z});
  }
  return sol::AnyGeometry::from_slots(s, words);
}

// What one call may produce: a count from Python is checked before anything is allocated.
constexpr int kMaxCount = 1 << 24;

void check_count(int count) {
  if (count < 0 || count > kMaxCount) {
    throw py::value_error("count must be from 0 to " + std::to_string(kMaxCount) + ", got " +
                          std::to_string(count));
  }
}

// A deal takes pairs from up to four tile sets: an even number of slots, at most 576.
void check_dealable(const sol::AnyGeometry& g) {
  if (g.size() % 2 != 0) throw py::value_error("a dealt layout needs an even number of slots");
}

// ---- The exact solver (issue 4) ----

py::tuple solve_position(const sol::AnyGeometry& g, const std::vector<int>& groups,
                         std::int64_t max_nodes, double max_seconds, int playouts,
                         std::uint64_t seed, int quick_games, int playouts_per_restart,
                         bool learning) {
  if (static_cast<int>(groups.size()) != g.size()) {
    throw py::value_error("groups has " + std::to_string(groups.size()) +
                          " entries but the layout has " + std::to_string(g.size()) + " slots");
  }
  for (int v : groups) {
    if (v < -1 || v > 1023) {
      throw py::value_error("group ids must be -1 (removed) or 0..1023, got " +
                            std::to_string(v));
    }
  }
  if (std::isnan(max_seconds)) throw py::value_error("max_seconds must not be NaN");
  if (quick_games < 0) {
    throw py::value_error("quick_games must be 0 or more, got " + std::to_string(quick_games));
  }
  if (playouts < 0 || playouts_per_restart < 0) {
    throw py::value_error("playouts and playouts_per_restart must be 0 or more");
  }
  if (max_nodes <= 0 && max_seconds <= 0) {
    throw py::value_error("give a node or a time budget: neither would allow an endless search");
  }
  sol::SolveLimits limits;
  limits.max_nodes = max_nodes;
  limits.max_seconds = max_seconds;
  limits.playouts = playouts;
  limits.seed = seed;
  limits.quick_games = quick_games;
  limits.playouts_per_restart = playouts_per_restart;
  limits.learning = learning;
  sol::SolveResult r;
  {
    py::gil_scoped_release release;
    r = g.visit([&](const auto& geometry) { return sol::solve(geometry, groups, limits); });
  }
  return py::make_tuple(static_cast<int>(r.status), r.solution, r.nodes, r.playouts, r.seconds,
                        r.reason);
}

void bind_solver(py::module_& m) {
  m.def("solve", &solve_position, py::arg("geometry"), py::arg("groups"),
        py::arg("max_nodes") = 5'000'000, py::arg("max_seconds") = 1.0,
        py::arg("playouts") = 1000, py::arg("seed") = 0x9E3779B97F4A7C15ULL,
        py::arg("quick_games") = 0, py::arg("playouts_per_restart") = 100,
        py::arg("learning") = true,
        "Decide a position: (status 0 unsolvable / 1 solvable / 2 unknown, solution pairs, "
        "nodes, playouts, seconds, reason). groups[i] is slot i's match group or -1 if removed. "
        "quick_games: cheap random games tried first; the defaults are the rule hints use. "
        "learning=False turns the search's nogoods off (for tests: the verdicts are the same).");
}

}  // namespace

void register_solitaire_scale(py::module_& m);

void register_solitaire(py::module_& m) {
  py::class_<sol::AnyGeometry>(m, "Geometry",
                            "Per-slot blocker masks of a layout (slots as (x, y, z) half units)")
      .def(py::init(&make_geometry), py::arg("slots"), py::arg("words") = 0)
      .def_property_readonly("size", [](const sol::AnyGeometry& g) { return g.size(); })
      .def_property_readonly("words", [](const sol::AnyGeometry& g) { return g.words(); },
                             "64-bit words of occupancy: 3, 4 or 9 (up to 192, 256, 576 slots)")
      .def(
          "free_slots",
          [](const sol::AnyGeometry& g, const std::vector<int>& present) {
            return g.visit([&](const auto& geometry) {
              return from_bits(geometry.free_set(to_bits(geometry, present)));
            });
          },
          py::arg("present"), "The free slots among `present`, ascending.")
      .def(
          "deal",
          [](const sol::AnyGeometry& g, std::uint64_t seed, int max_trials) {
            check_dealable(g);
            sol::DealOutcome out;
            {
              py::gil_scoped_release release;
              out = g.visit(
                  [&](const auto& geometry) { return sol::deal_board(geometry, seed, max_trials); });
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
          [](const sol::AnyGeometry& g, const std::vector<int>& present, std::uint64_t seed,
             std::uint64_t stream, int max_trials) {
            sol::Rng rng(seed, stream);
            std::vector<int> permutation(present.size() / 2);
            for (std::size_t i = 0; i < permutation.size(); ++i) permutation[i] = static_cast<int>(i);
            rng.shuffle(permutation.data(), static_cast<int>(permutation.size()));
            int trials = 0;
            const auto order = g.visit([&](const auto& geometry) {
              return sol::reverse_deal_order(geometry, to_bits(geometry, present), rng, max_trials,
                                             &trials);
            });
            return py::make_tuple(permutation, order, trials);
          },
          py::arg("present"), py::arg("seed"), py::arg("stream"), py::arg("max_trials"),
          "(pair permutation, removal order over `present`, trials used): on one (seed, stream), "
          "a Fisher-Yates shuffle of range(len(present) // 2), then the reverse deal; the order "
          "is empty when every trial got stuck.")
      .def(
          "deal_faces",
          [](const sol::AnyGeometry& g, std::uint64_t first_seed, int count, int max_trials) {
            check_dealable(g);
            check_count(count);
            const auto row = static_cast<std::size_t>(g.size());
            std::string buffer(static_cast<std::size_t>(count) * row, '\0');
            int failures = 0;
            {
              py::gil_scoped_release release;
              auto* out = reinterpret_cast<std::uint8_t*>(buffer.data());
              g.visit([&](const auto& geometry) {
                for (int i = 0; i < count; ++i) {
                  if (!sol::deal_faces(geometry, first_seed + static_cast<std::uint64_t>(i),
                                       max_trials, out + static_cast<std::size_t>(i) * row)) {
                    ++failures;
                  }
                }
              });
            }
            return py::make_tuple(py::bytes(buffer), failures);
          },
          py::arg("first_seed"), py::arg("count"), py::arg("max_trials"),
          "Faces of the boards of seeds first_seed .. first_seed+count-1 (mod 2^64), row after "
          "row, and the number of seeds that failed (their rows are zeros).")
      .def(
          "count_free_repeatedly",
          [](const sol::AnyGeometry& g, const std::vector<int>& present, int repeat) {
            return g.visit([&](const auto& geometry) {
              const auto bits = to_bits(geometry, present);
              long long total = 0;
              py::gil_scoped_release release;
              for (int i = 0; i < repeat; ++i) {
                auto b = bits;
#if defined(__GNUC__)
                // Defeats hoisting the loop-invariant call out of the loop.
                asm volatile("" : "+r"(b.w[0]));
#endif
                total += geometry.free_set(b).count();
              }
              return total;
            });
          },
          py::arg("present"), py::arg("repeat"),
          "Sum of the free-set sizes over `repeat` evaluations (a benchmark of the core).");

  m.def(
      "rng_next",
      [](std::uint64_t seed, std::uint64_t stream, int count) {
        check_count(count);
        sol::Rng rng(seed, stream);
        std::vector<std::uint64_t> out(static_cast<std::size_t>(count));
        for (auto& v : out) v = rng.next();
        return out;
      },
      py::arg("seed"), py::arg("stream"), py::arg("count"));
  m.def(
      "rng_below",
      [](std::uint64_t seed, std::uint64_t stream, std::uint64_t bound, int count) {
        check_count(count);
        if (bound == 0) throw py::value_error("bound must be at least 1");
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
  register_solitaire_scale(m);
}

// ---- Solitaire at scale: batch generation, board properties, seed search -------------------
// (mahjongkit/solitaire/batch.py, properties.py, search.py reach these through engine.py.)

namespace {

// The poll of a long core run, called by the waiting thread about every 50 ms: takes the GIL,
// lets Python run its signal handlers (Ctrl-C) and the progress callback, and asks the run to
// stop when either raised. The exception is kept to be re-raised, or reported, afterwards.
class Poller {
 public:
  explicit Poller(py::object progress) : progress_(std::move(progress)) {}

  sol::Poll poll() {
    return [this](std::uint64_t done) {
      py::gil_scoped_acquire acquire;
      if (PyErr_CheckSignals() != 0) {
        error_.emplace();
        return false;
      }
      if (!progress_.is_none()) {
        try {
          progress_(done);
        } catch (py::error_already_set& e) {
          error_.emplace(std::move(e));
          return false;
        }
      }
      return true;
    };
  }

  // After the run, with the GIL held: the final progress report, and the kept exception,
  // except a KeyboardInterrupt when the caller reports interruptions as a value.
  void finish(std::uint64_t done, bool interrupt_is_a_value) {
    if (error_) {
      if (interrupt_is_a_value && error_->matches(PyExc_KeyboardInterrupt)) return;
      throw std::move(*error_);
    }
    if (!progress_.is_none()) progress_(done);
  }

 private:
  py::object progress_;
  std::optional<py::error_already_set> error_;
};

sol::PropertyOptions property_options(int playouts, std::int64_t solver_budget) {
  if (playouts < 0) throw py::value_error("playouts must be >= 0");
  if (solver_budget < 1) throw py::value_error("solver_budget must be >= 1");
  sol::PropertyOptions o;
  o.playouts = playouts;
  o.solver_budget = solver_budget;
  return o;
}

std::vector<sol::Property> to_properties(const std::vector<int>& indices) {
  std::vector<sol::Property> out;
  for (int i : indices) {
    if (i < 0 || i >= sol::kPropertyCount) throw py::value_error("unknown property index");
    out.push_back(static_cast<sol::Property>(i));
  }
  return out;
}

template <int W>
std::vector<double> properties_of(const sol::Geometry<W>& g, const std::uint8_t* faces,
                                  std::uint64_t seed, const std::vector<sol::Property>& which,
                                  const sol::PropertyOptions& options) {
  const auto facts = sol::LayoutFacts<W>::of(g);
  sol::BoardProperties<W> props(g, facts, options);
  props.reset(faces, seed);
  std::vector<double> values;
  for (auto p : which) values.push_back(props.get(p));
  return values;
}

using NodeTuple = std::tuple<int, int, int, int, double>;

std::vector<sol::ConditionNode> to_condition(const std::vector<NodeTuple>& nodes) {
  std::vector<sol::ConditionNode> out;
  for (const auto& [kind, op, left, right, value] : nodes) out.push_back({kind, op, left, right, value});
  const std::string problem = sol::condition_problem(out);
  if (!problem.empty()) throw py::value_error("malformed condition tree: " + problem);
  return out;
}

}  // namespace

void register_solitaire_scale(py::module_& m) {
  std::vector<std::string> names(sol::kPropertyNames, sol::kPropertyNames + sol::kPropertyCount);
  m.attr("PROPERTY_NAMES") = py::cast(names);
  m.attr("PLAYOUT_STREAM") = py::int_(sol::kPlayoutStream);

  m.def(
      "batch_faces",
      [](const sol::AnyGeometry& g, py::array seeds, py::array out, int threads, int max_trials,
         py::object progress) -> std::optional<std::uint64_t> {
        if (!seeds.dtype().is(py::dtype::of<std::uint64_t>()) || seeds.ndim() != 1 ||
            !(seeds.flags() & py::array::c_style)) {
          throw py::type_error("seeds must be a contiguous 1-D numpy array of uint64");
        }
        const auto count = static_cast<std::uint64_t>(seeds.shape(0));
        if (!out.dtype().is(py::dtype::of<std::uint8_t>()) || out.ndim() != 2 ||
            !(out.flags() & py::array::c_style) || !out.writeable() ||
            static_cast<std::uint64_t>(out.shape(0)) != count || out.shape(1) != g.size()) {
          throw py::type_error(
              "out must be a writeable C-contiguous numpy uint8 array of shape (len(seeds), "
              "layout size)");
        }
        const auto* seed_data = static_cast<const std::uint64_t*>(seeds.data());
        auto* out_data = static_cast<std::uint8_t*>(out.mutable_data());
        Poller poller(std::move(progress));
        sol::BatchOutcome r;
        {
          py::gil_scoped_release release;
          r = g.visit([&](const auto& geometry) {
            return sol::batch_faces(geometry, seed_data, count, out_data, threads, max_trials,
                                    poller.poll());
          });
        }
        poller.finish(count, false);
        if (r.deal_failed) return r.failed_seed;
        return std::nullopt;
      },
      py::arg("geometry"), py::arg("seeds"), py::arg("out"), py::arg("threads"),
      py::arg("max_trials"), py::arg("progress") = py::none(),
      "Fill out[i] with the faces of the board of seeds[i], on `threads` threads (0: all cores) "
      "with the GIL released. Returns the failing seed of the smallest index, or None. "
      "`progress(done)` is called about every 50 ms; Ctrl-C stops the run and raises.");

  m.def(
      "board_properties",
      [](const sol::AnyGeometry& g, const std::vector<int>& faces, std::uint64_t seed,
         const std::vector<int>& wanted, int playouts, std::int64_t solver_budget) {
        if (faces.size() != static_cast<std::size_t>(g.size())) {
          throw py::value_error("one face per slot is needed");
        }
        for (int face : faces) {
          // A face indexes the match groups: anything but a tile kind would read past them.
          if (face < 1 || face > 42) {
            throw py::value_error("faces must be tile kinds 1 to 42, got " + std::to_string(face));
          }
        }
        const auto which = to_properties(wanted);
        const auto options = property_options(playouts, solver_budget);
        std::vector<std::uint8_t> bytes(faces.begin(), faces.end());
        std::vector<double> values;
        {
          py::gil_scoped_release release;
          values = g.visit([&](const auto& geometry) {
            return properties_of(geometry, bytes.data(), seed, which, options);
          });
        }
        return values;
      },
      py::arg("geometry"), py::arg("faces"), py::arg("seed"), py::arg("wanted"),
      py::arg("playouts"), py::arg("solver_budget"),
      "The properties of index `wanted` of one board (faces per slot); `seed` seeds the "
      "random playouts.");

  m.def(
      "search_seeds",
      [](const sol::AnyGeometry& g, std::uint64_t first, std::uint64_t count,
         const std::vector<NodeTuple>& condition, const std::vector<int>& report,
         std::int64_t limit, int threads, int max_trials, int playouts,
         std::int64_t solver_budget, py::object progress) {
        sol::SearchOptions options;
        options.properties = property_options(playouts, solver_budget);
        options.report = to_properties(report);
        options.limit = limit;
        options.threads = threads;
        options.max_trials = max_trials;
        const auto tree = to_condition(condition);
        Poller poller(std::move(progress));
        sol::SearchOutcome r;
        {
          py::gil_scoped_release release;
          r = g.visit([&](const auto& geometry) {
            return sol::search_seeds(geometry, first, count, tree, options, poller.poll());
          });
        }
        poller.finish(r.examined, true);
        py::list matches;
        for (const auto& match : r.matches) matches.append(py::make_tuple(match.seed, match.values));
        std::optional<std::uint64_t> failed;
        if (r.deal_failed) failed = r.failed_seed;
        return py::make_tuple(matches, r.examined, r.interrupted, r.limit_reached, failed);
      },
      py::arg("geometry"), py::arg("first"), py::arg("count"), py::arg("condition"),
      py::arg("report"), py::arg("limit"), py::arg("threads"), py::arg("max_trials"),
      py::arg("playouts"), py::arg("solver_budget"), py::arg("progress") = py::none(),
      "Scan seeds first .. first+count-1 on `threads` threads with the GIL released. Returns "
      "(matches as (seed, report values), seeds examined from `first`, interrupted, limit "
      "reached, failing seed or None). Ctrl-C ends the scan and is reported as interrupted.");
}
