#include "core/solitaire/deal.hpp"

namespace mahjongkit::solitaire {

namespace {

// The index of the k-th set bit (0-based, ascending) of one word; k < popcount(x).
inline int select_in_word(std::uint64_t x, int k) {
  int base = 0;
  for (int width = 32; width >= 1; width >>= 1) {
    const std::uint64_t low = x & ((1ULL << width) - 1);
    const int c = __builtin_popcountll(low);
    if (k >= c) {
      k -= c;
      x >>= width;
      base += width;
    } else {
      x = low;
    }
  }
  return base;
}

inline int select_bit(const Bits& b, int k) {
  for (int j = 0; j < Bits::kWords; ++j) {
    const int c = __builtin_popcountll(b.w[j]);
    if (k < c) return 64 * j + select_in_word(b.w[j], k);
    k -= c;
  }
  return -1;
}

// One trial; writes 2 slots per step into order, returns false when stuck.
bool one_trial(const Geometry& g, Bits present, Rng& rng, int* order) {
  Bits free = g.free_set(present);
  int remaining = present.count();
  int out = 0;
  while (remaining > 0) {
    const int free_count = free.count();
    if (free_count < 2) return false;
    const int a = static_cast<int>(rng.below(static_cast<std::uint64_t>(free_count)));
    int b = static_cast<int>(rng.below(static_cast<std::uint64_t>(free_count - 1)));
    if (b >= a) ++b;
    const int slot_a = select_bit(free, a);
    const int slot_b = select_bit(free, b);
    order[out++] = slot_a;
    order[out++] = slot_b;
    present.reset(slot_a);
    present.reset(slot_b);
    free.reset(slot_a);
    free.reset(slot_b);
    remaining -= 2;
    // Only the slots these two covered or flanked can change; everything else keeps its state.
    ((g.affects[slot_a] | g.affects[slot_b]) & present).for_each([&](int s) {
      if (g.is_free(s, present)) free.set(s);
      else free.reset(s);
    });
  }
  return true;
}

}  // namespace

std::array<FacePair, kPoolPairs> pool_pairs() {
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

std::vector<int> reverse_deal_order(const Geometry& g, const Bits& present, Rng& rng,
                                    int max_trials, int* trials_used) {
  std::vector<int> order(static_cast<std::size_t>(present.count()));
  for (int trial = 1; trial <= max_trials; ++trial) {
    if (one_trial(g, present, rng, order.data())) {
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

// Shuffles the pool and deals; the shared body of deal_board and deal_faces.
bool deal_into(const Geometry& g, std::uint64_t seed, int max_trials, std::uint8_t* faces,
               int* order, int* trials_used) {
  Rng rng(seed, 0);
  auto pool = pool_pairs();
  rng.shuffle(pool.data(), kPoolPairs);
  const Bits all = g.all();
  for (int trial = 1; trial <= max_trials; ++trial) {
    if (one_trial(g, all, rng, order)) {
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

DealOutcome deal_board(const Geometry& g, std::uint64_t seed, int max_trials) {
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

bool deal_faces(const Geometry& g, std::uint64_t seed, int max_trials, std::uint8_t* out) {
  int order[Bits::kCapacity];
  int trials = 0;
  return deal_into(g, seed, max_trials, out, order, &trials);
}

}  // namespace mahjongkit::solitaire
