// How far along the other seats' hidden hands are in level 4's worlds. A hand dealt uniformly
// from the unseen tiles is about three from ready whatever the turn, while real players close
// in as they draw: after ten discards a level-3 player is ready one time in five and one from
// ready half the time. Worlds dealt uniformly make every discard look safer and the seat's own
// chances better than they are, so with SearchSpec::paced each other seat's hand is brought to
// a target shanten drawn from what level-3 players hold at its number of discards and melds
// (measured by scripts/make_mcr_pace.py; rollout.cpp's pace() does the swapping).
#pragma once

namespace mahjongkit::mcr {

// Swaps tried per seat and world at most: at 160 a hand ten discards in reaches its target 95
// times in 100 (48: 70), and the swaps cost a few per cent of a world's three rollouts.
inline constexpr int kPaceSteps = 160;

// A target shanten (0 to 5) for a seat with `discards` discards and `melds` melds, drawn by
// `u` (uniform in [0, 1)) from the level-3 table.
int pace_target(int discards, int melds, double u);

}  // namespace mahjongkit::mcr
