#include "core/solitaire/search.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <new>
#include <system_error>
#include <mutex>
#include <thread>

#include "core/solitaire/deal.hpp"

namespace mahjongkit::solitaire {

namespace {

// Seeds a worker takes at a time: small enough that threads finish together, large enough
// that the shared counter is never contended. A search seed can cost a thousand times a
// batch board (the solver's search), so search chunks are smaller.
constexpr std::uint64_t kChunk = 64;
constexpr std::uint64_t kSearchChunk = 16;
// Chunks of one search window: the window's results are held until it is complete.
constexpr std::uint64_t kWindowChunks = 4096;
constexpr auto kPollInterval = std::chrono::milliseconds(50);

// Runs `work()` on up to `threads` threads while the calling thread polls; returns false when
// a poll asked to stop. `done` is what the workers report as finished. A thread the system
// cannot start is simply not used (if none starts, the calling thread does the work, without
// polls), and an exception thrown by `work` stops the others and is rethrown here, after every
// thread is joined: neither may escape a thread, where it would end the process.
template <class Work>
bool run_workers(int threads, const std::atomic<std::uint64_t>& done, const Poll& poll,
                 std::atomic<bool>& stop, Work&& work) {
  std::mutex mutex;
  std::condition_variable finished;
  int running = 0;
  std::exception_ptr failure;
  auto guarded = [&] {
    try {
      work();
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex);
      if (!failure) failure = std::current_exception();
      stop.store(true);
    }
  };
  std::vector<std::thread> pool;
  try {
    pool.reserve(static_cast<std::size_t>(threads));
  } catch (const std::bad_alloc&) {
    threads = 1;
  }
  for (int t = 0; t < threads; ++t) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      ++running;
    }
    try {
      pool.emplace_back([&] {
        guarded();
        std::lock_guard<std::mutex> lock(mutex);
        if (--running == 0) finished.notify_all();
      });
    } catch (const std::system_error&) {
      std::lock_guard<std::mutex> lock(mutex);
      --running;
      break;
    }
  }
  if (pool.empty()) guarded();
  bool keep_going = true;
  {
    std::unique_lock<std::mutex> lock(mutex);
    while (running > 0) {
      finished.wait_for(lock, kPollInterval, [&] { return running == 0; });
      if (running > 0 && keep_going && poll) {
        lock.unlock();
        if (!poll(done.load(std::memory_order_relaxed))) {
          keep_going = false;
          stop.store(true);
        }
        lock.lock();
      }
    }
  }
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  return keep_going;
}

// Lowers `target` to `value` if smaller (lock-free).
void store_min(std::atomic<std::uint64_t>& target, std::uint64_t value) {
  std::uint64_t seen = target.load();
  while (value < seen && !target.compare_exchange_weak(seen, value)) {
  }
}

bool is_numeric(int kind) {
  return kind == ConditionNode::kConst || kind == ConditionNode::kProperty;
}

template <int W>
double numeric(const ConditionNode& node, BoardProperties<W>& props) {
  return node.kind == ConditionNode::kConst ? node.value
                                            : props.get(static_cast<Property>(node.op));
}

template <int W>
bool compare(const ConditionNode& node, const std::vector<ConditionNode>& nodes,
             BoardProperties<W>& props) {
  const double a = numeric(nodes[static_cast<std::size_t>(node.left)], props);
  const double b = numeric(nodes[static_cast<std::size_t>(node.right)], props);
  switch (node.op) {
    case ConditionNode::kLt: return a < b;
    case ConditionNode::kLe: return a <= b;
    case ConditionNode::kGt: return a > b;
    case ConditionNode::kGe: return a >= b;
    case ConditionNode::kEq: return a == b;
    default: return a != b;
  }
}

}  // namespace

int resolve_threads(int threads) {
  if (threads <= 0) {
    const unsigned hw = std::thread::hardware_concurrency();
    threads = hw > 0 ? static_cast<int>(hw) : 1;
  }
  return std::min(threads, kMaxThreads);
}

