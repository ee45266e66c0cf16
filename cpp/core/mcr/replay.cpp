#include "core/mcr/replay.hpp"

#include "core/mcr/hand_engine.hpp"
#include "core/mcr/legality.hpp"

namespace mahjongkit::mcr::replay {

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

constexpr int kWall = 34;
constexpr int kDealt = 13;
// A wall position the record never shows drawn: any kind (the record is refused before the
// engine's draw of it could matter: that draw is never shown).
constexpr std::uint8_t kUnseen = 34;

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

EngineMove move(int kind, int tile = 0, int a = 0, int b = 0) {
  return EngineMove{static_cast<std::uint8_t>(kind), static_cast<std::uint8_t>(tile), static_cast<std::uint8_t>(a),
                    static_cast<std::uint8_t>(b)};
}

// Feeds a record's steps into the hand engine: the walls are the record's own (each seat's
// deal and then its draws, in order), so a draw the engine makes is the record's next draw of
// that seat, which the record must then show. The driver has no rules of its own: it turns
// steps into moves, asks the engine, and says which step the engine refuses.
class Driver {
 public:
  Driver(const Game& game, int flags, int minimum, const ScoreRules& rules, Outcome& out)
      : game_(game), engine_(rules, flags | legality::kFourWalls, minimum, 0, game.prevailing), out_(out) {}

  void run() {
    out_ = Outcome{};
    if (!deal()) return;  // a fifth copy or an overdrawn wall: the reference words it
    const auto& steps = game_.steps;
    for (std::size_t i = 0; i < steps.size(); ++i) {
      next_ = i + 1 < steps.size() ? &steps[i + 1] : nullptr;
      const int verdict = step(steps[i]);
      if (verdict != kFinished) {
        out_.status = verdict;
        out_.step = static_cast<int>(i);
        return;
      }
    }
    out_.step = static_cast<int>(steps.size());
    out_.status = finish();
    if (out_.status == kFinished && engine_.winner() >= 0) {
      out_.winner = engine_.winner();
      out_.by = engine_.win_by();
      out_.discarder = engine_.discarder();
      out_.tally = engine_.tally();
    }
  }

 private:
  const Game& game_;
  HandEngine engine_;
  Outcome& out_;
  bool unshown_ = true;  // the engine drew a tile the record has not shown yet (the dealer's 14th)
  int left_ = 0;         // tiles left in the walls after the last step (a draw takes one)
  const Step* next_ = nullptr;  // the step after the one being played

  bool deal() {
    std::array<int, 35> seen{};
    std::array<std::array<std::uint8_t, kWall>, 4> walls{};
    std::array<int, 4> filled{};
    for (int s = 0; s < 4; ++s) {
      walls[at(s)].fill(kUnseen);
      for (const auto kind : game_.deals[at(s)]) {
        if (kind < 1 || kind > 34 || ++seen[kind] > 4) return false;
        walls[at(s)][at(filled[at(s)]++)] = kind;
      }
    }
    for (const auto& st : game_.steps) {
      if (st.action != kDraw) continue;
      if (st.seat > 3 || st.tile < 1 || st.tile > 34 || ++seen[st.tile] > 4) return false;
      if (filled[st.seat] >= kWall) return false;
      walls[st.seat][at(filled[st.seat]++)] = st.tile;
    }
    const std::array<const std::uint8_t*, 4> tiles = {walls[0].data(), walls[1].data(), walls[2].data(),
                                                      walls[3].data()};
    engine_.deal_seat_walls(tiles, {kWall, kWall, kWall, kWall});
    left_ = engine_.wall_left();
    return true;
  }

  // Apply a move (the engine's code: 0 taken), noting whether it made a draw.
  int play(int seat, const EngineMove& m) {
    const int code = engine_.apply(seat, m);
    note(code);
    return code;
  }

  // After the engine's answer `code` to a move: whether it made a draw; the step's verdict.
  int note(int code) {
    const int left = engine_.wall_left();
    if (left < left_) unshown_ = true;
    left_ = left;
    return code == legality::kLegal ? kFinished : kRefused;
  }

  // Every seat still awaited in the open window passes (the window then closes).
  void pass_all() {
    while (engine_.phase() == HandEngine::kPhaseClaim || engine_.phase() == HandEngine::kPhaseRob) {
      const int waiting = engine_.waiting();
      int seat = 0;
      while (!(waiting >> seat & 1)) ++seat;
      play(seat, move(kMovePass));
    }
  }

  bool in_window() const {
    return engine_.phase() == HandEngine::kPhaseClaim || engine_.phase() == HandEngine::kPhaseRob;
  }

  // The engine's win verdict as the replay's: 1 a win, 0 none, -1 the scorer refuses the context.
  int wins(int seat, int tile, int by) const {
    const int verdict = engine_.win_verdict(seat, tile, by);
    return verdict == legality::kLegal ? 1 : verdict == legality::kScorerRefused ? -1 : 0;
  }

