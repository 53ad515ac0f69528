// The publish step names whom "Send to subscribers" reaches (client/pages/PublishPanel.tsx):
// the writer's newsletter, and the chosen publication's when an editor publishes there.
import { describe, expect, it } from 'vitest';
import { sendToWhom } from '../../../client/pages/PublishPanel.tsx';

const quill = (count: number | null) => ({ newsletterSubscriberCount: count, collection: { id: 'c1', name: 'The Quill', slug: 'the-quill' } });

describe('sendToWhom', () => {
  it("counts the writer's subscribers, one or many", () => {
    expect(sendToWhom(0, null)).toBe("email this story to your newsletter's 0 subscribers");
    expect(sendToWhom(1, null)).toBe("email this story to your newsletter's 1 subscriber");
    expect(sendToWhom(1234, null)).toBe("email this story to your newsletter's 1,234 subscribers");
  });

  it("adds a publication newsletter's subscribers, saying a reader of both gets it once", () => {
    expect(sendToWhom(3, quill(40))).toBe("email this story to your newsletter's 3 subscribers and The Quill's 40 subscribers (once to a reader of both)");
  });

  it('leaves out a publication without a newsletter', () => {
    expect(sendToWhom(3, quill(null))).toBe("email this story to your newsletter's 3 subscribers");
  });
});
