import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './safe-redirect';

describe('safeRedirectTarget', () => {
  it('follows same-site paths with their query', () => {
    expect(safeRedirectTarget('/profile?tab=1')).toBe('/profile?tab=1');
  });

  it('refuses other origins and the login page', () => {
    expect(safeRedirectTarget('https://evil.test/')).toBe('/');
    expect(safeRedirectTarget('//evil.test')).toBe('/');
    expect(safeRedirectTarget('/\\evil.test')).toBe('/');
    expect(safeRedirectTarget('/login?redirect_to=/x')).toBe('/');
    expect(safeRedirectTarget(null)).toBe('/');
  });
});
