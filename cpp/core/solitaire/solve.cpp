#include "core/solitaire/solve.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <ctime>
#include <unordered_set>

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
  std::size_t operator()(const Bits& b) const {
    std::uint64_t h = b.w[0] * 0x9E3779B97F4A7C15ULL;
    h ^= (b.w[1] + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= (b.w[2] + 0x85EBCA77C2B2AE63ULL) * 0x165667B19E3779F9ULL;
    h ^= h >> 29;
    return static_cast<std::size_t>(h);
  }
};

// splitmix64: the playouts' private randomness (never part of any deal).
struct Mixer {
  std::uint64_t s;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

struct Move {
  int a, b;
  int score;
};

class Solver {
 public:
  Solver(const Geometry& g, const std::vector<int>& groups, const SolveLimits& limits)
      : g_(g), limits_(limits), rng_{limits.seed} {
    int max_group = -1;
    for (int i = 0; i < g.n; ++i) max_group = std::max(max_group, groups[i]);
    members_.assign(max_group + 1, Bits{});
    group_.assign(g.n, -1);
    for (int i = 0; i < g.n; ++i) {
      if (groups[i] < 0) continue;
      group_[i] = groups[i];
      members_[groups[i]].set(i);
      root_.set(i);
    }
    // The node key pins pairings of groups of up to four tiles; larger groups (only in hand-made
    // positions) make keys ambiguous, so the transposition table is then off.
    for (const Bits& m : members_) exact_keys_ = exact_keys_ && m.count() <= 4;
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
    Bits present = root_;
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
  static constexpr int kPlayoutsPerRestart = 100;  // more of them between restarts

  // Runs up to count playouts (fewer when time runs out); true with r solved when one wins.
  bool playout_batch(const Bits& present, const std::vector<std::pair<int, int>>& path, int count,
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
  void safe_reduce(Bits& present, std::vector<std::pair<int, int>>& path) const {
    for (bool changed = true; changed;) {
      changed = false;
      const Bits free = g_.free_set(present);
      Bits done;
      free.for_each([&](int t) {
        if (done.test(t)) return;
        const Bits rest = members_[group_[t]] & present;
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
        changed = true;
      }
    }
  }

  // An optimistic game that can only do better than the real one: a tile may go as soon as it
  // is free (in the relaxed position) and some other tile of its group is free or already gone.
  // Every real solution is also a relaxed one, so tiles the relaxation cannot remove prove the
  // position dead (this catches partners stacked on each other and cover cycles among pairs).
  bool relaxation_dead(const Bits& present) const {
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
    std::array<std::int16_t, Bits::kCapacity> freed_at, removed_at;
  };
  bool relax(const Bits& present, const Bits& uncommitted, const std::int16_t* partner,
             Bits free, Schedule* schedule = nullptr) const {
    std::int16_t clock = 0;
    if (schedule) free.for_each([&](int t) { schedule->freed_at[t] = 0; });
    Bits relaxed = present;
    int stack[2 * Bits::kCapacity + 8];
    int top = 0;
    Bits queued = free;
    free.for_each([&](int t) { stack[top++] = t; });
    auto mates_of = [&](int t) -> Bits {
      Bits m;
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
    int lazy[Bits::kCapacity];
    int lazy_top = 0;
    Bits in_lazy;
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
      const Bits reachable = free | present.andnot(relaxed);
      if (!mates_of(t).intersects(reachable)) continue;
      relaxed.reset(t);
      free.reset(t);
      if (schedule) schedule->removed_at[t] = clock++;
      (g_.affects[t] & relaxed).andnot(free).for_each([&](int u) {
        if (!g_.is_free(u, relaxed)) return;
        free.set(u);
        if (schedule) schedule->freed_at[u] = clock;
        // u can now go, and so can free tiles that were waiting for u as their partner.
        const Bits waiting = (mates_of(u) | Bits{}) & free & relaxed;
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
    return relaxed.any();
  }

  // Candidate moves: two free tiles of a group (safe groups are already gone).
  void moves(const Bits& present, std::vector<Move>& out) const {
    out.clear();
    const Bits free = g_.free_set(present);
    Bits seen;
    free.for_each([&](int t) {
      if (seen.test(t)) return;
      const Bits mates = members_[group_[t]] & free;
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
  int liberation(const Bits& present, int a, int b) const {
    Bits after = present;
    after.reset(a);
    after.reset(b);
    int gained = 0;
    ((g_.affects[a] | g_.affects[b]) & after).for_each([&](int t) {
      if (!g_.is_free(t, present) && g_.is_free(t, after)) ++gained;
    });
    return gained;
  }

  bool playout(Bits present, std::vector<std::pair<int, int>>& path) {
    std::vector<Move> ms;
    for (;;) {
      safe_reduce(present, path);
      if (present.none()) return true;
      moves(present, ms);
      if (ms.empty()) return false;
      // Bias toward liberating moves without making playouts deterministic.
      int best = -1, best_score = -1;
      for (int tries = 0; tries < 2; ++tries) {
        const Move& m = ms[rng_.below(static_cast<int>(ms.size()))];
        const int s = liberation(present, m.a, m.b);
        if (s > best_score) {
          best_score = s;
          best = static_cast<int>(&m - ms.data());
        }
      }
      Move m = ms[best];
      Bits next = present;
      next.reset(m.a);
      next.reset(m.b);
      if (relaxation_dead(next)) {
        // One look for a move that keeps the relaxed game alive.
        bool found = false;
        for (const Move& alt : ms) {
          Bits t = present;
          t.reset(alt.a);
          t.reset(alt.b);
          if (!relaxation_dead(t)) {
            m = alt;
            next = t;
            found = true;
            break;
          }
        }
        if (!found) return false;
      }
      present = next;
      path.emplace_back(m.a, m.b);
    }
  }

  // ---- The exhaustive phase: search over pairings, not over move orders. ----
  //
  // Once every group's pairing is fixed, removing any free committed pair is safe (freedom only
  // grows), so play is confluent and only the pairings are real decisions. A node commits the
  // partner of one tile of one group (3 choices for a group of four), then plays every free
  // committed pair greedily. Tiles whose partner is not decided yet are "uncommitted".
  struct Node {
    Bits present;
    Bits uncommitted;
    std::array<std::int16_t, Bits::kCapacity> partner;  // committed partner slot, or -1
    // u is set when pairing u with the lowest undecided tile of its group is already refuted;
    // refutations only get stronger deeper in the tree, so children inherit them.
    Bits refuted;
  };

  struct Key {
    Bits present, uncommitted, pairing;
    bool operator==(const Key& o) const {
      return present == o.present && uncommitted == o.uncommitted && pairing == o.pairing;
    }
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      BitsHash h;
      return h(k.present) ^ (h(k.uncommitted) * 31) ^ (h(k.pairing) * 1000003);
    }
  };

  // The state of a node: what is present, what is uncommitted, and for every group the partner
  // of its lowest present committed tile (which pins the pairing of a group of four).
  Key key_of(const Node& s) const {
    Key k{s.present, s.uncommitted, Bits{}};
    s.present.andnot(s.uncommitted).for_each([&](int t) {
      const int p = s.partner[t];
      if (p > t && (members_[group_[t]] & s.present).nth(0) == t) k.pairing.set(p);
    });
    return k;
  }

  void commit(Node& s, int a, int b) const {
    s.partner[a] = static_cast<std::int16_t>(b);
    s.partner[b] = static_cast<std::int16_t>(a);
    s.uncommitted.reset(a);
    s.uncommitted.reset(b);
    // Two uncommitted tiles left in a group have no choice: commit them too.
    const Bits rest = members_[group_[a]] & s.uncommitted & s.present;
    if (rest.count() == 2) {
      const int c = rest.nth(0), d = rest.nth(1);
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
      const Bits free = g_.free_set(s.present);
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
        const Bits open = members_[group_[t]] & s.uncommitted & s.present;
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

  // The relaxation of relaxation_dead, knowing the committed partners.
  bool relaxed_dead(const Node& s) const {
    return relax(s.present, s.uncommitted, s.partner.data(), g_.free_set(s.present));
  }
  bool relaxed_dead(const Node& s, const Bits& free) const {
    return relax(s.present, s.uncommitted, s.partner.data(), free);
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

  // 1 solvable (path holds the solution), 0 dead, -1 budget exhausted.
  int search(Node s, std::vector<std::pair<int, int>>& path) {
    if (over_budget()) return -1;
    const std::size_t mark = path.size();
    greedy(s, path);
    if (s.present.none()) return 1;
    const Key key = key_of(s);
    Schedule schedule;
    const Bits free = g_.free_set(s.present);
    if ((exact_keys_ && dead_nodes_.count(key)) ||
        relax(s.present, s.uncommitted, s.partner.data(), free, &schedule)) {
      if (exact_keys_) dead_nodes_.insert(key);
      path.resize(mark);
      return 0;
    }
    // Branch on the group with the fewest viable pairings (fail first): groups that can move now
    // are looked at first, and when branch_anywhere_ is set every undecided group competes.
    // Among groups with equally few pairings, which one? The proof size of an unsolvable
    // position swings by 10x with this choice and no rule wins everywhere, so the restarts take
    // turns: the first found (free groups first), the least covered, the most covered (depth =
    // how many present tiles lie over the group's tiles). Dead states carry over between them.
    const TieOrder tie_order = static_cast<TieOrder>(restarts_ % 3);
    std::vector<Option> best;
    int best_depth = 0;
    bool dead = false;
    Bits seen;
    auto consider = [&](int t, bool need_free) {
      if (dead || seen.test(t)) return;
      const Bits open = members_[group_[t]] & s.uncommitted & s.present;
      if (need_free && (open & free).count() < 2) return;
      seen |= open;
      if (!best.empty() && best.size() == 1) return;  // a forced choice is already found
      const int lead = open.nth(0);
      std::vector<Option> options;
      // Once a group has as many viable pairings as the best group so far it cannot be chosen,
      // so its remaining pairings need no lookahead (the relaxations are most of the time).
      const std::size_t enough = best.empty() ? 3 : best.size();
      bool cut = false;
      open.for_each([&](int u) {
        if (u == lead || s.refuted.test(u)) return;
        if (options.size() >= enough) {
          cut = true;
          return;
        }
        bool refuted = false;
        // A pair one of whose tiles lies over the other can never be removed.
        if (g_.cover[lead].test(u) || g_.cover[u].test(lead)) refuted = true;
        bool accepted = false;
        if (!refuted && open.count() == 4) {
          Bits rest = open;
          rest.reset(lead);
          rest.reset(u);
          const int c = rest.nth(0), d = rest.nth(1);
          if (g_.cover[c].test(d) || g_.cover[d].test(c)) refuted = true;
          accepted = !refuted && quick_accept(schedule, lead, u, c, d);
        }
        if (!refuted && !accepted) {
          // Look one commitment ahead: a pairing the relaxation already refutes is no choice.
          Node trial = s;
          commit(trial, lead, u);
          refuted = relaxed_dead(trial, free);
        }
        if (refuted) {
          s.refuted.set(u);
          return;
        }
        options.push_back({lead, u, 0});
      });
      if (options.empty()) {
        dead = true;
        return;
      }
      int depth = 0;
      if (tie_order != TieOrder::kFirstFound) {
        open.for_each([&](int u) { depth += (g_.cover[u] & s.present).count(); });
      }
      if (best.empty() || options.size() < best.size()) {
        best = std::move(options);
        best_depth = depth;
      } else if (!cut && options.size() == best.size() &&
                 ((tie_order == TieOrder::kShallowest && depth < best_depth) ||
                  (tie_order == TieOrder::kDeepest && depth > best_depth))) {
        best = std::move(options);
        best_depth = depth;
      }
    };
    (free & s.uncommitted).for_each([&](int t) { consider(t, true); });
    if (branch_anywhere_ && !dead && (best.empty() || best.size() > 1)) {
      s.uncommitted.andnot(free).for_each([&](int t) { consider(t, false); });
    }
    if (dead || best.empty()) {
      if (exact_keys_) dead_nodes_.insert(key);
      path.resize(mark);
      return 0;
    }
    for (Option& o : best) {
      Node trial = s;
      commit(trial, o.a, o.b);
      // Score: tiles freed by the pairs this commitment makes removable right away.
      int score = 0;
      Bits after = trial.present;
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
    const std::size_t after_greedy = path.size();
    for (const Option& o : best) {
      Node child = s;
      commit(child, o.a, o.b);
      const int v = search(std::move(child), path);
      if (v == 1) return 1;
      path.resize(after_greedy);
      if (v < 0) return -1;
    }
    if (exact_keys_) dead_nodes_.insert(key);
    path.resize(mark);
    return 0;
  }

  // Restarts with a growing node allowance and a freshly shuffled tie order: the search time of
  // one fixed order is heavy-tailed, and dead nodes found by any run stay dead for all of them.
  // Returns as search() does, or 2 when a playout between restarts solved r.
  int dfs(const Bits& present, std::vector<std::pair<int, int>>& path, SolveResult& r) {
    Node root{present, present, {}};
    root.partner.fill(-1);
    // Groups with two tiles left are committed from the start.
    for (const Bits& m : members_) {
      const Bits here = m & present;
      if (here.count() == 2) commit(root, here.nth(0), here.nth(1));
    }
    const std::size_t mark = path.size();
    for (std::int64_t allowance = 1000;; allowance *= 2) {
      restart_limit_ = nodes_ + allowance;
      const int v = search(root, path);
      if (v >= 0) return v;
      path.resize(mark);
      if (!restart_hit_) return -1;  // the caller's budget ran out
      restart_hit_ = false;
      ++restarts_;
      const int more = std::min(kPlayoutsPerRestart, limits_.playouts - r.playouts);
      if (more > 0 && playout_batch(present, path, more, r)) return 2;
    }
  }

  const Geometry& g_;
  SolveLimits limits_;
  Mixer rng_;
  std::vector<Bits> members_;
  std::vector<int> group_;
  Bits root_;
  std::unordered_set<Key, KeyHash> dead_nodes_;
  bool exact_keys_ = true;
  bool branch_anywhere_ = true;
  std::int64_t restart_limit_ = 0;
  bool restart_hit_ = false;
  int restarts_ = 0;
  std::int64_t nodes_ = 0;
  std::string budget_reason_;
  double start_ = 0.0;
};

}  // namespace

SolveResult solve(const Geometry& g, const std::vector<int>& groups, const SolveLimits& limits) {
  Solver s(g, groups, limits);
  return s.run();
}

}  // namespace mahjongkit::solitaire
