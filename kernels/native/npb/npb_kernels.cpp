#include "kernels/native/kernel_groups.hpp"
#include "kernels/native/npb/cg.hpp"
#include "kernels/native/npb/ep.hpp"
#include "kernels/native/npb/is.hpp"

namespace scalerun::kernels {

void add_npb_kernels(KernelList& list) {
  static const npb::EpKernel ep;
  list.push_back(&ep);
  static const npb::IsKernel is;
  list.push_back(&is);
  static const npb::CgKernel cg;
  list.push_back(&cg);
}

}  // namespace scalerun::kernels
