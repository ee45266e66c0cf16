// Bindings of the MCR scorer (cpp/core/mcr/score.hpp): conversion only.
//
// The ruleset crosses once as a ScoreRules value (built by mahjongkit.mcr.scoring._cpp from
// the fan table and the Ruleset). A hand crosses one of two ways, both read by the same
// WinReader: score_hand() reads a Hand and a WinContext directly (their attributes, the
// enum members by identity against the members the reader was given), and pack_wins() reads
// many into a NumPy structured array of WinRecord (WIN_DTYPE) that score_wins() scores with
// the GIL released into an array of ScoredRecord (SCORED_DTYPE). One answer is a ScoredHand
// with named fields. The records' layouts are written here once; Python reads them by name.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <structmember.h>

#include <array>
#include <climits>
#include <string>
#include <vector>

#include "core/mcr/score.hpp"

namespace py = pybind11;
using namespace mahjongkit::mcr;

namespace {

// -- the records (plain C layouts, so NumPy can describe them) ---------------------------------

struct MeldRecord {
  std::uint8_t kind;  // 0 chow, 1 pung, 2 kong
  std::uint8_t first;
  std::uint8_t concealed;
};

// One hand to score. A value the scorer must refuse (a winning kind or a wind out of range,
// however large) is stored as an out-of-range sentinel, so the core names the same refusal as
// the Python checks; a value of the wrong type is a TypeError when it is read.
struct WinRecord {
  std::uint8_t counts[35];
  std::uint8_t nmelds;
  MeldRecord melds[4];
  std::uint8_t winning;  // 0 when not a kind 1..34
  std::uint8_t by;       // 0 self-drawn, 1 discard, 2 robbing
  std::int8_t replacement;  // -1 none, 0 kong, 1 flower
  std::uint8_t seat_wind;   // 255 when not 0..3
  std::uint8_t prevailing_wind;
  std::uint8_t last_of_wall;
  std::uint8_t last_tile;
  std::uint8_t flowers;
};

struct SetRecord {
  std::uint8_t kind;  // SetKind
  std::uint8_t first;
  std::uint8_t concealed;
  std::uint8_t copies;
};

struct FanRecord {
  std::uint8_t number;
  std::uint8_t times;
  std::uint8_t points;
};

struct ScoredRecord {
  std::uint8_t refusal;  // Refusal; 0 when scored
  std::uint8_t form;
  std::uint8_t nmelds;
  std::uint8_t nsets;
  std::int8_t winning_set;
  std::int8_t wait;
  std::uint8_t nfans;
  std::int32_t basic;
  std::int32_t flowers;
  SetRecord sets[kMaxSets];
  FanRecord fans[kMaxFans];
};

// What is wrong with a record the caller may have written (WinBatch.records is a NumPy array
// a caller can change), or nullptr: the scorer indexes counts by kind and melds by position, so
// every field is checked against what pack_wins writes before the record is read.
const char* record_problem(const WinRecord& r) {
  if (r.counts[0] != 0) return "counts[0] is not 0";
  for (std::size_t k = 1; k < 35; ++k)
    if (r.counts[k] > 4) return "a count above 4";
  if (r.nmelds > 4) return "more than four melds";
  std::array<int, 35> whole{};
  for (std::size_t k = 0; k < 35; ++k) whole[k] = r.counts[k];
  for (int i = 0; i < r.nmelds; ++i) {
    const MeldRecord& m = r.melds[i];
    if (m.kind > 2) return "a meld kind not 0 (chow), 1 (pung) or 2 (kong)";
    if (m.first < 1 || m.first > 34) return "a meld's first tile not a kind 1..34";
    if (m.kind == 0 && (m.first > 27 || (m.first - 1) % 9 > 6)) return "a chow that does not fit its suit";
    const int size = m.kind == 2 ? 4 : 3;
    for (int j = 0; j < size; ++j) ++whole[m.kind == 0 ? m.first + j : m.first];
  }
  for (std::size_t k = 1; k < 35; ++k)
    if (whole[k] > 4) return "a fifth copy of a tile";
  if (r.by > 2) return "by not 0 (self-drawn), 1 (discard) or 2 (robbing)";
  if (r.replacement < -1 || r.replacement > 1) return "replacement not -1 (none), 0 (kong) or 1 (flower)";
  if (r.flowers > 8) return "more than eight flowers";
  return nullptr;
}

WinInput to_input(const WinRecord& r) {
  WinInput in;
  for (std::size_t k = 0; k < 35; ++k) in.concealed[k] = r.counts[k];
  in.nmelds = r.nmelds;
  for (int i = 0; i < r.nmelds; ++i)
    in.melds[static_cast<std::size_t>(i)] = {static_cast<SetKind>(r.melds[i].kind), r.melds[i].first,
                                             r.melds[i].concealed != 0};
  in.context = ContextIn{r.winning,   r.by,           r.replacement,    r.seat_wind == 255 ? -1 : r.seat_wind,
                         r.prevailing_wind == 255 ? -1 : r.prevailing_wind, r.last_of_wall != 0,
                         r.last_tile != 0, r.flowers};
  return in;
}

void to_record(const WinOutput& out, ScoredRecord& r) {
  r.refusal = static_cast<std::uint8_t>(out.refusal);
  r.form = static_cast<std::uint8_t>(out.form);
  r.nmelds = out.nmelds;
  r.nsets = out.nsets;
  r.winning_set = out.winning_set;
  r.wait = out.wait;
  r.nfans = out.nfans;
  r.basic = out.basic;
  r.flowers = out.flowers;
  for (std::size_t i = 0; i < kMaxSets; ++i) {
    const SetOut& s = out.sets[i];
    r.sets[i] = {static_cast<std::uint8_t>(s.kind), s.first, static_cast<std::uint8_t>(s.concealed), s.copies};
  }
  for (std::size_t i = 0; i < kMaxFans; ++i) r.fans[i] = {out.fans[i].number, out.fans[i].times, out.fans[i].points};
}

// -- reading Hands and WinContexts ---------------------------------------------------------

// The attribute names read, interned once (a name built from a C string on every read
// costs more than scoring a simple hand).
struct Names {
  PyObject *counts, *melds, *flowers, *kind, *tiles, *concealed, *winning, *by, *replacement, *seat_wind,
      *prevailing_wind, *last_of_wall, *last_tile;
};
const Names& names() {
  static const Names n = {
      PyUnicode_InternFromString("counts"),      PyUnicode_InternFromString("melds"),
      PyUnicode_InternFromString("flowers"),     PyUnicode_InternFromString("kind"),
      PyUnicode_InternFromString("tiles"),       PyUnicode_InternFromString("concealed"),
      PyUnicode_InternFromString("winning"),     PyUnicode_InternFromString("by"),
      PyUnicode_InternFromString("replacement"), PyUnicode_InternFromString("seat_wind"),
      PyUnicode_InternFromString("prevailing_wind"), PyUnicode_InternFromString("last_of_wall"),
      PyUnicode_InternFromString("last_tile")};
  return n;
}

py::object attr(PyObject* o, PyObject* name) {
  PyObject* v = PyObject_GetAttr(o, name);
  if (!v) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(v);
}

// An int in [low, high], else `outside` (however large it is); a TypeError if not an int.
int int_in(PyObject* v, long low, long high, int outside, const char* what) {
  if (!PyLong_Check(v)) throw py::type_error(std::string(what) + " must be an int");
  int overflow = 0;
  const long n = PyLong_AsLongAndOverflow(v, &overflow);
  if (n == -1 && PyErr_Occurred()) throw py::error_already_set();
  if (overflow || n < low || n > high) return outside;
  return static_cast<int>(n);
}

// The int objects 0..4, held for the life of the module (CPython shares small ints, so a
// count read from a Hand is usually one of these very objects).
const std::array<PyObject*, 5>& small_counts() {
  static const std::array<PyObject*, 5> made = {PyLong_FromLong(0), PyLong_FromLong(1), PyLong_FromLong(2),
                                                PyLong_FromLong(3), PyLong_FromLong(4)};
  return made;
}

bool truth(PyObject* v) {
  const int t = PyObject_IsTrue(v);
  if (t < 0) throw py::error_already_set();
  return t != 0;
}

// The enum members the scorer's encodings name, by index (mahjongkit.mcr.scoring._cpp).
struct WinReader {
  std::vector<py::object> meld_kinds, win_by, replacements;

