#include "core/mcr/hand_engine.hpp"

#include <algorithm>

#include "core/mcr/decompose.hpp"
#include "core/mcr/wall_order.hpp"

namespace mahjongkit::mcr {

namespace {

constexpr int kLastStandard = 34;
constexpr int kDealCount = 53;
constexpr int kFlowerReplacement = 1;
constexpr int kKongReplacement = 0;
constexpr int kOfferClaims = 0x1F;  // legality's chow, pung and kong bits

// A move's claim number (legality::kClaim*), whose priority is legality::claim_priority's.
int claim_of(int kind) {
  switch (kind) {
    case kMoveChow:
      return legality::kClaimChow;
    case kMovePung:
      return legality::kClaimPung;
    case kMoveKong:
      return legality::kClaimKong;
    case kMoveWin:
      return legality::kClaimWin;
    default:
      return legality::kClaimPass;
  }
}

// The seat of each of the first 53 tiles of a shared wall (hand/wall.py deal_positions).
std::array<std::uint8_t, kDealCount> deal_positions(int dealer) {
  std::array<std::uint8_t, kDealCount> seats{};
  std::size_t i = 0;
  for (int round = 0; round < 3; ++round)
    for (int step = 0; step < 4; ++step)
      for (int k = 0; k < 4; ++k) seats[i++] = static_cast<std::uint8_t>((dealer + step) & 3);
  for (int step = 0; step < 4; ++step) seats[i++] = static_cast<std::uint8_t>((dealer + step) & 3);
  seats[i] = static_cast<std::uint8_t>(dealer);
  return seats;
}

bool is_kind(int tile) { return tile >= 1 && tile <= kLastStandard; }

// The record of a window's answer of move kind `kind`.
Told told_of(int kind) {
  switch (kind) {
    case kMoveChow:
      return Told::Chow;
    case kMovePung:
      return Told::Pung;
    case kMoveKong:
      return Told::Kong;
    case kMoveWin:
      return Told::Win;
    default:
      return Told::Pass;
  }
}

}  // namespace

HandEngine::HandEngine(const ScoreRules& rules, int flags, int minimum, int dealer, int prevailing)
    : rules_(&rules), flags_(flags), minimum_(minimum), dealer_(dealer & 3), prevailing_(prevailing & 3) {}

// -- the deal ---------------------------------------------------------------------------------

bool HandEngine::deal_shared(const std::uint8_t* tiles, int count) {
  if (dealt_ || count < kDealCount || count > kWallMax) return false;
  dealt_ = true;
  flags_ &= ~legality::kFourWalls;
  for (int i = 0; i < count; ++i) tiles_[at(i)] = tiles[i];
  front_ = kDealCount;
  back_ = count;
  const auto positions = deal_positions(dealer_);
  std::array<int, kSeats> last{};
  std::array<bool, kSeats> from_back{};
  for (int step = 0; step < kSeats; ++step) {  // each seat's tiles in the order received
    const int seat = (dealer_ + step) & 3;
    for (int i = 0; i < kDealCount; ++i) {
      if (positions[at(i)] != seat) continue;
      const int tile = tiles_[at(i)];
      last[at(seat)] = tile;
      if (tile > kLastStandard) {
        tell(Told::Flower, seat, 0, tile);
        add_flower(seat, tile);
      } else {
        add(seat, tile, 1);
      }
    }
  }
  // Replacements from the back, seat by seat from the dealer, flowers recursively.
  for (int step = 0; step < kSeats; ++step) {
    const int seat = (dealer_ + step) & 3;
    int missing = (seat == dealer_ ? 14 : 13) - total(counts_[at(seat)]);
    while (missing > 0) {
      if (back_ == front_) return false;
      const int tile = tiles_[at(--back_)];
      tell(Told::Draw, seat, kFromBack, tile, kFlowerReplacement + 1);
      if (tile > kLastStandard) {
        tell(Told::Flower, seat, 0, tile);
        add_flower(seat, tile);
      } else {
        add(seat, tile, 1);
        --missing;
        last[at(seat)] = tile;
        from_back[at(seat)] = true;
      }
    }
  }
  phase_ = kPhaseDiscard;
  turn_ = dealer_;
  drawn_ = last[at(dealer_)];
  drawn_from_ = from_back[at(dealer_)] ? kFromBack : kFromWall;
  replacement_ = from_back[at(dealer_)] ? kFlowerReplacement : legality::kNoReplacement;
  self_complete_ = -1;
  self_scored_ = 0;
  return true;
}

bool HandEngine::deal_seat_walls(const std::array<const std::uint8_t*, 4>& walls, const std::array<int, 4>& counts) {
  if (dealt_) return false;
  int start = 0;
  for (int seat = 0; seat < kSeats; ++seat) {
    const int n = counts[at(seat)];
    if (n < (seat == dealer_ ? 14 : 13) || n > 255 || start + n > kWallMax) return false;
    start += n;
  }
  flags_ |= legality::kFourWalls;
  dealt_ = true;
  start = 0;
  for (int seat = 0; seat < kSeats; ++seat) {
    const int n = counts[at(seat)];
    set_wall(seat, start, n, 0);
    std::copy_n(walls[at(seat)], n, tiles_.begin() + start);
    start += n;
    const int need = seat == dealer_ ? 14 : 13;
    for (int i = 0; i < need; ++i) add(seat, tiles_[at(start_[at(seat)] + i)], 1);
    set_wall(seat, start_[at(seat)], n, need);
  }
  phase_ = kPhaseDiscard;
  turn_ = dealer_;
  drawn_ = tiles_[at(start_[at(dealer_)] + 13)];
  drawn_from_ = kFromWall;
  replacement_ = legality::kNoReplacement;
  self_complete_ = -1;
  self_scored_ = 0;
  return true;
}

bool HandEngine::deal_seed(const std::string& seed, long hand_no, bool flowers) {
  const std::array<int, kWallTiles> whole = wall_tiles(seed, hand_no);
  std::array<std::uint8_t, kWallTiles> tiles{};
  int n = 0;
  for (int tile : whole)
    if (tile <= kLastStandard || (flowers && !four_walls())) tiles[at(n++)] = static_cast<std::uint8_t>(tile);
  if (!four_walls()) return deal_shared(tiles.data(), n);
  const int size = n / kSeats;
  return deal_seat_walls({tiles.data(), tiles.data() + size, tiles.data() + 2 * size, tiles.data() + 3 * size},
                         {size, size, size, size});
}

// -- reads ------------------------------------------------------------------------------------

int HandEngine::waiting() const {
  if (phase_ == kPhaseDiscard) return 1 << turn_;
  if (phase_ == kPhaseClaim || phase_ == kPhaseRob) {
    settle();
    return waiting_;
  }
  return 0;
}

int HandEngine::first_awaited() const {
  if (phase_ == kPhaseDiscard) return turn_;
  const int awaited = waiting();
  for (int step = 1; step < kSeats; ++step) {
    const int seat = (window_from() + step) & 3;
    if (awaited >> seat & 1) return seat;
  }
  return -1;
}

std::uint64_t HandEngine::waits(int seat) const {
  const std::size_t s = at(seat);
  if (!(known_ & waits_bit(seat))) {
    const Counts& c = counts_[s];
    if (total(c) + 3 * nmelds_[s] != 13) return 0;
    Counts held = c;
    for (int m = 0; m < nmelds_[s]; ++m) {
      const EngineMeld& meld = melds_[s][at(m)];
      if (meld.kind == static_cast<std::uint8_t>(SetKind::Chow)) {
        for (int k = meld.first; k < meld.first + 3; ++k) ++held[at(k)];
      } else {
        held[meld.first] = static_cast<std::uint8_t>(held[meld.first] + (meld.kind == static_cast<std::uint8_t>(SetKind::Kong) ? 4 : 3));
      }
    }
    std::uint64_t mask = 0;
    for (int k : mcr::waits(c, nmelds_[s], held, false)) mask |= std::uint64_t{1} << k;
    waits_[s] = mask;
    known_ = static_cast<std::uint8_t>(known_ | waits_bit(seat));
  }
  return waits_[s];
}

const Standing& HandEngine::standing(int seat) const {
  const std::size_t s = at(seat);
  Standing& standing = standing_[s];
  const Counts& c = counts_[s];
  for (int dirty = dirty_[s], g = 0; dirty; dirty >>= 1, ++g) {  // the groups changed since
    if (!(dirty & 1)) continue;
    const int shape = group_shape(c, g);
    standing.shapes[at(g)] = shape;
    standing.broken = shape ? standing.broken & ~(1 << g) : standing.broken | 1 << g;
  }
  dirty_[s] = 0;
  if (!(known_ & special_bit(seat))) {
    standing.special = special_in_reach(c, nmelds_[s]);
    known_ = static_cast<std::uint8_t>(known_ | special_bit(seat));
  }
  return standing;
}

bool HandEngine::completes(int seat, int tile) const {
  return completes_with(counts_[at(seat)], nmelds_[at(seat)], standing(seat), tile);
}

std::uint64_t HandEngine::pung_bits(int seat) const {
  std::uint64_t bits = 0;
  for (int m = 0; m < nmelds_[at(seat)]; ++m) {
    const EngineMeld& meld = melds_[at(seat)][at(m)];
    if (meld.kind == static_cast<std::uint8_t>(SetKind::Pung)) bits |= std::uint64_t{1} << meld.first;
  }
  return bits;
}

// -- steps ------------------------------------------------------------------------------------

void HandEngine::add_flower(int seat, int tile) {
  auto& f = flowers_[at(seat)];
  int n = nflowers_[at(seat)];
  if (n >= static_cast<int>(f.size())) return;  // eight bonus kinds: never more
  int i = n;
  while (i > 0 && f[at(i - 1)] > tile) {  // kept sorted, as the Python hand's
    f[at(i)] = f[at(i - 1)];
    --i;
  }
  f[at(i)] = static_cast<std::uint8_t>(tile);
  nflowers_[at(seat)] = static_cast<std::uint8_t>(n + 1);
}

int HandEngine::take(int seat, bool from_back) {
  if (!four_walls()) {
    if (back_ == front_) return 0;
    return from_back ? tiles_[at(--back_)] : tiles_[at(front_++)];
  }
  const std::size_t s = at(seat);
  const int taken = byte_of(taken_, seat);
  if (taken >= byte_of(sizes_, seat)) return 0;
  taken_ += 1u << (8 * seat);
  return tiles_[at(start_[s] + taken)];
}

void HandEngine::draw(int seat, bool from_back, int replacement) {
  int tile = 0;
  while (true) {
    tile = take(seat, from_back);
    if (tile == 0) {
      exhaust();
      return;
    }
    tell(Told::Draw, seat, from_back ? kFromBack : kFromWall, tile, replacement + 1);
    if (tile <= kLastStandard) break;
    tell(Told::Flower, seat, 0, tile);
    add_flower(seat, tile);
    from_back = true;
    replacement = kFlowerReplacement;
  }
  phase_ = kPhaseDiscard;
  turn_ = seat;
  drawn_ = tile;
  drawn_from_ = from_back ? kFromBack : kFromWall;
  replacement_ = replacement;
  claimed_ = false;
  last_draw_emptied_ = legality::last_of_wall(flags_, walls(), seat, true);
  add(seat, tile, 1);
  self_complete_ = -1;  // whether the fourteen are complete, and a win: asked when first read
  self_scored_ = 0;
}

ContextIn HandEngine::context_of(int seat, int tile, int by) const {
  ContextIn c = legality::win_context(seat_wind(seat), prevailing_, tile, by, visible(tile), last_draw_emptied_,
                                      last_discard_is_last_, replacement_);
  c.flowers = nflowers_[at(seat)];
  return c;
}

bool HandEngine::self_win() const {
  if (self_complete_ < 0)  // asked of the fourteen the first time (a draw does not ask it)
    self_complete_ = complete_from(counts_[at(turn_)], nmelds_[at(turn_)], standing(turn_)) ? 1 : 0;
  if (!self_complete_) return false;
  if (!self_scored_) {
    const int verdict = score(turn_, drawn_, legality::kSelfDrawn, self_tally_, self_context_);
    if (verdict == legality::kScorerRefused) scorer_refused_ = true;
    self_scored_ = verdict == legality::kLegal ? 1 : -1;
  }
  return self_scored_ > 0;
}

bool HandEngine::win_on(int seat, int tile, int by, WinOutput& tally, ContextIn& context) const {
  const int verdict = score(seat, tile, by, tally, context);
  if (verdict == legality::kScorerRefused) scorer_refused_ = true;
  return verdict == legality::kLegal;
}

int HandEngine::score(int seat, int tile, int by, WinOutput& tally, ContextIn& context) const {
  WinInput in;
  in.concealed = counts_[at(seat)];
  if (by != legality::kSelfDrawn) ++in.concealed[at(tile)];
  in.nmelds = nmelds_[at(seat)];
  for (int m = 0; m < in.nmelds; ++m) {
    const EngineMeld& meld = melds_[at(seat)][at(m)];
    in.melds[at(m)] = MeldIn{static_cast<SetKind>(meld.kind), meld.first, meld.concealed};
  }
  context = context_of(seat, tile, by);
  in.context = context;
  score_win(in, *rules_, tally);
  return legality::win_check(tally, minimum_, context, flags_);
}

int HandEngine::discard_passed(int seat, int tile) {
  // is_legal's answer for a discard, asked directly (every record's step but a few is one).
  if (phase_ != kPhaseDiscard || seat != turn_ || !is_kind(tile) ||
      legality::discard_check(counts_[at(seat)], tile) != legality::kLegal)
    return explain(seat, EngineMove{static_cast<std::uint8_t>(kMoveDiscard), static_cast<std::uint8_t>(tile), 0, 0});
  pool_discard(seat, tile);
  draw((seat + 1) & 3, false, legality::kNoReplacement);
  return legality::kLegal;
}

int HandEngine::discard_claimed(int seat, int tile) {
  const EngineMove move{static_cast<std::uint8_t>(kMoveDiscard), static_cast<std::uint8_t>(tile), 0, 0};
  if (!is_legal(seat, move)) return explain(seat, move);
  pool_discard(seat, tile);
  open_window(seat, tile);
  return legality::kLegal;
}

int HandEngine::claim_taken(int seat, const EngineMove& move) {
  if (seat < 0 || seat > 3) return kNotYourTurn;
  const int code = verify(seat, move);
  if (code != legality::kLegal) return code;
  if (phase_ != kPhaseClaim && phase_ != kPhaseRob) return kNoWindow;  // a turn's move: not an answer
  answers_[at(seat)] = move;
  answered_ |= 1 << seat;
  close_window();  // the seats not answered pass: the best answer given is taken
  return legality::kLegal;
}

// The window on `tile` from `seat`, each seat's offers still to work out (offers_of).
void HandEngine::open_window(int seat, int tile) {
  phase_ = kPhaseClaim;
  window_tile_ = tile;
  window_from_ = seat;
  asked_ = waiting_ = 0;
  offers_known_ = claims_known_ = static_cast<std::uint8_t>(1 << seat);
  offers_[at(seat)] = 0;
}

int HandEngine::claims_of(int seat) const {
  const std::size_t s = at(seat);
  if (claims_known_ >> seat & 1) return offers_[s];
  claims_known_ = static_cast<std::uint8_t>(claims_known_ | 1 << seat);
  const int bits = legality::offer_bits(seat, window_from_, counts_[s], window_tile_, flags_, walls()) & kOfferClaims;
  offers_[s] = static_cast<std::uint8_t>(bits);
  if (bits) {  // before any answer: every asked seat is awaited
    asked_ |= 1 << seat;
    waiting_ |= 1 << seat;
  }
  return bits;
}

int HandEngine::offers_of(int seat) const {
  const std::size_t s = at(seat);
  if (offers_known_ >> seat & 1) return offers_[s];
  claims_of(seat);
  offers_known_ = static_cast<std::uint8_t>(offers_known_ | 1 << seat);
  const int tile = window_tile_;
  if (completes(seat, tile) && win_on(seat, tile, legality::kDiscard, tallies_[s], contexts_[s])) {
    offers_[s] = static_cast<std::uint8_t>(offers_[s] | legality::kOfferWait);
    asked_ |= 1 << seat;
    waiting_ |= 1 << seat;
  }
  return offers_[s];
}

void HandEngine::discard(int seat, int tile) {
  pool_discard(seat, tile);
  const int last_tile = window_tile_, last_from = window_from_;
  open_window(seat, tile);
  settle();
  if (!asked_) {  // nobody may claim: no window (the last window's reads stay as they were)
    window_tile_ = last_tile;
    window_from_ = last_from;
    draw((seat + 1) & 3, false, legality::kNoReplacement);
  }
}

void HandEngine::pool_discard(int seat, int tile) {
  tell(Told::Discard, seat, 0, tile);
  add(seat, tile, -1);
  auto& pool = pools_[at(seat)];
  if (npool_[at(seat)] < kPoolMax) pool[npool_[at(seat)]++] = static_cast<std::uint8_t>(tile);
  ++pool_seen_[at(tile)];
  // Fan 45 (last tile claim): the discard that follows the draw that emptied the wall.
  last_discard_is_last_ = last_draw_emptied_;
  turn_ = -1;
  drawn_ = 0;
  drawn_from_ = kFromNone;
  replacement_ = legality::kNoReplacement;
  self_complete_ = 0;
  asked_ = answered_ = 0;
}

void HandEngine::kong(int seat, int tile) {
  auto& c = counts_[at(seat)];
  if (c[at(tile)] == 4) {
    tell(Told::Kong, seat, EngineRecord::kKongConcealed, tile);
    add(seat, tile, -4);
    melds_[at(seat)][nmelds_[at(seat)]++] = EngineMeld{static_cast<std::uint8_t>(SetKind::Kong),
                                                        static_cast<std::uint8_t>(tile), true, -1, 0};
    changed(seat);
    self_complete_ = 0;
    draw(seat, true, kKongReplacement);  // never robbable
    return;
  }
  tell(Told::Kong, seat, EngineRecord::kKongPromoted, tile);
  asked_ = answered_ = 0;
  for (int step = 1; step <= 3; ++step) {
    const int other = (seat + step) & 3;
    offers_[at(other)] = 0;
    if (completes(other, tile) && win_on(other, tile, legality::kRobbing, tallies_[at(other)], contexts_[at(other)])) {
      offers_[at(other)] = legality::kOfferWait;
      asked_ |= 1 << other;
    }
  }
  offers_[at(seat)] = 0;
  offers_known_ = claims_known_ = 0xF;
  self_complete_ = 0;
  if (asked_) {
    phase_ = kPhaseRob;
    window_tile_ = tile;
    window_from_ = seat;
    waiting_ = asked_;
    turn_ = -1;
    drawn_ = 0;  // the kong's tile is no longer the drawn one
    drawn_from_ = kFromNone;
    replacement_ = legality::kNoReplacement;
    return;
  }
  promote(seat, tile);
}

void HandEngine::promote(int seat, int tile) {
  for (int m = 0; m < nmelds_[at(seat)]; ++m) {
    EngineMeld& meld = melds_[at(seat)][at(m)];
    if (meld.kind == static_cast<std::uint8_t>(SetKind::Pung) && meld.first == tile)
      meld.kind = static_cast<std::uint8_t>(SetKind::Kong);
  }
  add(seat, tile, -1);
  ++exposed_[at(tile)];
  changed(seat);
  draw(seat, true, kKongReplacement);
}

int HandEngine::priority(const EngineMove& move, int seat) const {
  return legality::claim_priority(claim_of(move.kind), seat, window_from_);
}

int HandEngine::best_answer() const {
  int best = -1, key = 0;
  for (int seat = 0; seat < kSeats; ++seat) {
    if (!(answered_ >> seat & 1) || answers_[at(seat)].kind == kMovePass) continue;
    const int k = priority(answers_[at(seat)], seat);
    if (best < 0 || k > key) {
      best = seat;
      key = k;
    }
  }
  return best;
}

void HandEngine::refresh_waiting() {
  const int best = best_answer();
  const int floor = best < 0 ? 0 : priority(answers_[at(best)], best);
  waiting_ = 0;
  for (int seat = 0; seat < kSeats; ++seat) {
    if (!(asked_ >> seat & 1) || (answered_ >> seat & 1)) continue;
    // The seat's strongest offer: a win, else a pung or kong, else a chow.
    const int bits = offers_[at(seat)];
    const int claim = bits & legality::kOfferWait                                    ? legality::kClaimWin
                      : bits & (legality::kOfferPung | legality::kOfferKong) ? legality::kClaimPung
                                                                                       : legality::kClaimChow;
    const int top = legality::claim_priority(claim, seat, window_from_);
    if (best < 0 || top > floor) waiting_ |= 1 << seat;
  }
}

void HandEngine::answer(int seat, const EngineMove& move) {
  tell(told_of(move.kind), seat, move.kind == kMoveKong ? EngineRecord::kKongExposed : 0, window_tile_, move.a, move.b);
  answers_[at(seat)] = move;
  answered_ |= 1 << seat;
  settle();
  if (answered_ == asked_)
    waiting_ = 0;
  else
    refresh_waiting();
  if (!waiting_) close_window();
}

void HandEngine::close_window() {
  const int best = best_answer();
  const int tile = window_tile_, source = window_from_;
  const bool rob = phase_ == kPhaseRob;
  asked_ = answered_ = waiting_ = 0;
  offers_known_ = claims_known_ = 0xF;
  if (rob) {
    if (best < 0) {  // nobody robbed: the kong stands and its replacement is drawn
      promote(source, tile);
      return;
    }
    add(source, tile, -1);  // the robbed tile moves to the winner
    add(best, tile, 1);
    finish(best, legality::kRobbing, source, tile, tallies_[at(best)], contexts_[at(best)]);
    return;
  }
  if (best < 0) {
    draw((source + 1) & 3, false, legality::kNoReplacement);
    return;
  }
  --npool_[at(source)];
  --pool_seen_[at(tile)];
  const EngineMove move = answers_[at(best)];
  if (move.kind == kMoveWin) {
    add(best, tile, 1);
    finish(best, legality::kDiscard, source, tile, tallies_[at(best)], contexts_[at(best)]);
    return;
  }
  EngineMeld meld{0, static_cast<std::uint8_t>(tile), false, static_cast<std::int8_t>(source),
                  static_cast<std::uint8_t>(tile)};
  if (move.kind == kMoveChow) {
    add(best, move.a, -1);
    add(best, move.b, -1);
    ++exposed_[move.a];
    ++exposed_[move.b];
    ++exposed_[at(tile)];
    meld.kind = static_cast<std::uint8_t>(SetKind::Chow);
    meld.first = static_cast<std::uint8_t>(move.a < tile ? move.a : tile);
  } else {
    const int need = move.kind == kMovePung ? 2 : 3;
    add(best, tile, -need);
    exposed_[at(tile)] = static_cast<std::uint8_t>(exposed_[at(tile)] + need + 1);
    meld.kind = static_cast<std::uint8_t>(move.kind == kMovePung ? SetKind::Pung : SetKind::Kong);
  }
  melds_[at(best)][nmelds_[at(best)]++] = meld;
  changed(best);
  tell(Told::Claimed, best, source, tile, meld.kind);
  // With four walls the claimer's discard is the last tile's when the next wall is empty.
  last_draw_emptied_ = legality::last_of_wall(flags_, walls(), best, false);
  if (move.kind == kMoveKong) {
    draw(best, true, kKongReplacement);
    return;
  }
  phase_ = kPhaseDiscard;
  turn_ = best;
  claimed_ = true;
  drawn_ = 0;
  drawn_from_ = kFromNone;
  replacement_ = legality::kNoReplacement;
  self_complete_ = 0;  // no drawn tile: no self-drawn win
}

void HandEngine::finish(int winner, int by, int discarder, int tile, const WinOutput& tally,
                        const ContextIn& context) {
  tell(Told::End, winner, discarder < 0 ? EngineRecord::kNobody : discarder, tile, by);
  phase_ = kPhaseOver;
  winner_ = winner;
  win_by_ = by;
  discarder_ = discarder;
  win_tile_ = tile;
  end_tally_ = tally;
  end_context_ = context;
  turn_ = -1;
  drawn_ = 0;
  drawn_from_ = kFromNone;
  self_complete_ = 0;
}

void HandEngine::exhaust() {
  tell(Told::End, EngineRecord::kNobody, EngineRecord::kNobody, 0);
  phase_ = kPhaseOver;
  winner_ = -1;
  turn_ = -1;
  drawn_ = 0;
  drawn_from_ = kFromNone;
  self_complete_ = 0;
}

// -- moves ------------------------------------------------------------------------------------

void HandEngine::legal(int seat, LegalMoves& out) const {
  out.count = 0;
  if (seat < 0 || seat > 3) return;
  auto push = [&out](int kind, int tile, int a, int b) {
    out.moves[at(out.count++)] = EngineMove{static_cast<std::uint8_t>(kind), static_cast<std::uint8_t>(tile),
                                            static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)};
  };
  if (phase_ == kPhaseClaim || phase_ == kPhaseRob) {
    const int bits = offers_of(seat);
    if (!(waiting_ >> seat & 1)) return;
    push(kMovePass, 0, 0, 0);
    const legality::ChowPairs chows = legality::offered_chows(window_tile_, bits);
    for (int i = 0; i < chows.count; ++i) push(kMoveChow, 0, chows.pairs[at(i)][0], chows.pairs[at(i)][1]);
    if (bits & legality::kOfferPung) push(kMovePung, 0, 0, 0);
    if (bits & legality::kOfferKong) push(kMoveKong, 0, 0, 0);
    if (bits & legality::kOfferWait) push(kMoveWin, 0, 0, 0);
    return;
  }
  if (phase_ != kPhaseDiscard || seat != turn_) return;
  const Counts& c = counts_[at(seat)];
  const std::uint64_t discards = legality::discard_mask(c);
  const std::uint64_t kongs = legality::kong_mask(seat, c, pung_bits(seat), claimed_, flags_, walls());
  for (int k = 1; k <= kLastStandard; ++k)
    if (discards >> k & 1) push(kMoveDiscard, k, 0, 0);
  for (int k = 1; k <= kLastStandard; ++k)
    if (kongs >> k & 1) push(kMoveKong, k, 0, 0);
  if (self_win()) push(kMoveWin, 0, 0, 0);
}

