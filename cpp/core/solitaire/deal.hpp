// The reverse deal (decisions 4 and 5; spec 000 and 002): on the given slots, repeatedly pick
// two slots that are free in the same state, give them the next face pair, remove them.
// A trial left with fewer than two free slots is abandoned and retried on the same stream.
// The decisions and specs cited are written out in docs/decisions.md.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "core/solitaire/bitset.hpp"
#include "core/solitaire/geometry.hpp"
#include "core/solitaire/rng.hpp"

namespace mahjongkit::solitaire {

constexpr int kPoolPairs = 72;  // one tile set
constexpr int kMaxDealPairs = kMaxSlots / 2;
constexpr int kDefaultMaxTrials = 1000;

struct FacePair {
  std::uint8_t first, second;
};

// The 72 pairs in their unshuffled order: kinds 1..34 twice each as (k, k), (k, k), then
// flowers (35, 36), (37, 38) and seasons (39, 40), (41, 42).
std::array<FacePair, kPoolPairs> pool_pairs();

// The tile sets a layout of n slots needs: ceil(n / 144), at least 1.
constexpr int sets_for(int n) { return n <= 2 * kPoolPairs ? 1 : (n + 2 * kPoolPairs - 1) / (2 * kPoolPairs); }

// The face pairs of a deal of n slots (n even, n <= kMaxSlots), in the order the reverse deal
// gives them out, drawn from rng (decision 4): shuffle one set's 72 pairs and keep its first
// n/2 - 72 (sets - 1); with more than one set, put the sets - 1 whole sets (unshuffled) before
// those and shuffle all n/2 again. One set is today's deal: its first n/2 pairs of one shuffle.
// Writes 72 * sets_for(n) entries to out; the first n/2 are the deal's.
void draw_pairs(int n, Rng& rng, FacePair* out);

// The removal order of one successful trial over `present` (2 * popcount/2 slot ids, pairs
// adjacent, first removed first), or an empty vector when every one of `max_trials` trials
// got stuck. `trials_used` receives the number of trials run. popcount(present) must be even.
template <int W>
std::vector<int> reverse_deal_order(const Geometry<W>& g, const Bits<W>& present, Rng& rng,
                                    int max_trials, int* trials_used);

// faces[slot] for a removal order and the pairs in the same order (0 for absent slots).
void paste_pairs(const std::vector<int>& order, const FacePair* pairs, std::uint8_t* faces);

struct DealOutcome {
  std::vector<std::uint8_t> faces;  // per slot, kinds 1..42
  std::vector<int> order;           // removal order, pairs adjacent
  int trials = 0;
  bool ok = false;
};

// A whole board of `g` (n even, n <= kMaxSlots) for `seed`: stream 0 draws the pairs
// (draw_pairs), then the same stream runs the reverse deal that gives them out.
template <int W>
DealOutcome deal_board(const Geometry<W>& g, std::uint64_t seed, int max_trials = kDefaultMaxTrials);

// Faces only, written to out[0..n): the hot path of batch generation and benchmarks.
template <int W>
bool deal_faces(const Geometry<W>& g, std::uint64_t seed, int max_trials, std::uint8_t* out);

}  // namespace mahjongkit::solitaire
