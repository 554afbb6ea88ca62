import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  type NewestVersion,
  shouldOfferApp,
  shouldShowCriticalAlert,
} from '../../machines/rules/version';

const critical = (version: string, isCritical = true): NewestVersion => ({
  version,
  isCritical,
  displayMessage: '',
  link: '/',
});

describe('version rules', () => {
  it('compares dotted versions numerically', () => {
    expect(compareVersions('1.10.0', '1.9.2')).toBe(1);
    expect(compareVersions('1.0', '1.0.0')).toBe(0);
    expect(compareVersions('1.0.0', '1.0.1')).toBe(-1);
    expect(compareVersions('2', '1.99.99')).toBe(1);
    expect(compareVersions('1.x.3', '1.0.3')).toBe(0);
  });

  it('opens the alert for a newer critical version until that version is dismissed', () => {
    expect(shouldShowCriticalAlert(critical('1.1.0'), '1.0.0', null)).toBe(true);
    expect(shouldShowCriticalAlert(critical('1.1.0'), '1.0.0', '1.1.0')).toBe(false);
    // Dismissing an older alert does not silence a newer one.
    expect(shouldShowCriticalAlert(critical('1.2.0'), '1.0.0', '1.1.0')).toBe(true);
    expect(shouldShowCriticalAlert(critical('1.1.0', false), '1.0.0', null)).toBe(false);
    expect(shouldShowCriticalAlert(critical('1.0.0'), '1.0.0', null)).toBe(false);
    expect(shouldShowCriticalAlert(critical('0.9.0'), '1.0.0', null)).toBe(false);
    expect(shouldShowCriticalAlert(null, '1.0.0', null)).toBe(false);
  });

  it('offers the app on Android web with an app URL only', () => {
    const url = 'https://example.org/app.apk';
    expect(shouldOfferApp({ android: true, mobileAppUrl: url }, 'web')).toBe(true);
    expect(shouldOfferApp({ android: true, mobileAppUrl: url }, 'native')).toBe(false);
    expect(shouldOfferApp({ android: false, mobileAppUrl: url }, 'web')).toBe(false);
    expect(shouldOfferApp({ android: true, mobileAppUrl: null }, 'web')).toBe(false);
    expect(shouldOfferApp({ android: true, mobileAppUrl: '' }, 'web')).toBe(false);
    expect(shouldOfferApp(null, 'web')).toBe(false);
  });
});
