// A plain C++ port of de Bondt's 2007 Mahjong solitaire solver, written for benchmarks/ from the
// published description of the algorithm (M. de Bondt, "Solving Mahjong Solitaire boards with
// peeking", 2007/2012, and the explanation that came with his mjsolver). It is the baseline of
// benchmarks/bench_debondt.py; it is not part of the package and shares no code with it.
//
// The algorithm, as described:
//   * Every group of four tiles has a *pairing*: undecided, or one of the three ways to split
//     its four tiles into two pairs. A group of two is paired from the start.
//   * prune(): play the game greedily under the current pairings until nothing moves: a paired
//     pair goes when both its tiles are playable; an undecided group removes its first playable
//     pair, after which each of its other two tiles goes on its own as soon as it is playable
//     (an optimistic relaxation). Tiles left over mean no completion of these pairings wins.
//   * Random games first, about 1.2^(groups of four) of them: play a group's last two tiles or
//     all four when they are all playable, otherwise a random available match.
//   * Then a depth-first search over pairings. Down the leftmost branch, groups get pairing 1 in
//     search order until prune() fails at some group; each group before it whose pairing is not
//     needed for that failure (undecided, prune() still fails) is moved behind it with its
//     members rotated (so that its "pairing 1" names another split next time); the needed ones
//     and the failing group are put in reverse order, and the search backtracks over them,
//     deepest first, trying pairings 2 and 3 at each.
// Playable, as in the description: no tile on the next layer overlaps it, and all its left or
// all its right neighbours on its own layer are gone. (On both Turtles this is our free rule.)
//
// Input (stdin): n, then n lines "x y z" (half-tile units), then any number of deals, one a line:
// "id g0 g1 ... g(n-1)" (match group of each slot; every group has 2 or 4 tiles).
// Output: one line a deal: "id verdict cpu_seconds prunes", verdict 1 solvable, 0 unsolvable,
// 2 undecided within the budget (argv[1], CPU seconds of this thread; default 1).
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

double cpu_now() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

struct Geometry {
  int n = 0;
  std::vector<std::vector<int>> above, below, left, right;
};

Geometry build(const std::vector<std::array<int, 3>>& slots) {
  Geometry g;
  g.n = static_cast<int>(slots.size());
  g.above.resize(g.n);
  g.below.resize(g.n);
  g.left.resize(g.n);
  g.right.resize(g.n);
  for (int i = 0; i < g.n; ++i) {
    for (int j = 0; j < g.n; ++j) {
      const int dx = slots[j][0] - slots[i][0], dy = slots[j][1] - slots[i][1];
      const int dz = slots[j][2] - slots[i][2];
      if (dz == 1 && std::abs(dx) < 2 && std::abs(dy) < 2) {
        g.above[i].push_back(j);
        g.below[j].push_back(i);
      }
      if (dz == 0 && std::abs(dy) < 2 && dx == -2) g.left[i].push_back(j);
      if (dz == 0 && std::abs(dy) < 2 && dx == 2) g.right[i].push_back(j);
    }
  }
  return g;
}

// The three splits of four members a[0..3] into pairs, as member indices.
constexpr int kSplit[4][4] = {{0, 0, 0, 0}, {0, 1, 2, 3}, {0, 2, 1, 3}, {0, 3, 1, 2}};

struct Group {
  int size = 0;
  int member[4] = {-1, -1, -1, -1};
  int pairing = 0;  // 0 undecided, 1..3 a split; groups of two are always paired
};

class Solver {
 public:
  Solver(const Geometry& g, const std::vector<int>& groups, double budget, std::uint64_t seed)
      : g_(g), gone_(g.n, 0), budget_(budget), rng_(seed) {
    int top = -1;
    for (int v : groups) top = std::max(top, v);
    group_of_.assign(g.n, -1);
    std::vector<int> index(top + 1, -1);
    for (int i = 0; i < g.n; ++i) {
      const int v = groups[i];
      if (v < 0) continue;
      if (index[v] < 0) {
        index[v] = static_cast<int>(groups_.size());
        groups_.push_back(Group{});
      }
      Group& q = groups_[index[v]];
      if (q.size == 4) {
        std::fprintf(stderr, "group %d has more than four tiles\n", v);
        std::exit(2);
      }
      q.member[q.size++] = i;
      group_of_[i] = index[v];
      ++tiles_;
    }
    // Groups of four in a random search order.
    for (int k = 0; k < static_cast<int>(groups_.size()); ++k) {
      if (groups_[k].size == 4) order_.push_back(k);
    }
    for (int k = static_cast<int>(order_.size()) - 1; k > 0; --k) {
      std::swap(order_[k], order_[below(k + 1)]);
    }
  }

