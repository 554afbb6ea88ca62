// Bench only (tests/bench/memory.ts): loaded into the server with NODE_OPTIONS=--import. Keeps every
// WebAssembly.Memory the process creates (PGlite's engine makes one) and, on SIGUSR2, writes the
// process's memory figures as JSON to MEMORY_PROBE_FILE: process.memoryUsage() plus the WebAssembly
// memories' sizes (they only ever grow).
import { renameSync, writeFileSync } from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const memories = [];
  const Original = WebAssembly.Memory;
  WebAssembly.Memory = new Proxy(Original, {
    construct(target, args, newTarget) {
      const memory = Reflect.construct(target, args, newTarget);
      memories.push(memory);
      return memory;
    },
  });
  let seq = 0;
  process.on('SIGUSR2', () => {
    seq += 1;
    const usage = process.memoryUsage();
    const wasm = memories.reduce((n, m) => n + m.buffer.byteLength, 0);
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, JSON.stringify({ seq, ...usage, wasm }));
    renameSync(tmp, file);
  });
}