  int index(const std::vector<py::object>& members, PyObject* v, const char* what) const {
    for (std::size_t i = 0; i < members.size(); ++i)
      if (members[i].ptr() == v) return static_cast<int>(i);
    throw py::type_error(std::string(what) + " is not one of its enum's members");
  }

  // Reads a Hand-like value (counts, melds, flowers) and a WinContext.
  void read(PyObject* hand, PyObject* context, WinRecord& r) const {
    const Names& N = names();
    const py::object counts = attr(hand, N.counts);
    const py::object cs = py::reinterpret_steal<py::object>(PySequence_Fast(counts.ptr(), "counts must be a sequence"));
    if (!cs) throw py::error_already_set();
    // 35 entries (index 0 unused); a hand-like value may list the bonus kinds too, as zeros
    const Py_ssize_t ncounts = PySequence_Fast_GET_SIZE(cs.ptr());
    if (ncounts < 35) throw py::value_error("counts needs 35 entries");
    PyObject** items = PySequence_Fast_ITEMS(cs.ptr());
    for (Py_ssize_t k = 35; k < ncounts; ++k)
      if (int_in(items[k], 0, 0, -1, "a count") != 0) throw py::value_error("a bonus tile among the counts");
    r.counts[0] = 0;
    const std::array<PyObject*, 5>& small = small_counts();
    for (std::size_t k = 1; k < 35; ++k) {
      // a count is nearly always one of CPython's shared small ints: compared by identity
      // first, converted only otherwise (the conversion is most of the reading's cost)
      PyObject* item = items[k];
      int n = item == small[0] ? 0 : item == small[1] ? 1 : item == small[2] ? 2 : item == small[3] ? 3
              : item == small[4] ? 4 : -2;
      if (n == -2) n = int_in(item, 0, 4, -1, "a count");
      if (n < 0) throw py::value_error("a count out of range");  // the Python checks name it first
      r.counts[k] = static_cast<std::uint8_t>(n);
    }
    const py::object melds = attr(hand, N.melds);
    const py::object ms = py::reinterpret_steal<py::object>(PySequence_Fast(melds.ptr(), "melds must be a sequence"));
    if (!ms) throw py::error_already_set();
    const Py_ssize_t nmelds = PySequence_Fast_GET_SIZE(ms.ptr());
    if (nmelds > 4) throw py::value_error("at most four melds");
    r.nmelds = static_cast<std::uint8_t>(nmelds);
    PyObject** meld_items = PySequence_Fast_ITEMS(ms.ptr());
    for (Py_ssize_t i = 0; i < nmelds; ++i) {
      PyObject* m = meld_items[i];
      const int kind = index(meld_kinds, attr(m, N.kind).ptr(), "a meld's kind");
      const py::object tiles = attr(m, N.tiles);
      if (!PyTuple_Check(tiles.ptr()) || PyTuple_GET_SIZE(tiles.ptr()) < 3) throw py::type_error("a meld's tiles");
      const int first = int_in(PyTuple_GET_ITEM(tiles.ptr(), 0), 1, 34, 0, "a meld's tile");
      if (!first || (kind == 0 && (first > 27 || (first - 1) % 9 > 6))) throw py::value_error("a meld out of range");
      r.melds[i] = {static_cast<std::uint8_t>(kind), static_cast<std::uint8_t>(first),
                    static_cast<std::uint8_t>(truth(attr(m, N.concealed).ptr()))};
    }
    const Py_ssize_t flowers = PyObject_Length(attr(hand, N.flowers).ptr());
    if (flowers < 0) throw py::error_already_set();
    r.flowers = static_cast<std::uint8_t>(std::min<Py_ssize_t>(flowers, 8));

    // a winning tile that is not an int (or is a bool) is refused as the Python checks do
    const py::object winning = attr(context, N.winning);
    r.winning = PyBool_Check(winning.ptr()) || !PyLong_Check(winning.ptr())
                    ? 0
                    : static_cast<std::uint8_t>(int_in(winning.ptr(), 1, 34, 0, "winning"));
    r.by = static_cast<std::uint8_t>(index(win_by, attr(context, N.by).ptr(), "by"));
    const py::object replacement = attr(context, N.replacement);
    r.replacement = replacement.is_none()
                        ? -1
                        : static_cast<std::int8_t>(index(replacements, replacement.ptr(), "replacement"));
    r.seat_wind = static_cast<std::uint8_t>(int_in(attr(context, N.seat_wind).ptr(), 0, 3, 255, "seat_wind"));
    r.prevailing_wind =
        static_cast<std::uint8_t>(int_in(attr(context, N.prevailing_wind).ptr(), 0, 3, 255, "prevailing_wind"));
    r.last_of_wall = truth(attr(context, N.last_of_wall).ptr());
    r.last_tile = truth(attr(context, N.last_tile).ptr());
  }
};

// -- one answer as Python sees it: a ScoredHand, a struct sequence of named plain values ------

PyStructSequence_Field kScoredFields[] = {
    {"refusal", "the Refusal code; 0 when the hand was scored"},
    {"basic", "the points of every fan but the flowers"},
    {"flowers", "the points of the flowers"},
    {"form", "the Form index of the arrangement"},
    {"nmelds", "how many of the sets are melds (they come first)"},
    {"winning_set", "the index of the set holding the winning tile, or -1"},
    {"wait", "the Wait index of the winning tile's set, or -1"},
    {"sets", "(SetKind index, first tile, concealed, copies) of each set, the pair last"},
    {"fans", "(number, times, points) of each fan, in the tally's order"},
    {nullptr, nullptr}};
PyStructSequence_Desc kScoredDesc = {"mahjongkit._core.mcr.ScoredHand",
                                     "One hand's answer: a refusal code, or the best arrangement and its fans.",
                                     kScoredFields, 9};
PyTypeObject* scored_hand_type = nullptr;

PyObject* small(long v) { return PyLong_FromLong(v); }

// The (kind, first, concealed, copies) and (number, times, points) tuples of the answers,
// each built once and shared (a few hundred cover every hand; they are immutable), so an
// answer costs two tuples of borrowed items and not one allocation per set and fan. The
// tables are kept small (a few KB, so they stay in the cache): sets by their valid keys
// only, fans by (number, times) with the points checked, as a fan's points are the
// ruleset's and only change when another ruleset is scored.
PyObject* set_tuple(const SetOut& x) {
  static std::array<PyObject*, 6 * 35 * 2 * 5> cache{};  // SetKind, kind 0..34, concealed, copies 0..4
  const auto kind = static_cast<std::size_t>(x.kind);
  const bool cached = kind < 6 && x.first < 35 && x.copies < 5;
  PyObject* made = nullptr;
  PyObject** slot = cached ? &cache[((kind * 35 + x.first) * 2 + (x.concealed ? 1 : 0)) * 5 + x.copies] : &made;
  if (!*slot) {
    *slot = Py_BuildValue("(iiNi)", static_cast<int>(x.kind), static_cast<int>(x.first), PyBool_FromLong(x.concealed),
                          static_cast<int>(x.copies));
    if (!*slot) throw py::error_already_set();
  }
  if (cached) Py_INCREF(*slot);
  return *slot;
}

PyObject* fan_tuple(const FanOut& x) {
  static std::array<PyObject*, kFanSlots * 9> cache{};  // times 1..8
  static std::array<int, kFanSlots * 9> points{};
  if (x.times > 8) {
    PyObject* made = Py_BuildValue("(iii)", static_cast<int>(x.number), static_cast<int>(x.times),
                                   static_cast<int>(x.points));
    if (!made) throw py::error_already_set();
    return made;
  }
  const std::size_t key = static_cast<std::size_t>(x.number) * 9 + x.times;
  PyObject*& slot = cache[key];
  if (!slot || points[key] != x.points) {
    PyObject* made = Py_BuildValue("(iii)", static_cast<int>(x.number), static_cast<int>(x.times),
                                   static_cast<int>(x.points));
    if (!made) throw py::error_already_set();
    Py_XDECREF(slot);
    slot = made;
    points[key] = x.points;
  }
  Py_INCREF(slot);
  return slot;
}

py::object to_python(const WinOutput& o) {
  PyObject* t = PyStructSequence_New(scored_hand_type);
  if (!t) throw py::error_already_set();
  const py::object answer = py::reinterpret_steal<py::object>(t);
  PyObject* sets = PyTuple_New(o.nsets);
  if (!sets) throw py::error_already_set();
  PyStructSequence_SET_ITEM(t, 7, sets);
  for (Py_ssize_t i = 0; i < o.nsets; ++i) PyTuple_SET_ITEM(sets, i, set_tuple(o.sets[static_cast<std::size_t>(i)]));
  PyObject* fans = PyTuple_New(o.nfans);
  if (!fans) throw py::error_already_set();
  PyStructSequence_SET_ITEM(t, 8, fans);
  for (Py_ssize_t i = 0; i < o.nfans; ++i) PyTuple_SET_ITEM(fans, i, fan_tuple(o.fans[static_cast<std::size_t>(i)]));
  PyStructSequence_SET_ITEM(t, 0, small(static_cast<long>(o.refusal)));
  PyStructSequence_SET_ITEM(t, 1, small(o.basic));
  PyStructSequence_SET_ITEM(t, 2, small(o.flowers));
  PyStructSequence_SET_ITEM(t, 3, small(static_cast<long>(o.form)));
  PyStructSequence_SET_ITEM(t, 4, small(o.nmelds));
  PyStructSequence_SET_ITEM(t, 5, small(o.winning_set));
  PyStructSequence_SET_ITEM(t, 6, small(o.wait));
  return answer;
}

// A bound value from its Python object; the last one seen is remembered (and kept alive), as a
// caller passes the same reader and rules on every call and pybind11's cast is a type lookup.
template <class T>
const T& cached(PyObject* o) {
  static PyObject* last = nullptr;
  static const T* value = nullptr;
  if (o != last) {
    const T& fresh = py::cast<const T&>(py::handle(o));
    Py_INCREF(o);
    Py_XDECREF(last);
    last = o;
    value = &fresh;
  }
  return *value;
}

// The body of a function bound through the C API: its answer, or nullptr with the Python error
// set from what it threw, as pybind11 sets it for the functions it binds.
template <class Body>
PyObject* answer_or_error(Body&& body) {
  try {
    return body();
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (py::builtin_exception& e) {
    e.set_error();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}

// score_hand through the C API with vectorcall (pybind11's dispatch costs more than reading
// the hand): positional or keyword arguments hand, context, reader, rules.
PyObject* score_hand(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return answer_or_error([&]() -> PyObject* {
    static const char* const kNames[] = {"hand", "context", "reader", "rules"};
    std::array<PyObject*, 4> a{};
    if (nargs > 4) throw py::type_error("score_hand takes four arguments");
    for (Py_ssize_t i = 0; i < nargs; ++i) a[static_cast<std::size_t>(i)] = args[i];
    const Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t k = 0; k < nkw; ++k) {
      PyObject* key = PyTuple_GET_ITEM(kwnames, k);
      std::size_t slot = 4;
      for (std::size_t j = 0; j < 4; ++j)
        if (PyUnicode_CompareWithASCIIString(key, kNames[j]) == 0) slot = j;
      if (slot == 4 || a[slot]) throw py::type_error("score_hand: unexpected or repeated argument");
      a[slot] = args[nargs + k];
    }
    for (PyObject* given : a)
      if (!given) throw py::type_error("score_hand needs hand, context, reader and rules");
    const WinReader& reader = cached<WinReader>(a[2]);
    const ScoreRules& rules = cached<ScoreRules>(a[3]);
    WinRecord record;
    reader.read(a[0], a[1], record);
    WinOutput out;
    score_win(to_input(record), rules, out);
    return to_python(out).release().ptr();
  });
}

// -- score(): one call from Python to a Tally -------------------------------------------------
//
// The per-call path of mahjongkit.mcr.scoring._cpp.score_one, written here once it is bound
// (bind_scorer): read the hand, score it, and answer the Tally itself, built as Tally.lazy
// builds it (its eight slots set through their member descriptors' offsets), so a call costs
// no Python frame of its own. A refusal is worded by the adapter's `refusal` (the reference's
// checks) and raised. The last ruleset's ScoreRules, name and minimum are remembered (a
// caller scores many hands under one ruleset); the ruleset is held, so its id stays its own.
struct TallyScorer {
  py::object reader, tally_type, parts, score_rules, refusal;
  std::array<Py_ssize_t, 8> offset{};  // _fans _split _found _parts _ruleset _minimum _basic _flowers
  py::object ruleset, rules, name, minimum;
  const ScoreRules* bound = nullptr;
};
TallyScorer* tally_scorer = nullptr;

Py_ssize_t slot_offset(const py::object& type, const char* name) {
  const py::object descriptor = type.attr(name);
  if (!PyObject_TypeCheck(descriptor.ptr(), &PyMemberDescr_Type))
    throw py::type_error(std::string(name) + " is not a slot");
  const PyMemberDef* member = reinterpret_cast<PyMemberDescrObject*>(descriptor.ptr())->d_member;
  if (member->type != T_OBJECT_EX) throw py::type_error(std::string(name) + " is not an object slot");
  return member->offset;
}

void set_slot(PyObject* object, Py_ssize_t offset, PyObject* value) {
  PyObject** slot = reinterpret_cast<PyObject**>(reinterpret_cast<char*>(object) + offset);
  Py_INCREF(value);
  Py_XSETREF(*slot, value);
}

PyObject* score_tally(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return answer_or_error([&]() -> PyObject* {
    TallyScorer* S = tally_scorer;
    if (!S) throw py::type_error("the scorer is not bound");
    if (nargs != 3 || (kwnames && PyTuple_GET_SIZE(kwnames)))
      throw py::type_error("score_tally takes hand, context and ruleset");
    PyObject *hand = args[0], *context = args[1], *ruleset = args[2];
    if (ruleset != S->ruleset.ptr()) {
      py::object rules = py::reinterpret_borrow<py::object>(S->score_rules)(py::handle(ruleset));
      const ScoreRules* bound = &rules.cast<const ScoreRules&>();
      py::object name = py::handle(ruleset).attr("name"), minimum = py::handle(ruleset).attr("minimum");
      S->ruleset = py::reinterpret_borrow<py::object>(ruleset);
      S->rules = std::move(rules);
      S->name = std::move(name);
      S->minimum = std::move(minimum);
      S->bound = bound;
    }
    WinRecord record;
    S->reader.cast<const WinReader&>().read(hand, context, record);
    WinOutput out;
    score_win(to_input(record), *S->bound, out);
    if (out.refusal != Refusal::None) {
      const py::object error = S->refusal(static_cast<int>(out.refusal), py::handle(hand), py::handle(context),
                                          py::handle(ruleset));
      PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(error.ptr())), error.ptr());
      return nullptr;
    }
    const py::object found = to_python(out);
    auto* type = reinterpret_cast<PyTypeObject*>(S->tally_type.ptr());
    PyObject* t = type->tp_alloc(type, 0);
    if (!t) throw py::error_already_set();
    const auto& o = S->offset;
    const py::object basic = py::int_(out.basic), flowers = py::int_(out.flowers);
    set_slot(t, o[0], Py_None);
    set_slot(t, o[1], Py_None);
    set_slot(t, o[2], found.ptr());
    set_slot(t, o[3], S->parts.ptr());
    set_slot(t, o[4], S->name.ptr());
    set_slot(t, o[5], S->minimum.ptr());
    set_slot(t, o[6], basic.ptr());
    set_slot(t, o[7], flowers.ptr());
    return t;
  });
}

