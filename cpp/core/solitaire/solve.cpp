#include "core/solitaire/solve.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <ctime>
#include <memory>
#include <unordered_map>

#include "core/solitaire/replay.hpp"
#include "core/solitaire/rng.hpp"

namespace mahjongkit::solitaire {
namespace {

// The budget is CPU time of the solving thread where the platform has it: on a shared,
// loaded machine wall time would make the same position "unknown" one run and decided the
// next. Elsewhere it falls back to the monotonic wall clock.
double thread_seconds() {
#if defined(CLOCK_THREAD_CPUTIME_ID)
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
#else
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
#endif
}

struct BitsHash {
  template <int W>
  std::size_t operator()(const Bits<W>& b) const {
    std::uint64_t h = b.w[0] * 0x9E3779B97F4A7C15ULL;
    h ^= (b.w[1] + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= (b.w[2] + 0x85EBCA77C2B2AE63ULL) * 0x165667B19E3779F9ULL;
    // Words past the third (layouts of more than 192 slots) fold in the same way.
    for (int k = 3; k < W; ++k) h ^= (b.w[k] + 0x85EBCA77C2B2AE63ULL * k) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 29;
    return static_cast<std::size_t>(h);
  }
};

// The playouts' private randomness (never part of any deal): rng.hpp's SplitMix64, drawn
// by a plain modulo. Its bias (under n / 2^64) cannot matter to a heuristic's tie-breaks,
// and changing the draw would change which positions a time budget decides.
struct PlayoutRng {
  SplitMix64 mix;
  int below(int n) { return static_cast<int>(mix.next() % static_cast<std::uint64_t>(n)); }
};

struct Move {
  int a, b;
  int score;
};

// Learning's literals (Solver::lit_of) a group of `size` tiles has: one per pairing of a
// group of four, one per pair of a group of six or eight, none for a pair.
int lits_of_size(int size) { return size == 4 ? 3 : size == 6 ? 15 : size == 8 ? 28 : 0; }

// How many literals the groups of a position could need (at most; a group of more than eight
// tiles has none, so a position with one needs more than any literal set holds).
int literals_needed(const std::vector<int>& groups) {
  std::vector<int> size;
  for (const int grp : groups) {
    if (grp < 0) continue;
    if (grp >= static_cast<int>(size.size())) size.resize(grp + 1, 0);
    ++size[grp];
  }
  int total = 0;
  for (const int k : size) {
    if (k > 8) return 1 << 30;
    total += lits_of_size(k);
  }
  return total;
}

// W: the slot words; LW: the literal words (learning's pairing choices, see lit_of). One-set
// boards use LW = W, the types they always had; boards with groups of six or eight name up to
// 28 pairings a group and get a wider literal set (solve() below picks it).
template <int W, int LW = W>
class Solver {
 public:
  using Lits = Bits<LW>;
  Solver(const Geometry<W>& g, const std::vector<int>& groups, const SolveLimits& limits)
      : g_(g),
        limits_(limits),
        rng_{SplitMix64{limits.seed}},
        quick_rng_{SplitMix64{limits.seed ^ 0xD1B54A32D192ED03ULL}},
        nested_rng_{SplitMix64{limits.seed ^ 0x8CB92BA72F3D8DD7ULL}} {
    int max_group = -1;
    for (int i = 0; i < g.n; ++i) max_group = std::max(max_group, groups[i]);
    members_.assign(max_group + 1, Bits<W>{});
    group_.assign(g.n, -1);
    for (int i = 0; i < g.n; ++i) {
      if (groups[i] < 0) continue;
      group_[i] = groups[i];
      members_[groups[i]].set(i);
      root_.set(i);
    }
    // Learning names pairings as literals: three per group of four, one per pair of a group of
    // six or eight (15 and 28). A larger group, or more literals than a literal set holds,
    // turns learning off (a reason could leave out the choice that killed a state). The table
    // of dead states stays on: its key holds every committed pair.
    learning_ = limits.learning && literals_needed(groups) <= Lits::kCapacity;
    // The tiles whose relaxed removal a slot's going may decide (replay.hpp's near_of).
    near_.assign(g.n, Bits<W>{});
    for (int i = 0; i < g.n; ++i) {
      if (groups[i] < 0) continue;
      near_[i] = g.affects[i] | members_[groups[i]];
      g.affects[i].for_each([&](int u) {
        if (groups[u] >= 0) near_[i] |= members_[groups[u]];
      });
    }
    big_.assign(g.n, 0);
    for (int i = 0; i < g.n; ++i) big_[i] = groups[i] >= 0 && members_[groups[i]].count() > 4;
    // Nested games (see nested_game) belong to the fast rule (quick_games > 0) and to boards
    // with a group of six or eight: on one-set boards and under the hint's rule nothing changes.
    nested_ = limits.quick_games > 0 && std::find(big_.begin(), big_.end(), 1) != big_.end();
    many_sets_ = std::find(big_.begin(), big_.end(), 1) != big_.end();
    saved_partner_.assign(g.n, -1);
    start_ = thread_seconds();
  }

  SolveResult run() {
    SolveResult r;
    for (std::size_t k = 0; k < members_.size(); ++k) {
      if (members_[k].count() % 2 != 0) {
        r.status = SolveStatus::kUnsolvable;
        r.reason = "group " + std::to_string(k) + " has an odd number of tiles";
        return finish(r);
      }
    }
    std::vector<std::pair<int, int>> path;
    Bits<W> present = root_;
    safe_reduce(present, path);
    if (present.none()) {
      r.status = SolveStatus::kSolvable;
      r.solution = path;
      return finish(r);
    }
    if (relaxation_dead(present)) {
      r.status = SolveStatus::kUnsolvable;
      r.reason = "some tiles can never become free together with a partner";
      return finish(r);
    }
    // Playouts first: cheap, and most solvable positions fall to one of them. Only a first
    // batch runs before the search; the rest are spread over the search's restarts, so that an
    // unsolvable position whose proof is short does not pay for all of them first.
    // Quick games before them (when asked for): no relaxation per move, so each costs a small
    // part of a playout, and most solvable deals fall to a few. They draw from their own
    // randomness: when none wins, everything after is what it is without them.
    quick_root_free_ = g_.free_set(present);
    for (int k = 0; k < limits_.quick_games; ++k) {
      std::vector<std::pair<int, int>> trial = path;
      if (quick_game(present, trial, quick_rng_, quick_root_free_)) {
        r.status = SolveStatus::kSolvable;
        r.solution = std::move(trial);
        return finish(r);
      }
    }
    if (nested_ && nested_batch(present, path, kFirstNested, r)) return finish(r);
    const int first_batch = std::min(limits_.playouts, kFirstPlayouts);
    if (playout_batch(present, path, first_batch, r)) return finish(r);
    const int verdict = dfs(present, path, r);
    r.nodes = nodes_;
    if (verdict == 2) return finish(r);  // a playout between restarts found a solution
    if (verdict == 1) {
      r.status = SolveStatus::kSolvable;
      r.solution = path;
    } else if (verdict == 0) {
      r.status = SolveStatus::kUnsolvable;
      r.reason = "every sequence of moves ends with tiles left (exhaustive search)";
    } else {
      r.status = SolveStatus::kUnknown;
      r.reason = budget_reason_;
    }
    return finish(r);
  }

 private:
  SolveResult& finish(SolveResult& r) {
    r.nodes = nodes_;
    r.seconds = thread_seconds() - start_;
    return r;
  }