  int step(const Step& st) {
    if (engine_.over()) return kRefused;  // the hand is already over
    switch (st.action) {
      case kDraw:
        return draw(st);
      case kPlay:
      case kAnGang:
      case kBuGang:
        return on_turn(st);
      case kHu:
        if (!in_window()) return on_turn(st);
        return claim(st);
      default:
        return claim(st);
    }
  }

  int draw(const Step& st) {
    if (in_window()) pass_all();
    if (engine_.over() || !unshown_ || engine_.turn() != st.seat || engine_.drawn() != st.tile) return kRefused;
    unshown_ = false;
    return kFinished;
  }

  int on_turn(const Step& st) {
    if (in_window() || unshown_ || engine_.turn() != st.seat) return kRefused;  // the draw not shown
    const int s = st.seat, tile = st.tile;
    const bool before = engine_.scorer_refused();
    switch (st.action) {
      case kPlay:
        // Followed by a draw, the discard was not claimed: nobody's claims need asking.
        if (next_ && next_->action == kDraw) return note(engine_.discard_passed(s, tile));
        return apply(s, move(kMoveDiscard, tile));
      case kAnGang:
        if (engine_.counts(s)[at(tile)] != 4) return kRefused;
        return apply(s, move(kMoveKong, tile));
      case kBuGang: {
        if (engine_.counts(s)[at(tile)] == 4) return kRefused;
        const int verdict = apply(s, move(kMoveKong, tile));
        // A seat the scorer refuses in the robbing window: the reference words it.
        return verdict == kFinished && engine_.scorer_refused() != before ? kUndecided : verdict;
      }
      default: {  // a self-drawn win, on the tile drawn
        if (engine_.drawn() == 0 || tile != engine_.drawn()) return kRefused;
        if (apply(s, move(kMoveWin)) == kFinished) return kFinished;
        return wins(s, tile, kSelfDrawn) < 0 ? kUndecided : kRefused;  // the scorer refused?
      }
    }
  }

  int apply(int seat, const EngineMove& m) { return play(seat, m) == legality::kLegal ? kFinished : kRefused; }

  // The engine's move for a record's claim on the window's tile, or false when the claim names
  // another tile (a chow by its middle tile).
  bool claim_move(const Claim& c, EngineMove& m) const {
    const int on = engine_.window_tile();
    switch (c.action) {
      case kChi: {
        int a = 0, b = 0;
        if (!legality::chow_by_middle(on, c.tile, a, b)) return false;
        m = move(kMoveChow, 0, a, b);
        return true;
      }
      case kPeng:
        m = move(kMovePung);
        return c.tile == on;
      case kGang:
        m = move(kMoveKong);
        return c.tile == on;
      case kHu:
        m = move(kMoveWin);
        return c.tile == on;
      default:
        return false;
    }
  }

  // Whether `c` is an answer the open window takes from its seat now (kFinished), is not
  // (kRefused) or the scorer cannot say (kUndecided).
  int offered(const Claim& c) const {
    EngineMove m;
    if (c.seat == engine_.window_from() || !claim_move(c, m)) return kRefused;
    if (engine_.verify(c.seat, m) == legality::kLegal) return kFinished;
    const int by = engine_.phase() == HandEngine::kPhaseRob ? kRobbing : kDiscard;
    return c.action == kHu && wins(c.seat, engine_.window_tile(), by) < 0 ? kUndecided : kRefused;
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
    if (!in_window()) return kRefused;  // nothing to claim
    if (st.nignored > 3 || !answers_once(st)) return kUndecided;
    const bool rob = engine_.phase() == HandEngine::kPhaseRob;
    const Claim mine{st.seat, st.action, st.tile};
    if (rob && (st.action != kHu || st.tile != engine_.window_tile() || st.seat == engine_.window_from()))
      return kRefused;
    const int verdict = offered(mine);
    if (verdict != kFinished) return verdict;
    // The claims that lost: each must be a legal answer (else the reference reports it), and
    // none may outrank the record's claim.
    const int from = engine_.window_from();
    const int key = legality::claim_priority(claim_of(st.action), st.seat, from);
    for (int i = 0; i < st.nignored; ++i) {
      const Claim& other = st.ignored[at(i)];
      if (repeats(st, other)) continue;
      if (offered(other) != kFinished) return kUndecided;
      if (legality::claim_priority(claim_of(other.action), other.seat, from) > key) return kRefused;
    }
    EngineMove m;
    claim_move(mine, m);
    play(st.seat, m);
    pass_all();  // the others' answers cannot beat it: the window closes on the record's claim
    return kFinished;
  }

  // The record's end: a drawn hand must have run its walls dry, a win must have been made.
  int finish() {
    if (engine_.over()) return kFinished;
    if (!game_.drawn) return kRefused;
    if (in_window()) pass_all();
    return engine_.over() ? kFinished : kRefused;
  }
};

}  // namespace

void replay_game(const Game& game, int flags, int minimum, const ScoreRules& rules, Outcome& out) {
  Driver(game, flags, minimum, rules, out).run();
}

}  // namespace mahjongkit::mcr::replay
