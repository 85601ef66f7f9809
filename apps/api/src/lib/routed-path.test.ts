import { describe, expect, it } from 'vitest';
import { routedPath } from './routed-path.ts';

describe('routedPath', () => {
  it('decodes the path’s ASCII escapes as the router does, and leaves a plain URL as it is', () => {
    expect(routedPath('/api/admin/profile?q=ab')).toBe('/api/admin/profile?q=ab');
    expect(routedPath('/api/admin/profile?q=a%20b')).toBe('/api/admin/profile');
    expect(routedPath('/%61pi/admin/profile')).toBe('/api/admin/profile');
    expect(routedPath('/api/%61dmin/logout?x=%41')).toBe('/api/admin/logout');
    expect(routedPath('/%2561pi/x')).toBe('/%61pi/x');
    expect(routedPath('/caf%C3%A9/%zz')).toBe('/caf%C3%A9/%zz');
    expect(routedPath('/a#%61')).toBe('/a');
  });
});
