#include "core/mcr/observe.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace mahjongkit::mcr::rl {

namespace {

// Planes of a seat's block, and of the observer's own block (see docs/mcr-rl.md).
constexpr int kChows = 0, kPungs = 1, kKongs = 2, kConcealedKongs = 3, kFlowers = 4, kScore = 5,
              kPool = 6, kDiscards = 7;
constexpr int kHand = 0, kOwnKongs = 4, kDrawn = 5, kOffer = 6, kUnseen = 9, kSeatWind = 13,
              kPrevailing = 14, kWall = 15, kMyTurn = 16, kClaimWindow = 17, kRobWindow = 18,
              kClaimed = 19, kHandNo = 20;
constexpr int kWindColumn = 27;

constexpr std::array<int, 35> make_columns() {
  std::array<int, 35> out{};
  out[0] = -1;
  for (int k = 1; k <= 34; ++k) {
    if (k <= 9) out[k] = k - 1;              // characters
    else if (k <= 18) out[k] = k + 8;        // dots: columns 18..26
    else if (k <= 27) out[k] = k - 10;       // bamboo: columns 9..17
    else out[k] = k - 1;                     // honours
  }
  return out;
}
constexpr std::array<int, 35> kColumnOf = make_columns();

constexpr std::array<int, kColumns> make_kinds() {
  std::array<int, kColumns> out{};
  for (int k = 1; k <= 34; ++k) out[kColumnOf[k]] = k;
  return out;
}
constexpr std::array<int, kColumns> kKindOf = make_kinds();

// As Python computes them (in double, then stored as float32), so the planes agree bit for bit.
float score_value(int total) {
  double x = total / 256.0;
  x = std::max(-1.0, std::min(1.0, x));
  return static_cast<float>(0.5 + 0.5 * x);
}

int chi_index(int a, int b, int claimed) {
  int low = std::min({a, b, claimed}), high = std::max({a, b, claimed});
  int mid = a + b + claimed - low - high;
  static constexpr int kBotzoneSuit[3] = {0, 2, 1};  // ours m p s -> Botzone W T B
  int suit = kBotzoneSuit[(mid - 1) / 9];
  int rank = (mid - 1) % 9 + 1;
  return 36 + 21 * suit + 3 * (rank - 2) + (claimed - mid + 1);
}

}  // namespace

int column_of_kind(int kind) {
  if (kind < 1 || kind > 34) throw std::out_of_range("a kind is 1 to 34");
  return kColumnOf[kind];
}

Observer::Observer(int history)
    : history_(history), seat_planes_(kSeatFixed + history), planes_(4 * (kSeatFixed + history) + kOwnPlanes),
      own_(4 * (kSeatFixed + history)) {
  if (history < 1) throw std::invalid_argument("history is the number of discards kept per seat (>= 1)");
}

void Observer::attach(float* buffer) {
  buffer_ = buffer;
  clear();
}

void Observer::clear() {
  loaded_ = false;
  if (buffer_ != nullptr) std::memset(buffer_, 0, sizeof(float) * 4 * planes_ * kColumns);
}

void Observer::public_cell(int seat, int plane, int column, float value) {
  for (int o = 0; o < 4; ++o) at(o, ((seat - o) & 3) * seat_planes_ + plane, column) = value;
}

void Observer::public_row(int seat, int plane, float value) {
  for (int o = 0; o < 4; ++o) {
    float* row = &at(o, ((seat - o) & 3) * seat_planes_ + plane, 0);
    std::fill(row, row + kColumns, value);
  }
}

// Observer `seat`'s hand planes and unseen planes at `column`.
void Observer::own_column(int seat, int column) {
  int count = counts_[seat][kKindOf[column]];
  for (int j = 0; j < 4; ++j) at(seat, own_ + kHand + j, column) = count > j ? 1.0F : 0.0F;
  unseen(seat, column);
}

void Observer::unseen(int observer, int column) {
  int left = 4 - counts_[observer][kKindOf[column]] - 4 * own_kongs_[observer][column] - visible_[column];
  for (int j = 0; j < 4; ++j) at(observer, own_ + kUnseen + j, column) = left > j ? 1.0F : 0.0F;
}

