// Compile-time checks of the kind table; tiles.hpp is header-only.
#include "core/tiles.hpp"

namespace mahjongkit {
static_assert(rank_of(9) == 9 && suit_of(10) == 1 && rank_of(27) == 9);
static_assert(solitaire_match(35, 38) && solitaire_match(39, 42) && !solitaire_match(38, 39));
}  // namespace mahjongkit
