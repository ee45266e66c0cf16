// One hand of Chinese Official Mahjong as one state machine: the C++ twin of the Python hand
// layer (python/mahjongkit/mcr/game/hand_state.py with window.py). The state is held once:
// the wall(s), each seat's concealed counts, melds, flowers and pool, the turn and its drawn
// tile, the claim window (who is asked, the offers, the answers), the robbing window of a
// promoted kong, and the end. Every rule is asked of core/mcr/legality (the checks, the win
// context, the last tile, claim priority, the win check) and of score_win (the scorer): the
// engine only sequences them. Drivers (the records replay, RL self-play, a search) feed it
// moves; nothing is synced into it by hand. A driver that must say what a move did (the
// rules' events) has the engine write it as it takes the move's steps (apply_told,
// engine_log.hpp).
//
// Two variants: the MCR one (one shared wall read front first: draws from the front,
// replacements from the back, flowers exposed and replaced, the positional deal of
// hand/wall.py) and the Botzone one (four walls, one a seat, each seat drawing from its own,
// no flowers; legality::kFourWalls in the flags).
//
// Moves cross as small structs numbered as mahjongkit.mcr.game.moves.MoveKind (declaration
// order); refusals as codes: legality's (0 legal, 1..6) then the engine's own (7..12), the
// indices of legality.ENGINE_CODES on the Python side. A refused move changes nothing.
//
// The engine is a plain value: fixed arrays, no heap, and a pointer to the ruleset's scorer
// data (which must outlive it); clone() is a copy. Some reads fill caches (a seat's groups'
// shapes and waits, the self-drawn win's tally): one engine is read by one thread at a time
// (copies are independent).
//
// What it computes only when asked, as the Python hand does: a seat's waits, a self-drawn win
// (completeness, then the scorer). A discard's window is worked out when the discard is made
// (the window exists only if some seat may claim), unless a driver says nobody claims it
// (discard_passed) or that some seat does (discard_claimed: each seat's offers are then worked
// out when first read, and claim_taken closes the window without asking the other seats).
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <type_traits>

#include "core/mcr/decompose.hpp"
#include "core/mcr/engine_log.hpp"
#include "core/mcr/forms.hpp"
#include "core/mcr/legality.hpp"
#include "core/mcr/score.hpp"

namespace mahjongkit::mcr {

// A move: `kind` as MoveKind's order; `tile` the discard's or a turn's kong's kind (0: none,
// as a window's kong, pass, pung and win); `a` and `b` a chow's two held kinds (a < b).
struct EngineMove {
  std::uint8_t kind = 0;
  std::uint8_t tile = 0;
  std::uint8_t a = 0;
  std::uint8_t b = 0;
  bool operator==(const EngineMove& o) const { return kind == o.kind && tile == o.tile && a == o.a && b == o.b; }
};

inline constexpr int kMoveDiscard = 0;
inline constexpr int kMoveKong = 1;
inline constexpr int kMoveWin = 2;
inline constexpr int kMovePass = 3;
inline constexpr int kMoveChow = 4;
inline constexpr int kMovePung = 5;

// The engine's own refusal codes, after legality's 0..6 (legality.ENGINE_CODES).
inline constexpr int kNotYourTurn = 7;
inline constexpr int kWrongPhase = 8;
inline constexpr int kNoWindow = 9;
inline constexpr int kAlreadyAnswered = 10;
inline constexpr int kHandOver = 11;  // the hand has ended (the Python rules: game_over)
inline constexpr int kBadMove = 12;   // a malformed move (a kind out of range, a chow's shape)

// A seat's legal moves now, in the Python legal list's order: a turn's discards (kinds up),
// kongs (kinds up) and a self-drawn win; a window's pass, chows (chow_pairs order), pung,
// kong and win.
struct LegalMoves {
  int count = 0;
  std::array<EngineMove, 40> moves{};
};

// A meld on the table: SetKind (Chow, Pung or Kong), its first kind, concealed (a concealed
// kong), the seat it was claimed from and the claimed tile (both -1/0 for a concealed kong).
struct EngineMeld {
  std::uint8_t kind = 0;
  std::uint8_t first = 0;
  bool concealed = false;
  std::int8_t from = -1;
  std::uint8_t claimed = 0;
};

class HandEngine {
 public:
  static constexpr int kSeats = 4;
  static constexpr int kWallMax = 144;
  static constexpr int kPoolMax = 64;

  // Phases, as window.Phase: a seat on turn, a discard's window, a robbing window, the end.
  static constexpr int kPhaseDiscard = 0;
  static constexpr int kPhaseClaim = 1;
  static constexpr int kPhaseRob = 2;
  static constexpr int kPhaseOver = 3;