  // 1 solvable, 0 unsolvable, 2 undecided.
  int run() {
    start_ = cpu_now();
    for (const Group& q : groups_) {
      if (q.size % 2) return 0;
    }
    if (prune() > 0) return 0;
    double games = 1.0;
    for (std::size_t k = 0; k < order_.size(); ++k) games *= 1.2;
    for (long k = 0; k < static_cast<long>(games); ++k) {
      if (random_game()) return 1;
      if ((k & 15) == 0 && out_of_time()) return 2;
    }
    const int v = search(0);
    return timed_out_ ? 2 : v;
  }

  long prunes() const { return prunes_; }

 private:
  int below(int n) {
    rng_ ^= rng_ << 13;
    rng_ ^= rng_ >> 7;
    rng_ ^= rng_ << 17;
    return static_cast<int>(rng_ % static_cast<std::uint64_t>(n));
  }

  bool out_of_time() {
    if (budget_ > 0 && cpu_now() - start_ > budget_) timed_out_ = true;
    return timed_out_;
  }

  bool playable(int t) const {
    for (int u : g_.above[t]) {
      if (!gone_[u]) return false;
    }
    bool left_open = true;
    for (int u : g_.left[t]) left_open = left_open && gone_[u];
    if (left_open) return true;
    for (int u : g_.right[t]) {
      if (!gone_[u]) return false;
    }
    return true;
  }
  bool open(int t) const { return !gone_[t] && playable(t); }

  // Tiles left after greedy play under the current pairings (undecided groups relaxed).
  int prune() {
    ++prunes_;
    int left = tiles_;
    std::vector<int>& taken = pruned_;
    taken.clear();
    auto take = [&](int t) {
      gone_[t] = 1;
      taken.push_back(t);
      --left;
    };
    for (bool moved = true; moved;) {
      moved = false;
      for (Group& q : groups_) {
        const int* m = q.member;
        if (q.size == 2) {
          if (open(m[0]) && open(m[1])) {
            take(m[0]);
            take(m[1]);
            moved = true;
          }
          continue;
        }
        if (q.pairing > 0) {
          const int* s = kSplit[q.pairing];
          for (int p = 0; p < 4; p += 2) {
            if (open(m[s[p]]) && open(m[s[p + 1]])) {
              take(m[s[p]]);
              take(m[s[p + 1]]);
              moved = true;
            }
          }
          continue;
        }
        const int removed = gone_[m[0]] + gone_[m[1]] + gone_[m[2]] + gone_[m[3]];
        if (removed == 4) continue;
        if (removed > 0) {
          for (int i = 0; i < 4; ++i) {
            if (open(m[i])) {
              take(m[i]);
              moved = true;
            }
          }
          continue;
        }
        int first = -1;
        for (int i = 0; i < 4; ++i) {
          if (!open(m[i])) continue;
          if (first < 0) {
            first = i;
          } else {
            take(m[first]);
            take(m[i]);
            moved = true;
            break;
          }
        }
      }
    }
    for (int t : taken) gone_[t] = 0;
    return left;
  }

  // Removes tile t in a random game, keeping each group's count of playable tiles current:
  // only t's side neighbours and the tiles below it can change.
  void play_tile(int t, std::vector<int>& free_of) {
    auto each_neighbour = [&](int sign) {
      for (int u : g_.left[t]) {
        if (!gone_[u]) free_of[group_of_[u]] += sign * playable(u);
      }
      for (int u : g_.right[t]) {
        if (!gone_[u]) free_of[group_of_[u]] += sign * playable(u);
      }
      for (int u : g_.below[t]) {
        if (!gone_[u]) free_of[group_of_[u]] += sign * playable(u);
      }
    };
    each_neighbour(-1);
    gone_[t] = 1;
    free_of[group_of_[t]] -= 1;
    each_neighbour(+1);
    taken_.push_back(t);
  }

