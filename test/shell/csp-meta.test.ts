import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_CSP, HEADER_ONLY_DIRECTIVES, META_CSP, cspDirectives } from '../../main/shell/csp.js';

/** The meta tags of the app's pages say what the header says (less what a meta tag cannot carry). */

function metaPolicy(html: string): string {
  const tags = [...html.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/gi)];
  expect(tags, 'exactly one CSP meta tag').toHaveLength(1);
  return tags[0]?.[1] ?? '';
}

describe('CSP meta tags', () => {
  it.each(['renderer/index.html', 'renderer/print.html'])('%s says the same as the header policy', (file) => {
    const meta = cspDirectives(metaPolicy(readFileSync(file, 'utf8')));
    const header = cspDirectives(APP_CSP);
    for (const name of HEADER_ONLY_DIRECTIVES) header.delete(name);
    expect(meta).toEqual(header);
    expect(meta).toEqual(cspDirectives(META_CSP));
  });

  it('the policy: no socket to any other loopback port, no plugins, no <base>, no inline or eval script', () => {
    const policy = cspDirectives(APP_CSP);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(APP_CSP).not.toMatch(/ws:|wss:|127\.0\.0\.1|localhost|\*/);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(META_CSP).not.toContain('frame-ancestors');
  });
});