bool HandEngine::is_legal(int seat, const EngineMove& move) const {
  // Membership in legal(seat), asked of the same checks and bits without building the list.
  if (seat < 0 || seat > 3) return false;
  if (phase_ == kPhaseClaim || phase_ == kPhaseRob) {
    // A chow, pung or kong needs only the seat's claims (a seat offered one is awaited before
    // any answer, and afterwards every seat's offers are known).
    const bool claims = move.kind == kMoveChow || move.kind == kMovePung || move.kind == kMoveKong;
    const int bits = claims ? claims_of(seat) : offers_of(seat);
    if (!(waiting_ >> seat & 1) || move.tile) return false;
    switch (move.kind) {
      case kMovePass:
        return !move.a && !move.b;
      case kMoveChow: {
        const legality::ChowPairs chows = legality::offered_chows(window_tile_, bits);
        for (int i = 0; i < chows.count; ++i)
          if (chows.pairs[at(i)][0] == move.a && chows.pairs[at(i)][1] == move.b) return true;
        return false;
      }
      case kMovePung:
        return !move.a && !move.b && (bits & legality::kOfferPung);
      case kMoveKong:
        return !move.a && !move.b && (bits & legality::kOfferKong);
      case kMoveWin:
        return !move.a && !move.b && (bits & legality::kOfferWait);
      default:
        return false;
    }
  }
  if (phase_ != kPhaseDiscard || seat != turn_ || move.a || move.b) return false;
  switch (move.kind) {
    case kMoveDiscard:
      return is_kind(move.tile) && legality::discard_check(counts_[at(seat)], move.tile) == legality::kLegal;
    case kMoveKong:
      return is_kind(move.tile) && legality::kong_check(seat, counts_[at(seat)], pung_bits(seat), move.tile, claimed_,
                                                        flags_, walls()) == legality::kLegal;
    case kMoveWin:
      return !move.tile && self_win();
    default:
      return false;
  }
}

