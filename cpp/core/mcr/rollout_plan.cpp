#include "core/mcr/rollout_plan.hpp"

#include <algorithm>
#include <mutex>

#include "core/mcr/shanten.hpp"

namespace mahjongkit::mcr {

namespace {

constexpr int kLastStandard = 34;
constexpr int kFirstWind = 28;
constexpr double kReach = 0.3;          // planner.REACH
constexpr double kGenericWeight = 0.03;  // planner.GENERIC_WEIGHT

std::size_t at(int i) { return static_cast<std::size_t>(i); }

std::uint64_t suit_bits(int s) {
  std::uint64_t bits = 0;
  for (int k = 9 * s + 1; k <= 9 * s + 9; ++k) bits |= std::uint64_t{1} << k;
  return bits;
}

std::uint64_t honour_bits() {
  std::uint64_t bits = 0;
  for (int k = kFirstWind; k <= kLastStandard; ++k) bits |= std::uint64_t{1} << k;
  return bits;
}

PlanTarget fixed(double points, std::initializer_list<std::pair<int, bool>> sets) {
  PlanTarget t;
  for (const auto& [first, pung] : sets) {
    t.set_first[at(t.sets)] = static_cast<std::uint8_t>(first);
    t.set_pung[at(t.sets)] = pung;
    ++t.sets;
  }
  t.weight = (24 + points) / 32;
  return t;
}

// planner.targets, in its order, then seven pairs and a plain hand (its form weights).
std::vector<PlanTarget> build(int seat_wind, int prevailing) {
  std::vector<PlanTarget> out;
  for (int n = 1; n <= 7; ++n) out.push_back(fixed(8, {{n, false}, {9 + n, false}, {18 + n, false}}));
  for (int s = 0; s < 3; ++s) {
    const int base = 9 * s;
    out.push_back(fixed(16, {{base + 1, false}, {base + 4, false}, {base + 7, false}}));
    for (int n = 1; n <= 5; ++n) out.push_back(fixed(16, {{base + n, false}, {base + n + 1, false}, {base + n + 2, false}}));
    PlanTarget flush = fixed(24, {});
    flush.allowed = suit_bits(s);
    out.push_back(flush);
  }
  std::array<int, 3> order{0, 1, 2};
  do {
    out.push_back(fixed(8, {{9 * order[0] + 1, false}, {9 * order[1] + 4, false}, {9 * order[2] + 7, false}}));
  } while (std::next_permutation(order.begin(), order.end()));
  std::vector<int> scoring{32, 33, 34, kFirstWind + seat_wind, kFirstWind + prevailing};
  std::sort(scoring.begin(), scoring.end());
  scoring.erase(std::unique(scoring.begin(), scoring.end()), scoring.end());
  for (int h : scoring) {
    for (int s = 0; s < 3; ++s) {
      PlanTarget half = fixed(8, {{h, true}});
      half.allowed = suit_bits(s) | honour_bits();
      out.push_back(half);
    }
    PlanTarget pungs = fixed(8, {{h, true}});
    pungs.pungs_only = true;
    out.push_back(pungs);
  }
  PlanTarget pairs = fixed(24, {});
  pairs.seven_pairs = true;
  out.push_back(pairs);
  PlanTarget plain;
  plain.any_form = true;
  plain.weight = kGenericWeight;
  out.push_back(plain);
  return out;
}

// planner._pung_shanten: shanten toward `need` pungs and a pair, pungs only.
int pung_shanten(const Counts& c, int need) {
  int pungs = 0, pairs = 0;
  for (int k = 1; k <= kLastStandard; ++k) {
    pungs += c[at(k)] >= 3;
    pairs += c[at(k)] == 2;
  }
  const int sets = std::min(pungs, need);
  const int eye = pairs || pungs > need ? 1 : 0;
  const int partials = std::max(std::min(pairs - (pairs ? 1 : 0), need - sets), 0);
  return 2 * need - 2 * sets - partials - eye;
}

}  // namespace

const std::vector<PlanTarget>& plan_targets(int seat_wind, int prevailing) {
  static std::array<std::vector<PlanTarget>, 16> tables;
  static std::array<std::once_flag, 16> once;
  const std::size_t i = at((seat_wind & 3) * 4 + (prevailing & 3));
  std::call_once(once[i], [&] { tables[i] = build(seat_wind & 3, prevailing & 3); });
  return tables[i];
}

bool plan_allows_set(const PlanTarget& t, int first, bool pung) {
  if (t.seven_pairs) return false;
  for (int i = 0; i < t.sets; ++i)
    if (t.set_first[at(i)] == first && t.set_pung[at(i)] == pung) return true;
  if (t.pungs_only && !pung) return false;
  return !t.allowed || (t.allowed >> first & 1);
}

namespace {

// kReach to the power i, i = 0..39.
const std::array<double, 40>& reach_powers() {
  static const auto powers = [] {
    std::array<double, 40> p{};
    double v = 1;
    for (auto& x : p) {
      x = v;
      v *= kReach;
    }
    return p;
  }();
  return powers;
}

// plan_distance, or kImpossible as soon as the target's value (weight * kReach^(distance + 1))
// cannot exceed `beat`: the tiles missing from its fixed sets bound the distance below (the
// rest's shanten is -1 at least), and a target that cannot win plan_choose's comparison needs
// no shanten (plan_choose spent most of the planned rollouts' time on such targets).
int distance(const Counts& counts, const EngineMeld* melds, int meld_count, const PlanTarget& t, const Counts& unseen,
             double beat) {
  if (t.seven_pairs) {
    if (meld_count) return kImpossible;
    int pairs = 0;
    for (int k = 1; k <= kLastStandard; ++k) pairs += counts[at(k)] / 2;
    return 6 - pairs;
  }
  if (t.any_form) return shanten(counts, meld_count);
  std::array<bool, 3> used{};
  int free = 0;
  for (int m = 0; m < meld_count; ++m) {
    const EngineMeld& meld = melds[m];
    if (meld.concealed && meld.first == 0) return kImpossible;
    const bool pung = meld.kind != 0;
    bool matched = false;
    for (int i = 0; i < t.sets && !matched; ++i)
      if (!used[at(i)] && t.set_first[at(i)] == meld.first && t.set_pung[at(i)] == pung) matched = used[at(i)] = true;
    if (matched) continue;
    if (t.pungs_only && !pung) return kImpossible;
    if (t.allowed && !(t.allowed >> meld.first & 1)) return kImpossible;
    ++free;
  }
  const int need = 4 - t.sets - free;
  if (need < 0) return kImpossible;
  Counts rest = counts;
  Counts shortage{};
  int missing = 0;
  for (int i = 0; i < t.sets; ++i) {
    if (used[at(i)]) continue;
    const int first = t.set_first[at(i)];
    for (int j = 0; j < 3; ++j) {
      const int k = t.set_pung[at(i)] ? first : first + j;
      if (rest[at(k)]) {
        --rest[at(k)];
      } else {
        ++missing;
        ++shortage[at(k)];
      }
    }
  }
  for (int k = 1; k <= kLastStandard; ++k) {
    if (shortage[at(k)] > unseen[at(k)]) return kImpossible;  // too few copies left to draw
    if (t.allowed && !(t.allowed >> k & 1)) rest[at(k)] = 0;
  }
  if (t.weight * reach_powers()[at(std::min(missing, 39))] <= beat) return kImpossible;
  return missing + (t.pungs_only ? pung_shanten(rest, need) : shanten(rest, 4 - need));
}

}  // namespace

int plan_distance(const Counts& counts, const EngineMeld* melds, int meld_count, const PlanTarget& t,
                  const Counts& unseen) {
  return distance(counts, melds, meld_count, t, unseen, -1);
}

int plan_choose(const Counts& counts, const EngineMeld* melds, int meld_count, const Counts& unseen,
                const std::vector<PlanTarget>& targets) {
  const auto& powers = reach_powers();
  int best = static_cast<int>(targets.size()) - 1;  // the plain hand, when nothing else is in reach
  double best_value = -1;
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const int d = distance(counts, melds, meld_count, targets[i], unseen, best_value);
    if (d >= kImpossible) continue;
    const double value = targets[i].weight * powers[at(std::min(std::max(d + 1, 0), 39))];
    if (value > best_value) {
      best_value = value;
      best = static_cast<int>(i);
    }
  }
  return best;
}

}  // namespace mahjongkit::mcr
