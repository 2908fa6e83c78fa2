import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatRange, priceView } from '#web/components/format.ts';
import { absoluteUrl, safeHref } from '#web/components/safe-url.ts';
import { textBlocks } from '#web/components/text-blocks.tsx';
import { galleryItems } from '#web/pages/public/gallery-items.ts';
import { PrivacyPolicyPage } from '#web/pages/static/privacy-policy-page.tsx';
import { TermsPage } from '#web/pages/static/terms-page.tsx';
import { siteDataOf } from './site.ts';
import type { SiteSettingsRow } from '#db/schema/index.ts';

const settingsRow = (over: Partial<SiteSettingsRow> = {}): SiteSettingsRow => ({
  id: 'default',
  schoolName: 'Shizen Karate Dojo',
  tagline: 'Calm mind, strong body',
  logoKey: 'settings/logo.png',
  logoWidth: 120,
  logoHeight: 60,
  contactEmail: 'hello@shizen.example',
  contactPhone: '+1 416 555 0100',
  contactAddress: '12 Dojo Lane\nToronto',
  socialLinks: { facebook: 'https://facebook.com/shizen', instagram: 'javascript:alert(1)', youtube: 'data:text/html,x' },
  currency: 'CAD',
  currencySymbol: '$',
  currencyLocale: 'en-CA',
  privacyPolicy: '',
  termsAndConditions: '',
  maxUnpaidOrders: 3,
  taxName: '',
  defaultTaxRateBp: 0,
  shippingCapCents: null,
  freeShippingOverCents: null,
  timeZone: 'America/Toronto',
  bookingCancelCutoffMinutes: 120,
  requiredWaiverId: null,
  ageOfMajority: 18,
  dunningRetryDays: [1, 3, 7],
  dunningGraceDays: 7,
  createdAt: new Date('2027-01-01T00:00:00Z'),
  updatedAt: new Date('2027-02-03T00:00:00Z'),
  ...over,
});

describe('safeHref', () => {
  it('keeps http(s) and our own file URLs, refuses everything else', () => {
    expect(safeHref('https://example.com/a b')).toBe('https://example.com/a%20b');
    expect(safeHref(' http://example.com ')).toBe('http://example.com/');
    expect(safeHref('/api/files/assets/x.png')).toBe('/api/files/assets/x.png');
    expect(safeHref('/images/gallery-1.svg')).toBe('/images/gallery-1.svg');
    for (const bad of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
      '/a b',
      'vbscript:x',
      'https//x',
      '',
      null,
      undefined,
    ]) {
      expect({ bad, out: safeHref(bad) }).toEqual({ bad, out: null });
    }
    expect(absoluteUrl('/api/files/courses/a.png', 'https://dojo.example')).toBe('https://dojo.example/api/files/courses/a.png');
    expect(absoluteUrl('javascript:x', 'https://dojo.example')).toBeUndefined();
  });
});

describe('priceView (spec 9: discountPrice, else price, else 0, as $ with 2 decimals)', () => {
  it('uses the discount when there is one and strikes the old price', () => {
    expect(priceView(120, 99.5)).toEqual({ current: '$99.50', was: '$120.00', free: false });
    expect(priceView(120, null)).toEqual({ current: '$120.00', was: null, free: false });
    expect(priceView(120, 0)).toEqual({ current: '$120.00', was: null, free: false });
    expect(priceView(null, null)).toEqual({ current: '$0.00', was: null, free: true });
    expect(priceView(1234.5, null).current).toBe('$1,234.50');
  });
});

describe('textBlocks', () => {
  it('makes headings, lists and paragraphs out of plain text, keeping markup as text', () => {
    expect(textBlocks('# Privacy\nWe keep your data safe.\n\n- one\n- two\nAfter <b>x</b>\n\n\n')).toEqual([
      { kind: 'heading', text: 'Privacy' },
      { kind: 'paragraph', lines: ['We keep your data safe.'] },
      { kind: 'list', items: ['one', 'two'] },
      { kind: 'paragraph', lines: ['After <b>x</b>'] },
    ]);
  });
});