  bool random_game() {
    taken_.clear();
    int left = tiles_;
    std::vector<int>& free_of = free_of_;
    std::vector<int>& rest_of = rest_of_;
    free_of.assign(groups_.size(), 0);
    rest_of.assign(groups_.size(), 0);
    for (std::size_t k = 0; k < groups_.size(); ++k) {
      const Group& q = groups_[k];
      rest_of[k] = q.size;
      for (int i = 0; i < q.size; ++i) free_of[k] += playable(q.member[i]);
    }
    for (;;) {
      // Forced: a group whose every remaining tile is playable goes at once; otherwise a
      // random match among all available ones.
      int pick = -1, matches = 0;
      for (std::size_t k = 0; k < groups_.size(); ++k) {
        if (rest_of[k] > 0 && free_of[k] == rest_of[k]) {
          pick = static_cast<int>(k);
          break;
        }
        matches += free_of[k] * (free_of[k] - 1) / 2;
      }
      int r = 0;
      if (pick < 0) {
        if (matches == 0) break;
        r = below(matches);
        for (std::size_t k = 0; k < groups_.size(); ++k) {
          const int c = free_of[k] * (free_of[k] - 1) / 2;
          if (r < c) {
            pick = static_cast<int>(k);
            break;
          }
          r -= c;
        }
      }
      const Group& q = groups_[pick];
      int ids[4], c = 0;
      for (int i = 0; i < q.size; ++i) {
        if (open(q.member[i])) ids[c++] = q.member[i];
      }
      // The r-th pair of the c playable tiles (the first pair when forced).
      int a = 0, b = 1;
      for (int x = 0, seen = 0; x < c; ++x) {
        for (int y = x + 1; y < c; ++y, ++seen) {
          if (seen == r) {
            a = x;
            b = y;
            x = c;
            break;
          }
        }
      }
      play_tile(ids[a], free_of);
      play_tile(ids[b], free_of);
      rest_of[pick] -= 2;
      left -= 2;
    }
    for (int t : taken_) gone_[t] = 0;
    return left == 0;
  }

  void rotate(Group& q, bool forward) {
    int* m = q.member;
    if (forward) {
      std::swap(m[1], m[2]);
      std::swap(m[1], m[3]);
    } else {
      std::swap(m[1], m[3]);
      std::swap(m[1], m[2]);
    }
  }

  // Search from position si of the order; 1 when a full pairing clears the board.
  int search(int si) {
    if ((prunes_ & 63) == 0 && out_of_time()) return 0;
    if (timed_out_) return 0;
    if (prune() > 0) return 0;
    const int n = static_cast<int>(order_.size());
    int k = si;
    for (; k < n; ++k) {
      groups_[order_[k]].pairing = 1;
      if (prune() > 0) break;
    }
    if (k == n) return 1;
    // Which earlier choices did the failure need? The others move behind it, shaken.
    std::vector<int> needed{order_[k]};
    for (int i = k - 1; i >= si; --i) {
      Group& q = groups_[order_[i]];
      q.pairing = 0;
      if (prune() == 0) {
        q.pairing = 1;
        needed.push_back(order_[i]);
      } else {
        rotate(q, below(2) == 1);
        order_[k] = order_[i];
        --k;
      }
    }
    for (int i = k; i >= si; --i) {
      order_[i] = needed.back();
      needed.pop_back();
    }
    for (int i = k; i >= si; --i) {
      Group& q = groups_[order_[i]];
      for (int p = 2; p <= 3; ++p) {
        q.pairing = p;
        if (search(i + 1)) return 1;
        if (timed_out_) return 0;
      }
      q.pairing = 0;
    }
    return 0;
  }

  const Geometry& g_;
  std::vector<char> gone_;
  std::vector<Group> groups_;
  std::vector<int> group_of_;
  std::vector<int> order_;
  int tiles_ = 0;
  double budget_;
  std::uint64_t rng_;
  double start_ = 0;
  bool timed_out_ = false;
  long prunes_ = 0;
  std::vector<int> taken_, pruned_, free_of_, rest_of_;  // scratch space, reused
};

}  // namespace

int main(int argc, char** argv) {
  const double budget = argc > 1 ? std::atof(argv[1]) : 1.0;
  int n = 0;
  if (!(std::cin >> n) || n <= 0) {
    std::fprintf(stderr, "expected the slot count\n");
    return 2;
  }
  std::vector<std::array<int, 3>> slots(n);
  for (auto& s : slots) std::cin >> s[0] >> s[1] >> s[2];
  const Geometry g = build(slots);
  std::string line;
  std::getline(std::cin, line);
  while (std::getline(std::cin, line)) {
    if (line.empty()) continue;
    std::istringstream in(line);
    long id = 0;
    in >> id;
    std::vector<int> groups(n);
    for (int& v : groups) in >> v;
    const double t0 = cpu_now();
    Solver solver(g, groups, budget, 0x9E3779B97F4A7C15ULL ^ static_cast<std::uint64_t>(id));
    const int verdict = solver.run();
    const double cpu = cpu_now() - t0;
    std::printf("%ld %d %.9f %ld\n", id, verdict, cpu, solver.prunes());
    std::fflush(stdout);
  }
  return 0;
}
