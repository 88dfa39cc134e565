import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    pool: "forks",
    // the default output, then a note when tests needing the full export were skipped (README "Tests")
    reporters: ["default", "./test/setup/export-reporter.ts"],
  },
});