  static constexpr int kFirstPlayouts = 100;    // playouts before the search starts
  // Nested games before the playouts and between two restarts of the search (nested_game).
  // Measured on the big KMahjongg layouts (benchmarks/README.md, issue 36): a few first, so
  // that a board whose proof is short is not delayed, then more as the search goes on.
  static constexpr int kFirstNested = 5;
  static constexpr int kNestedPerRestart = 20;
  // After the first restart, a nested game for every kNodesPerNested search nodes: the
  // layouts whose hard deals the nested games clear have most of them cleared by the first
  // restart's twenty (tower), and twenty at every restart took half the time on the layouts
  // they do not clear (cross) from the search, which clears those; but some deals need a few
  // more later (maze). Counted in nodes, not seconds, so that a node budget stays deterministic.
  static constexpr std::int64_t kNodesPerNested = 400;
  int nested_between_restarts() const {
    if (restarts_ <= 1) return kNestedPerRestart;
    const std::int64_t due = kFirstNested + kNestedPerRestart + nodes_ / kNodesPerNested;
    return static_cast<int>(std::clamp<std::int64_t>(due - nested_games_, 0, kNestedPerRestart));
  }

  // Runs up to count nested games (fewer when time runs out); true with r solved when one wins.
  bool nested_batch(const Bits<W>& present, const std::vector<std::pair<int, int>>& path, int count,
                    SolveResult& r) {
    for (int k = 0; k < count; ++k) {
      std::vector<std::pair<int, int>> trial = path;
      ++nested_games_;
      if (nested_game(present, trial)) {
        r.status = SolveStatus::kSolvable;
        r.solution = std::move(trial);
        return true;
      }
      if (out_of_time()) break;
    }
    return false;
  }

  // Runs up to count playouts (fewer when time runs out); true with r solved when one wins.
  bool playout_batch(const Bits<W>& present, const std::vector<std::pair<int, int>>& path, int count,
                     SolveResult& r) {
    for (int k = 0; k < count; ++k) {
      ++r.playouts;
      std::vector<std::pair<int, int>> trial = path;
      if (playout(present, trial)) {
        r.status = SolveStatus::kSolvable;
        r.solution = std::move(trial);
        return true;
      }
      if ((k & 15) == 15 && out_of_time()) break;
    }
    return false;
  }

  bool out_of_time() {
    if (limits_.max_seconds <= 0) return false;
    const double s = thread_seconds() - start_;
    return s > limits_.max_seconds;
  }

  // Removes, repeatedly, every group whose remaining tiles are all free. Safe because freedom
  // only grows as tiles go: any solution can be reordered to take those tiles first.
  // `known_free`, when given, is the free set of `present` and is kept up to date.
  void safe_reduce(Bits<W>& present, std::vector<std::pair<int, int>>& path,
                   Bits<W>* known_free = nullptr) const {
    Bits<W> free = known_free ? *known_free : g_.free_set(present);
    for (bool changed = true; changed;) {
      changed = false;
      Bits<W> done;
      free.for_each([&](int t) {
        if (done.test(t)) return;
        const Bits<W> rest = members_[group_[t]] & present;
        if (rest.andnot(free).none()) {
          int first = -1;
          rest.for_each([&](int u) {
            if (first < 0) {
              first = u;
            } else {
              path.emplace_back(first, u);
              first = -1;
            }
          });
          done |= rest;
        }
      });
      if (done.any()) {
        present = present.andnot(done);
        Bits<W> touched;
        done.for_each([&](int t) { touched |= g_.affects[t]; });
        free = freed(free.andnot(done), present, touched);
        changed = true;
      }
    }
    if (known_free) *known_free = free;
  }

  // The free set after some tiles went: `free` without them, plus the tiles of `touched` (the
  // slots the removals affect) that are free in `after`. Freedom only grows as tiles go, so
  // this equals g_.free_set(after) at the cost of the affected slots only.
  Bits<W> freed(Bits<W> free, const Bits<W>& after, const Bits<W>& touched) const {
    (touched & after).andnot(free).for_each([&](int u) {
      if (g_.is_free(u, after)) free.set(u);
    });
    return free;
  }

  // An optimistic game that can only do better than the real one: a tile may go as soon as it
  // is free (in the relaxed position) and some other tile of its group is free or already gone.
  // Every real solution is also a relaxed one, so tiles the relaxation cannot remove prove the
  // position dead (this catches partners stacked on each other and cover cycles among pairs).
  bool relaxation_dead(const Bits<W>& present) const {
    return relax(present, present, nullptr, g_.free_set(present));
  }

  // The relaxation as a worklist: a tile is removed once it is free and a possible partner is
  // free or already removed (partner[t] when committed, else an uncommitted group mate).
  // Only the slots a removal affects are looked at again, so a pass costs about one free-set
  // scan instead of one per round.
  //
  // With a schedule, it also records when each tile became free and when it went (a clock
  // counting removals): see quick_accept().
  struct Schedule {
    std::array<std::int16_t, Bits<W>::kCapacity> freed_at, removed_at;
  };
  bool relax(const Bits<W>& present, const Bits<W>& uncommitted, const std::int16_t* partner,
             Bits<W> free, Schedule* schedule = nullptr, Bits<W>* stuck = nullptr,
             const Bits<W>* start = nullptr) const {
    std::int16_t clock = 0;
    if (schedule) free.for_each([&](int t) { schedule->freed_at[t] = 0; });
    Bits<W> relaxed = start ? *start : present;
    int stack[2 * Bits<W>::kCapacity + 8];
    int top = 0;
    Bits<W> queued = free;
    free.for_each([&](int t) { stack[top++] = t; });
    auto mates_of = [&](int t) -> Bits<W> {
      Bits<W> m;
      const int p = partner ? partner[t] : -1;
      if (p >= 0) {
        m.set(p);
      } else {
        m = members_[group_[t]] & uncommitted & present;
        m.reset(t);
      }
      return m;
    };
    // With a schedule, uncommitted tiles wait on a second stack until nothing committed can go:
    // the longer they stay free, the more pairs of a group share a moment with both tiles free,
    // and the more pairings quick_accept() can take without a relaxation of their own.
    int lazy[Bits<W>::kCapacity];
    int lazy_top = 0;
    Bits<W> in_lazy;
    for (;;) {
      int t;
      if (top > 0) {
        t = stack[--top];
        if (schedule && partner && partner[t] < 0 && uncommitted.test(t)) {
          if (!in_lazy.test(t)) {
            in_lazy.set(t);
            lazy[lazy_top++] = t;
          }
          queued.reset(t);
          continue;
        }
      } else if (lazy_top > 0) {
        t = lazy[--lazy_top];
        in_lazy.reset(t);
      } else {
        break;
      }
      queued.reset(t);
      if (!relaxed.test(t) || !free.test(t)) continue;
      const Bits<W> reachable = free | present.andnot(relaxed);
      if (!mates_of(t).intersects(reachable)) continue;
      relaxed.reset(t);
      free.reset(t);
      if (schedule) schedule->removed_at[t] = clock++;
      (g_.affects[t] & relaxed).andnot(free).for_each([&](int u) {
        if (!g_.is_free(u, relaxed)) return;
        free.set(u);
        if (schedule) schedule->freed_at[u] = clock;
        // u can now go, and so can free tiles that were waiting for u as their partner.
        const Bits<W> waiting = (mates_of(u) | Bits<W>{}) & free & relaxed;
        if (!queued.test(u)) {
          queued.set(u);
          stack[top++] = u;
        }
        waiting.andnot(queued).for_each([&](int v) {
          if (top < static_cast<int>(sizeof(stack) / sizeof(stack[0]))) {
            queued.set(v);
            stack[top++] = v;
          }
        });
      });
    }
    if (stuck) *stuck = relaxed;
    return relaxed.any();
  }