  // Where the turn's tile came from (drawn_from): none, the front, the back (a replacement).
  static constexpr int kFromNone = 0;
  static constexpr int kFromWall = 1;
  static constexpr int kFromBack = 2;

  // `rules` is the ruleset's scorer data (kept by pointer: it must outlive the engine),
  // `minimum` the points a win needs, `flags` the rule flags (legality::kAllFlags; kFourWalls
  // is set by the deal from the walls), the dealer and the prevailing wind (0 East .. 3 North).
  HandEngine(const ScoreRules& rules, int flags, int minimum, int dealer, int prevailing);

  // The deal. One shared wall, front first (at most 144 kinds 1..42): the positional deal,
  // flowers exposed and replaced from the back seat by seat from the dealer. Four walls, one a
  // seat, front first (kinds 1..34): thirteen to each seat from its own, the dealer's
  // fourteenth from its. The dealer is then on turn, its fourteenth counting as drawn.
  // Both answer false (and deal nothing) when the walls are too short for a deal, or the engine
  // was dealt already (a shared wall whose flowers' replacements run out answers false too, and
  // leaves the engine unusable: a written wall that short is the caller's error).
  bool deal_shared(const std::uint8_t* tiles, int count);
  bool deal_seat_walls(const std::array<const std::uint8_t*, 4>& walls, const std::array<int, 4>& counts);

  // The deal of hand `hand_no` of `seed` (decision 12's wall, wall_order.hpp): with the
  // constructor's kFourWalls, the 144 less the flowers cut into four walls of 34 in seat order
  // (hand/wall.py SeatWalls.from_seed); else one shared wall, less the flowers unless `flowers`.
  bool deal_seed(const std::string& seed, long hand_no, bool flowers);
  // deal_shared and deal_seed with what the deal did written to `log` (emptied first): a
  // shared wall's flowers, seat by seat from the dealer, then each replacement (a draw from
  // the back, and the flower it was, if one). Four walls hold no flowers: nothing is written.
  bool deal_shared_told(const std::uint8_t* tiles, int count, EngineLog& log) {
    return told(log, [&] { return deal_shared(tiles, count); });
  }
  bool deal_seed_told(const std::string& seed, long hand_no, bool flowers, EngineLog& log) {
    return told(log, [&] { return deal_seed(seed, hand_no, flowers); });
  }

  // The moves `seat` may make now (none when it is not awaited).
  void legal(int seat, LegalMoves& out) const;
  // 0 when `move` is legal for `seat` now, else its refusal code (the Python rules' order).
  int verify(int seat, const EngineMove& move) const;
  // Take the move (0) and run the hand until someone must act again, or refuse it (its code,
  // nothing changed).
  int apply(int seat, const EngineMove& move);
  // apply(), with what the move did written to `log` (emptied first) as the engine takes its
  // steps (engine_log.hpp): nothing when the move is refused.
  int apply_told(int seat, const EngineMove& move, EngineLog& log) {
    return told(log, [&] { return apply(seat, move); });
  }
  // `seat` discards `tile` and every other seat passes it: the state apply() of the discard and
  // a pass from every seat it asked would leave (the next seat has drawn), reached without
  // asking who could have claimed (a driver that knows nobody claims: the records replay).
  // 0, or the discard's refusal code (nothing changed).
  int discard_passed(int seat, int tile);
  // `seat` discards `tile`, which the driver knows another seat claims (the records replay):
  // the window opens as apply() of the discard opens it, but each seat's offers (its claims
  // and win, the scorer asked) are worked out when first read (window_offers, verify, legal;
  // waiting and window_asked read them all). Should no seat be offered anything, the window
  // stays open asking nobody (window_asked() 0) and refuses every answer, where apply() would
  // have passed the turn on: a driver's claim is refused either way. 0, or the discard's code.
  int discard_claimed(int seat, int tile);
  // In the open window, `seat`'s answer `move` is taken and every seat still awaited passes:
  // the state apply() of the move and those passes leave, reached without asking the other
  // seats' offers. 0, or the move's refusal code (nothing changed).
  int claim_taken(int seat, const EngineMove& move);
  // An independent copy (a value copy: the scorer data is shared).
  HandEngine clone() const { return *this; }

