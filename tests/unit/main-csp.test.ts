import { describe, expect, it } from 'vitest';
import { rendererCsp } from '../../src/main/policy/csp';

function directives(csp: string): Map<string, string> {
  return new Map(
    csp.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values.join(' ')];
    }),
  );
}

describe('renderer CSP', () => {
  it('denies by default and allows only our own scripts, styles and the local API', () => {
    const csp = directives(rendererCsp());
    expect(csp.get('default-src')).toBe("'none'");
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('style-src')).toBe("'self'");
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'none'");
    expect(rendererCsp()).not.toMatch(/unsafe-(inline|eval)/);
  });

  it('opens inline code and the HMR socket only for the dev server', () => {
    const csp = directives(rendererCsp({ devServerUrl: 'http://localhost:5173/' }));
    expect(csp.get('script-src')).toBe("'self' 'unsafe-inline'");
    expect(csp.get('connect-src')).toBe("'self' ws://localhost:5173");
    expect(csp.get('script-src')).not.toContain('unsafe-eval');
  });
});