  // The playouts' relaxation (no pairing committed) with a schedule made for schedule_holds():
  // a tile is taken first when every present tile of its group is free or gone, so that the
  // tiles of a group are free together for as long as the relaxed game allows, and any two of
  // them left by a real move keep a moment with both free. Other tiles go only when no such
  // tile is left. The relaxed game removes the same tiles in any order (it is monotone), so
  // the answer is relax()'s; only the schedule differs. True when the position is dead.
  bool relax_late(const Bits<W>& present, Bits<W> free, Schedule& sc) const {
    std::int16_t clock = 0;
    free.for_each([&](int t) { sc.freed_at[t] = 0; });
    Bits<W> relaxed = present;
    int hi[2 * Bits<W>::kCapacity + 8], lo[2 * Bits<W>::kCapacity + 8];
    int hi_top = 0, lo_top = 0;
    auto group_open = [&](int t) {  // every present tile of t's group is free or gone
      return (members_[group_[t]] & relaxed).andnot(free).none();
    };
    auto ready = [&](int t) {
      Bits<W> m = members_[group_[t]] & present;
      m.reset(t);
      return m.intersects(free | present.andnot(relaxed));
    };
    auto offer = [&](int t) {
      if (!ready(t)) return;  // offered again when a mate becomes free
      if (group_open(t)) {
        if (hi_top < static_cast<int>(sizeof(hi) / sizeof(hi[0]))) hi[hi_top++] = t;
      } else if (lo_top < static_cast<int>(sizeof(lo) / sizeof(lo[0]))) {
        lo[lo_top++] = t;
      }
    };
    free.for_each(offer);
    for (;;) {
      int t;
      if (hi_top > 0) {
        t = hi[--hi_top];
      } else if (lo_top > 0) {
        t = lo[--lo_top];
      } else {
        break;
      }
      if (!relaxed.test(t) || !free.test(t)) continue;
      relaxed.reset(t);
      free.reset(t);
      sc.removed_at[t] = clock++;
      (g_.affects[t] & relaxed).andnot(free).for_each([&](int u) {
        if (!g_.is_free(u, relaxed)) return;
        free.set(u);
        sc.freed_at[u] = clock;
        // u can go now, and its group mates may now be ready, or have their group open. Every
        // other free tile of the group now has a free mate (u), and the group is open or not
        // for all of them alike, so offer() is worked out once here (the same offers).
        const Bits<W>& mates = members_[group_[u]];
        const bool open = (mates & relaxed).andnot(free).none();
        (mates & relaxed & free).for_each([&](int v) {
          if (v == u && !ready(u)) return;
          if (open) {
            if (hi_top < static_cast<int>(sizeof(hi) / sizeof(hi[0]))) hi[hi_top++] = v;
          } else if (lo_top < static_cast<int>(sizeof(lo) / sizeof(lo[0]))) {
            lo[lo_top++] = v;
          }
        });
      });
    }
    return relaxed.any();
  }

  // Candidate moves: two free tiles of a group (safe groups are already gone).
  void moves(const Bits<W>& free, std::vector<Move>& out) const {
    out.clear();
    Bits<W> seen;
    free.for_each([&](int t) {
      if (seen.test(t)) return;
      const Bits<W> mates = members_[group_[t]] & free;
      seen |= mates;
      int ids[8];
      int k = 0;
      mates.for_each([&](int u) {
        if (k < 8) ids[k++] = u;
      });
      for (int i = 0; i < k; ++i) {
        for (int j = i + 1; j < k; ++j) out.push_back({ids[i], ids[j], 0});
      }
    });
  }

  // How many tiles a move frees: the ordering heuristic (most liberating first).
  int liberation(const Bits<W>& present, const Bits<W>& free, int a, int b) const {
    Bits<W> after = present;
    after.reset(a);
    after.reset(b);
    int gained = 0;
    ((g_.affects[a] | g_.affects[b]) & after).for_each([&](int t) {
      if (!free.test(t) && g_.is_free(t, after)) ++gained;
    });
    return gained;
  }

  // One random game. The free set is carried from move to move (only the slots a removal
  // affects are tested again); every choice is what it was with free sets computed afresh.
  //
  // Each move is kept only if the relaxation of the position after it is alive. That test is
  // answered from a relaxed schedule of the current position where it can be (schedule_holds),
  // and by a full relaxation only where it cannot: the answer is the same either way, so every
  // choice, and every solution, is what it was with a relaxation per move.
  bool playout(Bits<W> present, std::vector<std::pair<int, int>>& path) {
    std::vector<Move> ms;
    Bits<W> free = g_.free_set(present);
    if (!playout_schedule_ready_) {
      // The playouts all start from the same position, alive (run() checked): one schedule.
      relax_late(present, free, playout_schedule_);
      playout_schedule_ready_ = true;
    }
    Schedule sc = playout_schedule_;
    for (;;) {
      safe_reduce(present, path, &free);  // whole groups go: the schedule stays valid
      if (present.none()) return true;
      moves(free, ms);
      if (ms.empty()) return false;
      // Bias toward liberating moves without making playouts deterministic.
      int best = -1, best_score = -1;
      for (int tries = 0; tries < 2; ++tries) {
        const Move& m = ms[rng_.below(static_cast<int>(ms.size()))];
        const int s = liberation(present, free, m.a, m.b);
        if (s > best_score) {
          best_score = s;
          best = static_cast<int>(&m - ms.data());
        }
      }
      Move m = ms[best];
      auto after = [&](const Move& move, Bits<W>& next, Bits<W>& next_free) {
        next = present;
        next.reset(move.a);
        next.reset(move.b);
        Bits<W> gone;
        gone.set(move.a);
        gone.set(move.b);
        next_free = freed(free.andnot(gone), next, g_.affects[move.a] | g_.affects[move.b]);
      };
      // Whether the relaxation of `next` (after move) is alive; on true, sc is a schedule of it.
      Schedule trial_sc;
      auto alive = [&](const Move& move, const Bits<W>& next, const Bits<W>& next_free) {
        if (schedule_holds(sc, next, move.a)) return true;
        if (relax_late(next, next_free, trial_sc)) return false;
        sc = trial_sc;
        return true;
      };
      Bits<W> next, next_free;
      after(m, next, next_free);
      if (!alive(m, next, next_free)) {
        // One look for a move that keeps the relaxed game alive.
        bool found = false;
        for (const Move& alt : ms) {
          Bits<W> t, t_free;
          after(alt, t, t_free);
          if (alive(alt, t, t_free)) {
            m = alt;
            next = t;
            next_free = t_free;
            found = true;
            break;
          }
        }
        if (!found) return false;
      }
      present = next;
      free = next_free;
      path.emplace_back(m.a, m.b);
    }
  }

  // One quick random game: a group whose present tiles are all free goes at once (the safe
  // move), otherwise a random free tile that has a free partner goes with a random one of
  // them. No relaxation and no look back; counts of free and present tiles per group are kept
  // as tiles go, so a move costs a few word operations and the slots its removal affects.
  //
  // `free` is the free set of `present`; `rng` the stream it draws from; `left`, when given,
  // receives how many tiles the game leaves (0 when it wins).
  bool quick_game(Bits<W> present, std::vector<std::pair<int, int>>& path, PlayoutRng& rng,
                  Bits<W> free, int* left = nullptr) {
    std::vector<int>& free_n = quick_free_;
    std::vector<int>& left_n = quick_left_;
    free_n.assign(members_.size(), 0);
    left_n.assign(members_.size(), 0);
    present.for_each([&](int t) { ++left_n[group_[t]]; });
    free.for_each([&](int t) { ++free_n[group_[t]]; });
    Bits<W> pairable;  // free tiles with a free partner
    free.for_each([&](int t) {
      if (free_n[group_[t]] >= 2) pairable.set(t);
    });
    std::vector<int>& touched = quick_touched_;  // groups whose counts changed
    touched.clear();
    auto touch = [&](int grp) { touched.push_back(grp); };
    auto take = [&](int t) {  // t leaves the board; the tiles it frees join their groups
      present.reset(t);
      free.reset(t);
      pairable.reset(t);
      --left_n[group_[t]];
      --free_n[group_[t]];
      touch(group_[t]);
      (g_.affects[t] & present).andnot(free).for_each([&](int u) {
        if (!g_.is_free(u, present)) return;
        free.set(u);
        ++free_n[group_[u]];
        touch(group_[u]);
      });
    };
    auto settle = [&]() {  // safe groups go; pairable bits follow the counts
      while (!touched.empty()) {
        const int grp = touched.back();
        touched.pop_back();
        const Bits<W> open = members_[grp] & free;
        if (left_n[grp] > 0 && free_n[grp] == left_n[grp]) {
          int first = -1;
          open.for_each([&](int u) {
            if (first < 0) {
              first = u;
            } else {
              path.emplace_back(first, u);
              take(first);
              take(u);
              first = -1;
            }
          });
        } else if (free_n[grp] >= 2) {
          pairable |= open;
        } else {
          pairable = pairable.andnot(open);
        }
      }
    };
    for (std::size_t grp = 0; grp < members_.size(); ++grp) touch(static_cast<int>(grp));
    settle();
    for (;;) {
      const int count = pairable.count();
      if (count == 0 || present.none()) {
        if (left) *left = present.count();
        return present.none();
      }
      const int t = pairable.nth(rng.below(count));
      Bits<W> mates = members_[group_[t]] & free;
      mates.reset(t);
      const int u = mates.nth(rng.below(mates.count()));
      path.emplace_back(std::min(t, u), std::max(t, u));
      take(t);
      take(u);
      settle();
    }
  }

