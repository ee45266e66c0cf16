// One call a game: replay a Botzone game record's steps (the record check's fast path).
//
// The reference is python/mahjongkit/mcr/records/check.py, which plays each step through the
// public rules (mahjongkit.mcr.game.Rules) and words every problem. This twin answers only
// the verdict: the record played to its end (and how it ended: the winner, the way, the
// tally), or the index of the first step the rules refuse, or "ask the reference" for what
// it does not decide itself (an ignored claim that is not a legal offer, two claims on a
// robbed kong, a fifth copy or an overdrawn wall, a hand the scorer refuses for its context).
// The Python check then replays refused and undecided records itself, so every message is
// written once, in Python. The conformance tests compare the two replays' verdicts, refused
// lines, fans and scores over the test records, self-play and mutated records.
//
// The replay is a driver of the hand engine (core/mcr/hand_engine.hpp), with no rules of its
// own: the engine's four walls are the record's (each seat's deal, then its draws in order),
// each step becomes an engine move, and a lost claim is asked of the engine as an answer it
// would take (and of legality::claim_priority, whether it outranks the record's). The flow of
// the Botzone variant (four walls of 34, each seat drawing from its own; one hand; no
// flowers; the dealer is seat 0) is the engine's.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "core/mcr/forms.hpp"
#include "core/mcr/legality.hpp"
#include "core/mcr/score.hpp"

namespace mahjongkit::mcr::replay {

// Actions, numbered as mahjongkit.mcr.records.format.Action (declaration order).
enum Action : std::uint8_t { kDraw, kPlay, kChi, kPeng, kGang, kAnGang, kBuGang, kHu };

struct Claim {
  std::uint8_t seat = 0, action = 0, tile = 0;
};

struct Step {
  std::uint8_t seat = 0, action = 0, tile = 0;
  std::uint8_t nignored = 0;
  std::array<Claim, 3> ignored{};
};

struct Game {
  std::array<std::array<std::uint8_t, 13>, 4> deals{};
  std::vector<Step> steps;
  int prevailing = 0;  // 0 East .. 3 North
  bool drawn = false;  // the record ends Huang (a drawn hand), not with a win
};

// The verdict: kFinished (played to the record's end: drawn, or won as `winner` ...), kRefused
// (at `step`: an index of steps, or steps.size() for the record's end) or kUndecided.
inline constexpr int kFinished = 0;
inline constexpr int kRefused = 1;
inline constexpr int kUndecided = 2;

// Ways to win, as ContextIn::by.
inline constexpr int kSelfDrawn = legality::kSelfDrawn;
inline constexpr int kDiscard = legality::kDiscard;
inline constexpr int kRobbing = legality::kRobbing;

struct Outcome {
  int status = kUndecided;
  int step = -1;
  int winner = -1;  // -1: a drawn hand (or no verdict)
  int by = -1;
  int discarder = -1;
  WinOutput tally;
};

// `flags` are the rule flags of the legality checks (the variant's and ruleset's, as the
// Python rules compute them), `minimum` the ruleset's points a win needs.
void replay_game(const Game& game, int flags, int minimum, const ScoreRules& rules, Outcome& out);

}  // namespace mahjongkit::mcr::replay
