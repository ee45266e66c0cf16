// The seeded order of a hand's wall (decision 12): the C++ twin of order_for in
// python/mahjongkit/mcr/hand/wall.py, bit for bit.
//
// The key of a hand is the seed's bytes followed by "hand:<n>:<counter>"; each SHA-256
// digest gives eight big-endian 32-bit words. Fisher-Yates runs from the last index down to
// 1: for index i with n = i + 1 choices, a word at or above the largest multiple of n below
// 2^32 is skipped (no modulo bias), otherwise j = word % n and positions i and j swap.
#pragma once
#include <array>
#include <cstdint>
#include <string>

namespace mahjongkit::mcr {

inline constexpr int kWallTiles = 144;

// SHA-256 of `data` (the shuffle's only use of it).
std::array<std::uint8_t, 32> sha256(const std::string& data);

// The permutation of the positions 1..144 of the set for hand `hand_no` of `seed`.
std::array<int, kWallTiles> wall_order(const std::string& seed, long hand_no);

// The wall itself: the set (four of each kind 1..34 in order, then one of each bonus kind
// 35..42) read in that order.
std::array<int, kWallTiles> wall_tiles(const std::string& seed, long hand_no);

}  // namespace mahjongkit::mcr
