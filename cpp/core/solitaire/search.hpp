// Batch generation and seed search over many seeds on many threads.
//
// Determinism: every board and every property is a function of its own seed only, and results
// are assembled in seed order, so the output is the same whatever the thread count or the way
// a range is cut into calls. A search with a limit returns the `limit` smallest matching seeds
// of the range: it stops only once every seed below the last returned one has been examined.
//
// The coordinating thread (the caller's) does no board work: it calls `poll` about every
// 50 ms with the number of seeds finished so far; when `poll` returns false every worker
// stops after its current seed and the call returns what the finished prefix of the range
// holds (`interrupted` is set). That is how the bindings honour Ctrl-C and drive progress bars.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "core/solitaire/geometry.hpp"
#include "core/solitaire/properties.hpp"

namespace mahjongkit::solitaire {

// Returns false to stop the run; receives the number of seeds (or boards) finished.
using Poll = std::function<bool(std::uint64_t done)>;

// More threads than this only add memory and start-up time: a request is capped to it.
constexpr int kMaxThreads = 256;

// 0 -> std::thread::hardware_concurrency() (at least 1); at most kMaxThreads.
int resolve_threads(int threads);

// ---- batch ------------------------------------------------------------------------------

struct BatchOutcome {
  bool interrupted = false;
  bool deal_failed = false;
  std::uint64_t failed_seed = 0;  // the failing seed of the smallest index, when deal_failed
};

// out[i * g.n + s] = face of slot s on the board of seeds[i], for i < count.
template <int W>
BatchOutcome batch_faces(const Geometry<W>& g, const std::uint64_t* seeds, std::uint64_t count,
                         std::uint8_t* out, int threads, int max_trials, const Poll& poll);

// ---- conditions -------------------------------------------------------------------------

// One node of a condition tree; children precede parents and the root is the last node.
struct ConditionNode {
  enum Kind : int { kConst = 0, kProperty = 1, kCompare = 2, kAnd = 3, kOr = 4, kNot = 5 };
  enum Op : int { kLt = 0, kLe = 1, kGt = 2, kGe = 3, kEq = 4, kNe = 5 };
  int kind = kConst;
  int op = 0;        // kCompare: an Op; kProperty: a Property index
  int left = -1;     // child indices (kCompare, kAnd, kOr; kNot uses left)
  int right = -1;
  double value = 0;  // kConst
};

// Checks indices and kinds; returns an empty string when the tree is well formed.
const char* condition_problem(const std::vector<ConditionNode>& nodes);

// Evaluates with short-circuit and/or, so properties are computed only when needed.
// An empty tree is true.
template <int W>
bool evaluate(const std::vector<ConditionNode>& nodes, BoardProperties<W>& props);

// ---- search -----------------------------------------------------------------------------

struct SearchOptions {
  PropertyOptions properties;
  std::vector<Property> report;  // properties recorded for each match, in this order
  std::int64_t limit = -1;       // < 0: no limit
  int threads = 0;
  int max_trials = 1000;
};

struct SearchMatch {
  std::uint64_t seed;
  std::vector<double> values;  // options.report, in order
};

struct SearchOutcome {
  std::vector<SearchMatch> matches;  // ascending seeds
  std::uint64_t examined = 0;        // every seed of [first, first + examined) was examined
  bool interrupted = false;
  bool limit_reached = false;
  bool deal_failed = false;
  std::uint64_t failed_seed = 0;
};

// Seeds first, first + 1, ..., first + count - 1 (wrapping modulo 2^64).
template <int W>
SearchOutcome search_seeds(const Geometry<W>& g, std::uint64_t first, std::uint64_t count,
                           const std::vector<ConditionNode>& condition,
                           const SearchOptions& options, const Poll& poll);

}  // namespace mahjongkit::solitaire
