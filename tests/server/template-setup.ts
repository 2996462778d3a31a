import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** folder of this run's seeded-database templates (tests/server/harness.ts startTestServer) */
    testTemplateDir: string;
  }
}

/**
 * Gives one run of the server, contract and security suites an empty folder for seeded
 * embedded-database templates: the first test server of a configuration seeds as a fresh
 * install does and leaves its data folder there, later ones of the same configuration start from
 * a copy. The folder lives for this run only (removed at the end), so a template never outlives
 * the code that made it.
 */
export default function setup(project: TestProject): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-templates-'));
  project.provide('testTemplateDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
