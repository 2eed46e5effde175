#pragma once
// The canonical text of a configuration, the key --resume matches stored points on. Two sweeps
// that mean the same point must produce the same text, whatever order they list parameters in.

#include <map>
#include <string>

namespace scalerun::store {

// "p=8,n=1000,m=0.5": p first, then the parameters in name order, each value in the shortest
// form that reads back to the same double (so 1000 and 1e3 agree, and 0.1 stays 0.1).
std::string point_key(double p, const std::map<std::string, double>& params);

}  // namespace scalerun::store
