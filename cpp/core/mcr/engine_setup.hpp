// A hand engine placed at a position met mid-hand (a search's sampled world), rather than
// dealt: every seat's concealed tiles, melds, flowers and pool, the wall(s) still to draw, and
// who acts. The engine itself then derives what follows from the position (the self-drawn win
// of a drawn tile, the offers of a discard's window) by its own steps: EngineSetup only fills
// the state a deal and the moves so far would have left, and asks nothing of the rules.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "core/mcr/hand_engine.hpp"

namespace mahjongkit::mcr {

struct EnginePosition {
  std::array<Counts, 4> counts{};  // concealed, the turn seat's drawn tile and a window's tile included
  std::array<std::vector<EngineMeld>, 4> melds{};
  std::array<std::vector<std::uint8_t>, 4> flowers{};
  std::array<std::vector<std::uint8_t>, 4> pools{};  // a window's tile NOT in its discarder's pool
  bool four_walls = false;
  std::vector<std::uint8_t> wall;                    // one shared wall, front first
  std::array<std::vector<std::uint8_t>, 4> walls{};  // four walls, each front first
  int turn = 0;        // the seat on turn, or the window's discarder
  int drawn = 0;       // the turn's drawn tile (0: none, as after a chow or pung)
  int window_tile = 0; // a discard's window: the turn seat discards this tile once placed
};

struct EngineSetup {
  // Place `engine` (constructed, not dealt) at `position`, which counts as its deal: false,
  // with the engine left unusable, when it was dealt already or the position does not fit
  // (too many tiles, a window's discard refused).
  static bool place(HandEngine& engine, const EnginePosition& position);
};

}  // namespace mahjongkit::mcr