  // One nested game (nested Monte Carlo search of level 1, over quick games): at each move,
  // every candidate move is tried with one quick game from the position after it, and the game
  // follows the best complete game seen so far (fewest tiles left), which it keeps from move to
  // move; a quick game that wins is the solution. Boards of several tile sets (groups of six and
  // eight) have long rows and diagonals whose tiles must go in a planned order: the random
  // games rarely clear them (none of 200,000 quick games clears some solvable `cross` deals),
  // while a nested game costs about a hundred quick games and clears many of them
  // (benchmarks/README.md, issue 36). Only finds solutions: the verdicts stay the search's.
  bool nested_game(Bits<W> present, std::vector<std::pair<int, int>>& path) {
    std::vector<Move> ms;
    Bits<W> free = g_.free_set(present);
    std::vector<std::pair<int, int>> best, step_best, trial;
    int best_left = Bits<W>::kCapacity + 1;
    for (;;) {
      safe_reduce(present, path, &free);
      if (present.none()) return true;
      moves(free, ms);
      if (ms.empty()) return false;
      int step_left = Bits<W>::kCapacity + 1;
      for (const Move& m : ms) {
        Bits<W> next = present;
        next.reset(m.a);
        next.reset(m.b);
        Bits<W> gone;
        gone.set(m.a);
        gone.set(m.b);
        trial.assign(1, {m.a, m.b});
        int left = 0;
        const Bits<W> next_free = freed(free.andnot(gone), next, g_.affects[m.a] | g_.affects[m.b]);
        if (quick_game(next, trial, nested_rng_, next_free, &left)) {
          path.insert(path.end(), trial.begin(), trial.end());
          return true;
        }
        if (left < step_left) {
          step_left = left;
          step_best = trial;
        }
      }
      if (step_left < best_left) {
        best_left = step_left;
        best = step_best;
      }
      // The best game's next move whose tiles are still here (the safe moves may have taken
      // some of its pairs in another pairing); when that move is not free now, this move's
      // best game replaces it.
      std::size_t k = 0;
      while (k < best.size() && !(present.test(best[k].first) && present.test(best[k].second))) ++k;
      if (k == best.size() || !free.test(best[k].first) || !free.test(best[k].second)) {
        best_left = step_left;
        best = step_best;
        k = 0;
      }
      const std::pair<int, int> move = best[k];
      best.erase(best.begin(), best.begin() + static_cast<std::ptrdiff_t>(k) + 1);
      present.reset(move.first);
      present.reset(move.second);
      Bits<W> gone;
      gone.set(move.first);
      gone.set(move.second);
      free = freed(free.andnot(gone), present,
                   g_.affects[move.first] | g_.affects[move.second]);
      path.push_back(move);
    }
  }

  // Whether sc, a complete relaxed schedule of a position, is still one after a pair of the
  // group of slot `a` went (next: the position after). The relaxed game only gains by losing
  // tiles, so replaying sc's order without the pair removes every other tile when it did, free
  // as it was; the one condition that can fail is a partner: a tile of the same group whose
  // only partner then was one of the two. So each remaining tile of the group needs another
  // remaining one that was free (or gone) by its own removal. When this holds the relaxation
  // of `next` is alive; when not, only a full relaxation can tell.
  bool schedule_holds(const Schedule& sc, const Bits<W>& next, int a) const {
    const Bits<W> rest = members_[group_[a]] & next;
    bool ok = true;
    rest.for_each([&](int t) {
      if (!ok) return;
      bool witness = false;
      rest.for_each([&](int u) {
        if (u != t && sc.freed_at[u] <= sc.removed_at[t]) witness = true;
      });
      ok = witness;
    });
    return ok;
  }

  // ---- The exhaustive phase: search over pairings, not over move orders. ----
  //
  // Once every group's pairing is fixed, removing any free committed pair is safe (freedom only
  // grows), so play is confluent and only the pairings are real decisions. A node commits the
  // partner of one tile of one group (3 choices for a group of four), then plays every free
  // committed pair greedily. Tiles whose partner is not decided yet are "uncommitted".
  struct Node {
    Bits<W> present;
    Bits<W> uncommitted;
    std::array<std::int16_t, Bits<W>::kCapacity> partner;  // committed partner slot, or -1
    // u is set when pairing u with the lowest undecided tile of its group is already refuted;
    // refutations only get stronger deeper in the tree, so children inherit them.
    Bits<W> refuted;
    Lits lits;  // the pairings chosen so far, as literals (see lit_of)
  };

  struct Key {
    Bits<W> present, uncommitted, pairing;
    std::vector<std::int16_t> pairs;  // committed pairs of groups of more than four tiles
    bool operator==(const Key& o) const {
      return present == o.present && uncommitted == o.uncommitted && pairing == o.pairing &&
             pairs == o.pairs;
    }
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      BitsHash h;
      std::size_t x = h(k.present) ^ (h(k.uncommitted) * 31) ^ (h(k.pairing) * 1000003);
      for (const std::int16_t t : k.pairs) x = x * 0x100000001B3ULL + static_cast<std::size_t>(t);
      return x;
    }
  };

  // The state of a node: what is present, what is uncommitted, and the pairing of the
  // committed tiles. For a group of up to four tiles the partner of its lowest present
  // committed tile pins it; a larger group lists its committed pairs (lower tile, partner) in
  // slot order, since no set of slots tells its pairings apart ((a,c),(b,d) and (a,d),(b,c)
  // have the same tiles as partners of lower ones).
  Key key_of(const Node& s) const {
    Key k{s.present, s.uncommitted, Bits<W>{}, {}};
    s.present.andnot(s.uncommitted).for_each([&](int t) {
      const int p = s.partner[t];
      if (p < t) return;
      if (big_[t]) {
        k.pairs.push_back(static_cast<std::int16_t>(t));
        k.pairs.push_back(static_cast<std::int16_t>(p));
      } else if ((members_[group_[t]] & s.present).nth(0) == t) {
        k.pairing.set(p);
      }
    });
    return k;
  }

  void commit(Node& s, int a, int b) const {
    const bool chosen = var_of_tile_[a] >= 0 && s.uncommitted.test(a);
    if (chosen) s.lits.set(lit_of(a, b));
    s.partner[a] = static_cast<std::int16_t>(b);
    s.partner[b] = static_cast<std::int16_t>(a);
    s.uncommitted.reset(a);
    s.uncommitted.reset(b);
    // Two uncommitted tiles left in a group have no choice: commit them too.
    const Bits<W> rest = members_[group_[a]] & s.uncommitted & s.present;
    // A refuted bit means "refuted as the partner of the group's lowest uncommitted tile". In a
    // group of six or eight that tile changes when it is paired here, and the bits would then
    // refute other pairings: drop the group's bits (its lookahead re-derives what still holds).
    // A group of four has no uncommitted tiles left after this, so nothing changes for it.
    s.refuted = s.refuted.andnot(rest);
    if (rest.count() == 2) {
      const int c = rest.nth(0), d = rest.nth(1);
      // In a group of six or eight the last pair is a literal of its own, implied by the
      // group's other pairs (a group of four's last pair is the same literal as (a, b)).
      if (chosen && vars_[var_of_tile_[a]].size > 4) s.lits.set(lit_of(c, d));
      s.partner[c] = static_cast<std::int16_t>(d);
      s.partner[d] = static_cast<std::int16_t>(c);
      s.uncommitted.reset(c);
      s.uncommitted.reset(d);
    }
  }

