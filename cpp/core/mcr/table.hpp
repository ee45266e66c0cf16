// The four seats' concealed tiles of one hand, as the rules' per-discard step reads them: the
// C++ twin of python/mahjongkit/mcr/game/table.py (same answers, same codes). Its legal lists
// and refusal codes are those of core/mcr/legality (the twin of game/legality.py, the one
// source of the rules of a turn and a claim).
//
// The table is where the seats' concealed tiles live: the hand state (Python) reads them
// from it (counts) and hands a seat's tiles back whole when anything but a draw or a discard
// changes them (set_seat after the deal, a claim, a kong or a win). The table makes the draws
// and discards itself, so that one call answers a discard: which seats may claim
// it (their offer bits), and if nobody may, the next seat's draw and whether the drawn tile
// completes its thirteen. Each seat's waits are kept until its concealed tiles change (a draw
// keeps them: they are those of the thirteen before it).
#pragma once
#include <array>
#include <cstdint>

#include "core/mcr/forms.hpp"

namespace mahjongkit::mcr {

class HandTable {
 public:
  static constexpr int kSeats = 4;

  // Codes of discard(): the next seat drew, or the offers of the other seats.
  static constexpr int kDrew = 0;          // nobody can claim: the next seat drew `drawn`
  static constexpr int kDrewWinning = 1;   // ... and `drawn` completes its thirteen
  static constexpr int kOpen = 2;          // no draw was made; the offers follow
  static constexpr int kOfferShift = 8;    // seat + step's eight offer bits at 8 + 8 * (step - 1)

  explicit HandTable(int flags = 0) : flags_(flags) {}

  // Replace a seat's tiles: concealed counts, number of melds, how many of each kind its
  // melds hold, and the kinds of its pungs (bit k: a pung of kind k, promotable to a kong).
  void set_seat(int seat, const Counts& counts, int melds, const Counts& meld_held, std::uint64_t pungs);

  // The other seats' offer bits on `discarder`'s `tile`, eight a seat (seat + step's at
  // 8 * (step - 1)): the legality module's claims and a wait bit.
  long offers(int discarder, int tile, long walls);

  // `seat` discards `tile`. When no other seat may claim it and `drawn` is a kind (not 0),
  // the next seat draws it: kDrew or kDrewWinning. Otherwise kOpen | offers << kOfferShift.
  long discard(int seat, int tile, int drawn, long walls);

  // `seat` draws `tile`; whether it completes the thirteen held before.
  bool draw(int seat, int tile);

  // The kinds completing the seat's thirteen (bit k for kind k; kinds held four left out).
  std::uint64_t waits(int seat);

  // The kinds the seat may discard and kong now (bit k), by the legality checks.
  std::uint64_t discard_mask(int seat) const;
  std::uint64_t kong_mask(int seat, bool claimed, long walls) const;

  // Refusal codes (0: legal) of a turn's discard (kind 0) or kong (1), and of a claim of a
  // discard as a chow with a and b (kind 0), a pung (1) or a kong (2).
  int verify_turn(int seat, int kind, int tile, bool claimed, long walls) const;
  int verify_claim(int discarder, int seat, int kind, int a, int b, int tile, long walls) const;

  // The walls after `seat` drew one tile (the shared wall, or its own).
  long after_draw(long walls, int seat) const;

  const Counts& counts(int seat) const { return counts_[static_cast<std::size_t>(seat)]; }
  int flags() const { return flags_; }

 private:
  int flags_ = 0;
  std::array<Counts, kSeats> counts_{};
  std::array<Counts, kSeats> meld_held_{};
  std::array<int, kSeats> melds_{};
  std::array<std::uint64_t, kSeats> pungs_{};
  std::array<std::uint64_t, kSeats> waits_{};
  std::array<bool, kSeats> known_{};
};

}  // namespace mahjongkit::mcr
