// Pass 2 of the rotation compiler: the call/run graph must be acyclic (otherwise selection could loop
// forever), and the return-stack depth the VM must reserve.
import { RotationError } from "./errors.js";
import type { Entry } from "./entry.js";

export interface CallGraph {
  /** Every list, callees before their callers (DFS post-order from main, then the unreached lists). */
  post: string[];
  /** The return-stack bound: calls push, runs clear (counted as 0 extra, an over-estimate). */
  callDepth: number;
}

export function checkCallGraph(compiled: Map<string, Entry[]>, listNames: readonly string[], main: string, file: string): CallGraph {
  // Iterative DFS (a long chain of lists must not overflow the JS stack); `post` receives lists children-first.
  const state = new Map<string, "active" | "done">();
  const post: string[] = [];
  const dfs = (root: string): void => {
    const stack: { list: string; next: number }[] = [{ list: root, next: 0 }];
    state.set(root, "active");
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const entries = compiled.get(top.list)!;
      if (top.next >= entries.length) {
        stack.pop();
        state.set(top.list, "done");
        post.push(top.list);
        continue;
      }
      const entry = top.next++;
      const en = entries[entry]!;
      if (en.kind !== "call" && en.kind !== "run") continue;
      const s = state.get(en.target);
      if (s === "active") {
        const path = stack.map((f) => f.list);
        const cycle = [...path.slice(path.indexOf(en.target)), en.target].join(" -> ");
        throw new RotationError("ROTATION_CALL_CYCLE", { file, list: top.list, entry, field: en.kind }, `action-list cycle: ${cycle}`);
      }
      if (s === undefined) {
        state.set(en.target, "active");
        stack.push({ list: en.target, next: 0 });
      }
    }
  };
  dfs(main);
  for (const list of listNames) if (!state.has(list)) dfs(list);

  const depthOf = new Map<string, number>();
  for (const list of post) {
    let d = 0;
    for (const en of compiled.get(list)!) {
      if (en.kind === "call") d = Math.max(d, 1 + depthOf.get(en.target)!);
      else if (en.kind === "run") d = Math.max(d, depthOf.get(en.target)!);
    }
    depthOf.set(list, d);
  }
  let callDepth = 0;
  for (const d of depthOf.values()) if (d > callDepth) callDepth = d;
  return { post, callDepth };
}