template <int W>
BatchOutcome batch_faces(const Geometry<W>& g, const std::uint64_t* seeds, std::uint64_t count,
                         std::uint8_t* out, int threads, int max_trials, const Poll& poll) {
  threads = static_cast<int>(std::min<std::uint64_t>(resolve_threads(threads),
                                                     std::max<std::uint64_t>(1, count / kChunk)));
  std::atomic<std::uint64_t> next{0}, done{0};
  std::atomic<std::uint64_t> first_failure{count};
  std::atomic<bool> stop{false};
  const std::size_t row = static_cast<std::size_t>(g.n);
  const bool finished = run_workers(threads, done, poll, stop, [&] {
    for (;;) {
      const std::uint64_t begin = next.fetch_add(kChunk);
      if (begin >= count || stop.load(std::memory_order_relaxed)) return;
      const std::uint64_t end = std::min(count, begin + kChunk);
      for (std::uint64_t i = begin; i < end; ++i) {
        if (!deal_faces(g, seeds[i], max_trials, out + i * row)) store_min(first_failure, i);
      }
      done.fetch_add(end - begin, std::memory_order_relaxed);
    }
  });
  BatchOutcome outcome;
  outcome.interrupted = !finished;
  if (first_failure.load() < count) {
    outcome.deal_failed = true;
    outcome.failed_seed = seeds[first_failure.load()];
  }
  return outcome;
}

const char* condition_problem(const std::vector<ConditionNode>& nodes) {
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const ConditionNode& n = nodes[i];
    const int at = static_cast<int>(i);
    auto child = [&](int c) { return c >= 0 && c < at; };
    switch (n.kind) {
      case ConditionNode::kConst:
        break;
      case ConditionNode::kProperty:
        if (n.op < 0 || n.op >= kPropertyCount) return "unknown property index";
        break;
      case ConditionNode::kCompare:
        if (n.op < ConditionNode::kLt || n.op > ConditionNode::kNe) return "unknown comparison";
        if (!child(n.left) || !child(n.right)) return "a child must precede its parent";
        if (!is_numeric(nodes[n.left].kind) || !is_numeric(nodes[n.right].kind)) {
          return "a comparison takes numbers and properties";
        }
        break;
      case ConditionNode::kAnd:
      case ConditionNode::kOr:
      case ConditionNode::kNot: {
        const bool binary = n.kind != ConditionNode::kNot;
        if (!child(n.left) || (binary && !child(n.right))) return "a child must precede its parent";
        if (is_numeric(nodes[n.left].kind) || (binary && is_numeric(nodes[n.right].kind))) {
          return "and, or and not take conditions";
        }
        break;
      }
      default:
        return "unknown node kind";
    }
  }
  if (!nodes.empty() && is_numeric(nodes.back().kind)) return "the root must be a condition";
  return "";
}

template <int W>
bool evaluate(const std::vector<ConditionNode>& nodes, BoardProperties<W>& props) {
  if (nodes.empty()) return true;
  // An explicit stack, not recursion: `a and b and c ...` is a left-deep chain as long as the
  // condition, and a worker thread's stack is small. `stage` counts the children visited.
  struct Frame {
    int at;
    int stage;
  };
  thread_local std::vector<Frame> stack;
  stack.clear();
  stack.push_back({static_cast<int>(nodes.size()) - 1, 0});
  bool value = false;  // the value of the node last finished
  while (!stack.empty()) {
    const int at = stack.back().at;
    const int stage = stack.back().stage++;
    const ConditionNode& node = nodes[static_cast<std::size_t>(at)];
    switch (node.kind) {
      case ConditionNode::kCompare:
        value = compare(node, nodes, props);
        stack.pop_back();
        break;
      case ConditionNode::kNot:
        if (stage == 0) {
          stack.push_back({node.left, 0});
        } else {
          value = !value;
          stack.pop_back();
        }
        break;
      case ConditionNode::kAnd:
      case ConditionNode::kOr: {
        // Stage 1: the left side is known; it decides unless it is true for and, false for or.
        const bool decided = stage == 1 && value == (node.kind == ConditionNode::kOr);
        if (stage == 0) {
          stack.push_back({node.left, 0});
        } else if (stage == 1 && !decided) {
          stack.push_back({node.right, 0});
        } else {
          stack.pop_back();  // the value is the deciding side's
        }
        break;
      }
      default:
        value = false;  // unreachable for a tree that passed condition_problem
        stack.pop_back();
    }
  }
  return value;
}

