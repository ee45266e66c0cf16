// Properties of a dealt solitaire board, the vocabulary of seed search. Every property is a
// deterministic function of (layout, faces, seed, options); the pure-Python twin is
// python/mahjongkit/solitaire/properties.py and must give the same numbers.
//
//   free_tiles     tiles free at the start (decision 2's rule on the full board)
//   free_pairs     matching pairs among them: the moves open at the start. A match group
//                  (a face; all flowers; all seasons, decision 3) with k free tiles gives
//                  k(k-1)/2 pairs.
//   deepest_stack  the tallest stack of the layout: the longest chain of tiles each
//                  overlapping the one below it on a higher layer (5 on the Turtle). It is a
//                  fact of the layout, the same for every seed.
//   stacked_pairs  matching pairs of tiles one of which lies, directly or through other
//                  tiles, over the other: such two can never be removed together, the classic
//                  trap of a tile stacked on its partner.
//   solver_nodes   the solver's effort: the nodes a plain exhaustive search visits to solve
//                  the board (safe moves, the relaxation that proves positions dead, then
//                  every pair of free tiles of one group, with a table of dead positions;
//                  the reference algorithm of the solver, without its random playouts, so
//                  the count measures the board and not luck). budget + 1 when the node
//                  budget ran out; no clock, so the count is deterministic.
//   random_wins    of K random playouts, how many clear the board. Playout k draws from
//                  Rng(seed, kPlayoutStream + k); at each step it lists the open pairs (match
//                  groups in ascending order, within a group slot pairs (a, b), a < b, in
//                  lexicographic order) and removes pair number below(count). It loses when
//                  tiles remain and no pair is open.
//   difficulty     1 - random_wins / K: 0 when a random player always wins.
// The decisions and specs cited are written out in docs/decisions.md.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "core/solitaire/bitset.hpp"
#include "core/solitaire/geometry.hpp"

namespace mahjongkit::solitaire {

enum class Property : int {
  kFreeTiles = 0,
  kFreePairs,
  kDeepestStack,
  kStackedPairs,
  kSolverNodes,
  kRandomWins,
  kDifficulty,
};
constexpr int kPropertyCount = 7;
// Property names in enum order (the Python side uses the same list).
extern const char* const kPropertyNames[kPropertyCount];

// Stream of the first random playout: "playout" in ASCII, so it never meets a deal's stream 0.
constexpr std::uint64_t kPlayoutStream = 0x706C61796F757400ULL;
constexpr int kMatchGroups = 37;  // group ids 1..36 (0 unused): faces 1..34, flowers, seasons

// The match group of a face (decision 3): faces 1..34 are their own group, flowers (35..38)
// are group 35, seasons (39..42) group 36; 0 (no tile) is group 0.
inline int match_group(int face) { return face <= 34 ? face : (face <= 38 ? 35 : 36); }

struct PropertyOptions {
  int playouts = 32;                    // K of random_wins and difficulty
  std::int64_t solver_budget = 20000;  // node budget of solver_nodes
};

// What a layout contributes, computed once: the stack chains and the transitive covers.
template <int W>
struct LayoutFacts {
  int deepest_stack = 0;
  std::vector<Bits<W>> above;  // above[i]: every slot lying over slot i, directly or not
  static LayoutFacts of(const Geometry<W>& g);
};

// The properties of one board, each computed on first use: a search whose condition fails on
// a cheap property never pays for the expensive ones. Reusable: reset() for the next board.
template <int W>
class BoardProperties {
 public:
  BoardProperties(const Geometry<W>& g, const LayoutFacts<W>& facts, const PropertyOptions& options);
  // faces has g.n entries (kinds 1..42); it must outlive the calls to get().
  void reset(const std::uint8_t* faces, std::uint64_t seed);
  double get(Property p);

 private:
  void compute_start();
  void compute_stacked();
  void compute_solver();
  void compute_playouts();
  bool playout(std::uint64_t stream);

  const Geometry<W>& g_;
  const LayoutFacts<W>& facts_;
  PropertyOptions options_;
  const std::uint8_t* faces_ = nullptr;
  std::uint64_t seed_ = 0;
  std::array<Bits<W>, kMatchGroups> group_bits_{};
  std::array<int, Bits<W>::kCapacity> slot_group_{};
  // The start of every playout: the free set, free tiles per group, open pairs.
  Bits<W> start_free_;
  std::array<int, kMatchGroups> start_free_in_{};
  std::int64_t start_pairs_ = 0;
  std::array<double, kPropertyCount> value_{};
  std::array<bool, kPropertyCount> known_{};
};

}  // namespace mahjongkit::solitaire
