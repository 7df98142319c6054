// Loaded into a server by bench:memory (NODE_OPTIONS=--import <this file>), never by the app:
// writes the process's memory figures to $MEMORY_PROBE_FILE once a second, so the script can
// say where the resident size goes (V8's heap, buffers and WebAssembly memory outside it).
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const write = () => {
    const usage = process.memoryUsage();
    const heap = v8.getHeapStatistics();
    writeFileSync(file, JSON.stringify({ ...usage, heapLimit: heap.heap_size_limit, at: Date.now() }));
  };
  write();
  setInterval(write, 1000).unref();
}
