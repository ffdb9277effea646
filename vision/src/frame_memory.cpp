#include "vision/frame_memory.h"

#include <cstdlib> // defines __GLIBC__ where it applies

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace vision {

bool keepFrameMemory() {
#if defined(__GLIBC__)
    // Setting either turns off glibc's own sliding thresholds, which let a 2-6 MB buffer freed
    // at the heap's top go back to the system after each picture.
    return mallopt(M_MMAP_THRESHOLD, 256 << 20) == 1 && mallopt(M_TRIM_THRESHOLD, 1 << 30) == 1;
#else
    return false;
#endif
}

} // namespace vision
