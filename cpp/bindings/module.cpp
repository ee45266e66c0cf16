// The one PYBIND11_MODULE: each game registers its functions in a submodule of its own.
#include <pybind11/pybind11.h>

namespace py = pybind11;

void register_solitaire(py::module_& m);
void register_mcr(py::module_& m);
void register_mcr_rl(py::module_& m);

PYBIND11_MODULE(_core, m) {
  m.doc() = "mahjongkit's compiled core (private: use the mahjongkit package)";
  m.attr("__version__") = MAHJONGKIT_VERSION;
  auto solitaire = m.def_submodule("solitaire", "Mahjong solitaire: geometry, deal, solver, search");
  register_solitaire(solitaire);
  auto mcr = m.def_submodule("mcr", "Chinese Official Mahjong: decomposition, waits, shanten");
  register_mcr(mcr);
  auto mcr_rl = m.def_submodule("mcr_rl", "Chinese Official Mahjong for learners: observation planes and masks");
  register_mcr_rl(mcr_rl);
}
