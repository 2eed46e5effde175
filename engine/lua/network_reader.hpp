#pragma once
// The reader of a machine's interconnect: machine.network and machine.topology (rings{}) into a
// network::NetworkSpec (fields in network/network_spec.hpp). It belongs to the Lua facade; the
// network models it feeds know nothing of Lua.

#include <optional>
#include <string>

#include <lua.hpp>

#include "network/network_spec.hpp"

namespace scalerun::lua {

// Reads machine.network and machine.topology of the machine table at `machine_index`. Messages are
// ScriptError "file:line: field 'network.x': ..." with the position of the user's calling line.
// Throws when the machine describes no network (simulate mode needs one).
network::NetworkSpec read_network_spec(lua_State* L, int machine_index);
// The same with an explicit "file:line: " prefix; std::nullopt when the machine has neither a
// network table nor a rings topology (for validate_machine, which accepts such machines).
std::optional<network::NetworkSpec> read_machine_network(lua_State* L, int machine_index, const std::string& where);

}  // namespace scalerun::lua
