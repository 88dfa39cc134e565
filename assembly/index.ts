// combatsim wasm module entry. Kernels are added in assembly/*.ts and re-exported here.
export const ENGINE_ABI_VERSION: i32 = 1;
export { allocF64, allocI32 } from "./mem";
