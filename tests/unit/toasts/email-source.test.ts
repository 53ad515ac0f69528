// The email source of a story link (shared/urls/email-source.ts) and the newsletter email that
// carries it (worker/newsletters/story-email.ts): the story page reads the recipient back to raise
// ALTERNATE_USER (docs/product/2-sign-in-notices-cache-routing.md §4.4).
import { describe, expect, it } from 'vitest';
import { emailRecipientOf, withEmailSource } from '../../../shared/urls/email-source.ts';
import { storyEmail } from '../../../worker/newsletters/story-email.ts';

describe('email source', () => {
  it('adds the recipient to an absolute or relative story link, keeping its other parameters', () => {
    expect(withEmailSource('https://vellum.test/@ada/a-story-ab12?x=1', 'u123')).toBe('https://vellum.test/@ada/a-story-ab12?x=1&source=email-u123-newsletter');
    expect(withEmailSource('/p/ab12', 'u123')).toBe('/p/ab12?source=email-u123-newsletter');
  });

  it('reads the recipient back, and nothing from other sources', () => {
    expect(emailRecipientOf('?source=email-u123-newsletter')).toBe('u123');
    expect(emailRecipientOf('?source=twitter')).toBeNull();
    expect(emailRecipientOf('')).toBeNull();
  });

  it('puts the recipient in every story link of a newsletter email', async () => {
    const mail = await storyEmail({
      productName: 'Vellum',
      writerName: 'Ada',
      to: 'reader@vellum.test',
      recipientId: 'rcpt42',
      emailSettingsUrl: 'https://vellum.test/me/email-settings/rcpt42/h',
      oneClickUnsubscribeUrl: 'https://vellum.test/_/newsletters/unsubscribe/rcpt42/w/h',
      post: { id: 'ab12', title: 'A story', subtitle: '', mediumUrl: 'https://vellum.test/p/ab12', isLockedPreviewOnly: false, paragraphs: [], html: '' } as never,
    });
    expect(mail.text).toContain('https://vellum.test/p/ab12?source=email-rcpt42-newsletter');
    expect(mail.html).toContain('https://vellum.test/p/ab12?source=email-rcpt42-newsletter');
    expect(mail.html).not.toMatch(/href="https:\/\/vellum\.test\/p\/ab12"/);
  });
});