PyMethodDef kScoreTally = {
    "score_tally", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(score_tally)), METH_FASTCALL | METH_KEYWORDS,
    "score_tally($module, hand, context, ruleset, /)\n--\n\n"
    "Check and score one hand into a lazy Tally (bind_scorer first); a refusal is raised."};

void bind_scorer(const py::object& reader, const py::object& tally_type, const py::object& parts,
                 const py::object& score_rules, const py::object& refusal) {
  reader.cast<const WinReader&>();  // a TypeError now, not at the first call
  if (!PyType_Check(tally_type.ptr())) throw py::type_error("tally_type is a type");
  auto* fresh = new TallyScorer{reader, tally_type, parts, score_rules, refusal, {}, {}, {}, {}, {}, nullptr};
  const char* const names[] = {"_fans", "_split", "_found", "_parts", "_ruleset", "_minimum", "_basic", "_flowers"};
  try {
    for (std::size_t i = 0; i < fresh->offset.size(); ++i) fresh->offset[i] = slot_offset(tally_type, names[i]);
  } catch (...) {
    delete fresh;
    throw;
  }
  // bound once by the adapter; a second binding replaces the first, which is not freed (its
  // objects are few, and a call into Python from score_tally may still be using them)
  tally_scorer = fresh;
}

PyMethodDef kScoreHand = {
    "score_hand", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(score_hand)),
    METH_FASTCALL | METH_KEYWORDS,
    "score_hand($module, /, hand, context, reader, rules)\n--\n\n"
    "Check and score one hand (a Hand-like value and a WinContext): a ScoredHand."};

