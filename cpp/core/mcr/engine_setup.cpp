#include "core/mcr/engine_setup.hpp"

namespace mahjongkit::mcr {

namespace {
std::size_t at(int i) { return static_cast<std::size_t>(i); }
}  // namespace

bool EngineSetup::place(HandEngine& e, const EnginePosition& p) {
  if (e.dealt_ || p.turn < 0 || p.turn > 3) return false;
  e.dealt_ = true;  // placed once, as a deal (a failed placement leaves the engine unusable)
  // The drawn tile is put back in front of the turn seat's wall and drawn by the engine's own
  // step, which works out the replacement marks and the self-drawn win as a real draw does.
  const bool draws = p.drawn > 0 && p.window_tile == 0;
  if (p.four_walls) {
    e.flags_ |= legality::kFourWalls;
    int start = 0;
    for (int s = 0; s < 4; ++s) {
      const auto& w = p.walls[at(s)];
      const int n = static_cast<int>(w.size()) + (draws && s == p.turn ? 1 : 0);
      if (n > 255 || start + n > HandEngine::kWallMax) return false;
      e.set_wall(s, start, n, 0);
      int i = start;
      if (draws && s == p.turn) e.tiles_[at(i++)] = static_cast<std::uint8_t>(p.drawn);
      for (std::uint8_t t : w) e.tiles_[at(i++)] = t;
      start += n;
    }
  } else {
    e.flags_ &= ~legality::kFourWalls;
    const int n = static_cast<int>(p.wall.size()) + (draws ? 1 : 0);
    if (n > HandEngine::kWallMax) return false;
    int i = 0;
    if (draws) e.tiles_[at(i++)] = static_cast<std::uint8_t>(p.drawn);
    for (std::uint8_t t : p.wall) e.tiles_[at(i++)] = t;
    e.front_ = 0;
    e.back_ = n;
  }
  e.pool_seen_.fill(0);
  e.exposed_.fill(0);
  for (int s = 0; s < 4; ++s) {
    const std::size_t i = at(s);
    // Through the engine's add(), which marks what it derives from the counts as changed.
    e.counts_[i] = Counts{};
    for (int k = 1; k <= 34; ++k) {
      const int n = p.counts[i][at(k)] - (draws && s == p.turn && k == p.drawn ? 1 : 0);
      if (n < 0 || n > 4) return false;
      if (n) e.add(s, k, n);
    }
    if (p.melds[i].size() > 4 || p.flowers[i].size() > 8 || p.pools[i].size() > HandEngine::kPoolMax) return false;
    e.nmelds_[i] = static_cast<std::uint8_t>(p.melds[i].size());
    for (std::size_t m = 0; m < p.melds[i].size(); ++m) {
      const EngineMeld& meld = p.melds[i][m];
      e.melds_[i][m] = meld;
      if (meld.concealed) continue;
      if (meld.kind == static_cast<std::uint8_t>(SetKind::Chow)) {
        for (int k = meld.first; k < meld.first + 3; ++k) ++e.exposed_[at(k)];
      } else {
        e.exposed_[meld.first] =
            static_cast<std::uint8_t>(e.exposed_[meld.first] + (meld.kind == static_cast<std::uint8_t>(SetKind::Kong) ? 4 : 3));
      }
    }
    e.nflowers_[i] = 0;
    for (std::uint8_t f : p.flowers[i]) e.add_flower(s, f);
    e.npool_[i] = static_cast<std::uint8_t>(p.pools[i].size());
    for (std::size_t k = 0; k < p.pools[i].size(); ++k) {
      e.pools_[i][k] = p.pools[i][k];
      ++e.pool_seen_[p.pools[i][k]];
    }
    e.changed(s);
  }
  e.winner_ = -1;
  e.asked_ = e.answered_ = e.waiting_ = 0;
  e.last_discard_is_last_ = false;
  if (draws) {
    e.draw(p.turn, false, legality::kNoReplacement);
    return e.phase_ == HandEngine::kPhaseDiscard;
  }
  // A turn reached by a claim (no drawn tile), or the turn whose discard opens the window.
  e.phase_ = HandEngine::kPhaseDiscard;
  e.turn_ = p.turn;
  e.drawn_ = 0;
  e.drawn_from_ = HandEngine::kFromNone;
  e.replacement_ = legality::kNoReplacement;
  e.claimed_ = p.window_tile == 0;
  e.self_complete_ = 0;  // no drawn tile: no self-drawn win
  e.self_scored_ = 0;
  e.last_draw_emptied_ = legality::last_of_wall(e.flags_, e.walls(), p.turn, p.window_tile != 0);
  if (p.window_tile == 0) return true;
  return e.apply(p.turn, EngineMove{kMoveDiscard, static_cast<std::uint8_t>(p.window_tile), 0, 0}) == legality::kLegal;
}

}  // namespace mahjongkit::mcr
