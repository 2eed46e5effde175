#pragma once
// fit{}: least-squares calibration of model parameters from measured times (seed 001 eq. 21
// fits tau and beta from runs on 2 and 4 processors). Parameters that enter the model linearly
// are fitted exactly by linear least squares; others by Levenberg-Marquardt.

#include <lua.hpp>

namespace scalerun::study {

// Reads the fit table at index 1; returns the kernel configured with the fitted values and
// records a "fit" section (values and residuals).
int fit_native(lua_State* L);

}  // namespace scalerun::study