  void remove_pair(Node& s, int a, int b, std::vector<std::pair<int, int>>& path) const {
    s.present.reset(a);
    s.present.reset(b);
    s.uncommitted.reset(a);
    s.uncommitted.reset(b);
    s.partner[a] = s.partner[b] = -1;
    path.emplace_back(a, b);
  }

  // Plays every free committed pair, and every group whose uncommitted tiles are all free.
  void greedy(Node& s, std::vector<std::pair<int, int>>& path) const {
    for (bool changed = true; changed;) {
      changed = false;
      const Bits<W> free = g_.free_set(s.present);
      free.for_each([&](int t) {
        if (!s.present.test(t)) return;
        const int p = s.partner[t];
        if (p >= 0) {
          if (free.test(p) && s.present.test(p)) {
            remove_pair(s, t, p, path);
            changed = true;
          }
          return;
        }
        const Bits<W> open = members_[group_[t]] & s.uncommitted & s.present;
        if (open.andnot(free).none()) {
          int first = -1;
          open.for_each([&](int u) {
            if (first < 0) {
              first = u;
            } else {
              remove_pair(s, first, u, path);
              first = -1;
            }
          });
          changed = true;
        }
      });
    }
  }

  // The relaxation of a node's child (one more pairing committed), from the node's alive
  // schedule `order` (replay.hpp): the tiles it leaves, none when alive. The same stuck set as
  // relax() from scratch, so the same verdict and the same reasons, at a fraction of the cost.
  //
  // Only the lead's group has new partner rules, and of its tiles only those with no possible
  // partner of the trial free (or gone) by their own removal in the node's schedule can fail
  // while nothing is left behind: the others keep a witness there. The replay starts at the
  // first tile that can fail and stops once those are past (none in about one lookahead in
  // twelve on cross: alive at once). On two-set boards, whose groups of eight spread over the
  // whole schedule, this cut the walk.
  Bits<W> lookahead_relax(const Node& trial, int lead, const std::int16_t* order,
                          const Schedule& sc, int count) const {
    const Bits<W> open = trial.uncommitted & trial.present;
    const auto mates_of = [&](int t) {
      Bits<W> m;
      const int p = trial.partner[t];
      if (p >= 0) {
        m.set(p);
      } else {
        m = members_[group_[t]] & open;
        m.reset(t);
      }
      return m;
    };
    const auto near_of = [&](int t) -> const Bits<W>& { return near_[t]; };
    Bits<W> can_fail;
    (members_[group_[lead]] & trial.present).for_each([&](int t) {
      bool witness = false;
      mates_of(t).for_each([&](int m) {
        witness = witness || sc.freed_at[m] <= sc.removed_at[t];
      });
      if (!witness) can_fail.set(t);
    });
    if (can_fail.none()) return can_fail;
    return replay_schedule(g_, trial.present, order, sc.removed_at.data(), count, can_fail,
                           trial.partner.data(), mates_of, near_of);
  }

  // The relaxed game is monotone (removals only free tiles and only add removed partners), so
  // it removes the same tiles in any order, and one complete schedule proves it alive. The
  // node's own schedule stays valid after pairing a (lead, u), (c, d) of an uncommitted group
  // when each pair had a moment with both tiles free in it: only those tiles' partner
  // conditions change. Then the lookahead needs no relaxation of its own for that pairing.
  static bool both_free_once(const Schedule& sc, int a, int b) {
    return std::max(sc.freed_at[a], sc.freed_at[b]) <= std::min(sc.removed_at[a], sc.removed_at[b]);
  }
  static bool quick_accept(const Schedule& sc, int lead, int u, int c, int d) {
    return both_free_once(sc, lead, u) && both_free_once(sc, c, d);
  }

  bool over_budget() {
    ++nodes_;
    if (nodes_ > restart_limit_) {
      restart_hit_ = true;
      return true;
    }
    if (limits_.max_nodes > 0 && nodes_ > limits_.max_nodes) {
      budget_reason_ = "node budget of " + std::to_string(limits_.max_nodes) + " exhausted";
      return true;
    }
    if ((nodes_ & 63) == 0 && out_of_time()) {
      budget_reason_ = "time budget of " + std::to_string(limits_.max_seconds) + " s exhausted";
      return true;
    }
    return false;
  }

  enum class TieOrder : int { kFirstFound = 0, kShallowest = 1, kDeepest = 2 };

  struct Option {
    int a, b;
    int score;
  };

  // ---- Learning from dead states: why a state is dead, as a set of pairing choices. ----
  //
  // A literal is one pairing of one group that has four tiles at the root: lit_of(a, b) names
  // the pairing in which a and b are partners. In a group of six or eight a literal is one pair
  // (a, b): "a and b are partners", whatever the group's other pairs. A *reason* is a set of
  // literals such that no complete pairing containing them all clears the root position (a
  // nogood).
  //
  // Why a relaxation proves one: when it gets stuck, the tiles left over form a closed set
  // (every tile of it is blocked by tiles of the set, or free with all its possible partners in
  // the set and blocked). Such a set can never be entered by the relaxed game, and whether it
  // is closed depends only on the possible partners of its free tiles: the pairings of their
  // groups. So those pairings alone are a reason; every other choice is irrelevant to this
  // death. A node whose every branch dies is dead for the union of its branches' reasons minus
  // the branch choices; a branch whose reason does not contain its own choice proves the node
  // dead outright, and its siblings are skipped (conflict-directed backjumping).
  //
  // A group of six or eight differs in two places. A branch on its lead tile's partner is
  // exhaustive only given the group's pairs committed so far: with them left out of the node's
  // reason, a complete pairing could give the lead a partner no branch tried. So the reason of
  // a node that branches on such a group holds the group's literals of the node, and so does
  // the closed-set reason of a free uncommitted tile of such a group (its possible partners are
  // the mates the group's pairs leave). And a branch may commit two pairs (the last two tiles
  // of the group pair up by themselves): both are the branch's choice.
  struct Var {
    std::array<int, 8> tiles;  // ascending
    int size;                  // 4, 6 or 8
    int base;                  // its first literal
    Lits mask;                 // all its literals
  };
  int lit_of(int a, int b) const {
    const int v = var_of_tile_[a];
    const Var& var = vars_[v];
    const std::array<int, 8>& t = var.tiles;
    if (var.size == 4) {
      int mate;  // the partner of the group's first tile
      if (a == t[0]) {
        mate = b;
      } else if (b == t[0]) {
        mate = a;
      } else {
        mate = t[1] + t[2] + t[3] - a - b;
      }
      return var.base + (mate == t[1] ? 0 : mate == t[2] ? 1 : 2);
    }
    int i = pos_in_var_[a], j = pos_in_var_[b];
    if (i > j) std::swap(i, j);
    return var.base + i * (2 * var.size - i - 1) / 2 + (j - i - 1);
  }

  const Lits& var_lits(int v) const { return vars_[v].mask; }
  // reason |= lits & var_lits(v), returning how many literals joined: a group's literals are
  // numbered together, so only the one or two words they lie in are read (explain() does this
  // at every step, and a literal set of a two-set board has sixteen words).
  int join_var_lits(Lits& reason, const Lits& lits, int v) const {
    const Var& var = vars_[v];
    const int first = var.base >> 6, last = (var.base + lits_of_size(var.size) - 1) >> 6;
    int joined = 0;
    for (int k = first; k <= last; ++k) {
      const std::uint64_t more = lits.w[k] & var.mask.w[k] & ~reason.w[k];
      reason.w[k] |= more;
      joined += popcount64(more);
    }
    return joined;
  }

