// The Python face of a hand engine (bind_mcr_engine.cpp): the engine and the ruleset's scorer
// data it points to, kept alive. Declared here, outside any one binding file, so that the RL
// bindings (bind_mcr_rl.cpp) render the planes and mask of the very engine a Python object holds.
#pragma once
#include <pybind11/pybind11.h>

#include <string>

#include "core/mcr/hand_engine.hpp"

namespace mahjongkit::bindings {

struct PyHandEngine {
  mcr::HandEngine engine;
  pybind11::object rules;  // keeps the ScoreRules the engine points to alive
};

// The scorer data, rule flags and minimum every binding that makes a hand engine is handed
// (the engine, RL self-play's deal, the search's worlds), checked once here: rules that are
// not a ScoreRules are a TypeError (pybind11's cast would raise a RuntimeError), flags outside
// legality::kAllFlags and a minimum outside a ruleset's 0 to 255 a ValueError.
inline const mcr::ScoreRules& engine_rules(const pybind11::object& rules, int flags, int minimum) {
  if (!pybind11::isinstance<mcr::ScoreRules>(rules))
    throw pybind11::type_error("rules are a ScoreRules (mahjongkit.mcr.scoring._cpp.score_rules), not " +
                               std::string(pybind11::str(pybind11::type::handle_of(rules).attr("__name__"))));
  if (flags & ~mcr::legality::kAllFlags) throw pybind11::value_error("unknown rule flags: " + std::to_string(flags));
  if (minimum < 0 || minimum > 255)
    throw pybind11::value_error("a win's minimum points are 0 to 255, not " + std::to_string(minimum));
  return rules.cast<const mcr::ScoreRules&>();
}

}  // namespace mahjongkit::bindings