template <int W>
SearchOutcome search_seeds(const Geometry<W>& g, std::uint64_t first, std::uint64_t count,
                           const std::vector<ConditionNode>& condition,
                           const SearchOptions& options, const Poll& poll) {
  const LayoutFacts<W> facts = LayoutFacts<W>::of(g);
  const int threads = resolve_threads(options.threads);
  SearchOutcome outcome;
  std::atomic<std::uint64_t> done{0};
  std::atomic<bool> stop{false};

  struct ChunkResult {
    std::vector<SearchMatch> matches;
    bool complete = false;
    bool failed = false;
    std::uint64_t failed_seed = 0;
  };

  for (std::uint64_t window = 0; window < count && !stop.load(); ) {
    const std::uint64_t window_seeds = std::min(count - window, kWindowChunks * kSearchChunk);
    const std::uint64_t chunks = (window_seeds + kSearchChunk - 1) / kSearchChunk;
    std::vector<ChunkResult> results(static_cast<std::size_t>(chunks));
    std::atomic<std::uint64_t> next{0};
    // Chunks from `cutoff` on are not needed: the limit was met, or a deal failed, before.
    std::atomic<std::uint64_t> cutoff{chunks};
    std::mutex prefix_mutex;
    std::uint64_t prefix = 0;  // chunks [0, prefix) are complete
    std::uint64_t prefix_matches = outcome.matches.size();

    // No more threads than chunks: three seeds need one thread, not a hundred.
    const int window_threads = static_cast<int>(std::min<std::uint64_t>(threads, chunks));
    const bool finished = run_workers(window_threads, done, poll, stop, [&] {
      BoardProperties<W> props(g, facts, options.properties);
      std::vector<std::uint8_t> faces(static_cast<std::size_t>(g.n));
      for (;;) {
        const std::uint64_t c = next.fetch_add(1);
        if (c >= chunks || c >= cutoff.load() || stop.load(std::memory_order_relaxed)) return;
        ChunkResult& r = results[static_cast<std::size_t>(c)];
        const std::uint64_t begin = c * kSearchChunk;
        const std::uint64_t end = std::min(window_seeds, begin + kSearchChunk);
        for (std::uint64_t k = begin; k < end; ++k) {
          if (stop.load(std::memory_order_relaxed)) return;  // an unfinished chunk is dropped
          const std::uint64_t seed = first + window + k;  // wraps modulo 2^64 by design
          if (!deal_faces(g, seed, options.max_trials, faces.data())) {
            r.failed = true;
            r.failed_seed = seed;
            break;
          }
          props.reset(faces.data(), seed);
          if (evaluate(condition, props)) {
            SearchMatch m{seed, {}};
            m.values.reserve(options.report.size());
            for (Property p : options.report) m.values.push_back(props.get(p));
            r.matches.push_back(std::move(m));
          }
        }
        done.fetch_add(end - begin, std::memory_order_relaxed);
        std::lock_guard<std::mutex> lock(prefix_mutex);
        r.complete = true;
        while (prefix < chunks && results[static_cast<std::size_t>(prefix)].complete) {
          const ChunkResult& p = results[static_cast<std::size_t>(prefix)];
          prefix_matches += p.matches.size();
          ++prefix;
          const bool enough =
              options.limit >= 0 && prefix_matches >= static_cast<std::uint64_t>(options.limit);
          if (p.failed || enough) {
            store_min(cutoff, prefix);
            break;
          }
        }
      }
    });

    // Keep the complete prefix of the window, in seed order, and stop at what ends the run.
    bool ended = false;
    for (std::uint64_t c = 0; c < chunks && results[static_cast<std::size_t>(c)].complete; ++c) {
      ChunkResult& r = results[static_cast<std::size_t>(c)];
      const std::uint64_t chunk_seeds = std::min(window_seeds - c * kSearchChunk, kSearchChunk);
      for (auto& m : r.matches) {
        outcome.matches.push_back(std::move(m));
        if (options.limit >= 0 &&
            outcome.matches.size() == static_cast<std::uint64_t>(options.limit)) {
          // Examined up to and including the last returned seed: a resume starts after it.
          outcome.examined = outcome.matches.back().seed - first + 1;
          outcome.limit_reached = true;
          ended = true;
          break;
        }
      }
      if (ended) break;
      if (r.failed) {
        outcome.deal_failed = true;
        outcome.failed_seed = r.failed_seed;
        outcome.examined = r.failed_seed - first;
        ended = true;
        break;
      }
      outcome.examined += chunk_seeds;
    }
    if (options.limit == 0) {
      outcome.limit_reached = true;
      ended = true;
    }
    if (ended) break;
    if (!finished) {
      outcome.interrupted = true;
      break;
    }
    window += window_seeds;
  }
  return outcome;
}

#define MAHJONGKIT_INSTANTIATE(W)                                                             \
  template BatchOutcome batch_faces<W>(const Geometry<W>&, const std::uint64_t*, std::uint64_t, \
                                       std::uint8_t*, int, int, const Poll&);                   \
  template bool evaluate<W>(const std::vector<ConditionNode>&, BoardProperties<W>&);            \
  template SearchOutcome search_seeds<W>(const Geometry<W>&, std::uint64_t, std::uint64_t,      \
                                         const std::vector<ConditionNode>&,                     \
                                         const SearchOptions&, const Poll&);
MAHJONGKIT_FOR_EACH_WORD_COUNT(MAHJONGKIT_INSTANTIATE)
#undef MAHJONGKIT_INSTANTIATE

}  // namespace mahjongkit::solitaire
