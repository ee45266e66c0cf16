#include "core/mcr/replay.hpp"

#include "core/mcr/legality.hpp"

namespace mahjongkit::mcr::replay {

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

constexpr int kWall = 34;
constexpr int kDealt = 13;
constexpr int kNoReplacement = legality::kNoReplacement;
constexpr int kKongReplacement = 0;

// Where the hand is, as the reference's rules would show it after the same steps.
enum class Phase : std::uint8_t {
  NeedDraw,      // `seat` has drawn (from its wall): the record shows that draw next
  OnTurn,        // `seat` holds its fourteen and plays
  AfterDiscard,  // `seat` discarded `tile`: claims, or everyone passes and the next seat draws
  Rob,           // `seat` promoted a pung of `tile` and some seat may rob it
  Over,
};

// A record's claim action as the legality checks number claims (their priority is
// legality::claim_priority's).
int claim_of(int action) {
  switch (action) {
    case kHu:
      return legality::kClaimWin;
    case kPeng:
      return legality::kClaimPung;
    case kGang:
      return legality::kClaimKong;
    default:
      return legality::kClaimChow;
  }
}

class Replay {
 public:
  Replay(const Game& game, int flags, int minimum, const ScoreRules& rules, Outcome& out)
      : game_(game), flags_(flags), minimum_(minimum), rules_(rules), out_(out) {}

  void run() {
    out_ = Outcome{};
    if (!deal()) return;  // a fifth copy or an overdrawn wall: the reference words it
    const auto& steps = game_.steps;
    for (std::size_t i = 0; i < steps.size(); ++i) {
      const int verdict = step(steps[i]);
      if (verdict != kFinished) {
        out_.status = verdict;
        out_.step = static_cast<int>(i);
        return;
      }
    }
    out_.step = static_cast<int>(steps.size());
    out_.status = finish();
  }

 private:
  const Game& game_;
  const int flags_;
  const int minimum_;
  const ScoreRules& rules_;
  Outcome& out_;

  std::array<Counts, 4> counts_{};
  std::array<std::array<MeldIn, 4>, 4> melds_{};
  std::array<int, 4> nmelds_{};
  std::array<std::uint64_t, 4> pungs_{};
  std::array<int, 4> taken_{};
  std::array<std::uint8_t, 35> pool_{};     // discards lying in the pools, by kind
  std::array<std::uint8_t, 35> exposed_{};  // tiles of exposed melds, by kind
  Phase phase_ = Phase::NeedDraw;
  int seat_ = 0;
  int tile_ = 0;  // the drawn tile on turn (0: none), the discard, or the promoted kong's
  bool claimed_ = false;
  int replacement_ = kNoReplacement;
  bool last_draw_emptied_ = false;
  bool last_discard_is_last_ = false;

  int left(int seat) const { return kWall - taken_[at(seat & 3)]; }
  long walls() const {
    return static_cast<long>(left(0)) | static_cast<long>(left(1)) << 8 | static_cast<long>(left(2)) << 16 |
           static_cast<long>(left(3)) << 24;
  }

  bool deal() {
    std::array<int, 35> seen{};
    std::array<int, 4> draws{};
    for (int s = 0; s < 4; ++s) {
      for (const auto kind : game_.deals[at(s)]) {
        if (kind < 1 || kind > 34 || ++seen[kind] > 4) return false;
        ++counts_[at(s)][kind];
      }
      taken_[at(s)] = kDealt;
    }
    for (const auto& st : game_.steps) {
      if (st.action != kDraw) continue;
      if (st.seat > 3 || st.tile < 1 || st.tile > 34 || ++seen[st.tile] > 4) return false;
      if (kDealt + ++draws[st.seat] > kWall) return false;
    }
    start_draw(0, kNoReplacement);  // the dealer's fourteenth
    return true;
  }

