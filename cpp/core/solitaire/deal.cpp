#include "core/solitaire/deal.hpp"

#include <algorithm>
#include <type_traits>

namespace mahjongkit::solitaire {

namespace {

// One trial of the reverse deal from `present` (whose free set is `free_at_start`, `count`
// slots); writes two slots per step into order and returns false when stuck.
//
// The free slots are kept as a list with O(1) updates, mirrored exactly by the Python reference
// (the order is part of the deal's definition): it starts ascending; slots that become free are
// appended in ascending order; when a slot leaves, the last item moves into its place. "The
// k-th free slot" is items[k].
//
// Why it is written this way (measured on the Turtle, see benchmarks/README.md): the loop is
// bound by branch mispredictions and instruction count, so whether a candidate became free is
// applied without a branch (it is written past the end of the list and the size grows by 0 or
// 1), the candidates are walked in one loop over the three words instead of three loops, and
// the generator and the list live in locals, because stores through uint8_t may alias anything
// and would otherwise force reloads of the generator's state around every draw.
template <int W>
bool one_trial(const Geometry<W>& g, Bits<W> present, const Bits<W>& free_at_start, int count,
               Rng& shared_rng, int* order) {
  // Slot ids as bytes while they fit (up to 256 slots): the lists stay small in cache.
  using SlotId = std::conditional_t<(Bits<W>::kCapacity <= 256), std::uint8_t, std::uint16_t>;
  Rng rng = shared_rng;
  SlotId items[Bits<W>::kCapacity];
  SlotId position[Bits<W>::kCapacity];
  int size = 0;
  Bits<W> free = free_at_start;
  free_at_start.for_each([&](int s) {
    position[s] = static_cast<SlotId>(size);
    items[size++] = static_cast<SlotId>(s);
  });
  const auto erase = [&](int s) {
    const int i = position[s];
    const SlotId last = items[--size];
    items[i] = last;
    position[last] = static_cast<SlotId>(i);
  };
  const Bits<W>* const affects = g.affects.data();
  const typename Geometry<W>::Blockers* const blockers = g.blockers.data();
  int out = 0;
  bool stuck = false;
  while (count > 0) {
    if (size < 2) {
      stuck = true;
      break;
    }
    const int a = static_cast<int>(rng.below(static_cast<std::uint64_t>(size)));
    int b = static_cast<int>(rng.below(static_cast<std::uint64_t>(size - 1)));
    b += (b >= a);
    const int slot_a = items[a];
    const int slot_b = items[b];
    order[out++] = slot_a;
    order[out++] = slot_b;
    present.reset(slot_a);
    present.reset(slot_b);
    free.reset(slot_a);
    free.reset(slot_b);
    erase(slot_a);
    erase(slot_b);
    count -= 2;
    // Only the blocked slots these two covered or flanked can change: a removal never blocks
    // a slot, so a free slot stays free. Candidates are visited in ascending order.
    const Bits<W> candidates = ((affects[slot_a] | affects[slot_b]) & present).andnot(free);
    const auto visit = [&](int word, int s) {
      // Geometry<W>::is_free, with & for && so that no branch depends on the answer.
      const typename Geometry<W>::Blockers& blocker = blockers[s];
      const bool now_free = !blocker.cover.intersects(present) &
                            !(blocker.left.intersects(present) & blocker.right.intersects(present));
      position[s] = static_cast<SlotId>(size);
      items[size] = static_cast<SlotId>(s);
      size += now_free;
      free.w[word] |= static_cast<std::uint64_t>(now_free) << (s & 63);
    };
    if constexpr (W == 3) {
      // One loop over the three words rather than three loops (measured on the Turtle).
      std::uint64_t w0 = candidates.w[0], w1 = candidates.w[1], w2 = candidates.w[2];
      while (w0 | w1 | w2) {
        const int word = w0 ? 0 : (w1 ? 1 : 2);
        const std::uint64_t bits = w0 ? w0 : (w1 ? w1 : w2);
        const std::uint64_t rest = bits & (bits - 1);
        w0 = word == 0 ? rest : w0;
        w1 = word == 1 ? rest : w1;
        w2 = word == 2 ? rest : w2;
        visit(word, 64 * word + __builtin_ctzll(bits));
      }
    } else {
      for (int word = 0; word < W; ++word) {
        for (std::uint64_t x = candidates.w[word]; x; x &= x - 1) {
          visit(word, 64 * word + __builtin_ctzll(x));
        }
      }
    }
  }
  shared_rng = rng;
  return !stuck;
}

}  // namespace

namespace {

constexpr std::array<FacePair, kPoolPairs> make_one_set() {
  std::array<FacePair, kPoolPairs> pairs{};
  int i = 0;
  for (int kind = 1; kind <= 34; ++kind) {
    pairs[i++] = {static_cast<std::uint8_t>(kind), static_cast<std::uint8_t>(kind)};
    pairs[i++] = {static_cast<std::uint8_t>(kind), static_cast<std::uint8_t>(kind)};
  }
  for (int first = 35; first <= 41; first += 2) {
    pairs[i++] = {static_cast<std::uint8_t>(first), static_cast<std::uint8_t>(first + 1)};
  }
  return pairs;
}

// Built at compile time: every deal copies it (a few instructions, not a loop of 72).
constexpr std::array<FacePair, kPoolPairs> kOneSet = make_one_set();

}  // namespace

std::array<FacePair, kPoolPairs> pool_pairs() { return kOneSet; }

void draw_pairs(int n, Rng& shared_rng, FacePair* out) {
  Rng rng = shared_rng;  // a local: stores through the pairs' bytes would reload its state
  const int whole_sets = sets_for(n) - 1;
  // The last set, shuffled; its first n/2 - 72 * whole_sets pairs are dealt.
  FacePair* const last = out + kPoolPairs * whole_sets;
  std::copy(kOneSet.begin(), kOneSet.end(), last);
  rng.shuffle(last, kPoolPairs);
  if (whole_sets > 0) {
    for (int k = 0; k < whole_sets; ++k) std::copy(kOneSet.begin(), kOneSet.end(), out + kPoolPairs * k);
    rng.shuffle(out, n / 2);
  }
  shared_rng = rng;
}

template <int W>
std::vector<int> reverse_deal_order(const Geometry<W>& g, const Bits<W>& present, Rng& rng,
                                    int max_trials, int* trials_used) {
  const int count = present.count();
  const Bits<W> free_at_start = g.free_set(present);
  std::vector<int> order(static_cast<std::size_t>(count));
  for (int trial = 1; trial <= max_trials; ++trial) {
    if (one_trial(g, present, free_at_start, count, rng, order.data())) {
      if (trials_used) *trials_used = trial;
      return order;
    }
  }
  if (trials_used) *trials_used = max_trials;
  return {};
}

void paste_pairs(const std::vector<int>& order, const FacePair* pairs, std::uint8_t* faces) {
  for (std::size_t k = 0; 2 * k + 1 < order.size(); ++k) {
    faces[order[2 * k]] = pairs[k].first;
    faces[order[2 * k + 1]] = pairs[k].second;
  }
}

namespace {

// Draws the pairs and deals; the shared body of deal_board and deal_faces.
template <int W>
bool deal_into(const Geometry<W>& g, std::uint64_t seed, int max_trials, std::uint8_t* faces,
               int* order, int* trials_used) {
  Rng rng(seed, 0);
  std::array<FacePair, kPoolPairs * sets_for(Bits<W>::kCapacity)> pool;
  draw_pairs(g.n, rng, pool.data());
  const Bits<W> all = g.all();
  for (int trial = 1; trial <= max_trials; ++trial) {
    if (one_trial(g, all, g.free_at_start, g.n, rng, order)) {
      *trials_used = trial;
      for (int k = 0; 2 * k < g.n; ++k) {
        faces[order[2 * k]] = pool[k].first;
        faces[order[2 * k + 1]] = pool[k].second;
      }
      return true;
    }
  }
  *trials_used = max_trials;
  return false;
}

}  // namespace

template <int W>
DealOutcome deal_board(const Geometry<W>& g, std::uint64_t seed, int max_trials) {
  DealOutcome out;
  out.faces.assign(static_cast<std::size_t>(g.n), 0);
  out.order.assign(static_cast<std::size_t>(g.n), -1);
  out.ok = deal_into(g, seed, max_trials, out.faces.data(), out.order.data(), &out.trials);
  if (!out.ok) {
    out.faces.clear();
    out.order.clear();
  }
  return out;
}

template <int W>
bool deal_faces(const Geometry<W>& g, std::uint64_t seed, int max_trials, std::uint8_t* out) {
  int order[Bits<W>::kCapacity];
  int trials = 0;
  return deal_into(g, seed, max_trials, out, order, &trials);
}

#define MAHJONGKIT_INSTANTIATE(W)                                                              \
  template std::vector<int> reverse_deal_order<W>(const Geometry<W>&, const Bits<W>&, Rng&,   \
                                                  int, int*);                                 \
  template DealOutcome deal_board<W>(const Geometry<W>&, std::uint64_t, int);                 \
  template bool deal_faces<W>(const Geometry<W>&, std::uint64_t, int, std::uint8_t*);
MAHJONGKIT_FOR_EACH_WORD_COUNT(MAHJONGKIT_INSTANTIATE)
#undef MAHJONGKIT_INSTANTIATE

}  // namespace mahjongkit::solitaire
