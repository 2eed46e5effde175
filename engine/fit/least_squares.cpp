#include "fit/least_squares.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>
#include <unsupported/Eigen/NonLinearOptimization>

namespace scalerun::fit {

namespace {

// The functor shape Eigen's MINPACK port expects, over the caller's callables.
struct MinpackFunctor {
  using Scalar = double;
  using InputType = Eigen::VectorXd;
  using ValueType = Eigen::VectorXd;
  using JacobianType = Eigen::MatrixXd;
  enum { InputsAtCompileTime = Eigen::Dynamic, ValuesAtCompileTime = Eigen::Dynamic };

  const Problem& problem;
  Eigen::Index parameters;

  int operator()(const Eigen::VectorXd& theta, Eigen::VectorXd& r) const {
    problem.residuals(theta, r);
    return r.allFinite() ? 0 : -1;  // a negative value stops the search at the last good theta
  }
  int df(const Eigen::VectorXd& theta, Eigen::MatrixXd& jacobian) const {
    problem.jacobian(theta, jacobian);
    return jacobian.allFinite() ? 0 : -1;
  }
  int values() const { return static_cast<int>(problem.observations); }
  int inputs() const { return static_cast<int>(parameters); }
};

}  // namespace

double Solution::rms() const {
  return residuals.size() == 0 ? 0.0 : std::sqrt(residuals.squaredNorm() / static_cast<double>(residuals.size()));
}

Solution solve(const Problem& problem, Eigen::VectorXd start) {
  if (problem.observations < start.size()) {
    throw std::invalid_argument(fmt::format("{} observations cannot determine {} parameters", problem.observations,
                                            start.size()));
  }
  Solution s;
  s.linear = problem.linear;
  s.theta = std::move(start);
  if (problem.linear) {
    // r = r(theta0) + J (theta - theta0) exactly: one least-squares solve is the answer.
    Eigen::VectorXd r;
    Eigen::MatrixXd jacobian;
    problem.residuals(s.theta, r);
    problem.jacobian(s.theta, jacobian);
    s.theta += jacobian.colPivHouseholderQr().solve(-r);
    s.iterations = 1;
    s.method = "exact linear least squares";
  } else {
    MinpackFunctor functor{problem, s.theta.size()};  // Eigen keeps a non-const reference
    Eigen::LevenbergMarquardt<MinpackFunctor> lm(functor);
    lm.parameters.ftol = 1e-15;
    lm.parameters.xtol = 1e-14;
    lm.parameters.maxfev = 2000;
    lm.minimize(s.theta);
    s.iterations = static_cast<int>(lm.iter);
    s.method = fmt::format("Levenberg-Marquardt, {} iterations", s.iterations);
  }
  problem.residuals(s.theta, s.residuals);
  return s;
}

}  // namespace scalerun::fit