// NumPy is imported, and the records' dtypes registered, on the first call that needs them, not
// when _core loads: a program that only asks for shanten (a Botzone bot started for one answer)
// should not pay for loading NumPy. Always called with the GIL held, so a plain flag suffices.
void register_dtypes() {
  static bool registered = false;
  if (registered) return;
  PYBIND11_NUMPY_DTYPE(MeldRecord, kind, first, concealed);
  PYBIND11_NUMPY_DTYPE(WinRecord, counts, nmelds, melds, winning, by, replacement, seat_wind, prevailing_wind,
                       last_of_wall, last_tile, flowers);
  PYBIND11_NUMPY_DTYPE(SetRecord, kind, first, concealed, copies);
  PYBIND11_NUMPY_DTYPE(FanRecord, number, times, points);
  PYBIND11_NUMPY_DTYPE(ScoredRecord, refusal, form, nmelds, nsets, winning_set, wait, nfans, basic, flowers, sets,
                       fans);
  registered = true;
}

// An argument as a C-contiguous array of T (converted as pybind11's own argument caster would);
// the caster cannot be used in the signature, since it needs the dtype before the call registers it.
template <class T>
py::array_t<T, py::array::c_style> records_of(const py::handle& value, const char* name) {
  register_dtypes();
  auto array = py::array_t<T, py::array::c_style>::ensure(value);
  if (!array) throw py::type_error(std::string(name) + " must be an array of the core's records");
  return array;
}

