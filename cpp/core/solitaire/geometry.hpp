// Per-slot blocker masks of a layout, computed once: the free-tile rule (decision 2) then
// costs a few word operations per slot.
//
// A slot at (x, y, z) in half-tile units covers [x, x+2) x [y, y+2). It is covered when a
// present slot on any higher layer overlaps that footprint (|dx| < 2 and |dy| < 2). Its
// side neighbours are the slots on the same layer with |dy| < 2 and dx = -2 (left) or +2
// (right). Free = not covered and at least one side empty.
// The decisions and specs cited are written out in docs/decisions.md.
#pragma once
#include <vector>

#include "core/solitaire/bitset.hpp"

namespace mahjongkit::solitaire {

struct Slot {
  int x, y, z;
};

struct Geometry {
  int n = 0;
  std::vector<Slot> slots;
  std::vector<Bits> cover;         // every overlapping slot on any higher layer
  std::vector<Bits> direct_cover;  // the overlapping slots on the nearest covering layer
  std::vector<Bits> left, right;   // same-layer side neighbours
  std::vector<Bits> affects;       // slots whose freedom can change when slot i goes
  Bits free_at_start;              // the free set of the full layout
  // cover/left/right of each slot side by side: the free test reads one 72-byte record.
  struct Blockers {
    Bits cover, left, right;
  };
  std::vector<Blockers> blockers;

  // Slots are taken as given (the caller has validated them); at most Bits::kCapacity.
  static Geometry from_slots(const std::vector<Slot>& slots);

  bool is_free(int i, const Bits& present) const {
    const Blockers& b = blockers[i];
    return !b.cover.intersects(present) &&
           !(b.left.intersects(present) && b.right.intersects(present));
  }
  Bits free_set(const Bits& present) const {
    Bits out;
    present.for_each([&](int i) {
      if (is_free(i, present)) out.set(i);
    });
    return out;
  }
  Bits all() const { return Bits::first_n(n); }
};

}  // namespace mahjongkit::solitaire
