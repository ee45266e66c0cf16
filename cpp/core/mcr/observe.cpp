#include "core/mcr/observe.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

namespace mahjongkit::mcr::rl {


Observer::Observer(int history)
    : history_(checked_history(history)),
      seat_planes_(kSeatFixed + history_),
      own_(4 * (kSeatFixed + history_)) {}

void Observer::load(const std::array<SeatState, 4>& seats, const std::array<int, 4>& totals, int wall,
                    int hand_no, int dealer, int prevailing, const Marks& marks) {
  visible_.fill(0);
  for (int seat = 0; seat < 4; ++seat) {
    const SeatState& state = seats[seat];
    counts_[seat] = state.counts;
    counts_[seat][0] = 0;
    own_kongs_[seat].fill(0);
    chowed_[seat].fill(0);
    pungs_[seat].fill(0);
    kongs_[seat].fill(0);
    pool_counts_[seat].fill(0);
    pools_[seat].clear();
    hidden_[seat] = 0;
    for (const auto& [code, first] : state.melds) {
      int column = kColumnOf[first];
      switch (code) {
        case kMeldChow:
          for (int k = first; k < first + 3; ++k) {
            ++chowed_[seat][kColumnOf[k]];
            ++visible_[kColumnOf[k]];
          }
          break;
        case kMeldPung:
          visible_[column] += 3;
          pungs_[seat][column] = 1;
          break;
        case kMeldKong:
          visible_[column] += 4;
          kongs_[seat][column] = 1;
          break;
        default:
          ++hidden_[seat];
          own_kongs_[seat][column] = 1;
      }
    }
    flowers_[seat] = state.flowers;
    totals_[seat] = totals[seat];
    for (int kind : state.pool) {
      int column = kColumnOf[kind];
      pools_[seat].push_back(column);
      ++pool_counts_[seat][column];
      ++visible_[column];
    }
    pending_chow_[seat] = {0, 0};
  }
  wall_ = wall;
  hand_no_ = hand_no;
  dealer_ = dealer;
  prevailing_ = prevailing;
  marks_ = marks;
  loaded_ = true;
}

bool Observer::step(const int* records, std::size_t count, const Marks& marks) {
  if (!loaded_ || count % 4 != 0) return false;
  bool drew = false;
  std::array<bool, 4> chowing{};
  for (int s = 0; s < 4; ++s) chowing[s] = pending_chow_[s].first != 0;
  for (std::size_t i = 0; i < count; i += 4) {
    int code = records[i], seat = records[i + 1] & 3;
    if (code < kRecordDiscard || code > kRecordClaimPung) return false;
    if (code == kRecordChowAnswer) chowing[seat] = true;
    if (code == kRecordClaimChow && !chowing[seat]) return false;  // no chow answer to make
    drew = drew || code == kRecordDraw;
  }
  if (drew && (marks.turn < 0 || marks.drawn < 1 || marks.drawn > 34)) return false;
  int draw_seat = -1;
  for (std::size_t i = 0; i < count; i += 4) {
    int seat = records[i + 1] & 3;
    switch (records[i]) {
      case kRecordDiscard: {
        int kind = records[i + 2], column = kColumnOf[kind];
        --counts_[seat][kind];
        pools_[seat].push_back(column);
        ++pool_counts_[seat][column];
        ++visible_[column];
        break;
      }
      case kRecordDraw:
        draw_seat = seat;
        --wall_;
        break;
      case kRecordFlower:
        ++flowers_[seat];
        break;
      case kRecordChowAnswer:
        pending_chow_[seat] = {records[i + 2], records[i + 3]};
        break;
      default: {  // a claim: the discard leaves the discarder's pool for the claimer's meld
        int tile = records[i + 2], column = kColumnOf[tile];
        auto& pool = pools_[records[i + 3] & 3];
        if (!pool.empty()) {
          --pool_counts_[records[i + 3] & 3][pool.back()];
          --visible_[pool.back()];
          pool.pop_back();
        }
        if (records[i] == kRecordClaimChow) {
          auto [a, b] = pending_chow_[seat];
          pending_chow_[seat] = {0, 0};
          --counts_[seat][a];
          --counts_[seat][b];
          int low = std::min({a, b, tile});
          for (int k = low; k < low + 3; ++k) {
            ++chowed_[seat][kColumnOf[k]];
            ++visible_[kColumnOf[k]];
          }
        } else {
          counts_[seat][tile] -= 2;
          pungs_[seat][column] = 1;
          visible_[column] += 3;
        }
        break;
      }
    }
  }
  if (draw_seat >= 0) ++counts_[draw_seat][marks.drawn];
  marks_ = marks;
  return true;
}

void Observer::render(int seat, float* out) const {
  std::memset(out, 0, sizeof(float) * planes() * kColumns);
  auto row = [&](int plane) { return out + plane * kColumns; };
  auto fill = [&](int plane, float value) { std::fill(row(plane), row(plane) + kColumns, value); };
  for (int relative = 0; relative < 4; ++relative) {
    int other = (seat + relative) & 3;
    int base = relative * seat_planes_;
    for (int c = 0; c < kColumns; ++c) {
      if (chowed_[other][c]) row(base + kChows)[c] = chowed_[other][c] * 0.25F;
      if (pungs_[other][c]) row(base + kPungs)[c] = 1.0F;
      if (kongs_[other][c]) row(base + kKongs)[c] = 1.0F;
      if (pool_counts_[other][c]) row(base + kPool)[c] = pool_counts_[other][c] * 0.25F;
    }
    if (hidden_[other]) fill(base + kConcealedKongs, hidden_[other] * 0.25F);
    if (flowers_[other]) fill(base + kFlowers, flowers_[other] / 8.0F);
    fill(base + kScore, score_value(totals_[other]));
    const auto& pool = pools_[other];
    std::size_t start = pool.size() > static_cast<std::size_t>(history_) ? pool.size() - history_ : 0;
    for (std::size_t i = start; i < pool.size(); ++i)
      row(base + kDiscards + static_cast<int>(i - start))[pool[i]] = 1.0F;
  }
  float* own = out + own_ * kColumns;
  auto own_row = [&](int plane) { return own + plane * kColumns; };
  const auto& counts = counts_[seat];
  for (int c = 0; c < kColumns; ++c) {
    int count = counts[kKindOf[c]];
    for (int j = 0; j < count && j < 4; ++j) own_row(kHand + j)[c] = 1.0F;
    if (own_kongs_[seat][c]) own_row(kOwnKongs)[c] = 1.0F;
    int left = 4 - count - 4 * own_kongs_[seat][c] - visible_[c];
    for (int j = 0; j < left && j < 4; ++j) own_row(kUnseen + j)[c] = 1.0F;
  }
  own_row(kSeatWind)[kWindColumn + ((seat - dealer_) & 3)] = 1.0F;
  own_row(kPrevailing)[kWindColumn + prevailing_] = 1.0F;
  fill(own_ + kWall, static_cast<float>(wall_ / 144.0));
  fill(own_ + kHandNo, static_cast<float>(hand_no_ / 16.0));
  const Marks& m = marks_;
  if (m.turn == seat) {
    fill(own_ + kMyTurn, 1.0F);
    if (m.drawn > 0) own_row(kDrawn)[kColumnOf[m.drawn]] = 1.0F;
    if (m.claimed) fill(own_ + kClaimed, 1.0F);
  }
  if (m.window != 0 && (m.may >> seat & 1)) {
    fill(own_ + (m.window == 2 ? kRobWindow : kClaimWindow), 1.0F);
    own_row(kOffer + ((m.from - seat) & 3) - 1)[kColumnOf[m.tile]] = 1.0F;
  }
}

int Observer::mask(int seat, bool discards, const int* codes, std::size_t count, std::uint8_t* out) const {
  std::memset(out, 0, kActions);
  int set = 0;
  if (discards)
    for (int kind = 1; kind <= 34; ++kind)
      if (counts_[seat][kind] > 0) {
        out[2 + kColumnOf[kind]] = 1;
        ++set;
      }
  int tile = marks_.window != 0 ? marks_.tile : 0;
  for (std::size_t i = 0; i < count; ++i) {
    int code = codes[i];
    int index = -1;
    if (code >= 0 && code < 36) {
      index = code;
    } else if (code >= kCodeTurnKong + 1 && code <= kCodeTurnKong + 34) {
      int kind = code - kCodeTurnKong;
      index = (counts_[seat][kind] == 4 ? 167 : 201) + kColumnOf[kind];
    } else if (tile != 0 && code == kCodePung) {
      index = 99 + kColumnOf[tile];
    } else if (tile != 0 && code == kCodeKong) {
      index = 133 + kColumnOf[tile];
    } else if (tile != 0 && code > kCodeChow && code < kCodePung) {
      index = chi_index((code - kCodeChow) / 64, (code - kCodeChow) % 64, tile);
    }
    if (index < 0 || index >= kActions) throw std::invalid_argument("a legal move's code the mask cannot place");
    set += out[index] == 0;
    out[index] = 1;
  }
  return set;
}

}  // namespace mahjongkit::mcr::rl
