// Per-slot blocker masks of a layout, computed once: the free-tile rule (decision 2) then
// costs a few word operations per slot.
//
// A slot at (x, y, z) in half-tile units covers [x, x+2) x [y, y+2). It is covered when a
// present slot on any higher layer overlaps that footprint (|dx| < 2 and |dy| < 2). Its
// side neighbours are the slots on the same layer with |dy| < 2 and dx = -2 (left) or +2
// (right). Free = not covered and at least one side empty.
// The decisions and specs cited are written out in docs/decisions.md.
#pragma once
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "core/solitaire/bitset.hpp"

namespace mahjongkit::solitaire {

struct Slot {
  int x, y, z;
};

template <int W>
struct Geometry {
  int n = 0;
  std::vector<Slot> slots;
  std::vector<Bits<W>> cover;         // every overlapping slot on any higher layer
  std::vector<Bits<W>> direct_cover;  // the overlapping slots on the nearest covering layer
  std::vector<Bits<W>> left, right;   // same-layer side neighbours
  std::vector<Bits<W>> affects;       // slots whose freedom can change when slot i goes
  Bits<W> free_at_start;              // the free set of the full layout
  // cover/left/right of each slot side by side: the free test reads one record (72 bytes
  // with three words).
  struct Blockers {
    Bits<W> cover, left, right;
  };
  std::vector<Blockers> blockers;

  // Slots are taken as given (the caller has validated them); at most Bits<W>::kCapacity.
  // Instantiated for every word count of MAHJONGKIT_FOR_EACH_WORD_COUNT (geometry.cpp).
  static Geometry from_slots(const std::vector<Slot>& slots);

  bool is_free(int i, const Bits<W>& present) const {
    const Blockers& b = blockers[i];
    return !b.cover.intersects(present) &&
           !(b.left.intersects(present) && b.right.intersects(present));
  }
  Bits<W> free_set(const Bits<W>& present) const {
    Bits<W> out;
    present.for_each([&](int i) {
      if (is_free(i, present)) out.set(i);
    });
    return out;
  }
  Bits<W> all() const { return Bits<W>::first_n(n); }
};

// A layout's geometry in the smallest word count that holds it (words_for): what the bindings
// keep. visit(f) calls f with the Geometry<W> itself, so each entry point is compiled once per
// word count and the hot loops never test the size.
class AnyGeometry {
 public:
  // At most kMaxSlots slots (the caller checks). `words`: 0 for the smallest word count that
  // holds the layout, or a larger compiled one (what the benchmarks compare).
  static AnyGeometry from_slots(const std::vector<Slot>& slots, int words = 0);
  int size() const { return n_; }
  int words() const {
    return std::visit([](const auto& g) { return std::decay_t<decltype(g.free_at_start)>::kWords; },
                      geometry_);
  }
  template <class F>
  decltype(auto) visit(F&& f) const {
    return std::visit(std::forward<F>(f), geometry_);
  }

 private:
  int n_ = 0;
  std::variant<Geometry<3>, Geometry<4>, Geometry<9>> geometry_;
};

}  // namespace mahjongkit::solitaire