py::array_t<WinRecord> pack_wins(const py::sequence& hands, const py::sequence& contexts, const WinReader& reader) {
  register_dtypes();
  const auto n = static_cast<py::ssize_t>(hands.size());
  if (static_cast<py::ssize_t>(contexts.size()) != n) throw py::value_error("as many contexts as hands");
  py::array_t<WinRecord> wins(n);
  WinRecord* rows = wins.mutable_data();
  for (py::ssize_t i = 0; i < n; ++i) reader.read(hands[static_cast<std::size_t>(i)].ptr(),
                                                  contexts[static_cast<std::size_t>(i)].ptr(), rows[i]);
  return wins;
}

py::array_t<ScoredRecord> score_wins(const py::object& records, const ScoreRules& rules) {
  const auto wins = records_of<WinRecord>(records, "wins");
  const auto n = wins.size();
  py::array_t<ScoredRecord> scored(n);
  const WinRecord* in = wins.data();
  ScoredRecord* out = scored.mutable_data();
  py::ssize_t bad = -1;
  const char* problem = nullptr;
  {
    py::gil_scoped_release release;
    WinOutput one;
    for (py::ssize_t i = 0; i < n; ++i) {
      // a copy, checked then read: another thread may write the array while the GIL is released
      const WinRecord record = in[i];
      problem = record_problem(record);
      if (problem) {
        bad = i;
        break;
      }
      score_win(to_input(record), rules, one);
      to_record(one, out[i]);
    }
  }
  if (problem) throw py::value_error("win record " + std::to_string(bad) + " is not valid: " + problem);
  return scored;
}

