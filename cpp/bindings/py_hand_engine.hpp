// The Python face of a hand engine (bind_mcr_engine.cpp): the engine and the ruleset's scorer
// data it points to, kept alive. Declared here, outside any one binding file, so that the RL
// bindings (bind_mcr_rl.cpp) render the planes and mask of the very engine a Python object holds.
#pragma once
#include <pybind11/pybind11.h>

#include "core/mcr/hand_engine.hpp"

namespace mahjongkit::bindings {

struct PyHandEngine {
  mcr::HandEngine engine;
  pybind11::object rules;  // keeps the ScoreRules the engine points to alive
};

}  // namespace mahjongkit::bindings
