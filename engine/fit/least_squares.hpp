#pragma once
// Least squares on plain numbers: theta minimising sum_i r_i(theta)^2 for residuals a caller
// computes (a kernel model against observations, for fit{}). No Lua, no model types: the caller
// supplies the residuals and their Jacobian, this module chooses and runs the solver.

#include <functional>
#include <string>

#include <Eigen/Dense>

namespace scalerun::fit {

struct Problem {
  Eigen::Index observations = 0;  // rows of the residual vector
  // r(theta), one entry per observation.
  std::function<void(const Eigen::VectorXd& theta, Eigen::VectorXd& residuals)> residuals;
  // dr/dtheta, observations x parameters.
  std::function<void(const Eigen::VectorXd& theta, Eigen::MatrixXd& jacobian)> jacobian;
  // True when r is affine in theta (a traced model whose derivatives do not depend on the fitted
  // parameters): one linear solve is then the exact answer.
  bool linear = false;
};

struct Solution {
  Eigen::VectorXd theta;
  Eigen::VectorXd residuals;  // at theta
  int iterations = 0;
  bool linear = false;
  std::string method;  // "exact linear least squares" or "Levenberg-Marquardt, N iterations"
  double rms() const;  // root mean square of the residuals
};

// Throws std::invalid_argument when there are fewer observations than parameters.
Solution solve(const Problem& problem, Eigen::VectorXd start);

}  // namespace scalerun::fit
