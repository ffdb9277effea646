// How a program that reads picture after picture keeps its memory: each recognition allocates
// the same large buffers (the segment detector's gradient maps and pixel order, the picture's
// pyramid), and glibc's default hands freed memory back to the system and maps it again for
// the next picture, one page fault per 4 KiB (measured: a recognition's segment stage 28 ms
// warm, 50-65 ms after a picture was drawn; bench_vision --scenes 100: p95 224 -> 144 ms).
#pragma once

namespace vision {

// Keeps freed memory for reuse (allocations up to 256 MiB from the heap, the heap's top
// trimmed only beyond 1 GiB free). Process-wide: call once at the start of main, before
// threads start. False where the C library offers no such setting (then nothing changes).
bool keepFrameMemory();

} // namespace vision