  // -- reads: everything a seat's observation needs ------------------------------------------
  int phase() const { return phase_; }
  bool dealt() const { return dealt_; }  // until then the engine takes no move (phase over)
  bool over() const { return phase_ == kPhaseOver; }
  int flags() const { return flags_; }
  int dealer() const { return dealer_; }
  int prevailing() const { return prevailing_; }
  int seat_wind(int seat) const { return (seat - dealer_) & 3; }
  // The seat on turn (-1 in a window or at the end), its drawn tile (0: none), where it came
  // from, the replacement it was (-1 none, 0 a kong's, 1 a flower's), whether the turn was
  // reached by a chow or pung; the last-tile marks (fans 44, 45).
  int turn() const { return turn_; }
  int drawn() const { return drawn_; }
  int drawn_from() const { return drawn_from_; }
  int replacement() const { return replacement_; }
  bool claimed_this_turn() const { return claimed_; }
  bool last_draw_emptied() const { return last_draw_emptied_; }
  bool last_discard_is_last() const { return last_discard_is_last_; }
  // The seats awaited (bit s for seat s): the seat on turn, or the window's waiting seats.
  int waiting() const;
  // The awaited seat that answers first: the seat on turn, or in a window the nearest waiting
  // seat after the discarder (the order of the Python window's `waiting`); -1 when nobody.
  int first_awaited() const;
  // The walls as legality reads them (one count, or four one byte a seat), and tiles left.
  long walls() const {
    if (!four_walls()) return back_ - front_;
    return static_cast<long>(seat_walls());
  }
  int wall_left() const {
    if (!four_walls()) return back_ - front_;
    const std::uint32_t left = seat_walls();
    const std::uint32_t pairs = (left & 0x00FF00FFu) + (left >> 8 & 0x00FF00FFu);  // two sums of two
    return static_cast<int>((pairs & 0xFFFFu) + (pairs >> 16));
  }
  int wall_left(int seat) const { return static_cast<int>(seat_walls() >> (8 * (seat & 3)) & 0xFF); }  // four walls: its own
  bool four_walls() const { return (flags_ & legality::kFourWalls) != 0; }

  // The wall's read positions (a driver's view of the walls as the engine reads them): the
  // shared wall's front and back, the tiles a seat has taken from its own wall.
  int wall_front() const { return front_; }
  int wall_back() const { return back_; }
  int wall_taken(int seat) const { return byte_of(taken_, seat & 3); }

  const Counts& counts(int seat) const { return counts_[at(seat)]; }
  int meld_count(int seat) const { return nmelds_[at(seat)]; }
  const EngineMeld& meld(int seat, int index) const { return melds_[at(seat)][at(index)]; }
  int flower_count(int seat) const { return nflowers_[at(seat)]; }
  int flower(int seat, int index) const { return flowers_[at(seat)][at(index)]; }
  int pool_size(int seat) const { return npool_[at(seat)]; }
  int pool(int seat, int index) const { return pools_[at(seat)][at(index)]; }
  // Copies of `kind` face up: in the pools and in melds not concealed.
  int visible(int kind) const { return pool_seen_[at(kind)] + exposed_[at(kind)]; }
  // The kinds completing the seat's thirteen (bit k; kinds held four left out), computed when
  // asked and kept until its tiles change (a seat on turn holds fourteen: none).
  std::uint64_t waits(int seat) const;

  // The open window: its kind (kPhaseClaim or kPhaseRob), tile, discarder, the asked seats
  // (bit s), a seat's offer bits (legality's, kOfferWait when its win is offered) and answer.
  int window_tile() const { return window_tile_; }
  int window_from() const { return window_from_; }
  int window_asked() const {
    settle();
    return asked_;
  }
  int window_offers(int seat) const { return offers_of(seat); }
  bool window_answered(int seat) const { return (answered_ >> seat & 1) != 0; }
  const EngineMove& window_answer(int seat) const { return answers_[at(seat)]; }

  // The end: the winner (-1 for an exhausted wall), the way (legality::kSelfDrawn, kDiscard,
  // kRobbing), the discarder (-1 for a self-draw), the winning tile, the tally and context.
  int winner() const { return winner_; }
  int win_by() const { return win_by_; }
  int discarder() const { return discarder_; }
  int win_tile() const { return win_tile_; }
  const WinOutput& tally() const { return end_tally_; }
  const ContextIn& context() const { return end_context_; }
  // The win check of `seat` winning on `tile` now by `by` (a discard's or a robbed kong's tile,
  // or its drawn one), the scorer asked whatever the seat's waits: legality::kLegal, kNotAWin,
  // kTooFewPoints or kScorerRefused.
  int win_verdict(int seat, int tile, int by) const {
    WinOutput tally;
    ContextIn context;
    return score(seat, tile, by, tally, context);
  }
  // Whether the scorer refused a win's context since the deal (a win the engine then did not
  // offer; the records replay leaves such a record to the Python reference to word).
  bool scorer_refused() const { return scorer_refused_; }

