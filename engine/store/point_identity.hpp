#pragma once
// A point's whole identity: everything beyond p and its numeric parameters (the point key) that
// decides what a measurement measured. --resume reuses a stored point only when its identity is
// the one the sweep would measure now; otherwise it measures again and says what differs.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scalerun::store {

struct PointIdentity {
  // Every parameter of the kernel at this point, of every type, as canonical text: numbers in
  // their shortest round-trip form, strings quoted, booleans true/false, lists in brackets.
  std::map<std::string, std::string> params;
  std::string native;    // the native kernel's registry name ("" none)
  std::string command;   // the expanded command line or MPI program line ("" none)
  std::string program;   // content hash of the program the command runs ("" none)
  std::string machine;   // where it ran: this host and CPU, or a cluster's hosts and slots
  std::string launcher;  // an MPI launcher: kind, command and options ("" none)
  std::map<std::string, std::string> environment;  // what the kernel sets for its program
  std::string build;     // scalerun's version, revision and build type (native kernels: the code measured)
  // What times a command or MPI kernel's run: the JSON figure it prints, "" for the wall clock
  // (timer = "wall" or none; left out of the text then, as identities stored before it were).
  std::string timer;

  bool operator==(const PointIdentity&) const = default;
};

// The canonical text stored with a point: JSON with its keys in name order, so two identities
// are equal exactly when their texts are, whatever order parameters were given in.
std::string identity_text(const PointIdentity& identity);

// The identity a stored text holds; nothing for a point stored before identities were kept
// (empty text) or for text that is not an identity.
std::optional<PointIdentity> parse_identity(std::string_view text);

// What differs between a stored identity and the one measured now, one phrase each, e.g.
// "the program's content changed", "parameter algo changed (\"light\" -> \"heavy\")".
std::vector<std::string> identity_differences(const PointIdentity& stored, const PointIdentity& now);

// A parameter's canonical text for a number: the shortest form that reads back to the same double.
std::string number_text(double value);

}  // namespace scalerun::store
