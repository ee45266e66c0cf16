// Bindings of the MCR core (cpp/core/mcr): conversion at the boundary only.
#include <pybind11/pybind11.h>

namespace py = pybind11;

void register_mcr(py::module_& m) { (void)m; }
