#include "core/mcr/table.hpp"

#include "core/mcr/decompose.hpp"

namespace mahjongkit::mcr {

namespace {
std::size_t at(int i) { return static_cast<std::size_t>(i); }
}  // namespace

void HandTable::set_seat(int seat, const Counts& counts, int melds, const Counts& meld_held, std::uint64_t pungs) {
  const std::size_t s = at(seat);
  counts_[s] = counts;
  melds_[s] = melds;
  meld_held_[s] = meld_held;
  pungs_[s] = pungs;
  known_[s] = false;
}

std::uint64_t HandTable::waits(int seat) {
  const std::size_t s = at(seat);
  if (!known_[s]) {
    const Counts& c = counts_[s];
    Counts held = c;
    for (std::size_t k = 1; k < held.size(); ++k) held[k] = static_cast<std::uint8_t>(held[k] + meld_held_[s][k]);
    std::uint64_t mask = 0;
    for (int k : mcr::waits(c, melds_[s], held, false)) mask |= std::uint64_t{1} << k;
    waits_[s] = mask;
    known_[s] = true;
  }
  return waits_[s];
}

int HandTable::discard(int seat, int tile, int drawn) {
  const std::size_t t = at(tile);
  --counts_[at(seat)][t];
  known_[at(seat)] = false;
  bool quiet = true;
  int wins = 0;
  for (int step = 1; step <= 3; ++step) {
    const int other = (seat + step) & 3;
    if (waits(other) >> tile & 1) {
      wins |= 1 << (step - 1);
      quiet = false;
    }
    if (counts_[at(other)][t] >= 2) quiet = false;
  }
  if (quiet && tile <= 27) {
    // A chow of the next seat: the tile with two others of its suit, within ranks 1..9.
    const Counts& c = counts_[at((seat + 1) & 3)];
    const int rank = (tile - 1) % 9 + 1;
    for (int low = tile - 2; low <= tile; ++low) {
      const int low_rank = rank - (tile - low);
      if (low_rank < 1 || low_rank + 2 > 9) continue;
      bool all = true;
      for (int k = low; k <= low + 2; ++k)
        if (k != tile && !c[at(k)]) all = false;
      if (all) {
        quiet = false;
        break;
      }
    }
  }
  if (quiet && drawn) return draw((seat + 1) & 3, drawn) ? kDrewWinning : kDrew;
  return kOpen | wins << kWinShift | (quiet ? kQuiet : 0);
}

bool HandTable::draw(int seat, int tile) {
  const bool winning = waits(seat) >> tile & 1;
  ++counts_[at(seat)][at(tile)];
  return winning;
}

std::uint64_t HandTable::held_mask(int seat) const {
  const Counts& c = counts_[at(seat)];
  std::uint64_t mask = 0;
  for (int k = 1; k <= 34; ++k)
    if (c[at(k)]) mask |= std::uint64_t{1} << k;
  return mask;
}

std::uint64_t HandTable::kong_mask(int seat, int kongs) const {
  if (kongs == 0) return 0;
  const Counts& c = counts_[at(seat)];
  std::uint64_t mask = 0;
  for (int k = 1; k <= 34; ++k) {
    const bool promotion = (pungs_[at(seat)] >> k & 1) && c[at(k)];
    if (promotion || (kongs == 1 && c[at(k)] == 4)) mask |= std::uint64_t{1} << k;
  }
  return mask;
}

}  // namespace mahjongkit::mcr
