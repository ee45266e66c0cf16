// Bindings of the solitaire core (cpp/core/solitaire): conversion at the boundary only.
#include <pybind11/pybind11.h>

namespace py = pybind11;

void register_solitaire(py::module_& m) { (void)m; }
