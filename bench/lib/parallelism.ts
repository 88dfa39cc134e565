// How much parallel CPU the machine offers right now: the time of 1 CPU-bound job in 1 worker vs 2 jobs in
// 2 workers. 2.0 = two free cores; ~1.0 = other processes hold the second core (then no worker count can
// scale, and worker-scaling figures only show the pool's overhead). Benchmarks record it next to their numbers.
export async function probeParallelism(): Promise<number> {
  const { Worker } = await import("node:worker_threads");
  const job = `const { parentPort } = require("node:worker_threads"); let x = 0; for (let i = 0; i < 1.5e8; i++) x = (x + i * 7) % 1000003; parentPort.postMessage(x);`;
  const run = (n: number) =>
    new Promise<number>((resolve) => {
      const t = performance.now();
      let done = 0;
      for (let i = 0; i < n; i++) {
        const w = new Worker(job, { eval: true });
        w.on("message", () => {
          void w.terminate();
          if (++done === n) resolve(performance.now() - t);
        });
      }
    });
  const one = await run(1);
  const two = await run(2);
  return +((2 * one) / two).toFixed(2);
}
