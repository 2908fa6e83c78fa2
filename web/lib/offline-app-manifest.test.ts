import { describe, expect, it } from 'vitest';
import { appManifest } from './offline-app-manifest.ts';

describe('the web app manifest', () => {
  it("carries the school's name, a short name that fits under an icon, and the panel to open", () => {
    const m = appManifest('Northern Lights Karate Academy', 'student');
    expect(m).toMatchObject({
      name: 'Northern Lights Karate Academy',
      short_name: 'Northern',
      start_url: '/student',
      display: 'standalone',
    });
    expect(appManifest('Osu Dojo', 'control-panel')).toMatchObject({ short_name: 'Osu Dojo', start_url: '/control-panel' });
  });

  it('opens the home page for anything but a known panel, and never names itself empty', () => {
    expect(appManifest('  ', undefined)).toMatchObject({ name: 'Dojo', start_url: '/' });
    expect(appManifest('Dojo', '//evil.test').start_url).toBe('/');
    expect(appManifest('Dojo', 'constructor').start_url).toBe('/');
  });
});
