// NAS CG over MPI: NPB's matrix (kernels/native/npb/cg_matrix.hpp, built on every rank), its rows
// split in proportion to the marked speeds (SCALERUN_SPEEDS). Every rank keeps its rows of x, z,
// q, r and the whole of p: each inner iteration multiplies its rows by p, reduces the two dot
// products with MPI_Allreduce and gathers p's new rows with MPI_Allgatherv; the residual of each
// inner solve gathers z the same way. One untimed outer iteration first, then niter timed ones,
// as NPB does. Rank 0 verifies zeta against NPB 3.4's value within 1e-10 for classes S, W, A;
// for other sizes it checks zeta is finite and the last residual below 1e-8.
//
//   scalerun-mpi-cg --na 1400 --nonzer 7 --niter 15 --shift 10     (class S; kernels/mpi_cg.lua)

#include <mpi.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "kernels/mpi/mpi_kernel.hpp"
#include "kernels/native/npb/cg.hpp"
#include "kernels/native/npb/cg_matrix.hpp"
#include "kernels/native/npb/npb_classes.hpp"
#include "scalerun_region.h"

namespace {

namespace npb = scalerun::kernels::npb;

// This rank's rows and how to put the whole vector together from everyone's.
struct Rows {
  int lo = 0, hi = 0;
  std::vector<int> counts, first;

  double dot(const std::vector<double>& u, const std::vector<double>& v) const {
    double local = 0;
    for (int i = lo; i < hi; ++i) local += u[static_cast<std::size_t>(i)] * v[static_cast<std::size_t>(i)];
    double sum = 0;
    MPI_Allreduce(&local, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    return sum;
  }
  void gather(std::vector<double>& v) const {
    MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, v.data(), counts.data(), first.data(), MPI_DOUBLE,
                   MPI_COMM_WORLD);
  }
};

// NPB's conj_grad on this rank's rows; returns ||x - A z||.
double conj_grad(const npb::CsrMatrix& a, const Rows& rows, npb::CgVectors& v) {
  const auto lo = static_cast<std::size_t>(rows.lo), hi = static_cast<std::size_t>(rows.hi);
  for (std::size_t i = lo; i < hi; ++i) {
    v.q[i] = 0;
    v.z[i] = 0;
    v.r[i] = v.x[i];
    v.p[i] = v.r[i];
  }
  rows.gather(v.p);
  double rho = rows.dot(v.r, v.r);
  for (int it = 0; it < npb::kCgInnerIterations; ++it) {
    npb::multiply_rows(a, v.p.data(), v.q.data(), lo, hi);
    const double alpha = rho / rows.dot(v.p, v.q);
    const double rho0 = rho;
    for (std::size_t i = lo; i < hi; ++i) {
      v.z[i] += alpha * v.p[i];
      v.r[i] -= alpha * v.q[i];
    }
    rho = rows.dot(v.r, v.r);
    const double beta = rho / rho0;
    for (std::size_t i = lo; i < hi; ++i) v.p[i] = v.r[i] + beta * v.p[i];
    rows.gather(v.p);
  }
  rows.gather(v.z);
  npb::multiply_rows(a, v.z.data(), v.r.data(), lo, hi);
  double local = 0;
  for (std::size_t i = lo; i < hi; ++i) local += (v.x[i] - v.r[i]) * (v.x[i] - v.r[i]);
  double sum = 0;
  MPI_Allreduce(&local, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return std::sqrt(sum);
}

// One outer iteration: zeta = shift + 1 / (x . z), x = z / ||z||.
double outer_iteration(const npb::CsrMatrix& a, const Rows& rows, double shift, npb::CgVectors& v, double& rnorm) {
  rnorm = conj_grad(a, rows, v);
  const double xz = rows.dot(v.x, v.z);
  const double scale = 1.0 / std::sqrt(rows.dot(v.z, v.z));
  for (int i = rows.lo; i < rows.hi; ++i) v.x[static_cast<std::size_t>(i)] = scale * v.z[static_cast<std::size_t>(i)];
  return shift + 1.0 / xz;
}

}  // namespace

int main(int argc, char** argv) {
  namespace k = scalerun::mpi_kernels;
  const k::World world = k::start(&argc, &argv);
  const int rank = world.rank, size = world.size;
  const k::Arguments args = k::parse_arguments(argc, argv, {"na", "nonzer", "niter", "shift"});
  const auto na = static_cast<std::uint64_t>(args.get("na", 1400));
  const auto nonzer = static_cast<std::uint64_t>(args.get("nonzer", 7));
  const auto niter = static_cast<std::uint64_t>(args.get("niter", 15));
  const auto shift = static_cast<std::uint64_t>(args.get("shift", 10));
  const npb::CsrMatrix a = npb::make_cg_matrix(na, nonzer, static_cast<double>(shift));
  Rows rows;
  rows.counts = k::proportional_rows(static_cast<int>(na), k::marked_speeds(size));
  rows.first = k::offsets_of(rows.counts);
  rows.lo = rows.first[static_cast<std::size_t>(rank)];
  rows.hi = rows.lo + rows.counts[static_cast<std::size_t>(rank)];
  scalerun_value("rows", rows.hi - rows.lo);

  npb::CgVectors v(na);
  double rnorm = 0;
  outer_iteration(a, rows, static_cast<double>(shift), v, rnorm);  // untimed, as in NPB
  for (auto& x : v.x) x = 1.0;

  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  double zeta = 0;
  scalerun_begin("iterations");
  for (std::uint64_t it = 0; it < niter; ++it) zeta = outer_iteration(a, rows, static_cast<double>(shift), v, rnorm);
  scalerun_end("iterations");
  const double mine_seconds = MPI_Wtime() - start;
  const double seconds = k::slowest(mine_seconds);

  k::Outcome outcome;
  outcome.seconds = seconds;
  if (const auto cls = npb::find_cg_class(na, nonzer, niter, shift)) {
    const double error = std::abs(zeta - cls->zeta) / cls->zeta;
    outcome.verified = error <= 1e-10;
    outcome.message = fmt::format("class {}: zeta = {:.13f}, NPB 3.4 {:.13f}, relative error {:.2g} (limit 1e-10)",
                                  cls->name, zeta, cls->zeta, error);
  } else {
    outcome.verified = std::isfinite(zeta) && rnorm < 1e-8;
    outcome.message = fmt::format("no NPB class: zeta = {:.13f} finite, last residual {:.3g} (limit 1e-8)", zeta, rnorm);
  }
  outcome.figures["zeta"] = zeta;
  outcome.figures["rnorm"] = rnorm;
  return k::finish(outcome, world);
}
