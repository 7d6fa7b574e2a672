import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';
import { takeFakeApiProblems } from './fake-api';

// A test that makes React (or our code) log an error fails, even if its assertions pass
// (epic-stack's rule): errors in the console are bugs nobody would otherwise see.
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  // A request or a fake answer that breaks the contract fails the test, even when the screen
  // recovered from it (the client turns a thrown fetch into "no internet connection").
  const mismatches = takeFakeApiProblems();
  if (mismatches.length > 0)
    throw new Error(`The fake API saw calls outside the contract:\n${mismatches.join('\n')}`);
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (calls.length > 0) {
    throw new Error(
      `console.error was called:\n${calls.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
