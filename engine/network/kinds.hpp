#pragma once
// The factories of the network kinds, one file each; make_network (make_network.cpp) picks one.
// Each takes a spec that check_network_spec has accepted and checks what depends on p.

#include <memory>

#include "network/network.hpp"
#include "network/network_spec.hpp"

namespace scalerun::network {

std::unique_ptr<Network> make_bus(const NetworkSpec& spec, int p, Options options);
std::unique_ptr<Network> make_hypercube(const NetworkSpec& spec, int p, Options options);
std::unique_ptr<Network> make_grid(const NetworkSpec& spec, int p, Options options, bool wraparound);  // mesh, torus
std::unique_ptr<Network> make_fattree(const NetworkSpec& spec, int p, Options options);
std::unique_ptr<Network> make_rings(const NetworkSpec& spec, int p, Options options);
std::unique_ptr<Network> make_switched(const NetworkSpec& spec, int p, Options options);

}  // namespace scalerun::network
