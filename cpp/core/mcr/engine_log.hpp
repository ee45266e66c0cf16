// What a move did: the records a hand engine (hand_engine.hpp) writes as it takes the steps
// of one applied move (the move itself, then what it caused: the draws and replacements, the
// flowers exposed, a claim made, the end), or of a deal (its flowers and replacements). The
// engine writes them from the steps it takes, in
// the order it takes them, which is the order of the hand layer's events
// (python/mahjongkit/mcr/game/hand_state.py, window.py); no record is worked out afterwards.
// A driver reads them instead of comparing the engine's state before and after the move
// (game/engine_events.py turns them into the rules' typed events).
#pragma once
#include <array>
#include <cstdint>

namespace mahjongkit::mcr {

// What a record says happened. Numbered for the Python side (engine_events.py), the end last.
enum class Told : std::uint8_t {
  Draw = 0,     // `seat` took `tile` from the wall: `from` the front (kFromWall) or the back
                // (kFromBack, a replacement), `a` what it replaced (1 a kong, 2 a flower, 0 none)
  Flower = 1,   // `seat` exposed the flower `tile` it took (a replacement follows)
  Discard = 2,  // `seat` discarded `tile`
  Kong = 3,     // `seat` declared a kong of `tile`: `from` kKongConcealed, kKongPromoted (on its
                // turn) or kKongExposed (a window's answer, made only if the window closes on it)
  Pass = 4,     // `seat` answered the window on `tile`: a pass, a chow of `a` and `b`, a pung,
  Chow = 5,     // a win (also a self-drawn win on the turn's drawn `tile`)
  Pung = 6,
  Win = 7,
  Claimed = 8,  // the window closed on `seat`'s claim: meld `a` (SetKind) with `from`'s `tile`
  End = 9,      // the hand ended: `seat` the winner (kNobody for a wall run out), `from` the
                // discarder (kNobody), `a` the way (legality::kSelfDrawn, kDiscard, kRobbing)
};

struct EngineRecord {
  Told kind = Told::Draw;
  std::uint8_t seat = 0;
  std::uint8_t from = 0;
  std::uint8_t tile = 0;
  std::uint8_t a = 0;
  std::uint8_t b = 0;

  static constexpr std::uint8_t kNobody = 4;
  static constexpr std::uint8_t kKongConcealed = 0;
  static constexpr std::uint8_t kKongPromoted = 1;
  static constexpr std::uint8_t kKongExposed = 2;

  // One int below 2**28 (a one-digit Python int): kind, from, seat, tile, a, b from the top;
  // `from` right below the kind, so that `packed >> 21` tells a promoted kong apart in one
  // shift, and the end has the largest values.
  std::int32_t packed() const {
    return static_cast<std::int32_t>(static_cast<unsigned>(kind) << 24 | unsigned{from} << 21 | unsigned{seat} << 18 |
                                     unsigned{tile} << 12 | unsigned{a} << 6 | unsigned{b});
  }
};

// The records of one move or deal. A move writes at most 20: itself, a claim, nine draws and
// the eight flowers among them, the end; a deal at most 16 (eight flowers, eight replacements).
struct EngineLog {
  static constexpr int kCapacity = 32;
  int count = 0;
  std::array<EngineRecord, kCapacity> records{};

  void push(const EngineRecord& record) {
    if (count < kCapacity) records[static_cast<std::size_t>(count++)] = record;
  }
};

}  // namespace mahjongkit::mcr