  // The rules draw for `seat` (from its own wall): the hand ends drawn when it is empty.
  void start_draw(int seat, int replacement) {
    if (left(seat) == 0) {
      phase_ = Phase::Over;  // exhausted: out_.winner stays -1
      return;
    }
    phase_ = Phase::NeedDraw;
    seat_ = seat;
    replacement_ = replacement;
  }

  // Everyone passes on the open window (a discard's or a robbable kong's).
  void all_pass() {
    if (phase_ == Phase::AfterDiscard) {
      start_draw((seat_ + 1) & 3, kNoReplacement);
    } else if (phase_ == Phase::Rob) {
      promote(seat_, tile_);
    }
  }

  void promote(int seat, int tile) {
    auto& melds = melds_[at(seat)];
    for (int m = 0; m < nmelds_[at(seat)]; ++m)
      if (melds[at(m)].kind == SetKind::Pung && melds[at(m)].first == tile) melds[at(m)].kind = SetKind::Kong;
    --counts_[at(seat)][at(tile)];
    ++exposed_[at(tile)];
    pungs_[at(seat)] &= ~(std::uint64_t{1} << tile);
    start_draw(seat, kKongReplacement);
  }

  void add_meld(int seat, SetKind kind, int first, bool concealed) {
    melds_[at(seat)][at(nmelds_[at(seat)]++)] = MeldIn{kind, first, concealed};
  }

  // Whether `seat` wins on `tile` (1), does not (0), or the scorer refuses the context (-1);
  // the tally is left in out_.tally.
  int wins(int seat, int tile, int by) {
    WinInput in;
    in.concealed = counts_[at(seat)];
    if (by != kSelfDrawn) ++in.concealed[at(tile)];
    in.nmelds = nmelds_[at(seat)];
    in.melds = melds_[at(seat)];
    // the dealer is seat 0; a robbed kong's fourth is not yet on the table
    in.context = legality::win_context(seat, game_.prevailing, tile, by, pool_[at(tile)] + exposed_[at(tile)],
                                       last_draw_emptied_, last_discard_is_last_, replacement_);
    score_win(in, rules_, out_.tally);
    const int verdict = legality::win_check(out_.tally, minimum_, in.context, flags_);
    return verdict == legality::kLegal ? 1 : verdict == legality::kScorerRefused ? -1 : 0;
  }

  void won(int seat, int by, int discarder) {
    phase_ = Phase::Over;
    out_.winner = seat;
    out_.by = by;
    out_.discarder = discarder;
  }

  int step(const Step& st) {
    if (phase_ == Phase::Over) return kRefused;  // the hand is already over
    switch (st.action) {
      case kDraw:
        return draw(st);
      case kPlay:
      case kAnGang:
      case kBuGang:
        return on_turn(st);
      case kHu:
        if (phase_ == Phase::OnTurn || phase_ == Phase::NeedDraw) return on_turn(st);
        return claim(st);
      default:
        return claim(st);
    }
  }

  int draw(const Step& st) {
    if (phase_ == Phase::AfterDiscard || phase_ == Phase::Rob) all_pass();
    if (phase_ != Phase::NeedDraw || seat_ != st.seat) return kRefused;
    const int s = st.seat;
    ++taken_[at(s)];
    ++counts_[at(s)][st.tile];
    phase_ = Phase::OnTurn;
    tile_ = st.tile;
    claimed_ = false;
    last_draw_emptied_ = legality::last_of_wall(flags_, walls(), s, true);
    return kFinished;
  }