  // The reason of a relaxation stuck with the tiles `stuck` left. The whole stuck set is a
  // closed set, but usually a much smaller closed set inside it explains the death with fewer
  // pairings: grown from one free stuck tile, it takes that tile's possible partners, and for
  // every blocked tile one tile that covers it (or one on each side). Each such set is closed
  // (free tiles of it keep all their partners in it, blocked ones keep a blocker), so the
  // pairings of its free committed tiles are a reason. The smallest over the seeds is kept.
  Lits explain(const Node& s, const Bits<W>& stuck) const {
    const Bits<W> free_stuck = g_.free_set(stuck) & stuck;
    const Bits<W> blocked = stuck.andnot(free_stuck);
    Lits best = s.lits;
    int best_count = best.count() + 1;
    Bits<W> tried;
    free_stuck.for_each([&](int seed) {
      if (tried.test(seed) || best_count <= 1) return;
      Bits<W> closed;
      closed.set(seed);
      int stack[Bits<W>::kCapacity];
      int top = 0;
      stack[top++] = seed;
      Lits reason;
      int reason_count = 0;  // reason.count(), kept as literals join (it is asked every step)
      bool valid = true;
      while (top > 0 && valid) {
        const int t = stack[--top];
        Bits<W> add;
        if (free_stuck.test(t)) {
          const int v = var_of_tile_[t];
          const int p = s.partner[t];
          if (p >= 0) {
            add.set(p);
            if (v >= 0) {
              if (vars_[v].size == 4) {
                reason_count += join_var_lits(reason, s.lits, v);
              } else {
                const int lit = lit_of(t, p);
                if (!reason.test(lit)) {
                  reason.set(lit);
                  ++reason_count;
                }
              }
            }
          } else {
            add = members_[group_[t]] & s.uncommitted & s.present;
            add.reset(t);
            // The mates the group's pairs leave t (none committed in a group of four).
            if (v >= 0 && vars_[v].size > 4) reason_count += join_var_lits(reason, s.lits, v);
          }
          if (add.andnot(blocked).any()) valid = false;  // not closed after all: keep them all
        } else {
          const Bits<W> over = g_.cover[t] & stuck;
          if (over.any()) {
            add.set(over.nth(0));
          } else {
            add.set((g_.left[t] & stuck).nth(0));
            add.set((g_.right[t] & stuck).nth(0));
          }
        }
        add.andnot(closed).for_each([&](int u) {
          closed.set(u);
          stack[top++] = u;
        });
        if (reason_count >= best_count) valid = false;  // no better than the best so far
      }
      tried |= closed & free_stuck;
      if (valid && reason_count < best_count) {
        best = reason;
        best_count = reason_count;
      }
    });
    return best;
  }

  // The root position with only the given pairings chosen.
  Node root_with(const Lits& lits) const {
    Node n = root_node_;
    lits.for_each([&](int lit) {
      const std::pair<int, int>& pair = lit_pairs_[lit];
      commit(n, pair.first, pair.second);
    });
    return n;
  }

  // Shrinks a reason: drops each pairing whose absence still leaves the relaxation of the
  // root (with the remaining pairings chosen) dead, and re-explains from the smaller stuck set.
  //
  // Fewer pairings only let the relaxation remove more, so each test starts from the tiles the
  // last dead relaxation left (everything else goes anyway) instead of from the root.
  //
  // `needed`, when not -1, is a literal known to be needed: the lookahead's own pairing, whose
  // reason lies within the node's pairings plus it. Without it the rest lies within the node's,
  // which are alive, so its test would only confirm it.
  Lits minimise(Lits reason, Bits<W> region, int needed = -1) const {
    const Lits order = reason;
    order.for_each([&](int lit) {
      if (!reason.test(lit) || lit == needed) return;
      Lits fewer = reason;
      fewer.reset(lit);
      const Node n = root_with(fewer);
      const Bits<W> left = relax_rest(n, region);
      if (left.any()) {
        reason = explain(n, left);
        region = left;
      }
    });
    return reason;
  }

  // The tiles the relaxation of n cannot remove when the tiles outside `region` are gone
  // already: relax() with a start, without its schedule, its lazy order or its recomputations
  // (the removed set and the open tiles only grow, so they are kept, not rebuilt a step).
  Bits<W> relax_rest(const Node& n, Bits<W> relaxed) const {
    Bits<W> free = g_.free_set(relaxed);
    Bits<W> reach = free | n.present.andnot(relaxed);  // free or gone: a partner's condition
    const Bits<W> open = n.uncommitted & n.present;
    int stack[Bits<W>::kCapacity];
    int top = 0;
    Bits<W> queued = free;
    free.for_each([&](int t) { stack[top++] = t; });
    auto partnered = [&](int t) {
      const int p = n.partner[t];
      if (p >= 0) return reach.test(p);
      Bits<W> m = members_[group_[t]] & open & reach;
      m.reset(t);
      return m.any();
    };
    while (top > 0) {
      const int t = stack[--top];
      queued.reset(t);
      if (!relaxed.test(t) || !partnered(t)) continue;
      relaxed.reset(t);
      (g_.affects[t] & relaxed).andnot(free).for_each([&](int u) {
        if (!g_.is_free(u, relaxed)) return;
        free.set(u);
        reach.set(u);
        // u can go now, and so can free tiles that were waiting for u as their partner.
        Bits<W> waiting;
        const int p = n.partner[u];
        if (p >= 0) {
          waiting.set(p);
        } else {
          waiting = members_[group_[u]] & open;
        }
        waiting.set(u);
        (waiting & free & relaxed).andnot(queued).for_each([&](int v) {
          queued.set(v);
          stack[top++] = v;
        });
      });
    }
    return relaxed;
  }

  // A dead state's reason, kept by state key. A state met again through different pairings of
  // groups already gone may not contain the stored reason; it is dead all the same, and then
  // its own pairings are the (weaker) reason.
  void remember(const Key& key, const Lits& why) {
    dead_nodes_[key] = why;
    add_nogood(why);
  }

  // Learned nogoods, indexed by each of their literals: a pairing that would complete one is
  // refuted without a relaxation, in any branch and any later restart.
  void add_nogood(const Lits& nogood) {
    if (vars_.empty() || nogoods_.size() >= kMaxNogoods) return;
    const int id = static_cast<int>(nogoods_.size());
    nogoods_.push_back(nogood);
    const std::uint64_t fold = fold_of(nogood);
    nogood.for_each([&](int lit) { by_lit_[lit].push_back({fold, id}); });
  }
  // A learned nogood contained in lits that contains lit, or nullptr; the first one learned.
  // The watch list keeps each nogood's words folded into one: a nogood within lits has its fold
  // within lits' fold, and most others are told apart by that test alone, without reading the
  // nogood itself (the look-ups were a quarter of the search's instructions).
  const Lits* nogood_within(const Lits& lits, int lit) const {
    const std::uint64_t within = fold_of(lits);
    for (const Watch& watch : by_lit_[lit]) {
      if ((watch.fold & ~within) != 0) continue;
      if (nogoods_[watch.id].andnot(lits).none()) return &nogoods_[watch.id];
    }
    return nullptr;
  }
  static std::uint64_t fold_of(const Lits& b) {
    std::uint64_t x = 0;
    for (int k = 0; k < LW; ++k) x |= b.w[k];
    return x;
  }

  // Refutations recorded at a node hold for its subtree only: their reasons are restored when
  // the node returns.
  struct TrailGuard {
    std::vector<std::pair<int, Lits>>& trail;
    std::vector<Lits>& reasons;
    std::size_t mark;
    ~TrailGuard() {
      while (trail.size() > mark) {
        reasons[trail.back().first] = trail.back().second;
        trail.pop_back();
      }
    }
  };

