// Observation planes and legal masks of the RL layer, kept in sync move by move: the C++ twin
// of python/mahjongkit/mcr/rl/observation.py (Observer) and of the mask of rl/table.py.
//
// An Observer mirrors what each seat may see of one game (its own concealed counts; every
// seat's melds, pools, flowers and score; the wall count; the turn's and window's marks) and
// writes one seat's planes on demand (render), in the layout of docs/mcr-rl.md (version 1). It
// is fed either a whole state (load, at a deal or after a rare move) or the compact records of
// one move (step), derived from the rules' typed events. It keeps no planes: rendering the one
// seat asked writes a single observation's memory, where keeping the four seats' planes up to
// date cost four times the memory and a copy (the cache misses were most of the time).
#pragma once
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace mahjongkit::mcr::rl {

inline constexpr int kColumns = 34;
inline constexpr int kActions = 235;
inline constexpr int kSeatFixed = 7;
inline constexpr int kOwnPlanes = 21;
// The most discards a seat's block keeps (rl/observation.py's MAX_HISTORY): bounds every size
// computed from a caller's history, so the products below cannot overflow an int.
inline constexpr int kMaxHistory = 144;

// A caller's history, checked before any size is computed from it (sizes multiply it).
inline int checked_history(int history) {
  if (history < 1 || history > kMaxHistory)
    throw std::invalid_argument("history is the number of discards kept per seat (1 to " +
                                std::to_string(kMaxHistory) + ")");
  return history;
}

// The layout of docs/mcr-rl.md (version 1), shared by every renderer of the planes.
// Planes of a seat's block, and of the observer's own block.
inline constexpr int kChows = 0, kPungs = 1, kKongs = 2, kConcealedKongs = 3, kFlowers = 4, kScore = 5,
                     kPool = 6, kDiscards = 7;
inline constexpr int kHand = 0, kOwnKongs = 4, kDrawn = 5, kOffer = 6, kUnseen = 9, kSeatWind = 13,
                     kPrevailing = 14, kWall = 15, kMyTurn = 16, kClaimWindow = 17, kRobWindow = 18,
                     kClaimed = 19, kHandNo = 20;
inline constexpr int kWindColumn = 27;

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
// The column of each kind (the Botzone order: W, T, B, then the honours).
inline constexpr std::array<int, 35> kColumnOf = make_columns();

constexpr std::array<int, kColumns> make_kinds() {
  std::array<int, kColumns> out{};
  for (int k = 1; k <= 34; ++k) out[kColumnOf[k]] = k;
  return out;
}
inline constexpr std::array<int, kColumns> kKindOf = make_kinds();

// As Python computes it (in double, then stored as float32), so the planes agree bit for bit.
inline float score_value(int total) {
  double x = total / 256.0;
  x = std::max(-1.0, std::min(1.0, x));
  return static_cast<float>(0.5 + 0.5 * x);
}

// The index of a chow of held kinds a, b on the claimed kind (suit x middle rank x which tile
// is the claimed one).
inline int chi_index(int a, int b, int claimed) {
  int low = std::min({a, b, claimed}), high = std::max({a, b, claimed});
  int mid = a + b + claimed - low - high;
  constexpr int kBotzoneSuit[3] = {0, 2, 1};  // ours m p s -> Botzone W T B
  int suit = kBotzoneSuit[(mid - 1) / 9];
  int rank = (mid - 1) % 9 + 1;
  return 36 + 21 * suit + 3 * (rank - 2) + (claimed - mid + 1);
}

// A move's records: four ints each, the code and three fields.
enum RecordCode : int {
  kRecordDiscard = 1,      // seat, kind
  kRecordDraw = 2,         // seat (the tile is the marks' drawn tile; one wall tile taken)
  kRecordFlower = 3,       // seat
  kRecordChowAnswer = 4,   // seat, held kind a, held kind b (kept until the window closes)
  kRecordClaimChow = 5,    // claimer, claimed kind, discarder
  kRecordClaimPung = 6,    // claimer, claimed kind, discarder
};

// Melds of a whole state: (code, first kind).
enum MeldCode : int { kMeldChow = 0, kMeldPung = 1, kMeldKong = 2, kMeldConcealedKong = 3 };

// Codes of legal moves for mask(): 0..35 are indices already (pass, win, discards); the others
// need the window's tile or the seat's counts.
inline constexpr int kCodeChow = 1000;  // + 64 * a + b (the chow's held kinds)
inline constexpr int kCodePung = 6000;
inline constexpr int kCodeKong = 6001;       // an exposed kong of the window's tile
inline constexpr int kCodeTurnKong = 7000;   // + kind: concealed when four are held, else promoted

// The turn's and the window's marks after a move (what rl/observation.py's _sync_marks reads).
struct Marks {
  int turn = -1;      // the seat on turn, or -1
  int drawn = 0;      // the tile it drew (0: none)
  bool claimed = false;
  int window = 0;     // 0 none, 1 a discard's window, 2 a promoted kong's (rob) window
  int tile = 0;       // the window's tile
  int from = 0;       // the seat it comes from
  int may = 0;        // bit s: seat s is asked
};

struct SeatState {
  std::array<int, 35> counts{};            // concealed, by kind (index 0 unused)
  std::vector<std::pair<int, int>> melds;  // (MeldCode, first kind), in the hand's order
  int flowers = 0;
  std::vector<int> pool;                   // kinds, in discard order
};

class Observer {
 public:
  explicit Observer(int history);

  int history() const { return history_; }
  int planes() const { return 4 * seat_planes_ + kOwnPlanes; }
  bool loaded() const { return loaded_; }
  // Forget the game.
  void clear() { loaded_ = false; }

  // The whole state.
  void load(const std::array<SeatState, 4>& seats, const std::array<int, 4>& totals, int wall,
            int hand_no, int dealer, int prevailing, const Marks& marks);
  // One move's records (4 ints each) and the marks after it. False, with nothing changed, when
  // a record is not one step() knows (then load the whole state).
  bool step(const int* records, std::size_t count, const Marks& marks);

  // Write `seat`'s planes (planes() * 34 floats) into `out`: zeros, then the cells that are
  // not (a few hundred), so an observation costs about one pass over its memory.
  void render(int seat, float* out) const;

  // The legal mask of `seat` (kActions bytes, 0 or 1): the discards of every kind it holds
  // when `discards`, and the moves of `codes`. Returns how many indices it set.
  int mask(int seat, bool discards, const int* codes, std::size_t count, std::uint8_t* out) const;

  const Marks& marks() const { return marks_; }

 private:
  int history_;
  int seat_planes_;
  int own_;
  bool loaded_ = false;
  std::array<std::array<int, 35>, 4> counts_{};
  std::array<std::array<std::uint8_t, kColumns>, 4> own_kongs_{};  // 1 at its concealed kongs
  std::array<std::array<std::uint8_t, kColumns>, 4> chowed_{};     // copies in its chows
  std::array<std::array<std::uint8_t, kColumns>, 4> pungs_{};      // 1 at its exposed pungs
  std::array<std::array<std::uint8_t, kColumns>, 4> kongs_{};      // 1 at its exposed kongs
  std::array<std::vector<int>, 4> pools_;                          // columns, in order
  std::array<std::array<std::uint8_t, kColumns>, 4> pool_counts_{};
  std::array<int, kColumns> visible_{};  // copies in every pool and exposed meld
  std::array<int, 4> hidden_{};          // concealed kongs
  std::array<int, 4> flowers_{};
  std::array<int, 4> totals_{};
  std::array<std::pair<int, int>, 4> pending_chow_{};
  int wall_ = 0, hand_no_ = 1, dealer_ = 0, prevailing_ = 0;
  Marks marks_;
};

}  // namespace mahjongkit::mcr::rl
