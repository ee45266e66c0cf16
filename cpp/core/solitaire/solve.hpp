// The exact solitaire solver: can every remaining tile still be removed, and how?
//
// A position is the layout geometry plus one match group per slot (-1 for a removed slot).
// Two tiles can be removed together when both are free (decision 2) and share a group
// (decision 3: equal faces, or both flowers, or both seasons; the caller maps faces to groups).
//
// The search (see solve.cpp for the why of each step):
//   1. safe moves: a group whose remaining tiles are all free is removed at once; never wrong;
//   2. a relaxation that proves dead positions: remove greedily every tile that is free and has
//      a possible partner free or already relaxed away; tiles left over can never go;
//   3. random playouts, which find a solution for most solvable positions in microseconds
//      (a first hundred before the search, the rest a hundred at a time between its restarts);
//      each move is kept only if the relaxation stays alive, a test answered from a relaxed
//      schedule where it can be (same answers as a relaxation per move, a fraction of the cost);
//      before them, when asked for (quick_games), quick random games with no relaxation at all,
//      which decide most solvable uniform deals for less than one playout costs. They have their
//      own randomness: with none, or none winning, the playouts and search and their solution
//      are what they are without them. The hint's rule is quick_games = 0 (docs/guide/solitaire.md).
//      With quick games asked for, a board with a group of six or eight also gets nested games
//      (each move chosen by one quick game per candidate move; a few first, more after the
//      search's first restart, then one per 400 search nodes), with their own randomness too:
//      one-set boards and hints are unchanged.
//   4. a search over pairings, not move orders: a node fixes whom one tile of a group pairs
//      with (3 choices in a group of four, 5 or 7 in one of six or eight: every one is a
//      branch), then plays every free committed pair (confluent once
//      pairings are fixed). It branches on the group with the fewest pairings the relaxation
//      cannot refute (each checked by replaying the node's relaxed schedule under the pairing,
//      replay.hpp: the same stuck tiles as a relaxation afresh, at a fraction of the cost;
//      fail first; on a board with a group of six or eight the groups compete on the pairings
//      not refuted yet and only the chosen group's are checked; the restarts take turns on how ties
//      between such groups are broken; on such a board too the pairing a tile was last given
//      goes first: phase saving), restarts with growing node allowances and a fresh tie
//      order of pairings, and
//      keeps a table of dead (present set, pairings) states across restarts (every group size);
//   5. learning: every dead state comes with a reason, a set of pairing choices that no
//      solution can contain together (from the relaxation: the pairings of the free tiles of a
//      small closed stuck set, minimised by re-running it with fewer pairings from the root;
//      from a search node: the union of its branches' reasons). A branch whose reason does not
//      involve its own choice kills its parent at once (backjumping), and every reason is kept
//      as a nogood that refutes pairings in later branches and restarts without a relaxation.
//      A choice is a pairing of a group of four, or one pair of a group of six or eight (whose
//      pairs so far then join a reason: only given them is every partner a branch).
// Every answer is exact; when the node or time budget runs out the answer is kUnknown. The
// time budget is CPU time of the solving thread where available (steady on a loaded machine).
// The decisions and specs cited are written out in docs/decisions.md.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/solitaire/geometry.hpp"

namespace mahjongkit::solitaire {

enum class SolveStatus : int { kUnsolvable = 0, kSolvable = 1, kUnknown = 2 };

struct SolveLimits {
  std::int64_t max_nodes = 5'000'000;  // search nodes (deterministic budget); <= 0: unlimited
  double max_seconds = 1.0;            // CPU seconds of the solving thread; <= 0: unlimited
  int playouts = 1000;                 // random playouts in all (100 first, then between restarts)
  int playouts_per_restart = 100;      // playouts between two restarts of the search
  int quick_games = 0;                 // quick random games (no relaxation) first
  // Learning (step 5). Off only to compare the search with and without it in tests: the
  // verdicts must be the same.
  bool learning = true;
  // The defaults are the hint's rule (docs/guide/solitaire.md): the solution whose first move
  // a hint shows. The public solve() decides verdicts by the fast rule, whose counts are set in
  // one place, mahjongkit.solitaire.solver.RULES (the same verdicts, other solutions).
  std::uint64_t seed = 0x9E3779B97F4A7C15ULL;  // playout randomness (fixed: same answer each run)
};

struct SolveResult {
  SolveStatus status = SolveStatus::kUnknown;
  std::vector<std::pair<int, int>> solution;  // slot pairs in removal order, when solvable
  std::int64_t nodes = 0;                     // search nodes visited
  int playouts = 0;                           // playouts run
  double seconds = 0.0;  // CPU seconds of the solving thread (wall clock where unavailable)
  std::string reason;  // why unsolvable or unknown, in words; empty when solvable
};

// groups[i] is the match group of slot i, or -1 when slot i is not present.
// groups.size() must equal g.n; group ids are small non-negative integers.
template <int W>
SolveResult solve(const Geometry<W>& g, const std::vector<int>& groups, const SolveLimits& limits);

}  // namespace mahjongkit::solitaire