 private:
  friend struct EngineSetup;  // core/mcr/engine_setup.cpp: a position met mid-hand (search worlds)
  static std::size_t at(int i) { return static_cast<std::size_t>(i); }
  // The four walls' tiles left, one byte a seat (seat 0 lowest): walls() as legality reads
  // them, in one subtraction (no seat has taken more than its wall holds: no byte borrows).
  std::uint32_t seat_walls() const { return sizes_ - taken_; }
  static int byte_of(std::uint32_t bytes, int seat) { return static_cast<int>(bytes >> (8 * seat) & 0xFF); }
  // Seat `seat`'s wall: tiles_[start, start + size), `taken` of them drawn.
  void set_wall(int seat, int start, int size, int taken) {
    const int shift = 8 * seat;
    start_[at(seat)] = static_cast<std::uint8_t>(start);
    sizes_ = (sizes_ & ~(0xFFu << shift)) | static_cast<std::uint32_t>(size) << shift;
    taken_ = (taken_ & ~(0xFFu << shift)) | static_cast<std::uint32_t>(taken) << shift;
  }

  const ScoreRules* rules_;
  int flags_;
  int minimum_;
  int dealer_;
  int prevailing_;

  // The wall(s): one shared wall tiles_[front_, back_); four walls, seat s's at
  // tiles_[start_[s] + taken, start_[s] + size) with taken and size byte s of taken_ and sizes_
  // (whole words: every draw adds to taken_ and walls() reads both, a byte store followed by a
  // wider load of the same word would wait for the store to complete).
  std::array<std::uint8_t, kWallMax> tiles_{};
  int front_ = 0;
  int back_ = 0;
  std::array<std::uint8_t, kSeats> start_{};
  std::uint32_t sizes_ = 0;
  std::uint32_t taken_ = 0;

  std::array<Counts, kSeats> counts_{};
  std::array<std::array<EngineMeld, 4>, kSeats> melds_{};
  std::array<std::uint8_t, kSeats> nmelds_{};
  std::array<std::array<std::uint8_t, 8>, kSeats> flowers_{};
  std::array<std::uint8_t, kSeats> nflowers_{};
  std::array<std::array<std::uint8_t, kPoolMax>, kSeats> pools_{};
  std::array<std::uint8_t, kSeats> npool_{};
  std::array<std::uint8_t, 35> pool_seen_{};  // kinds lying in the pools
  std::array<std::uint8_t, 35> exposed_{};    // kinds in melds not concealed
  mutable std::array<std::uint64_t, kSeats> waits_{};
  // Bit s: waits_[s] is that of the seat's tiles now; bit 4 + s: standing_[s].special is.
  mutable std::uint8_t known_ = 0;
  static int waits_bit(int seat) { return 1 << seat; }
  static int special_bit(int seat) { return 0x10 << seat; }
  // Each seat's Standing (its groups' shapes, kept group by group: dirty_ has bit g for a group
  // changed since).
  static constexpr std::uint16_t kAllGroups = (1 << kGroups) - 1;
  mutable std::array<Standing, kSeats> standing_{};
  mutable std::array<std::uint16_t, kSeats> dirty_{kAllGroups, kAllGroups, kAllGroups, kAllGroups};

  bool dealt_ = false;
  int phase_ = kPhaseOver;
  int turn_ = -1;
  int drawn_ = 0;
  int drawn_from_ = kFromNone;
  int replacement_ = legality::kNoReplacement;
  bool claimed_ = false;
  bool last_draw_emptied_ = false;
  bool last_discard_is_last_ = false;
  // Whether the seat on turn's fourteen are complete with its drawn tile (1, 0; -1 not yet
  // asked) and whether that is a win (self_scored_ 1, -1 for none; 0 not yet asked): both
  // answered when first asked (self_win), as the Python hand's self_draw_tally.
  mutable std::int8_t self_complete_ = 0;
  mutable std::int8_t self_scored_ = 0;
  mutable WinOutput self_tally_{};
  mutable ContextIn self_context_{};

