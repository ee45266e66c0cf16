#include "core/solitaire/deal.hpp"

namespace mahjongkit::solitaire {

namespace {

// The free slots of the current state as a list with O(1) updates, mirrored exactly by the
// Python reference (the order is part of the deal's definition): it starts ascending; a slot
// that becomes free is appended; when a slot leaves, the last item moves into its place.
// "The k-th free slot" is items[k].
struct FreeList {
  std::uint8_t items[Bits::kCapacity];
  std::uint8_t position[Bits::kCapacity];
  int size = 0;
  Bits bits;

  void assign(const Bits& b) {
    bits = b;
    size = 0;
    b.for_each([&](int s) {
      position[s] = static_cast<std::uint8_t>(size);
      items[size++] = static_cast<std::uint8_t>(s);
    });
  }
  void append(int s) {
    bits.set(s);
    position[s] = static_cast<std::uint8_t>(size);
    items[size++] = static_cast<std::uint8_t>(s);
  }
  void erase(int s) {
    bits.reset(s);
    const int i = position[s];
    const std::uint8_t last = items[--size];
    items[i] = last;
    position[last] = static_cast<std::uint8_t>(i);
  }
};

// One trial from `present` (whose free set is `free_at_start`, `count` slots); writes two
// slots per step into order and returns false when stuck.
bool one_trial(const Geometry& g, Bits present, const Bits& free_at_start, int count, Rng& rng,
               int* order) {
  FreeList free;
  free.assign(free_at_start);
  // Local copies of the table pointers: the stores into `order` could alias the vectors'
  // internals, which would otherwise make the compiler reload them at every use.
  const Bits* const affects = g.affects.data();
  const Geometry::Blockers* const blockers = g.blockers.data();
  int out = 0;
  while (count > 0) {
    if (free.size < 2) return false;
    const int a = static_cast<int>(rng.below(static_cast<std::uint64_t>(free.size)));
    int b = static_cast<int>(rng.below(static_cast<std::uint64_t>(free.size - 1)));
    if (b >= a) ++b;
    const int slot_a = free.items[a];
    const int slot_b = free.items[b];
    order[out++] = slot_a;
    order[out++] = slot_b;
    present.reset(slot_a);
    present.reset(slot_b);
    free.erase(slot_a);
    free.erase(slot_b);
    count -= 2;
    // Only the blocked slots these two covered or flanked can change: a removal never blocks
    // a slot, so a free slot stays free. Newly free slots are appended in ascending order.
    ((affects[slot_a] | affects[slot_b]) & present).andnot(free.bits).for_each([&](int s) {
      const Geometry::Blockers& b = blockers[s];
      if (!b.cover.intersects(present) && !(b.left.intersects(present) && b.right.intersects(present))) {
        free.append(s);
      }
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
  const int count = present.count();
  const Bits free_at_start = g.free_set(present);
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

// Shuffles the pool and deals; the shared body of deal_board and deal_faces.
bool deal_into(const Geometry& g, std::uint64_t seed, int max_trials, std::uint8_t* faces,
               int* order, int* trials_used) {
  Rng rng(seed, 0);
  auto pool = pool_pairs();
  rng.shuffle(pool.data(), kPoolPairs);
  const Bits all = g.all();
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
