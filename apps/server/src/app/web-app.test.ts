import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './web-app.ts';

describe('[SYSTEM] the web app’s index page', () => {
  it('allows its own inline scripts by their hashes, as browsers hash them, and only those', () => {
    const start = 'window.started=1;';
    const html = `<head><script>${start}</script><script type="module" crossorigin src="/assets/index-1.js"></script></head>`;
    const expected = createHash('sha256').update(start).digest('base64');
    expect(inlineScriptHashes(html)).toEqual([`'sha256-${expected}'`]);
    expect(
      inlineScriptHashes('<head><script type="module" src="/assets/index-1.js"></script></head>'),
    ).toEqual([]);
  });
});