  // 1 solvable (path holds the solution), 0 dead (why holds a reason), -1 budget exhausted.
  int search(Node s, std::vector<std::pair<int, int>>& path, Lits& why, int last_lit) {
    if (over_budget()) return -1;
    if (last_lit >= 0) {
      if (const Lits* known = nogood_within(s.lits, last_lit)) {
        why = *known;
        return 0;
      }
    }
    const std::size_t mark = path.size();
    greedy(s, path);
    if (s.present.none()) return 1;
    const Key key = key_of(s);
    {
      const auto hit = dead_nodes_.find(key);
      if (hit != dead_nodes_.end()) {
        why = hit->second.andnot(s.lits).none() ? hit->second : s.lits;
        path.resize(mark);
        return 0;
      }
    }
    Schedule schedule;
    const Bits<W> free = g_.free_set(s.present);
    Bits<W> stuck;
    if (relax(s.present, s.uncommitted, s.partner.data(), free, &schedule, &stuck)) {
      // Without decisions (learning off: a group of more than eight tiles, more literals than
      // a literal set holds, or limits.learning) there is nothing to explain.
      if (!vars_.empty()) why = minimise(explain(s, stuck), stuck);
      remember(key, why);
      path.resize(mark);
      return 0;
    }
    // The order in which the node's relaxation removed its tiles: each lookahead replays it.
    std::array<std::int16_t, Bits<W>::kCapacity> order;
    const int order_count = s.present.count();
    s.present.for_each([&](int t) { order[schedule.removed_at[t]] = static_cast<std::int16_t>(t); });
    TrailGuard guard{trail_, reasons_, trail_.size()};
    // Branch on the group with the fewest viable pairings (fail first): groups that can move now
    // are looked at first, and when branch_anywhere_ is set every undecided group competes.
    // Among groups with equally few pairings, which one? The proof size of an unsolvable
    // position swings by 10x with this choice and no rule wins everywhere, so the restarts take
    // turns: the first found (free groups first), the least covered, the most covered (depth =
    // how many present tiles lie over the group's tiles). Dead states carry over between them.
    const TieOrder tie_order = static_cast<TieOrder>(restarts_ % 3);
    std::vector<Option> best;
    Lits best_why;  // the reasons of the chosen group's refuted pairings
    int best_depth = 0;
    bool dead = false;
    Lits dead_why;
    Bits<W> seen;
    // On a board with a group of six or eight, the groups compete on their pairings that are
    // not refuted yet (by cover, a nogood or an ancestor's lookahead) and only the
    // chosen group's pairings are looked ahead (below): a node then costs about a third, and the
    // search decides more deals in the same time (benchmarks/README.md, issue 36, eighth part).
    // Every pairing a lookahead refutes is still left out with its reason, and every other one
    // is a branch, so the verdict is what the full comparison gives.
    bool looking = !many_sets_;
    auto consider = [&](int t, bool need_free) {
      if (dead || seen.test(t)) return;
      const Bits<W> open = members_[group_[t]] & s.uncommitted & s.present;
      if (need_free && (open & free).count() < 2) return;
      seen |= open;
      if (!best.empty() && best.size() == 1) return;  // a forced choice is already found
      const int lead = open.nth(0);
      const int var = var_of_tile_[lead];
      const bool learn = var >= 0;
      std::vector<Option> options;
      // A group of six or eight: its pairs so far make the lead's partners the open mates.
      Lits group_why = learn && vars_[var].size > 4 ? s.lits & var_lits(var) : Lits{};
      // Once a group has as many viable pairings as the best group so far it cannot be chosen,
      // so its remaining pairings need no lookahead (the relaxations are most of the time).
      // (No cap before a best exists: a group of six or eight offers its lead five or seven
      // partners, and every one of them must be a branch of the node that chooses the group.)
      const std::size_t enough = best.empty() ? Bits<W>::kCapacity : best.size();
      bool cut = false;
      open.for_each([&](int u) {
        if (u == lead) return;
        const int lit = learn ? lit_of(lead, u) : -1;
        if (s.refuted.test(u)) {
          if (learn) group_why |= reasons_[lit];
          return;
        }
        if (options.size() >= enough) {
          cut = true;
          return;
        }
        bool refuted = false;
        Lits reason;  // why the pairing is refuted, without the pairing itself
        // A pair one of whose tiles lies over the other can never be removed.
        if (g_.cover[lead].test(u) || g_.cover[u].test(lead)) refuted = true;
        if (!refuted && learn) {
          Lits with = s.lits;
          with.set(lit);
          if (const Lits* known = nogood_within(with, lit)) {
            refuted = true;
            reason = *known;
            reason.reset(lit);
          }
        }
        bool accepted = false;
        if (!refuted && open.count() == 4) {
          Bits<W> rest = open;
          rest.reset(lead);
          rest.reset(u);
          const int c = rest.nth(0), d = rest.nth(1);
          if (g_.cover[c].test(d) || g_.cover[d].test(c)) refuted = true;
          accepted = !refuted && quick_accept(schedule, lead, u, c, d);
        }
        if (!refuted && !accepted && looking) {
          // Look one commitment ahead: a pairing the relaxation already refutes is no choice.
          Node trial = s;
          commit(trial, lead, u);
          Bits<W> left = lookahead_relax(trial, lead, order.data(), schedule, order_count);
          refuted = left.any();
          if (refuted && learn) {
            reason = explain(trial, left);
            reason = minimise(reason, left, lit);
            add_nogood(reason);
            // Without the branch's choice: (lead, u), and the pair it leaves in a group of six
            // or eight (implied by it and the group's pairs, which the node's reason holds).
            reason = reason.andnot(trial.lits.andnot(s.lits));
          }
        }
        if (refuted) {
          s.refuted.set(u);
          if (learn) {
            trail_.emplace_back(lit, reasons_[lit]);
            reasons_[lit] = reason;
            group_why |= reason;
          }
          return;
        }
        options.push_back({lead, u, 0});
      });
      if (options.empty()) {
        dead = true;
        dead_why = learn ? group_why : s.lits;
        return;
      }
      int depth = 0;
      if (tie_order != TieOrder::kFirstFound) {
        open.for_each([&](int u) { depth += (g_.cover[u] & s.present).count(); });
      }
      const Lits chosen_why = learn ? group_why : s.lits;
      if (best.empty() || options.size() < best.size()) {
        best = std::move(options);
        best_why = chosen_why;
        best_depth = depth;
      } else if (!cut && options.size() == best.size() &&
                 ((tie_order == TieOrder::kShallowest && depth < best_depth) ||
                  (tie_order == TieOrder::kDeepest && depth > best_depth))) {
        best = std::move(options);
        best_why = chosen_why;
        best_depth = depth;
      }
    };
    (free & s.uncommitted).for_each([&](int t) { consider(t, true); });
    if (branch_anywhere_ && !dead && (best.empty() || best.size() > 1)) {
      s.uncommitted.andnot(free).for_each([&](int t) { consider(t, false); });
    }
    if (!looking && !dead && !best.empty()) {
      const int chosen = best.front().a;
      best.clear();
      seen = Bits<W>{};
      looking = true;
      consider(chosen, false);
    }
    if (dead || best.empty()) {
      why = dead ? dead_why : s.lits;
      remember(key, why);
      path.resize(mark);
      return 0;
    }
    for (Option& o : best) {
      Node trial = s;
      commit(trial, o.a, o.b);
      // Score: tiles freed by the pairs this commitment makes removable right away.
      int score = 0;
      Bits<W> after = trial.present;
      trial.present.andnot(trial.uncommitted).for_each([&](int t) {
        const int p = trial.partner[t];
        if (p > t && free.test(t) && free.test(p)) {
          after.reset(t);
          after.reset(p);
        }
      });
      score = g_.free_set(after).count();
      // Ties (and, after the first run, near-ties) are broken at random between restarts.
      o.score = score * 8 + (restarts_ == 0 ? 0 : rng_.below(restarts_ < 4 ? 8 : 24));
    }
    std::stable_sort(best.begin(), best.end(),
                     [](const Option& x, const Option& y) { return x.score > y.score; });
    // Phase saving, as SAT solvers do: on a board with a group of six or eight the pairing a
    // tile was last given, in a branch since abandoned or a run before a restart, goes first.
    // A dead end deep in a branch is most often fixed by a change near it, and the rest of the
    // pairings that led there are worth keeping (cross: 125 → 151 of 200 deals within 1 s,
    // benchmarks/README.md, issue 36, ninth part). What is learnt keeps it from going round.
    if (many_sets_) {
      std::stable_partition(best.begin(), best.end(),
                            [&](const Option& o) { return saved_partner_[o.a] == o.b; });
    }
    const std::size_t after_greedy = path.size();
    const bool learn = var_of_tile_[best.front().a] >= 0;
    Lits node_why = best_why;
    for (const Option& o : best) {
      Node child = s;
      commit(child, o.a, o.b);
      Lits child_why;
      const int lit = learn ? lit_of(o.a, o.b) : -1;
      const Lits choice = child.lits.andnot(s.lits);  // lit, and the pair it leaves
      if (many_sets_) {
        saved_partner_[o.a] = o.b;
        saved_partner_[o.b] = o.a;
      }
      const int v = search(std::move(child), path, child_why, lit);
      if (v == 1) return 1;
      path.resize(after_greedy);
      if (v < 0) return -1;
      if (!learn) {
        node_why = s.lits;
        continue;
      }
      if (!child_why.intersects(choice)) {
        // The branch died without its own choice: so does this node, whatever the siblings.
        why = child_why;
        remember(key, why);
        path.resize(mark);
        return 0;
      }
      node_why |= child_why.andnot(choice);
    }
    why = node_why;
    remember(key, why);
    path.resize(mark);
    return 0;
  }

