// RL self-play on the hand engine: a seat's planes and legal mask as pure functions of a
// HandEngine's state (and of the match's totals and hand number around it), and a batch of
// K engines stepped by action indices in one call (SelfPlay). The layout is docs/mcr-rl.md's
// (version 1, planes.hpp); the Python twin of the rendering is render() of
// python/mahjongkit/mcr/rl/observation.py, which reads the Python hand state the same way.
//
// The batch plays hands, not matches: a driver deals each game's hand (the wall or walls, the
// dealer, the wind, the totals and the hand's number), then steps; a hand that ends reports its
// settlement and waits to be dealt again. Between two hands is the driver's (Python's) work:
// once per hand, never per move.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/mcr/hand_engine.hpp"
#include "core/mcr/planes.hpp"
#include "core/mcr/settlement.hpp"

namespace mahjongkit::mcr::rl {

// The match around a hand: the totals before it and its number (1 to 16).
struct Around {
  std::array<int, 4> totals{};
  int hand_no = 1;
};

// Write `seat`'s planes (4 * (7 + history) + 21 planes of 34 floats) into `out`.
void render(const HandEngine& engine, const Around& around, int seat, int history, float* out);

// The action index of a legal move of `seat` (docs/mcr-rl.md's 235).
int move_index(const HandEngine& engine, int seat, const EngineMove& move);

// The legal mask of `seat` (kActions bytes) from the engine's legal list; `slots[index]` is the
// move's place in `legal` (-1 where nothing is legal). Returns how many indices are set.
int mask(const HandEngine& engine, int seat, const LegalMoves& legal, std::uint8_t* out,
         std::int8_t* slots);

class SelfPlay {
 public:
  SelfPlay(int games, int history);

  int games() const { return static_cast<int>(games_.size()); }
  int history() const { return history_; }
  int planes() const { return 4 * (kSeatFixed + history_) + kOwnPlanes; }

  // Game k's next hand: its dealt engine and the match around it. The acting seat's planes,
  // mask and seat go to row k of the outputs.
  void set(int k, const HandEngine& engine, const Around& around, float* planes, std::uint8_t* masks,
           std::int64_t* seats);

  // One action index per game for its acting seat (-1: leave the game as it is). Games whose
  // hand ends get their settlement times `scale` in `rewards` (4 floats a game) and `dones`;
  // the others their next acting seat's planes, mask and seat. An index outside the mask
  // throws std::invalid_argument before any game moves. Returns how many hands ended.
  int step(const std::int64_t* actions, double scale, float* planes, std::uint8_t* masks,
           std::int64_t* seats, float* rewards, std::uint8_t* dones);

  // One game at a time (an AEC environment): play game k's index for its acting seat (0;
  // 1 when the hand ended; -1, nothing changed, when the index is not legal now), and read
  // any seat's planes or legal mask.
  int play(int k, int action);
  int seat(int k) const { return games_[at(k)].seat; }
  void render_seat(int k, int seat, float* out) const;
  void mask_seat(int k, int seat, std::uint8_t* out) const;

  bool live(int k) const { return games_[at(k)].engine.has_value() && !games_[at(k)].ended; }
  const HandEngine& engine(int k) const;
  const Around& around(int k) const { return games_[at(k)].around; }
  // The last ended hand of game k: its settlement.
  const std::array<int, 4>& deltas(int k) const { return games_[at(k)].deltas; }

 private:
  static std::size_t at(int i) { return static_cast<std::size_t>(i); }
  struct Game {
    std::optional<HandEngine> engine;
    Around around;
    int seat = -1;
    bool ended = false;
    LegalMoves legal;
    std::array<std::int8_t, kActions> slots{};
    std::array<int, 4> deltas{};
  };
  void refresh(Game& game) const;  // the acting seat, its legal list and their indices
  void observe(Game& game, float* planes, std::uint8_t* mask, std::int64_t* seat) const;
  bool end(Game& game) const;       // the hand's settlement, when it is over

  int history_;
  std::vector<Game> games_;
};

}  // namespace mahjongkit::mcr::rl
