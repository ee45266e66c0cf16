// The solver's core alone on a file of deals, for benchmarks/bench_solver_sides.py: compiled
// once against each side's cpp/core (a baseline commit and this checkout), so that both run
// the same deals side by side with the fast rule of mahjongkit.solitaire.solver.RULES.
//
// Input (argv[1]): "n deals", then the n slots as "x y z" triples, then one line of n groups
// per deal. argv[2], argv[3]: first deal and count; argv[4]: CPU seconds a deal (0: none);
// argv[5..7]: quick games, playouts, playouts per restart; argv[8], optional: search nodes a
// deal (0 or absent: none). Output: one line a deal, "index status seconds nodes solution",
// the last a hash of the solution's moves (FNV-1a), so that two cores can be checked for the
// same search (same nodes, same solution) under a node budget, where time plays no part.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <vector>

#include "core/solitaire/geometry.hpp"
#include "core/solitaire/solve.hpp"

using namespace mahjongkit::solitaire;

int main(int argc, char** argv) {
  if (argc < 8) return 2;
  std::ifstream in(argv[1]);
  int n = 0, deals = 0;
  in >> n >> deals;
  std::vector<Slot> slots(n);
  for (Slot& s : slots) in >> s.x >> s.y >> s.z;
  std::vector<std::vector<int>> groups(deals, std::vector<int>(n));
  for (std::vector<int>& d : groups)
    for (int& x : d) in >> x;
  const int start = std::atoi(argv[2]), count = std::atoi(argv[3]);
  SolveLimits limits;
  limits.max_nodes = argc > 8 ? std::atoll(argv[8]) : 0;
  limits.max_seconds = std::atof(argv[4]);
  limits.quick_games = std::atoi(argv[5]);
  limits.playouts = std::atoi(argv[6]);
  limits.playouts_per_restart = std::atoi(argv[7]);
  const AnyGeometry any = AnyGeometry::from_slots(slots);
  for (int i = start; i < start + count && i < deals; ++i) {
    const SolveResult r = any.visit([&](const auto& g) { return solve(g, groups[i], limits); });
    std::uint64_t hash = 14695981039346656037ULL;
    for (const auto& [a, b] : r.solution) {
      for (const int slot : {a, b}) hash = (hash ^ static_cast<std::uint64_t>(slot)) * 1099511628211ULL;
    }
    std::printf("%d %d %.6f %lld %016llx\n", i, static_cast<int>(r.status), r.seconds,
                static_cast<long long>(r.nodes), static_cast<unsigned long long>(hash));
    std::fflush(stdout);
  }
  return 0;
}