  // Restarts with a growing node allowance and a freshly shuffled tie order: the search time of
  // one fixed order is heavy-tailed, and dead nodes found by any run stay dead for all of them.
  // Returns as search() does, or 2 when a playout between restarts solved r.
  int dfs(const Bits<W>& present, std::vector<std::pair<int, int>>& path, SolveResult& r) {
    Node root{present, present, {}, {}, {}};
    root.partner.fill(-1);
    // The groups with four, six or eight tiles here are the decisions: each gets three, 15 or
    // 28 literals, numbered group by group.
    var_of_tile_.assign(g_.n, -1);
    pos_in_var_.assign(g_.n, -1);
    if (learning_) {
      int base = 0;
      for (const Bits<W>& m : members_) {
        const Bits<W> here = m & present;
        const int size = here.count();
        if (lits_of_size(size) == 0) continue;
        const int v = static_cast<int>(vars_.size());
        Var var{{}, size, base, {}};
        int k = 0;
        here.for_each([&](int t) {
          var.tiles[k] = t;
          pos_in_var_[t] = k++;
          var_of_tile_[t] = v;
        });
        vars_.push_back(var);
        base += lits_of_size(size);
        lit_pairs_.resize(base);
        for (int i = 0; i < size; ++i) {
          for (int j = i + 1; j < size; ++j) {
            const int lit = lit_of(var.tiles[i], var.tiles[j]);
            vars_[v].mask.set(lit);
            // A group of four's literal is its first tile's pair (the other pair follows).
            if (size > 4 || i == 0) lit_pairs_[lit] = {var.tiles[i], var.tiles[j]};
          }
        }
      }
    }
    // Groups with two tiles left are committed from the start.
    for (const Bits<W>& m : members_) {
      const Bits<W> here = m & present;
      if (here.count() == 2) commit(root, here.nth(0), here.nth(1));
    }
    root_node_ = root;
    const std::size_t mark = path.size();
    // Short runs growing by half: what a run learns (dead states, nogoods) carries over, so
    // frequent restarts cost little, and each brings another tie order and more playouts.
    for (std::int64_t allowance = 300;; allowance += allowance / 2) {
      restart_limit_ = nodes_ + allowance;
      Lits why;
      const int v = search(root, path, why, -1);
      if (v >= 0) return v;
      path.resize(mark);
      if (!restart_hit_) return -1;  // the caller's budget ran out
      restart_hit_ = false;
      ++restarts_;
      const int more = std::min(limits_.playouts_per_restart, limits_.playouts - r.playouts);
      if (more > 0 && playout_batch(present, path, more, r)) return 2;
      if (nested_ && nested_batch(present, path, nested_between_restarts(), r)) return 2;
    }
  }

  const Geometry<W>& g_;
  SolveLimits limits_;
  PlayoutRng rng_;
  PlayoutRng quick_rng_;  // the quick games' own stream, so that the playouts' stays as it was
  PlayoutRng nested_rng_;  // the nested games' own stream, so that the quick games' stays too
  bool nested_ = false;    // whether nested games run (the fast rule on a board of several sets)
  std::int64_t nested_games_ = 0;  // nested games run so far
  std::vector<int> saved_partner_;  // per slot: the partner the search last gave it, or -1
  // A board with a group of six or eight: the search chooses cheaply and saves phases there.
  bool many_sets_ = false;
  Bits<W> quick_root_free_;  // the free set where the quick games start
  std::vector<int> quick_free_, quick_left_;  // free and present tiles per group, as they go
  std::vector<int> quick_touched_;
  std::vector<Bits<W>> members_;
  std::vector<int> group_;
  Bits<W> root_;
  Schedule playout_schedule_{};  // a relaxed schedule of the playouts' start, once computed
  bool playout_schedule_ready_ = false;
  std::unordered_map<Key, Lits, KeyHash> dead_nodes_;
  Node root_node_;
  // About 4 nogoods a node, so ten seconds of search; the store then stops growing (a few MB),
  // which bounds memory and the cost of each lookup on long runs.
  static constexpr std::size_t kMaxNogoods = 250'000;
  std::vector<Lits> nogoods_;
  struct Watch {
    std::uint64_t fold;  // the nogood's words or-ed together
    int id;
  };
  std::vector<std::vector<Watch>> by_lit_ = std::vector<std::vector<Watch>>(Lits::kCapacity);
  std::vector<int> var_of_tile_;  // the decision a slot's group is, or -1
  std::vector<int> pos_in_var_;   // a slot's place among its decision's tiles
  std::vector<Var> vars_;         // the decisions
  std::vector<std::pair<int, int>> lit_pairs_;  // a pair each literal commits (root_with)
  std::vector<Lits> reasons_ = std::vector<Lits>(Lits::kCapacity);  // why a refuted literal is
  std::vector<std::pair<int, Lits>> trail_;  // reasons to restore on the way back
  bool learning_ = true;
  std::vector<Bits<W>> near_;  // per slot: the slots it affects and every tile of their groups
  std::vector<char> big_;  // slot i's group has more than four tiles (its pairs go in keys)
  bool branch_anywhere_ = true;
  std::int64_t restart_limit_ = 0;
  bool restart_hit_ = false;
  int restarts_ = 0;
  std::int64_t nodes_ = 0;
  std::string budget_reason_;
  double start_ = 0.0;
};

}  // namespace

// The literal words for boards with groups of six or eight: 1,024 literals (cross, 222 slots,
// needs 587; a 256-slot board of groups of eight at most 896).
constexpr int kWideLiteralWords = 16;

template <int W>
SolveResult solve(const Geometry<W>& g, const std::vector<int>& groups, const SolveLimits& limits) {
  // On the heap: the learning tables are a literal set per literal (128 KB when wide).
  const int needed = literals_needed(groups);
  if (limits.learning && needed > Bits<W>::kCapacity &&
      needed <= Bits<kWideLiteralWords>::kCapacity && W < kWideLiteralWords) {
    return std::make_unique<Solver<W, kWideLiteralWords>>(g, groups, limits)->run();
  }
  return std::make_unique<Solver<W>>(g, groups, limits)->run();
}

#define MAHJONGKIT_INSTANTIATE(W) \
  template SolveResult solve<W>(const Geometry<W>&, const std::vector<int>&, const SolveLimits&);
MAHJONGKIT_FOR_EACH_WORD_COUNT(MAHJONGKIT_INSTANTIATE)
#undef MAHJONGKIT_INSTANTIATE

}  // namespace mahjongkit::solitaire
