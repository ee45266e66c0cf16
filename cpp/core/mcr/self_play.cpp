#include "core/mcr/self_play.hpp"

#include <cstring>
#include <stdexcept>
#include <string>

namespace mahjongkit::mcr::rl {

namespace {
constexpr int kChow = static_cast<int>(SetKind::Chow);
constexpr int kPung = static_cast<int>(SetKind::Pung);
}  // namespace

void render(const HandEngine& engine, const Around& around, int seat, int history, float* out) {
  const int seat_planes = kSeatFixed + history;
  const int own = 4 * seat_planes;
  std::memset(out, 0, sizeof(float) * static_cast<std::size_t>(own + kOwnPlanes) * kColumns);
  auto row = [&](int plane) { return out + plane * kColumns; };
  auto fill = [&](int plane, float value) { std::fill(row(plane), row(plane) + kColumns, value); };
  std::array<int, 35> own_kongs{};
  for (int relative = 0; relative < 4; ++relative) {
    int other = (seat + relative) & 3;
    int base = relative * seat_planes;
    int hidden = 0;
    for (int i = 0; i < engine.meld_count(other); ++i) {
      const EngineMeld& meld = engine.meld(other, i);
      if (meld.kind == kChow) {
        for (int k = meld.first; k < meld.first + 3; ++k) row(base + kChows)[kColumnOf[k]] += 0.25F;
      } else if (meld.concealed) {
        ++hidden;
        if (other == seat) own_kongs[meld.first] = 1;  // seen by its owner only
      } else {
        row(base + (meld.kind == kPung ? kPungs : kKongs))[kColumnOf[meld.first]] = 1.0F;
      }
    }
    if (hidden) fill(base + kConcealedKongs, static_cast<float>(hidden / 4.0));
    int flowers = engine.flower_count(other);
    if (flowers) fill(base + kFlowers, static_cast<float>(flowers / 8.0));
    fill(base + kScore, score_value(around.totals[static_cast<std::size_t>(other)]));
    int size = engine.pool_size(other);
    int start = size > history ? size - history : 0;
    for (int i = 0; i < size; ++i) {
      int column = kColumnOf[engine.pool(other, i)];
      row(base + kPool)[column] += 0.25F;
      if (i >= start) row(base + kDiscards + i - start)[column] = 1.0F;
    }
  }
  const Counts& counts = engine.counts(seat);
  for (int c = 0; c < kColumns; ++c) {
    int kind = kKindOf[c];
    int count = counts[kind];
    for (int j = 0; j < count && j < 4; ++j) row(own + kHand + j)[c] = 1.0F;
    if (own_kongs[kind]) row(own + kOwnKongs)[c] = 1.0F;
    int left = 4 - count - 4 * own_kongs[kind] - engine.visible(kind);
    for (int j = 0; j < left && j < 4; ++j) row(own + kUnseen + j)[c] = 1.0F;
  }
  row(own + kSeatWind)[kWindColumn + engine.seat_wind(seat)] = 1.0F;
  row(own + kPrevailing)[kWindColumn + engine.prevailing()] = 1.0F;
  fill(own + kWall, static_cast<float>(engine.wall_left() / 144.0));
  fill(own + kHandNo, static_cast<float>(around.hand_no / 16.0));
  if (engine.turn() == seat) {
    fill(own + kMyTurn, 1.0F);
    if (engine.drawn() > 0) row(own + kDrawn)[kColumnOf[engine.drawn()]] = 1.0F;
    if (engine.claimed_this_turn()) fill(own + kClaimed, 1.0F);
  }
  int phase = engine.phase();
  if ((phase == HandEngine::kPhaseClaim || phase == HandEngine::kPhaseRob) && (engine.window_asked() >> seat & 1)) {
    fill(own + (phase == HandEngine::kPhaseRob ? kRobWindow : kClaimWindow), 1.0F);
    row(own + kOffer + ((engine.window_from() - seat) & 3) - 1)[kColumnOf[engine.window_tile()]] = 1.0F;
  }
}

int move_index(const HandEngine& engine, int seat, const EngineMove& move) {
  switch (move.kind) {
    case kMovePass:
      return 0;
    case kMoveWin:
      return 1;
    case kMoveDiscard:
      return 2 + kColumnOf[move.tile];
    case kMoveChow:
      return chi_index(move.a, move.b, engine.window_tile());
    case kMovePung:
      return 99 + kColumnOf[engine.window_tile()];
    case kMoveKong:
      if (move.tile == 0) return 133 + kColumnOf[engine.window_tile()];  // a window's kong
      // on one's turn: concealed when four are held, else a promoted pung
      return (engine.counts(seat)[move.tile] == 4 ? 167 : 201) + kColumnOf[move.tile];
    default:
      throw std::invalid_argument("a legal move the mask cannot place");
  }
}

int mask(const HandEngine& engine, int seat, const LegalMoves& legal, std::uint8_t* out, std::int8_t* slots) {
  std::memset(out, 0, kActions);
  std::memset(slots, -1, kActions);
  int set = 0;
  for (int i = 0; i < legal.count; ++i) {
    int index = move_index(engine, seat, legal.moves[static_cast<std::size_t>(i)]);
    set += out[index] == 0;
    out[index] = 1;
    slots[index] = static_cast<std::int8_t>(i);
  }
  return set;
}

SelfPlay::SelfPlay(int games, int history) : history_(checked_history(history)), games_(static_cast<std::size_t>(games)) {}

const HandEngine& SelfPlay::engine(int k) const {
  const Game& game = games_.at(at(k));
  if (!game.engine) throw std::invalid_argument("game " + std::to_string(k) + " has not been dealt");
  return *game.engine;
}

void SelfPlay::refresh(Game& game) const {
  const HandEngine& engine = *game.engine;
  game.seat = engine.first_awaited();
  if (game.seat < 0) {
    game.legal.count = 0;
    game.slots.fill(-1);
    return;
  }
  engine.legal(game.seat, game.legal);
  std::uint8_t scratch[kActions];
  mask(engine, game.seat, game.legal, scratch, game.slots.data());
}

void SelfPlay::observe(Game& game, float* planes, std::uint8_t* mask_row, std::int64_t* seat) const {
  refresh(game);
  *seat = game.seat;
  for (int i = 0; i < kActions; ++i) mask_row[i] = game.slots[static_cast<std::size_t>(i)] >= 0;
  render(*game.engine, game.around, game.seat < 0 ? 0 : game.seat, history_, planes);
}

bool SelfPlay::end(Game& game) const {
  const HandEngine& engine = *game.engine;
  if (!engine.over()) return false;
  game.deltas = {};
  if (engine.winner() >= 0) {
    const WinOutput& tally = engine.tally();
    game.deltas = settle(engine.winner(), tally.basic + tally.flowers, engine.win_by(), engine.discarder());
  }
  // The match's totals after the settlement, as the rules' match shows them at the end (the
  // RL variants seat players fixed: a seat's delta is its player's).
  for (std::size_t s = 0; s < 4; ++s) game.around.totals[s] += game.deltas[s];
  game.ended = true;
  game.seat = -1;
  game.legal.count = 0;
  game.slots.fill(-1);
  return true;
}

int SelfPlay::play(int k, int action) {
  Game& game = games_.at(at(k));
  if (!game.engine || game.ended || game.seat < 0 || action < 0 || action >= kActions ||
      game.slots[static_cast<std::size_t>(action)] < 0)
    return -1;
  HandEngine& engine = *game.engine;
  const EngineMove& move = game.legal.moves[static_cast<std::size_t>(game.slots[static_cast<std::size_t>(action)])];
  if (engine.apply(game.seat, move) != 0)  // the slots came from the same engine: a bug
    throw std::logic_error("the engine refused a move of its own legal list");
  if (end(game)) return 1;
  refresh(game);
  return 0;
}

void SelfPlay::render_seat(int k, int seat, float* out) const {
  const Game& game = games_.at(at(k));
  render(engine(k), game.around, seat, history_, out);
}

void SelfPlay::mask_seat(int k, int seat, std::uint8_t* out) const {
  const Game& game = games_.at(at(k));
  if (seat == game.seat) {
    for (int i = 0; i < kActions; ++i) out[i] = game.slots[static_cast<std::size_t>(i)] >= 0;
    return;
  }
  // another seat (a window's later seat, or nobody's turn): its own legal list
  const HandEngine& hand = engine(k);
  LegalMoves legal;
  std::array<std::int8_t, kActions> slots{};
  if (hand.over()) legal.count = 0;
  else hand.legal(seat, legal);
  mask(hand, seat, legal, out, slots.data());
}

void SelfPlay::set(int k, const HandEngine& engine, const Around& around, float* planes, std::uint8_t* masks,
                   std::int64_t* seats) {
  Game& game = games_.at(at(k));
  game.engine = engine;
  game.around = around;
  game.ended = false;
  game.deltas = {};
  observe(game, planes + static_cast<std::size_t>(k) * static_cast<std::size_t>(this->planes()) * kColumns,
          masks + static_cast<std::size_t>(k) * kActions, seats + k);
}

int SelfPlay::step(const std::int64_t* actions, double scale, float* planes, std::uint8_t* masks,
                   std::int64_t* seats, float* rewards, std::uint8_t* dones) {
  const std::size_t count = games_.size();
  // Every action checked before any game moves: a refused call changes nothing.
  for (std::size_t k = 0; k < count; ++k) {
    std::int64_t action = actions[k];
    if (action == -1) continue;
    const Game& game = games_[k];
    if (!game.engine || game.ended || game.seat < 0)
      throw std::invalid_argument("game " + std::to_string(k) + " waits on nobody: deal it first");
    if (action < 0 || action >= kActions || game.slots[static_cast<std::size_t>(action)] < 0)
      throw std::invalid_argument("game " + std::to_string(k) + ": action " + std::to_string(action) +
                                  " is not legal now");
  }
  const std::size_t size = static_cast<std::size_t>(this->planes()) * kColumns;
  int ended = 0;
  for (std::size_t k = 0; k < count; ++k) {
    float* gains = rewards + 4 * k;
    gains[0] = gains[1] = gains[2] = gains[3] = 0.0F;
    dones[k] = 0;
    std::int64_t action = actions[k];
    if (action == -1) continue;
    Game& game = games_[k];
    HandEngine& engine = *game.engine;
    const EngineMove& move = game.legal.moves[static_cast<std::size_t>(game.slots[static_cast<std::size_t>(action)])];
    if (engine.apply(game.seat, move) != 0)  // the mask came from the same engine: a bug
      throw std::logic_error("the engine refused a move of its own legal list");
    if (end(game)) {
      for (std::size_t s = 0; s < 4; ++s) gains[s] = static_cast<float>(game.deltas[s] * scale);
      seats[k] = -1;
      dones[k] = 1;
      ++ended;
      continue;
    }
    observe(game, planes + k * size, masks + k * kActions, seats + k);
  }
  return ended;
}

}  // namespace mahjongkit::mcr::rl