void Observer::shown(int column, int change) {
  visible_[column] += change;
  for (int o = 0; o < 4; ++o) unseen(o, column);
}

void Observer::rewrite_discards(int seat) {
  for (int o = 0; o < 4; ++o) {
    float* block = &at(o, ((seat - o) & 3) * seat_planes_ + kDiscards, 0);
    std::fill(block, block + history_ * kColumns, 0.0F);
  }
  const auto& pool = pools_[seat];
  std::size_t start = pool.size() > static_cast<std::size_t>(history_) ? pool.size() - history_ : 0;
  for (std::size_t i = start; i < pool.size(); ++i)
    public_cell(seat, kDiscards + static_cast<int>(i - start), pool[i], 1.0F);
}

void Observer::push_discard(int seat, int kind) {
  int column = kColumnOf[kind];
  auto& pool = pools_[seat];
  pool.push_back(column);
  if (pool.size() <= static_cast<std::size_t>(history_))
    public_cell(seat, kDiscards + static_cast<int>(pool.size()) - 1, column, 1.0F);
  else
    rewrite_discards(seat);
  int count = ++pool_counts_[seat][column];
  public_cell(seat, kPool, column, count * 0.25F);
  shown(column, 1);
}

void Observer::pop_discard(int seat) {
  auto& pool = pools_[seat];
  if (pool.empty()) return;
  int column = pool.back();
  pool.pop_back();
  if (pool.size() < static_cast<std::size_t>(history_))
    public_cell(seat, kDiscards + static_cast<int>(pool.size()), column, 0.0F);
  else
    rewrite_discards(seat);
  int count = --pool_counts_[seat][column];
  public_cell(seat, kPool, column, count * 0.25F);
  shown(column, -1);
}

void Observer::write_marks(const Marks& m, float value) {
  if (m.turn >= 0) {
    float* row = &at(m.turn, own_ + kMyTurn, 0);
    std::fill(row, row + kColumns, value);
    if (m.drawn > 0) at(m.turn, own_ + kDrawn, kColumnOf[m.drawn]) = value;
    if (m.claimed) {
      row = &at(m.turn, own_ + kClaimed, 0);
      std::fill(row, row + kColumns, value);
    }
  }
  if (m.window != 0) {
    int column = kColumnOf[m.tile];
    for (int s = 0; s < 4; ++s) {
      if (!(m.may >> s & 1)) continue;
      float* row = &at(s, own_ + (m.window == 2 ? kRobWindow : kClaimWindow), 0);
      std::fill(row, row + kColumns, value);
      at(s, own_ + kOffer + ((m.from - s) & 3) - 1, column) = value;
    }
  }
}