  int on_turn(const Step& st) {
    if (phase_ != Phase::OnTurn) return kRefused;  // a window open, or the draw not shown
    const int s = st.seat, tile = st.tile;
    if (s != seat_) return kRefused;
    auto& counts = counts_[at(s)];
    switch (st.action) {
      case kPlay:
        if (legality::discard_check(counts, tile) != legality::kLegal) return kRefused;
        --counts[at(tile)];
        ++pool_[at(tile)];
        last_discard_is_last_ = last_draw_emptied_;
        phase_ = Phase::AfterDiscard;
        tile_ = tile;
        return kFinished;
      case kAnGang:
        if (counts[at(tile)] != 4) return kRefused;
        if (legality::kong_check(s, counts, pungs_[at(s)], tile, claimed_, flags_, walls()) != legality::kLegal)
          return kRefused;
        counts[at(tile)] = 0;
        add_meld(s, SetKind::Kong, tile, true);
        start_draw(s, kKongReplacement);
        return kFinished;
      case kBuGang: {
        if (counts[at(tile)] == 4) return kRefused;
        if (legality::kong_check(s, counts, pungs_[at(s)], tile, claimed_, flags_, walls()) != legality::kLegal)
          return kRefused;
        // Robbable when another seat wins on it (the promotion waits for their answers).
        bool robbable = false;
        for (int d = 1; d <= 3 && !robbable; ++d) {
          const int verdict = wins((s + d) & 3, tile, kRobbing);
          if (verdict < 0) return kUndecided;
          robbable = verdict == 1;
        }
        if (robbable) {
          phase_ = Phase::Rob;
          tile_ = tile;
          return kFinished;
        }
        promote(s, tile);
        return kFinished;
      }
      default: {  // a self-drawn win, on the tile drawn
        if (claimed_ || tile_ == 0 || tile != tile_) return kRefused;
        const int verdict = wins(s, tile, kSelfDrawn);
        if (verdict < 0) return kUndecided;
        if (verdict == 0) return kRefused;
        won(s, kSelfDrawn, -1);
        return kFinished;
      }
    }
  }

  // Whether `seat` may answer the open discard window with `action` on `tile` as written
  // (kFinished), may not (kRefused) or the scorer cannot say (kUndecided); a chow's two held
  // tiles in a and b.
  int offered(int seat, int action, int tile, int& a, int& b) {
    const int from = seat_, on = tile_;
    const auto& counts = counts_[at(seat)];
    if (seat == from) return kRefused;
    switch (action) {
      case kChi: {
        if (!legality::chow_by_middle(on, tile, a, b)) return kRefused;  // `tile`: the run's middle
        return legality::chow_check(seat, from, counts, on, a, b, flags_, walls()) == legality::kLegal ? kFinished
                                                                                                      : kRefused;
      }
      case kPeng:
        if (tile != on) return kRefused;
        return legality::pung_check(seat, from, counts, on, flags_, walls()) == legality::kLegal ? kFinished
                                                                                                : kRefused;
      case kGang:
        if (tile != on) return kRefused;
        return legality::claim_kong_check(seat, from, counts, on, flags_, walls()) == legality::kLegal ? kFinished
                                                                                                      : kRefused;
      default: {
        if (tile != on) return kRefused;
        const int verdict = wins(seat, on, kDiscard);
        return verdict < 0 ? kUndecided : verdict == 1 ? kFinished : kRefused;
      }
    }
  }

  // The record's claim written again among the lost ones (the same seat, action and tile):
  // the rules take the one answer once.
  static bool repeats(const Step& st, const Claim& other) {
    return other.seat == st.seat && other.action == st.action && other.tile == st.tile;
  }

  // Whether every seat answers once (a repeat of the record's claim aside); when a seat
  // answers twice differently, the reference decides (its later answer replaces the first).
  static bool answers_once(const Step& st) {
    unsigned answered = 1u << st.seat;
    for (int i = 0; i < st.nignored; ++i) {
      const Claim& other = st.ignored[at(i)];
      if (repeats(st, other)) continue;
      if (other.seat > 3 || answered >> other.seat & 1u) return false;
      answered |= 1u << other.seat;
    }
    return true;
  }