py::object scored_at(const py::object& records, py::ssize_t index) {
  const auto scored = records_of<ScoredRecord>(records, "scored");
  if (index < 0 || index >= scored.size()) throw py::index_error("no such scored hand");
  const ScoredRecord& r = scored.data()[index];
  WinOutput o;
  o.refusal = static_cast<Refusal>(r.refusal);
  o.form = static_cast<Form>(r.form);
  o.nmelds = r.nmelds;
  o.nsets = r.nsets;
  o.winning_set = r.winning_set;
  o.wait = r.wait;
  o.nfans = r.nfans;
  o.basic = r.basic;
  o.flowers = r.flowers;
  for (std::size_t i = 0; i < kMaxSets; ++i)
    o.sets[i] = {static_cast<SetKind>(r.sets[i].kind), r.sets[i].first, r.sets[i].concealed != 0, r.sets[i].copies};
  for (std::size_t i = 0; i < kMaxFans; ++i) o.fans[i] = {r.fans[i].number, r.fans[i].times, r.fans[i].points};
  return to_python(o);
}

FanSet fan_set(const std::vector<int>& fans) {
  FanSet s;
  for (int f : fans) {
    if (f < 1 || f >= kFanSlots) throw py::value_error("fan number out of range: " + std::to_string(f));
    s.set(f);
  }
  return s;
}