  // The window. offers_known_ bit s: offers_[s] (and seat s's bits of asked_ and waiting_,
  // its tally and context) are worked out; claims_known_ bit s: its chow, pung and kong bits
  // are. A seat's are worked out when first read (claims_of, offers_of), which only
  // discard_claimed's window leaves to do (every other path works out all four, so a window
  // written whole has every bit of both set).
  int window_tile_ = 0;
  int window_from_ = -1;
  mutable int asked_ = 0;  // bit s: seat s was offered a claim
  int answered_ = 0;       // bit s: seat s answered
  mutable int waiting_ = 0;  // bit s: seat s's answer could still change the outcome
  mutable std::uint8_t offers_known_ = 0xF;
  mutable std::uint8_t claims_known_ = 0xF;
  mutable std::array<std::uint8_t, kSeats> offers_{};
  std::array<EngineMove, kSeats> answers_{};
  mutable std::array<WinOutput, kSeats> tallies_{};  // each offered win's tally, and its context
  mutable std::array<ContextIn, kSeats> contexts_{};

  // Where the steps write what they did, during a *_told call only (null otherwise: a copy
  // never writes into another's log), and the one way it is set and cleared.
  EngineLog* log_ = nullptr;
  template <class Step>
  std::invoke_result_t<Step> told(EngineLog& log, Step step) {
    log.count = 0;
    log_ = &log;
    const auto result = step();
    log_ = nullptr;
    return result;
  }
  void tell(Told kind, int seat, int from, int tile, int a = 0, int b = 0) {
    if (log_)
      log_->push(EngineRecord{kind, static_cast<std::uint8_t>(seat), static_cast<std::uint8_t>(from),
                              static_cast<std::uint8_t>(tile), static_cast<std::uint8_t>(a),
                              static_cast<std::uint8_t>(b)});
  }

  // The end.
  int winner_ = -1;
  int win_by_ = -1;
  int discarder_ = -1;
  int win_tile_ = 0;
  WinOutput end_tally_{};
  ContextIn end_context_{};
  mutable bool scorer_refused_ = false;

  // Steps of the hand (hand_engine.cpp).
  std::uint64_t pung_bits(int seat) const;
  // Whether the seat's thirteen and `tile` are complete: the one question a win offer asks
  // before the scorer (the seat's Standing is kept until its tiles change).
  bool completes(int seat, int tile) const;
  const Standing& standing(int seat) const;
  int take(int seat, bool from_back);
  void draw(int seat, bool from_back, int replacement);
  void add_flower(int seat, int tile);
  // Add `delta` copies of `kind` to the seat's concealed tiles (every change of the counts:
  // every draw and discard, so it only marks what it changed).
  void add(int seat, int kind, int delta) {
    std::uint8_t& n = counts_[at(seat)][at(kind)];
    n = static_cast<std::uint8_t>(n + delta);
    changed(seat, kind);
  }
  // The seat's tiles changed: in the group of `kind` alone (a draw, a discard), or anywhere.
  void changed(int seat, int kind = 0) {
    known_ = static_cast<std::uint8_t>(known_ & ~(waits_bit(seat) | special_bit(seat)));
    dirty_[at(seat)] = static_cast<std::uint16_t>(dirty_[at(seat)] | group_bit(kind));
  }
  // The bit of `kind`'s group in dirty_ (0: every group), read from a table (every draw and
  // discard asks it).
  static int group_bit(int kind) {
    static constexpr auto kBits = [] {
      std::array<std::uint16_t, 35> bits{};
      bits[0] = kAllGroups;
      for (int k = 1; k <= 34; ++k) bits[static_cast<std::size_t>(k)] = static_cast<std::uint16_t>(1 << group_of(k));
      return bits;
    }();
    return kBits[at(kind)];
  }
  bool win_on(int seat, int tile, int by, WinOutput& tally, ContextIn& context) const;
  // The seat's offers in the open discard window (worked out when first read), and all of them.
  int offers_of(int seat) const;
  // Its chow, pung and kong bits only (its win not asked when not yet known).
  int claims_of(int seat) const;
  void settle() const {
    for (int seat = 0; seat < kSeats; ++seat) offers_of(seat);
  }
  void open_window(int seat, int tile);
  int score(int seat, int tile, int by, WinOutput& tally, ContextIn& context) const;
  ContextIn context_of(int seat, int tile, int by) const;
  void discard(int seat, int tile);
  void pool_discard(int seat, int tile);
  bool self_win() const;
  void kong(int seat, int tile);
  void promote(int seat, int tile);
  void answer(int seat, const EngineMove& move);
  int priority(const EngineMove& move, int seat) const;
  int best_answer() const;
  void refresh_waiting();
  void close_window();
  void finish(int winner, int by, int discarder, int tile, const WinOutput& tally, const ContextIn& context);
  void exhaust();
  bool is_legal(int seat, const EngineMove& move) const;
  int explain(int seat, const EngineMove& move) const;
};

}  // namespace mahjongkit::mcr
