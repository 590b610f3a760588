import { describe, expect, it } from 'vitest';
import { RUNTIME_MAJOR, runtimeProblem } from './runtime.ts';

describe('runtimeProblem', () => {
  it('accepts the Node.js major the project pins, and says how to get it otherwise', () => {
    expect(runtimeProblem(`${RUNTIME_MAJOR}.21.0`)).toBeNull();
    expect(runtimeProblem(`${RUNTIME_MAJOR}.0.1`)).toBeNull();
    for (const version of ['20.20.2', '22.12.0', '26.1.0']) {
      const problem = runtimeProblem(version);
      expect(problem, version).toContain(`runs on Node.js ${RUNTIME_MAJOR}`);
      expect(problem, version).toContain(`found ${version}`);
      expect(problem, version).toContain('npm start');
    }
  });

  it('is the runtime these tests run on', () => {
    expect(runtimeProblem(process.versions.node)).toBeNull();
  });
});
