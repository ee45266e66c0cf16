#include "core/mcr/rollout.hpp"

#include <algorithm>
#include <ctime>

#include "core/mcr/rollout_pace.hpp"
#include "core/mcr/rollout_plan.hpp"
#include "core/mcr/settlement.hpp"
#include "core/mcr/shanten.hpp"

namespace mahjongkit::mcr {

namespace {

constexpr int kLastStandard = 34;
constexpr int kFirstWind = 28;
constexpr int kFirstDragon = 32;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// How much a kind holds the hand together: copies beyond the first, and neighbours in its suit
// (one apart count double); the policy discards the least connected tile first.
int connection(const Counts& c, int k) {
  int score = 3 * (c[at(k)] - 1);
  if (k >= kFirstWind) return score;
  const int base = (k - 1) / 9 * 9 + 1;
  for (int d = -2; d <= 2; ++d) {
    const int n = k + d;
    if (d == 0 || n < base || n > base + 8) continue;
    score += c[at(n)] * (d == 1 || d == -1 ? 2 : 1);
  }
  return score;
}

// The lowest shanten a hand of `c` (one tile over: fourteen with its melds) reaches by a discard.
int best_after_discard(const Counts& c, int melds) {
  std::array<int, 35> after;
  shanten_after_discards(c, melds, after);
  int best = kImpossible;
  for (int k = 1; k <= kLastStandard; ++k)
    if (c[at(k)] && after[at(k)] < best) best = after[at(k)];
  return best;
}

// Whether a claim of a set of `first` (a pung when `pung`) points toward eight points.
bool claim_worth(const HandEngine& e, int seat, int first, bool pung) {
  if (pung && first >= kFirstDragon) return true;
  if (pung && (first == kFirstWind + e.seat_wind(seat) || first == kFirstWind + e.prevailing())) return true;
  // Mostly one suit and honours: at least eleven of the fourteen, this set among them.
  std::array<int, 4> by{};  // m, p, s, honours
  const Counts& c = e.counts(seat);
  for (int k = 1; k <= kLastStandard; ++k) by[at(k >= kFirstWind ? 3 : (k - 1) / 9)] += c[at(k)];
  for (int m = 0; m < e.meld_count(seat); ++m) {
    const EngineMeld& meld = e.meld(seat, m);
    by[at(meld.first >= kFirstWind ? 3 : (meld.first - 1) / 9)] += 3;
  }
  const int own = first >= kFirstWind ? 3 : (first - 1) / 9;
  int suit = 0;
  for (int s = 1; s < 3; ++s)
    if (by[at(s)] > by[at(suit)]) suit = s;
  if (own != 3 && own != suit) return false;
  return by[at(suit)] + by[3] >= 11;
}

EngineMove turn_move(const HandEngine& e, int seat, const LegalMoves& legal) {
  const Counts& c = e.counts(seat);
  // Every legal discard is a held kind, so one call prices them all.
  std::array<int, 35> after;
  shanten_after_discards(c, e.meld_count(seat), after);
  EngineMove best{};
  int best_shanten = kImpossible + 1, best_link = 0, best_seen = 0;
  for (int i = 0; i < legal.count; ++i) {
    const EngineMove& m = legal.moves[at(i)];
    if (m.kind != kMoveDiscard) continue;
    const int k = m.tile;
    const int s = after[at(k)];
    const int link = connection(c, k);
    const int seen = e.visible(k);
    // Lower shanten, then less connected, then more copies face up, then the higher kind.
    const bool better = s != best_shanten ? s < best_shanten
                        : link != best_link ? link < best_link
                        : seen != best_seen ? seen > best_seen
                                            : k > best.tile;
    if (best.kind != kMoveDiscard || best.tile == 0 || better) {
      best = m;
      best_shanten = s;
      best_link = link;
      best_seen = seen;
    }
  }
  return best;
}

EngineMove claim_move(const HandEngine& e, int seat, const LegalMoves& legal) {
  const int tile = e.window_tile();
  const int melds = e.meld_count(seat);
  Counts c = e.counts(seat);
  int now = -2;  // computed when a claim is offered
  EngineMove best{static_cast<std::uint8_t>(kMovePass), 0, 0, 0};
  int best_after = kImpossible;
  for (int i = 0; i < legal.count; ++i) {
    const EngineMove& m = legal.moves[at(i)];
    if (m.kind != kMoveChow && m.kind != kMovePung) continue;
    Counts after = c;
    int first = tile;
    if (m.kind == kMovePung) {
      after[at(tile)] = static_cast<std::uint8_t>(after[at(tile)] - 2);
    } else {
      --after[m.a];
      --after[m.b];
      first = m.a < tile ? m.a : tile;
    }
    if (!claim_worth(e, seat, first, m.kind == kMovePung)) continue;
    if (now == -2) now = shanten(c, melds);
    const int s = best_after_discard(after, melds + 1);
    if (s < now && s < best_after) {
      best = m;
      best_after = s;
    }
  }
  return best;
}

std::uint64_t splitmix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// A uniform index below `n` (n >= 1); the tiny modulo bias is irrelevant to sampling tiles.
std::size_t below(std::uint64_t& state, std::size_t n) { return static_cast<std::size_t>(splitmix(state) % n); }

template <typename T>
void shuffle(std::vector<T>& v, std::uint64_t& state) {
  for (std::size_t i = v.size(); i > 1; --i) {
    const std::size_t j = below(state, i);
    T t = v[i - 1];
    v[i - 1] = v[j];
    v[j] = t;
  }
}

// How likely a seat that discarded `pool` is to hold each kind, relative to a seat that
// discarded nothing: players discard what their hand has no use for, so a kind it threw is
// less likely held (x0.5 a discard), and so are its neighbours in the suit (x0.8 one or two
// ranks away). Only the seat's own discards, which every seat sees, are read.
std::array<double, 35> discard_weights(const std::vector<std::uint8_t>& pool) {
  std::array<double, 35> w;
  w.fill(1.0);
  for (const std::uint8_t d : pool) {
    if (d < 1 || d > kLastStandard) continue;
    w[d] *= 0.5;
    if (d >= kFirstWind) continue;
    const int base = (d - 1) / 9 * 9 + 1;
    for (int n = d - 2; n <= d + 2; ++n)
      if (n != d && n >= base && n <= base + 8) w[at(n)] *= 0.8;
  }
  for (double& x : w) x = x < 0.05 ? 0.05 : x;
  return w;
}

// Bring `seat`'s dealt hidden tiles as far along as a real player's: a target shanten is drawn
// from what level-3 players hold at that seat's number of discards and melds (pace_target), and
// tiles are swapped with random undrawn ones from `pool` while the shanten is above it, each
// swap kept when it does not raise the shanten (sideways swaps too, so the hand keeps moving).
// The swapped-out tile takes the drawn tile's random place, so the wall stays in random order.
void pace(EnginePosition& world, int seat, std::vector<std::uint8_t>& pool, std::uint64_t& state) {
  if (pool.empty()) return;
  Counts& c = world.counts[at(seat)];
  const int melds = static_cast<int>(world.melds[at(seat)].size());
  const double u = static_cast<double>(splitmix(state) >> 11) * 0x1.0p-53;
  const int target = pace_target(static_cast<int>(world.pools[at(seat)].size()), melds, u);
  int now = shanten(c, melds);
  int held = 0;
  for (int k = 1; k <= kLastStandard; ++k) held += c[at(k)];
  for (int step = 0; step < kPaceSteps && now > target && held > 0; ++step) {
    // A random tile of the hand (each held copy equally likely) and a random undrawn one.
    int r = static_cast<int>(below(state, static_cast<std::size_t>(held)));
    int out = 1;
    while (r >= c[at(out)]) r -= c[at(out++)];
    const std::size_t j = below(state, pool.size());
    const int in = pool[j];
    if (in == out) continue;
    --c[at(out)];
    ++c[at(in)];
    const int after = shanten(c, melds);
    if (after <= now) {
      pool[j] = static_cast<std::uint8_t>(out);
      now = after;
    } else {
      ++c[at(out)];
      --c[at(in)];
    }
  }
}

// One world: the spec's known position with the hidden tiles dealt from the unseen copies.
bool sample(const SearchSpec& spec, std::uint64_t& state, EnginePosition& world) {
  world = spec.known;
  Counts unseen = spec.unseen;
  for (int s = 0; s < 4; ++s) {
    if (s == spec.seat) continue;
    for (EngineMeld& meld : world.melds[at(s)]) {
      if (!(meld.concealed && meld.first == 0)) continue;
      int options = 0;
      std::array<std::uint8_t, 34> kinds{};
      for (int k = 1; k <= kLastStandard; ++k)
        if (unseen[at(k)] >= 4) kinds[at(options++)] = static_cast<std::uint8_t>(k);
      if (!options) return false;
      meld.first = kinds[below(state, static_cast<std::size_t>(options))];
      unseen[meld.first] = 0;
    }
  }
  std::vector<std::uint8_t> pool;
  pool.reserve(144);
  if (spec.read_discards) {
    // Each hidden tile drawn in proportion to its unseen copies times the seat's weight.
    for (int s = 0; s < 4; ++s) {
      const int need = s == spec.seat ? 0 : spec.hidden[at(s)];
      if (!need) continue;
      const std::array<double, 35> w = discard_weights(spec.known.pools[at(s)]);
      for (int n = 0; n < need; ++n) {
        double total = 0;
        for (int k = 1; k <= kLastStandard; ++k) total += w[at(k)] * unseen[at(k)];
        if (total <= 0) return false;
        double r = static_cast<double>(splitmix(state) >> 11) * 0x1.0p-53 * total;
        int k = 0;  // the kind where r falls (the last with copies, should rounding overshoot)
        for (int j = 1; j <= kLastStandard; ++j) {
          if (!unseen[at(j)]) continue;
          k = j;
          r -= w[at(j)] * unseen[at(j)];
          if (r < 0) break;
        }
        --unseen[at(k)];
        ++world.counts[at(s)][at(k)];
      }
    }
  }
  for (int k = 1; k <= kLastStandard; ++k)
    for (int n = 0; n < unseen[at(k)]; ++n) pool.push_back(static_cast<std::uint8_t>(k));
  shuffle(pool, state);
  for (int s = 0; s < 4 && !spec.read_discards; ++s) {
    const int need = s == spec.seat ? 0 : spec.hidden[at(s)];
    if (static_cast<int>(pool.size()) < need) return false;
    for (int n = 0; n < need; ++n) {
      ++world.counts[at(s)][pool.back()];
      pool.pop_back();
    }
  }
  if (spec.paced)
    for (int s = 0; s < 4; ++s)
      if (s != spec.seat && spec.hidden[at(s)] > 0) pace(world, s, pool, state);
  if (world.window_tile) ++world.counts[at(world.turn)][at(world.window_tile)];
  if (!spec.bonus.empty()) {
    pool.insert(pool.end(), spec.bonus.begin(), spec.bonus.end());
    shuffle(pool, state);
  }
  std::size_t from = 0;
  auto take = [&pool, &from](std::vector<std::uint8_t>& out, int n) {
    if (n < 0 || from + static_cast<std::size_t>(n) > pool.size()) return false;
    out.assign(pool.begin() + static_cast<std::ptrdiff_t>(from), pool.begin() + static_cast<std::ptrdiff_t>(from) + n);
    from += static_cast<std::size_t>(n);
    return true;
  };
  if (world.four_walls) {
    for (int s = 0; s < 4; ++s)
      if (!take(world.walls[at(s)], spec.wall_sizes[at(s)])) return false;
  } else if (!take(world.wall, spec.wall_sizes[0])) {
    return false;
  }
  return true;
}

}  // namespace

EngineMove rollout_move(const HandEngine& e, int seat) {
  LegalMoves legal;
  e.legal(seat, legal);
  for (int i = 0; i < legal.count; ++i)
    if (legal.moves[at(i)].kind == kMoveWin) return legal.moves[at(i)];
  if (e.phase() == HandEngine::kPhaseDiscard) return turn_move(e, seat, legal);
  if (e.phase() == HandEngine::kPhaseClaim) return claim_move(e, seat, legal);
  return EngineMove{static_cast<std::uint8_t>(kMovePass), 0, 0, 0};
}

EngineMove PlannedPlayers::move(const HandEngine& e, int seat) {
  LegalMoves legal;
  e.legal(seat, legal);
  for (int i = 0; i < legal.count; ++i)
    if (legal.moves[at(i)].kind == kMoveWin) return legal.moves[at(i)];
  if (e.phase() != HandEngine::kPhaseDiscard && e.phase() != HandEngine::kPhaseClaim)
    return EngineMove{static_cast<std::uint8_t>(kMovePass), 0, 0, 0};
  // What this seat has not seen: the copies neither face up nor in its own hand.
  const Counts& own = e.counts(seat);
  for (int k = 1; k <= kLastStandard; ++k) {
    const int left = 4 - e.visible(k) - own[at(k)];
    unseen_[at(k)] = static_cast<std::uint8_t>(left < 0 ? 0 : left);
  }
  return e.phase() == HandEngine::kPhaseDiscard ? turn(e, seat, legal) : claim(e, seat, legal);
}

int PlannedPlayers::target(const HandEngine& e, int seat, bool refresh) {
  int& chosen = target_[at(seat)];
  if (chosen < 0 || refresh)
    chosen = plan_choose(e.counts(seat), &e.meld(seat, 0), e.meld_count(seat), unseen_,
                         plan_targets(e.seat_wind(seat), e.prevailing()));
  return chosen;
}

EngineMove PlannedPlayers::turn(const HandEngine& e, int seat, const LegalMoves& legal) {
  // The target is re-chosen every third turn (and when it has become out of reach): often
  // enough to follow the draws, rarely enough to keep a rollout cheap.
  const int n = e.meld_count(seat);
  const EngineMeld* melds = &e.meld(seat, 0);
  const auto& targets = plan_targets(e.seat_wind(seat), e.prevailing());
  Counts c = e.counts(seat);
  bool refresh = turns_[at(seat)]++ % 3 == 0;
  if (!refresh && plan_distance(c, melds, n, targets[at(target(e, seat, false))], unseen_) >= kImpossible)
    refresh = true;
  const PlanTarget& t = targets[at(target(e, seat, refresh))];
  EngineMove best{};
  int best_d = kImpossible + 1, best_link = 0, best_seen = 0, off_d = -1;
  bool best_off = false;
  for (int i = 0; i < legal.count; ++i) {
    const EngineMove& m = legal.moves[at(i)];
    if (m.kind != kMoveDiscard) continue;
    const int k = m.tile;
    const bool off = t.allowed && !(t.allowed >> k & 1);
    int d;
    if (off) {
      // A tile the target has no use for: the distance is the hand's as it stands.
      if (off_d < 0) off_d = plan_distance(c, melds, n, t, unseen_);
      d = off_d;
    } else {
      --c[at(k)];
      d = plan_distance(c, melds, n, t, unseen_);
      ++c[at(k)];
    }
    const int link = connection(c, k);
    const int seen = e.visible(k);
    // Lower distance, then off the target, then less connected, then more copies face up.
    const bool better = d != best_d         ? d < best_d
                        : off != best_off   ? off
                        : link != best_link ? link < best_link
                        : seen != best_seen ? seen > best_seen
                                            : k > best.tile;
    if (best.tile == 0 || better) {
      best = m;
      best_d = d;
      best_off = off;
      best_link = link;
      best_seen = seen;
    }
  }
  return best;
}

EngineMove PlannedPlayers::claim(const HandEngine& e, int seat, const LegalMoves& legal) {
  EngineMove best{static_cast<std::uint8_t>(kMovePass), 0, 0, 0};
  const int tile = e.window_tile();
  const int n = e.meld_count(seat);
  if (n >= 4) return best;
  const PlanTarget& t = plan_targets(e.seat_wind(seat), e.prevailing())[at(target(e, seat, false))];
  const Counts& c = e.counts(seat);
  std::array<EngineMeld, 5> melds{};
  for (int m = 0; m < n; ++m) melds[at(m)] = e.meld(seat, m);
  int now = -2;  // computed when a claim fits the target
  int best_after = kImpossible;
  for (int i = 0; i < legal.count; ++i) {
    const EngineMove& m = legal.moves[at(i)];
    if (m.kind != kMoveChow && m.kind != kMovePung) continue;
    const bool pung = m.kind == kMovePung;
    const int first = pung ? tile : std::min({static_cast<int>(m.a), static_cast<int>(m.b), tile});
    if (!plan_allows_set(t, first, pung)) continue;
    if (now == -2) now = plan_distance(c, melds.data(), n, t, unseen_);
    Counts after = c;
    if (pung) {
      after[at(tile)] = static_cast<std::uint8_t>(after[at(tile)] - 2);
    } else {
      --after[m.a];
      --after[m.b];
    }
    melds[at(n)] = EngineMeld{static_cast<std::uint8_t>(pung ? 1 : 0), static_cast<std::uint8_t>(first), false,
                              static_cast<std::int8_t>(e.window_from()), static_cast<std::uint8_t>(tile)};
    // The distance after the claim's discard: the best over the tiles it could discard. One
    // tile gained lowers a distance by one at most, so a claim reaching now - 1 is the best.
    int d = kImpossible;
    for (int k = 1; k <= kLastStandard && d >= now; ++k) {
      if (!after[at(k)]) continue;
      --after[at(k)];
      d = std::min(d, plan_distance(after, melds.data(), n + 1, t, unseen_));
      ++after[at(k)];
    }
    if (d < now && d < best_after) {
      best = m;
      best_after = d;
      if (d == now - 1) break;
    }
  }
  return best;
}

void play_out(HandEngine& e, int policy, int own) {
  PlannedPlayers planned;
  // A hand ends within a few hundred moves; the cap only guards against a policy bug.
  for (int step = 0; step < 2000 && !e.over(); ++step) {
    const int waiting = e.waiting();
    int seat = 0;
    while (seat < 4 && !(waiting >> seat & 1)) ++seat;
    if (seat == 4) return;
    const bool plans = policy == kPolicyPlanned || (policy == kPolicyMixed && seat == own);
    const EngineMove move = plans ? planned.move(e, seat) : rollout_move(e, seat);
    if (e.apply(seat, move) != legality::kLegal) return;
  }
}

int settlement(const HandEngine& e, int seat) {
  if (!e.over() || e.winner() < 0) return 0;
  const int points = e.tally().basic + e.tally().flowers;
  return settle(e.winner(), points, e.win_by(), e.discarder())[static_cast<std::size_t>(seat)];
}

SearchResult search_worlds(const SearchSpec& spec) {
  SearchResult result;
  const std::size_t n = spec.candidates.size();
  if (!spec.rules || n == 0) return result;
  const std::clock_t start = std::clock();
  std::uint64_t state = spec.seed;
  EnginePosition world;
  std::vector<std::int32_t> row(n);
  // A world that cannot be placed is retried; at most twice the budget is drawn.
  for (int attempt = 0; result.worlds < spec.worlds && attempt < 2 * spec.worlds; ++attempt) {
    if (static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC > spec.max_seconds) break;
    HandEngine base(*spec.rules, spec.flags, spec.minimum, spec.dealer, spec.prevailing);
    if (!sample(spec, state, world) || !EngineSetup::place(base, world)) {
      ++result.skipped;
      continue;
    }
    bool ok = true;
    for (std::size_t i = 0; i < n && ok; ++i) {
      HandEngine copy = base.clone();
      if (copy.apply(spec.seat, spec.candidates[i]) != legality::kLegal) {
        ok = false;
        break;
      }
      play_out(copy, spec.policy, spec.seat);
      row[i] = settlement(copy, spec.seat);
    }
    if (!ok) {
      ++result.skipped;
      continue;
    }
    result.scores.insert(result.scores.end(), row.begin(), row.end());
    ++result.worlds;
    for (int s = 0; s < 4; ++s) {
      if (s == spec.seat || spec.hidden[at(s)] <= 0) continue;
      Counts c = world.counts[at(s)];
      if (s == world.turn && world.window_tile) --c[at(world.window_tile)];
      result.dealt_shanten[at(s)] += shanten(c, static_cast<int>(world.melds[at(s)].size()));
    }
  }
  return result;
}

}  // namespace mahjongkit::mcr