template <class T>
void fill(std::array<T, kFanSlots>& out, const std::vector<int>& in, const char* what) {
  if (in.size() != kFanSlots) throw py::value_error(std::string(what) + " needs 83 entries");
  for (std::size_t i = 0; i < kFanSlots; ++i) out[i] = static_cast<T>(in[i]);
}

}  // namespace

void register_mcr_score(py::module_& m) {
  // WIN_DTYPE and SCORED_DTYPE are looked up through the module's __getattr__ (PEP 562), so
  // loading _core does not import NumPy
  m.def(
      "__getattr__",
      [](const std::string& name) -> py::object {
        // (pybind11 asks for every name it defines after this one: only these two import NumPy)
        if (name == "WIN_DTYPE" || name == "SCORED_DTYPE") {
          register_dtypes();
          if (name == "WIN_DTYPE") return py::dtype::of<WinRecord>();
          return py::dtype::of<ScoredRecord>();
        }
        throw py::attribute_error("module 'mahjongkit._core.mcr' has no attribute '" + name + "'");
      },
      py::arg("name"));

  py::class_<ScoreRules>(m, "ScoreRules", "A ruleset and the fan table's data, for the scorer.")
      .def(py::init([](const std::vector<int>& points, const std::vector<std::vector<int>>& excludes,
                       const std::vector<std::vector<int>>& absorbs, const std::vector<int>& group,
                       const std::vector<int>& arity, const std::vector<int>& forms, const std::vector<int>& checkers,
                       const std::vector<int>& about_the_win, int mixed_kong_number, int mixed_kong_points,
                       int concealed_form_self_drawn, const std::vector<int>& concealed_forms,
                       const std::vector<std::vector<int>>& nine_gates_extras, bool many_kongs_award_concealed,
                       bool robbing_on_last_tile, bool knit_holds_winning_tile,
                       const std::vector<std::pair<std::vector<int>, std::vector<int>>>& conditional_excludes) {
             ScoreRules r;
             fill(r.points, points, "points");
             fill(r.group, group, "group");
             fill(r.arity, arity, "arity");
             fill(r.forms, forms, "forms");
             if (excludes.size() != kFanSlots || absorbs.size() != kFanSlots)
               throw py::value_error("excludes and absorbs need 83 entries");
             for (std::size_t i = 0; i < kFanSlots; ++i) {
               r.excludes[i] = fan_set(excludes[i]);
               r.absorbs[i] = fan_set(absorbs[i]);
             }
             r.has_checker = fan_set(checkers);
             r.about_the_win = fan_set(about_the_win);
             r.mixed_kong_number = mixed_kong_number;
             r.mixed_kong_points = mixed_kong_points;
             r.concealed_form_self_drawn = concealed_form_self_drawn;
             r.concealed_forms = fan_set(concealed_forms);
             if (nine_gates_extras.size() != 10) throw py::value_error("nine_gates_extras needs 10 entries");
             for (std::size_t i = 0; i < 10; ++i) r.nine_gates_extras[i] = nine_gates_extras[i];
             r.many_kongs_award_concealed = many_kongs_award_concealed;
             r.robbing_on_last_tile = robbing_on_last_tile;
             r.knit_holds_winning_tile = knit_holds_winning_tile;
             for (const auto& [when, drop] : conditional_excludes)
               r.conditional_excludes.push_back({fan_set(when), fan_set(drop)});
             r.derive();
             return r;
           }),
           py::arg("points"), py::arg("excludes"), py::arg("absorbs"), py::arg("group"), py::arg("arity"),
           py::arg("forms"), py::arg("checkers"), py::arg("about_the_win"), py::arg("mixed_kong_number"),
           py::arg("mixed_kong_points"), py::arg("concealed_form_self_drawn"), py::arg("concealed_forms"),
           py::arg("nine_gates_extras"), py::arg("many_kongs_award_concealed"), py::arg("robbing_on_last_tile"),
           py::arg("knit_holds_winning_tile"), py::arg("conditional_excludes"));

  py::class_<WinReader>(m, "WinReader", "Reads Hands and WinContexts; the enum members by index.")
      .def(py::init([](const py::tuple& meld_kinds, const py::tuple& win_by, const py::tuple& replacements) {
             WinReader r;
             for (const auto& o : meld_kinds) r.meld_kinds.push_back(py::reinterpret_borrow<py::object>(o));
             for (const auto& o : win_by) r.win_by.push_back(py::reinterpret_borrow<py::object>(o));
             for (const auto& o : replacements) r.replacements.push_back(py::reinterpret_borrow<py::object>(o));
             if (r.meld_kinds.size() != 3 || r.win_by.size() != 3 || r.replacements.size() != 2)
               throw py::value_error("three meld kinds, three ways to win, two replacements");
             return r;
           }),
           py::arg("meld_kinds"), py::arg("win_by"), py::arg("replacements"));

  scored_hand_type = PyStructSequence_NewType(&kScoredDesc);
  if (!scored_hand_type) throw py::error_already_set();
  m.add_object("ScoredHand", py::reinterpret_steal<py::object>(reinterpret_cast<PyObject*>(scored_hand_type)));
  PyObject* fast = PyCFunction_NewEx(&kScoreHand, m.ptr(), m.attr("__name__").ptr());
  if (!fast) throw py::error_already_set();
  m.add_object("score_hand", py::reinterpret_steal<py::object>(fast));
  PyObject* tally = PyCFunction_NewEx(&kScoreTally, m.ptr(), m.attr("__name__").ptr());
  if (!tally) throw py::error_already_set();
  m.add_object("score_tally", py::reinterpret_steal<py::object>(tally));
  m.def("bind_scorer", &bind_scorer, py::arg("reader"), py::arg("tally_type"), py::arg("parts"),
        py::arg("score_rules"), py::arg("refusal"),
        "Bind score_tally to the reader, the Tally type (its slots), the parts that build its fans "
        "and split, and the adapter's score_rules and refusal functions.");
  m.def("pack_wins", &pack_wins, py::arg("hands"), py::arg("contexts"), py::arg("reader"),
        "Hands and their contexts as an array of WIN_DTYPE records.");
  m.def("score_wins", &score_wins, py::arg("wins"), py::arg("rules"),
        "Score an array of WIN_DTYPE records into SCORED_DTYPE records, the GIL released.");
  m.def("scored_at", &scored_at, py::arg("scored"), py::arg("index"), "One record of score_wins' answer.");
  m.def("checker_registered", &checker_registered, py::arg("number"),
        "Whether the C++ scorer has a checker for fan `number`.");
}