int HandEngine::verify(int seat, const EngineMove& move) const {
  return is_legal(seat, move) ? legality::kLegal : explain(seat, move);
}

namespace {

// What is wrong with the shape of a move whatever the state (the Python rules' _malformed).
bool malformed(const EngineMove& move) {
  const int kind = move.kind;
  if (kind > kMovePung) return true;
  if (move.tile && !is_kind(move.tile)) return true;
  if (kind == kMoveChow) return move.tile || !is_kind(move.a) || !is_kind(move.b) || move.a > move.b;
  if (move.a || move.b) return true;
  if (kind == kMoveDiscard) return !move.tile;
  if (kind == kMovePass || kind == kMovePung || kind == kMoveWin) return move.tile != 0;
  return false;
}

int win_code(int verdict) { return verdict == legality::kScorerRefused ? legality::kNotAWin : verdict; }

}  // namespace

int HandEngine::explain(int seat, const EngineMove& move) const {
  if (phase_ == kPhaseOver) return kHandOver;
  if (malformed(move)) return kBadMove;
  const int kind = move.kind;
  const Counts& c = counts_[at(seat)];
  WinOutput tally;
  ContextIn context;
  if (phase_ == kPhaseClaim || phase_ == kPhaseRob) {
    if (kind == kMoveDiscard || (kind == kMoveKong && move.tile)) return kWrongPhase;
    if (answered_ >> seat & 1) return kAlreadyAnswered;
    offers_of(seat);
    if (!(asked_ >> seat & 1) || !(waiting_ >> seat & 1)) return kNotYourTurn;
    if (phase_ == kPhaseRob && kind != kMoveWin && kind != kMovePass) return legality::kCannotClaim;
    const int tile = window_tile_, from = window_from_;
    if (kind == kMoveWin)
      return win_code(score(seat, tile, phase_ == kPhaseRob ? legality::kRobbing : legality::kDiscard, tally, context));
    if (kind == kMoveChow) return legality::chow_check(seat, from, c, tile, move.a, move.b, flags_, walls());
    if (kind == kMovePung) return legality::pung_check(seat, from, c, tile, flags_, walls());
    if (kind == kMoveKong) return legality::claim_kong_check(seat, from, c, tile, flags_, walls());
    return legality::kLegal;  // a pass of a waited seat is always legal
  }
  if (kind == kMovePass || kind == kMoveChow || kind == kMovePung) return kNoWindow;
  if (kind == kMoveKong && !move.tile) return kBadMove;
  if (seat != turn_) return kNotYourTurn;
  if (kind == kMoveWin) {
    if (!drawn_ || claimed_) return legality::kNotAWin;
    return win_code(score(seat, drawn_, legality::kSelfDrawn, tally, context));
  }
  if (kind == kMoveDiscard) return legality::discard_check(c, move.tile);
  return legality::kong_check(seat, c, pung_bits(seat), move.tile, claimed_, flags_, walls());
}

int HandEngine::apply(int seat, const EngineMove& move) {
  if (seat < 0 || seat > 3) return kNotYourTurn;
  const int code = verify(seat, move);
  if (code != legality::kLegal) return code;
  if (phase_ == kPhaseClaim || phase_ == kPhaseRob) {
    answer(seat, move);
  } else if (move.kind == kMoveDiscard) {
    discard(seat, move.tile);
  } else if (move.kind == kMoveKong) {
    kong(seat, move.tile);
  } else {  // a self-drawn win
    tell(Told::Win, seat, 0, drawn_);
    finish(seat, legality::kSelfDrawn, -1, drawn_, self_tally_, self_context_);
  }
  return legality::kLegal;
}

}  // namespace mahjongkit::mcr
