// The four seats' concealed tiles of one hand, as the rules' per-discard step reads them: the
// C++ twin of python/mahjongkit/mcr/analysis/table.py (same answers, same codes).
//
// The rules (Python) keep their own counts; they mirror every change here (set_seat after
// a claim, a kong or a deal; discard and draw on the hot path), so that one call answers a
// discard: does any other seat have a claim on it, and if not, the next seat's draw and
// whether the drawn tile completes its thirteen. Each seat's waits are kept until its
// concealed tiles change (a draw keeps them: they are those of the thirteen before it).
#pragma once
#include <array>
#include <cstdint>

#include "core/mcr/forms.hpp"

namespace mahjongkit::mcr {

class HandTable {
 public:
  static constexpr int kSeats = 4;

  // Codes of discard(): a claim or a win is possible, or the step stopped before the draw.
  static constexpr int kDrew = 0;          // nobody can claim: the next seat drew `drawn`
  static constexpr int kDrewWinning = 1;   // ... and `drawn` completes its thirteen
  static constexpr int kOpen = 2;          // bit set whenever no draw was made
  static constexpr int kWinShift = 2;      // bit kWinShift + step - 1: seat + step waits on it
  static constexpr int kQuiet = 32;        // nobody can claim, but no draw was asked (drawn 0)

  // Replace a seat's tiles: concealed counts, number of melds, how many of each kind its
  // melds hold, and the kinds of its pungs (bit k: a pung of kind k, promotable to a kong).
  void set_seat(int seat, const Counts& counts, int melds, const Counts& meld_held, std::uint64_t pungs);

  // `seat` discards `tile`. When no other seat can chow, pung, kong or win on it and `drawn`
  // is a kind (not 0), the next seat draws it: kDrew or kDrewWinning. Otherwise kOpen with
  // the win bits of the seats waiting on `tile`, plus kQuiet when nobody can claim.
  int discard(int seat, int tile, int drawn);

  // `seat` draws `tile`; whether it completes the thirteen held before.
  bool draw(int seat, int tile);

  // The kinds completing the seat's thirteen (bit k for kind k; kinds held four left out).
  std::uint64_t waits(int seat);

  // The kinds the seat can discard (bit k) and, with kongs 1, those it can kong (four held
  // concealed, or a pung it holds the fourth of), with kongs 2 only the promotions, 0 none.
  std::uint64_t held_mask(int seat) const;
  std::uint64_t kong_mask(int seat, int kongs) const;

  const Counts& counts(int seat) const { return counts_[static_cast<std::size_t>(seat)]; }

 private:
  std::array<Counts, kSeats> counts_{};
  std::array<Counts, kSeats> meld_held_{};
  std::array<int, kSeats> melds_{};
  std::array<std::uint64_t, kSeats> pungs_{};
  std::array<std::uint64_t, kSeats> waits_{};
  std::array<bool, kSeats> known_{};
};

}  // namespace mahjongkit::mcr