describe('formatRange', () => {
  it('shows times in the school time zone, one date for a same-day range', () => {
    expect(formatRange('2027-03-14T17:00:00.000Z', '2027-03-14T23:00:00.000Z', 'America/Vancouver')).toMatch(
      /^Sun, March 14, 2027, 10:00 a\.m\. – 4:00 p\.m\.$/,
    );
    expect(formatRange('2027-07-01T17:00:00.000Z', '2027-07-03T23:00:00.000Z', 'America/Vancouver')).toBe(
      'Thu, July 1, 2027 – Sat, July 3, 2027',
    );
    expect(formatRange('2027-07-02T05:00:00.000Z', '2027-07-02T06:00:00.000Z', 'America/Vancouver')).toMatch(
      /^Thu, July 1, 2027, 10:00 p\.m\. – 11:00 p\.m\.$/,
    );
  });
});

describe('siteDataOf', () => {
  it('maps the settings row for the header and footer, keeping only http(s) social links', () => {
    const { site, legal } = siteDataOf([settingsRow()]);
    expect(site).toEqual({
      schoolName: 'Shizen Karate Dojo',
      tagline: 'Calm mind, strong body',
      logo: { src: '/api/files/settings/logo.png', width: 120, height: 60 },
      contact: { email: 'hello@shizen.example', phone: '+1 416 555 0100', address: '12 Dojo Lane\nToronto' },
      socialLinks: [{ platform: 'facebook', href: 'https://facebook.com/shizen' }],
      timeZone: 'America/Toronto',
    });
    expect(legal).toEqual({ privacyPolicy: '', termsAndConditions: '', updatedAt: '2027-02-03T00:00:00.000Z' });
  });

  it('falls back to the defaults without a settings row', () => {
    const { site } = siteDataOf([]);
    expect(site.schoolName).toBe('Karate Dojo');
    expect(site.logo).toBeNull();
  });
});

describe('legal pages with the settings text', () => {
  it('render the saved text as paragraphs, never as HTML, with its date', () => {
    const { site } = siteDataOf([settingsRow()]);
    const html = renderToString(
      createElement(PrivacyPolicyPage, {
        site,
        custom: { text: '## Our promise\nWe never sell data.\n\n<img src=x onerror=alert(1)>', updatedAt: '2027-02-03T10:00:00.000Z' },
      }),
    );
    expect(html).toContain(
      '<h2>Our promise</h2><p><span>We never sell data.</span></p><p><span>&lt;img src=x onerror=alert(1)&gt;</span></p>',
    );
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('Last updated: <time dateTime="2027-02-03">February 3, 2027</time>');
    expect(html).not.toContain('Information we collect');
    expect(html).toContain('Shizen Karate Dojo');
  });

  it('use the built-in text when the settings text is blank', () => {
    const html = renderToString(createElement(TermsPage, { custom: { text: '   ', updatedAt: null } }));
    expect(html).toContain('Cancellations and refunds');
  });
});

describe('galleryItems', () => {
  it('drops assets whose URL is not http(s), and marks external videos', () => {
    const base = { title: 'T', description: '', altText: '', mimeType: null, width: null, height: null };
    const items = galleryItems([
      { ...base, _id: 'a', mediaType: 'image', source: 'external', url: 'javascript:alert(1)' },
      { ...base, _id: 'b', mediaType: 'image', source: 'upload', url: '/api/files/assets/b.png' },
      { ...base, _id: 'c', mediaType: 'video', source: 'external', url: 'https://youtu.be/x' },
      { ...base, _id: 'd', mediaType: 'video', source: 'external', url: 'https://cdn.example/clip.mp4' },
    ]);
    expect(items.map((i) => [i.id, i.kind, i.external, i.width, i.height])).toEqual([
      ['b', 'image', false, 800, 600],
      ['c', 'video', true, 800, 600],
      ['d', 'video', false, 800, 600],
    ]);
  });
});