  int claim(const Step& st) {
    if (phase_ == Phase::Rob) return rob(st);
    if (phase_ != Phase::AfterDiscard) return kRefused;  // nothing to claim
    if (st.nignored > 3) return kUndecided;
    const int from = seat_, on = tile_, c = st.seat;
    if (!answers_once(st)) return kUndecided;
    int a = 0, b = 0;
    const int verdict = offered(c, st.action, st.tile, a, b);
    if (verdict != kFinished) return verdict;
    const WinOutput tally = out_.tally;  // the claimer's, if it wins
    // The claims that lost: each must be a legal offer (else the reference reports it), and
    // none may outrank the record's claim.
    const int key = legality::claim_priority(claim_of(st.action), c, from);
    for (int i = 0; i < st.nignored; ++i) {
      const Claim& other = st.ignored[at(i)];
      if (repeats(st, other)) continue;
      int oa = 0, ob = 0;
      if (offered(other.seat, other.action, other.tile, oa, ob) != kFinished) return kUndecided;
      if (legality::claim_priority(claim_of(other.action), other.seat, from) > key) return kRefused;
    }
    out_.tally = tally;
    --pool_[at(on)];
    auto& counts = counts_[at(c)];
    switch (st.action) {
      case kHu:
        won(c, kDiscard, from);
        return kFinished;
      case kChi:
        --counts[at(a)];
        --counts[at(b)];
        add_meld(c, SetKind::Chow, a < on ? a : on, false);
        ++exposed_[at(a)];
        ++exposed_[at(b)];
        ++exposed_[at(on)];
        break;
      case kPeng:
        counts[at(on)] = static_cast<std::uint8_t>(counts[at(on)] - 2);
        add_meld(c, SetKind::Pung, on, false);
        pungs_[at(c)] |= std::uint64_t{1} << on;
        exposed_[at(on)] = static_cast<std::uint8_t>(exposed_[at(on)] + 3);
        break;
      default:
        counts[at(on)] = static_cast<std::uint8_t>(counts[at(on)] - 3);
        add_meld(c, SetKind::Kong, on, false);
        exposed_[at(on)] = static_cast<std::uint8_t>(exposed_[at(on)] + 4);
        break;
    }
    last_draw_emptied_ = legality::last_of_wall(flags_, walls(), c, false);
    if (st.action == kGang) {
      start_draw(c, kKongReplacement);
      return kFinished;
    }
    phase_ = Phase::OnTurn;
    seat_ = c;
    tile_ = 0;
    claimed_ = true;
    replacement_ = kNoReplacement;
    return kFinished;
  }

  int rob(const Step& st) {
    if (st.nignored > 3 || !answers_once(st)) return kUndecided;
    const int from = seat_, on = tile_;
    if (st.action != kHu || st.tile != on || st.seat == from) return kRefused;
    // Another robber's claim must be one too, and the seat nearest after the promoter wins.
    for (int i = 0; i < st.nignored; ++i) {
      const Claim& other = st.ignored[at(i)];
      if (repeats(st, other)) continue;
      if (other.action != kHu || other.tile != on || other.seat == from) return kUndecided;
      const int verdict = wins(other.seat, on, kRobbing);
      if (verdict != 1) return kUndecided;
      if (legality::claim_priority(legality::kClaimWin, other.seat, from) >
          legality::claim_priority(legality::kClaimWin, st.seat, from))
        return kRefused;
    }
    const int verdict = wins(st.seat, on, kRobbing);
    if (verdict != 1) return verdict < 0 ? kUndecided : kRefused;
    --counts_[at(from)][at(on)];  // the robbed tile moves to the winner
    won(st.seat, kRobbing, from);
    return kFinished;
  }

  // The record's end: a drawn hand must have run its walls dry, a win must have been made.
  int finish() {
    if (phase_ == Phase::Over) return kFinished;
    if (!game_.drawn) return kRefused;
    all_pass();
    return phase_ == Phase::Over ? kFinished : kRefused;
  }
};

}  // namespace

void replay_game(const Game& game, int flags, int minimum, const ScoreRules& rules, Outcome& out) {
  Replay(game, flags, minimum, rules, out).run();
}

}  // namespace mahjongkit::mcr::replay
