#include "core/mcr/table.hpp"

#include "core/mcr/decompose.hpp"
#include "core/mcr/legality.hpp"

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

long HandTable::offers(int discarder, int tile, long walls) {
  long found = 0;
  for (int step = 1; step <= 3; ++step) {
    const int other = (discarder + step) & 3;
    int bits = legality::offer_bits(other, discarder, counts_[at(other)], tile, flags_, walls);
    if (waits(other) >> tile & 1) bits |= legality::kOfferWait;
    found |= static_cast<long>(bits) << (8 * (step - 1));
  }
  return found;
}

long HandTable::discard(int seat, int tile, int drawn, long walls) {
  --counts_[at(seat)][at(tile)];
  known_[at(seat)] = false;
  const long found = offers(seat, tile, walls);
  if (!found && drawn) return draw((seat + 1) & 3, drawn) ? kDrewWinning : kDrew;
  return kOpen | found << kOfferShift;
}

bool HandTable::draw(int seat, int tile) {
  const bool winning = waits(seat) >> tile & 1;
  ++counts_[at(seat)][at(tile)];
  return winning;
}

std::uint64_t HandTable::discard_mask(int seat) const { return legality::discard_mask(counts_[at(seat)]); }

std::uint64_t HandTable::kong_mask(int seat, bool claimed, long walls) const {
  return legality::kong_mask(seat, counts_[at(seat)], pungs_[at(seat)], claimed, flags_, walls);
}

int HandTable::verify_turn(int seat, int kind, int tile, bool claimed, long walls) const {
  const Counts& c = counts_[at(seat)];
  if (kind == 0) return legality::discard_check(c, tile);
  return legality::kong_check(seat, c, pungs_[at(seat)], tile, claimed, flags_, walls);
}

int HandTable::verify_claim(int discarder, int seat, int kind, int a, int b, int tile, long walls) const {
  const Counts& c = counts_[at(seat)];
  if (kind == 0) return legality::chow_check(seat, discarder, c, tile, a, b, flags_, walls);
  if (kind == 1) return legality::pung_check(seat, discarder, c, tile, flags_, walls);
  return legality::claim_kong_check(seat, discarder, c, tile, flags_, walls);
}

long HandTable::after_draw(long walls, int seat) const {
  return walls - ((flags_ & legality::kFourWalls) ? (1L << (8 * seat)) : 1L);
}

}  // namespace mahjongkit::mcr
