#include "kernels/native/kernel_groups.hpp"
#include "kernels/native/npb/cg.hpp"
#include "kernels/native/npb/ep.hpp"
#include "kernels/native/npb/is.hpp"

namespace scalerun::kernels {

void add_npb_kernels(KernelList& list) {
  list.insert(list.end(), {&npb::npb_ep_kernel, &npb::npb_is_kernel, &npb::npb_cg_kernel});
}

}  // namespace scalerun::kernels
