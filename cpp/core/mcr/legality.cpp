#include "core/mcr/legality.hpp"

namespace mahjongkit::mcr::legality {

namespace {
std::size_t at(int i) { return static_cast<std::size_t>(i); }

ChowPairs chow_pairs_of(int tile) {
  ChowPairs out;
  if (tile < 1 || tile > 27) return out;
  const int rank = (tile - 1) % 9 + 1;
  for (int offset = 2; offset >= 0; --offset) {  // the run starting two below the tile first
    const int start = rank - offset;
    if (start < 1 || start + 2 > 9) continue;
    const int low = tile - offset;
    int n = 0;
    for (int k = low; k <= low + 2; ++k)
      if (k != tile) out.pairs[at(out.count)][at(n++)] = k;
    ++out.count;
  }
  return out;
}
}  // namespace

ChowPairs chow_pairs(int tile) {
  // Asked for every seat of every discard: read from a table made once from chow_pairs_of.
  static const std::array<ChowPairs, 35> table = [] {
    std::array<ChowPairs, 35> t{};
    for (int k = 0; k <= 34; ++k) t[at(k)] = chow_pairs_of(k);
    return t;
  }();
  return tile >= 0 && tile <= 34 ? table[at(tile)] : ChowPairs{};
}

bool melds_allowed(int flags, long walls, int discarder) {
  return !(flags & kFourWalls) || wall_of(walls, discarder + 1) > 0;
}

bool replacement_left(int flags, long walls, int seat) {
  if (!(flags & kFourWalls)) return walls > 0;
  return wall_of(walls, seat) > 0 && wall_of(walls, seat + 1) > 0;
}

bool chow_by_middle(int tile, int middle, int& a, int& b) {
  const ChowPairs shapes = chow_pairs(tile);
  for (int i = 0; i < shapes.count; ++i) {
    const auto& pair = shapes.pairs[at(i)];
    const int low = pair[0] < tile ? pair[0] : tile;  // the run's tiles are low, low + 1, low + 2
    if (low + 1 == middle) {
      a = pair[0];
      b = pair[1];
      return true;
    }
  }
  return false;
}

ContextIn win_context(int seat_wind, int prevailing, int tile, int by, int visible, bool last_draw, bool last_discard,
                      int replacement) {
  const bool discard = by == kDiscard;
  ContextIn c;
  c.winning = tile;
  c.by = by;
  c.seat_wind = seat_wind;
  c.prevailing_wind = prevailing;
  c.last_of_wall = discard ? last_discard : last_draw;
  c.replacement = by == kSelfDrawn ? replacement : kNoReplacement;
  c.last_tile = visible - (discard ? 1 : 0) >= 3;
  c.flowers = 0;
  return c;
}

int win_check(const WinOutput& tally, int minimum, const ContextIn& /*context*/, int /*flags*/) {
  if (tally.refusal == Refusal::NotComplete) return kNotAWin;
  if (tally.refusal != Refusal::None) return kScorerRefused;
  return tally.basic >= minimum ? kLegal : kTooFewPoints;
}

int claim_priority(int claim, int seat, int discarder) {
  static constexpr int kRanks[] = {1, 2, 2, 3, 0};  // chow, pung, kong, win, pass (3.7.1, 3.6.7)
  return kRanks[at(claim)] * 4 - ((seat - discarder) & 3);
}

int kong_check(int seat, const Counts& counts, std::uint64_t pungs, int tile, bool claimed, int flags, long walls) {
  const int held = counts[at(tile)];
  if (!held) return kTileNotHeld;
  if (claimed) return kNoKong;
  const bool promotion = pungs >> tile & 1;
  if (!replacement_left(flags, walls, seat) && !(promotion && (flags & kRobLast))) return kNoKong;
  if (held == 4 || promotion) return kLegal;
  return kNoKong;
}

int chow_check(int seat, int discarder, const Counts& counts, int tile, int a, int b, int flags, long walls) {
  if (seat != ((discarder + 1) & 3)) return kCannotClaim;
  if (!melds_allowed(flags, walls, discarder)) return kCannotClaim;
  const int low = a < b ? a : b, high = a < b ? b : a;
  const ChowPairs shapes = chow_pairs(tile);
  bool runs = false;
  for (int i = 0; i < shapes.count; ++i)
    if (shapes.pairs[at(i)][0] == low && shapes.pairs[at(i)][1] == high) runs = true;
  if (!runs) return kNotAMeld;
  if (!(counts[at(a)] && counts[at(b)])) return kTileNotHeld;
  return kLegal;
}

namespace {
int set_check(int discarder, const Counts& counts, int tile, int need, int flags, long walls) {
  if (counts[at(tile)] < need) return kCannotClaim;
  if (!melds_allowed(flags, walls, discarder)) return kCannotClaim;
  return kLegal;
}
}  // namespace

int pung_check(int /*seat*/, int discarder, const Counts& counts, int tile, int flags, long walls) {
  return set_check(discarder, counts, tile, 2, flags, walls);
}

int claim_kong_check(int seat, int discarder, const Counts& counts, int tile, int flags, long walls) {
  const int reason = set_check(discarder, counts, tile, 3, flags, walls);
  if (reason == kLegal && (flags & kClaimKongReplaced) && !replacement_left(flags, walls, seat)) return kCannotClaim;
  return reason;
}

std::uint64_t discard_mask(const Counts& counts) {
  std::uint64_t mask = 0;
  for (int k = 1; k <= 34; ++k)
    if (counts[at(k)] && discard_check(counts, k) == kLegal) mask |= std::uint64_t{1} << k;
  return mask;
}

std::uint64_t kong_mask(int seat, const Counts& counts, std::uint64_t pungs, bool claimed, int flags, long walls) {
  std::uint64_t mask = 0;
  for (int k = 1; k <= 34; ++k)
    if (counts[at(k)] && kong_check(seat, counts, pungs, k, claimed, flags, walls) == kLegal)
      mask |= std::uint64_t{1} << k;
  return mask;
}

int offer_bits(int seat, int discarder, const Counts& counts, int tile, int flags, long walls) {
  int bits = 0;
  const ChowPairs shapes = chow_pairs(tile);
  for (int i = 0; i < shapes.count; ++i) {
    const auto& pair = shapes.pairs[at(i)];
    if (chow_check(seat, discarder, counts, tile, pair[0], pair[1], flags, walls) == kLegal) bits |= 1 << i;
  }
  if (pung_check(seat, discarder, counts, tile, flags, walls) == kLegal) bits |= kOfferPung;
  if (claim_kong_check(seat, discarder, counts, tile, flags, walls) == kLegal) bits |= kOfferKong;
  return bits;
}

ChowPairs offered_chows(int tile, int bits) {
  ChowPairs out;
  const ChowPairs shapes = chow_pairs(tile);
  for (int i = 0; i < shapes.count; ++i)
    if (bits >> i & 1) out.pairs[at(out.count++)] = shapes.pairs[at(i)];
  return out;
}

}  // namespace mahjongkit::mcr::legality
