// Binding of the seeded wall order (cpp/core/mcr/wall_order.hpp): one call a hand.
#include <pybind11/pybind11.h>

#include <string>

#include "core/mcr/wall_order.hpp"

namespace py = pybind11;

namespace {

long check_hand_no(long hand_no) {
  if (hand_no < 1) throw py::value_error("hand numbers start at 1, not " + std::to_string(hand_no));
  return hand_no;
}

template <typename Array>
py::list to_list(const Array& values) {
  py::list out(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) out[i] = py::int_(values[i]);
  return out;
}

}  // namespace

void register_mcr_wall(py::module_& m) {
  m.def(
      "wall_order",
      [](const py::bytes& seed, long hand_no) {
        return to_list(mahjongkit::mcr::wall_order(std::string(seed), check_hand_no(hand_no)));
      },
      py::arg("seed"), py::arg("hand_no"),
      "The seeded permutation of the positions 1..144 of the set for one hand (decision 12).");
  m.def(
      "wall_tiles",
      [](const py::bytes& seed, long hand_no) {
        return to_list(mahjongkit::mcr::wall_tiles(std::string(seed), check_hand_no(hand_no)));
      },
      py::arg("seed"), py::arg("hand_no"), "The set of 144 read in the seeded order of one hand.");
  m.def(
      "sha256",
      [](const py::bytes& data) {
        const auto digest = mahjongkit::mcr::sha256(std::string(data));
        return py::bytes(reinterpret_cast<const char*>(digest.data()), digest.size());
      },
      py::arg("data"), "SHA-256 of data (the wall order's hash, exposed for its tests).");
}