void Observer::load(const std::array<SeatState, 4>& seats, const std::array<int, 4>& totals, int wall,
                    int hand_no, int dealer, int prevailing, const Marks& marks) {
  if (buffer_ == nullptr) throw std::logic_error("attach a buffer before loading");
  std::memset(buffer_, 0, sizeof(float) * 4 * planes_ * kColumns);
  visible_.fill(0);
  for (int seat = 0; seat < 4; ++seat) {
    const SeatState& state = seats[seat];
    counts_[seat] = state.counts;
    counts_[seat][0] = 0;
    own_kongs_[seat].fill(0);
    chowed_[seat].fill(0);
    pool_counts_[seat].fill(0);
    pools_[seat].clear();
    int hidden = 0;
    for (const auto& [code, first] : state.melds) {
      int column = kColumnOf[first];
      switch (code) {
        case kMeldChow:
          for (int k = first; k < first + 3; ++k) {
            int c = kColumnOf[k];
            ++chowed_[seat][c];
            ++visible_[c];
            public_cell(seat, kChows, c, chowed_[seat][c] * 0.25F);
          }
          break;
        case kMeldPung:
          visible_[column] += 3;
          public_cell(seat, kPungs, column, 1.0F);
          break;
        case kMeldKong:
          visible_[column] += 4;
          public_cell(seat, kKongs, column, 1.0F);
          break;
        default:
          ++hidden;
          own_kongs_[seat][column] = 1;
          at(seat, own_ + kOwnKongs, column) = 1.0F;
      }
    }
    public_row(seat, kConcealedKongs, hidden * 0.25F);
    flowers_[seat] = state.flowers;
    public_row(seat, kFlowers, state.flowers / 8.0F);
    public_row(seat, kScore, score_value(totals[seat]));
    for (int kind : state.pool) {
      int column = kColumnOf[kind];
      pools_[seat].push_back(column);
      ++pool_counts_[seat][column];
      ++visible_[column];
    }
    for (int column = 0; column < kColumns; ++column)
      if (pool_counts_[seat][column] != 0) public_cell(seat, kPool, column, pool_counts_[seat][column] * 0.25F);
    rewrite_discards(seat);
    pending_chow_[seat] = {0, 0};
  }
  for (int o = 0; o < 4; ++o) {
    for (int column = 0; column < kColumns; ++column) own_column(o, column);
    at(o, own_ + kSeatWind, kWindColumn + ((o - dealer) & 3)) = 1.0F;
    at(o, own_ + kPrevailing, kWindColumn + prevailing) = 1.0F;
    float* row = &at(o, own_ + kHandNo, 0);
    std::fill(row, row + kColumns, static_cast<float>(hand_no / 16.0));
  }
  wall_ = wall;
  for (int o = 0; o < 4; ++o) {
    float* row = &at(o, own_ + kWall, 0);
    std::fill(row, row + kColumns, static_cast<float>(wall / 144.0));
  }
  marks_ = marks;
  write_marks(marks_, 1.0F);
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
  std::uint64_t dirty = 0;  // columns whose own hand planes may have changed
  for (std::size_t i = 0; i < count; i += 4) {
    int seat = records[i + 1] & 3;
    switch (records[i]) {
      case kRecordDiscard: {
        int kind = records[i + 2];
        --counts_[seat][kind];
        dirty |= std::uint64_t{1} << kColumnOf[kind];
        push_discard(seat, kind);
        break;
      }
      case kRecordDraw: {
        draw_seat = seat;
        --wall_;
        break;
      }
      case kRecordFlower:
        public_row(seat, kFlowers, ++flowers_[seat] / 8.0F);
        break;
      case kRecordChowAnswer:
        pending_chow_[seat] = {records[i + 2], records[i + 3]};
        break;
      default: {  // a claim: the discard leaves the discarder's pool for the claimer's meld
        int tile = records[i + 2], column = kColumnOf[tile];
        pop_discard(records[i + 3] & 3);
        if (records[i] == kRecordClaimChow) {
          auto [a, b] = pending_chow_[seat];
          pending_chow_[seat] = {0, 0};
          --counts_[seat][a];
          --counts_[seat][b];
          int low = std::min({a, b, tile});
          for (int k = low; k < low + 3; ++k) {
            int c = kColumnOf[k];
            ++chowed_[seat][c];
            public_cell(seat, kChows, c, chowed_[seat][c] * 0.25F);
            shown(c, 1);
            dirty |= std::uint64_t{1} << c;
          }
        } else {
          counts_[seat][tile] -= 2;
          public_cell(seat, kPungs, column, 1.0F);
          shown(column, 3);
          dirty |= std::uint64_t{1} << column;
        }
        break;
      }
    }
  }
  if (draw_seat >= 0) {
    ++counts_[draw_seat][marks.drawn];
    own_column(draw_seat, kColumnOf[marks.drawn]);
  }
  for (int column = 0; column < kColumns; ++column)
    if (dirty >> column & 1)
      for (int o = 0; o < 4; ++o) own_column(o, column);
  if (drew) {
    for (int o = 0; o < 4; ++o) {
      float* row = &at(o, own_ + kWall, 0);
      std::fill(row, row + kColumns, static_cast<float>(wall_ / 144.0));
    }
  }
  write_marks(marks_, 0.0F);
  marks_ = marks;
  write_marks(marks_, 1.0F);
  return true;
}

void Observer::mask(int seat, bool discards, const int* codes, std::size_t count, std::uint8_t* out) const {
  std::memset(out, 0, kActions);
  if (discards)
    for (int kind = 1; kind <= 34; ++kind)
      if (counts_[seat][kind] > 0) out[2 + kColumnOf[kind]] = 1;
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
    out[index] = 1;
  }
}

}  // namespace mahjongkit::mcr::rl
