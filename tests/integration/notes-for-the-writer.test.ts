// Notes for the writer over HTTP (docs/reader.md "Notes for the writer";
// docs/adr/0199-notes-for-the-writer.md): a reader leaves a private note for the story's writer,
// the writer sees it on their story and in their notifications and answers it, the reader is
// notified, and /p/notereplies/{replyId} opens the story at the note — for the note's author and
// the story's writer only: a stranger gets the 404 page, a visitor is sent to sign in.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../worker/session/session-store.ts';
import { AUTHORS, seedWorld } from './helpers/fixtures.ts';
import { send } from './helpers/edge-cache.ts';
import { call, page, sessionOf, type TestSession } from './helpers/story.ts';

const STORY = 'f00000000001'; // public, by AUTHORS[0]: paragraphs 0001 "Paragraph 1 of Bulk Story 1.", 0002
const HOSTILE = '<img src=x onerror="alert(1)"><script>alert(2)</script>';

const NOTES_FOR_WRITER = `query($postId: ID!) { post(id: $postId) { notesForWriter { id note quote forWriter author { id name } replies { id body } } } }`;
const ONE = `query($id: ID!) { highlight(id: $id) { id kind note forWriter replies { id body author { id } } } }`;
const REPLY = `mutation($noteId: ID!, $body: String!) { replyToNote(noteId: $noteId, body: $body) { id body author { id } note { id } } }`;
const NOTIFICATIONS = `{ viewer { notificationsConnection { notifications { notificationType actor { id } post { id } note { id } noteReply { id } } } } }`;

function leaveNote(session: TestSession, body: Record<string, unknown>) {
  return send(`/_/p/${STORY}/quotes/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': session.xsrf },
    body: JSON.stringify({ paragraphName: '0001', startOffset: 0, endOffset: 11, ...body }),
    session: session.token,
  });
}

let reader: TestSession;
let stranger: TestSession;
let writer: TestSession;
let noteId: string;
let privateNoteId: string;
let replyId: string;

beforeAll(async () => {
  await seedWorld(env.DB);
  [reader, stranger] = await Promise.all([sessionOf('reader'), sessionOf('member')]);
  const made = await createSession(env.DB, AUTHORS[0]);
  writer = { token: made.token, xsrf: made.xsrf };
}, 60_000);

describe('leaving a note for the writer', () => {
  it('keeps the note, tells the writer, and shows it on their story only to them', async () => {
    const answer = await leaveNote(reader, { note: 'Did you mean the second draft here?', forWriter: true });
    expect(answer.status).toBe(201);
    const body = JSON.parse(answer.text) as { id: string; forWriter: boolean };
    expect(body.forWriter).toBe(true);
    noteId = body.id;

    const seen = await call(NOTES_FOR_WRITER, { postId: STORY }, { session: writer });
    expect(seen.data.post.notesForWriter).toEqual([
      { id: noteId, note: 'Did you mean the second draft here?', quote: 'Paragraph 1', forWriter: true, author: { id: expect.any(String), name: 'Rae Reader' }, replies: [] },
    ]);
    const told = await call(NOTIFICATIONS, {}, { session: writer });
    expect(told.data.viewer.notificationsConnection.notifications[0]).toMatchObject({ notificationType: 'NOTE_FOR_WRITER', post: { id: STORY }, note: { id: noteId } });

    // Anyone else: no list, no note.
    expect((await call(NOTES_FOR_WRITER, { postId: STORY }, { session: stranger })).data.post.notesForWriter).toEqual([]);
    expect((await call(NOTES_FOR_WRITER, { postId: STORY }, { session: reader })).data.post.notesForWriter).toEqual([]);
    expect((await call(ONE, { id: noteId }, { session: stranger })).data.highlight).toBeNull();
    expect((await call(ONE, { id: noteId })).data.highlight).toBeNull();
    expect((await call(ONE, { id: noteId }, { session: writer })).data.highlight).toMatchObject({ id: noteId, forWriter: true });
  });

  it('keeps a note not left for the writer private to its author', async () => {
    const answer = await leaveNote(reader, { note: 'Just for me.' });
    privateNoteId = (JSON.parse(answer.text) as { id: string }).id;
    expect((await call(ONE, { id: privateNoteId }, { session: writer })).data.highlight).toBeNull();
    const refused = await call(REPLY, { noteId: privateNoteId, body: 'Hello' }, { session: writer });
    expect(refused.errors?.[0]?.message).toBe('This note does not exist.');
  });

  it('refuses a highlight for the writer and a note for oneself as the writer', async () => {
    expect((await leaveNote(reader, { forWriter: true })).status).toBe(400);
    expect((await leaveNote(reader, { note: 'x', forWriter: 'yes' })).status).toBe(400);
    const own = await leaveNote(writer, { note: 'My own story', forWriter: true });
    expect(own.status).toBe(400);
  });
});

describe('answering it', () => {
  it('the writer answers; the reply is kept as text and the reader is notified', async () => {
    const answer = await call(REPLY, { noteId, body: `  ${HOSTILE}  ` }, { session: writer });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.replyToNote).toMatchObject({ body: HOSTILE, author: { id: AUTHORS[0] }, note: { id: noteId } });
    replyId = answer.data.replyToNote.id;
    const told = await call(NOTIFICATIONS, {}, { session: reader });
    expect(told.data.viewer.notificationsConnection.notifications[0]).toMatchObject({ notificationType: 'NOTE_REPLY', actor: { id: AUTHORS[0] }, note: { id: noteId }, noteReply: { id: replyId } });
    // The reader answers back; the writer is told.
    const back = await call(REPLY, { noteId, body: 'Thanks!' }, { session: reader });
    expect(back.errors).toBeUndefined();
    const writerTold = await call(NOTIFICATIONS, {}, { session: writer });
    expect(writerTold.data.viewer.notificationsConnection.notifications[0]).toMatchObject({ notificationType: 'NOTE_REPLY', noteReply: { id: back.data.replyToNote.id } });
    const thread = await call(ONE, { id: noteId }, { session: reader });
    expect(thread.data.highlight.replies.map((r: { body: string }) => r.body)).toEqual([HOSTILE, 'Thanks!']);
  });

  it('refuses strangers, visitors, empty and too long replies', async () => {
    expect((await call(REPLY, { noteId, body: 'Me too' }, { session: stranger })).errors?.[0]?.message).toBe('This note does not exist.');
    expect((await call(REPLY, { noteId, body: 'Me too' })).errors?.length).toBeGreaterThan(0);
    expect((await call(REPLY, { noteId, body: '   ' }, { session: writer })).errors?.[0]?.message).toBe('A reply is 1 to 2000 characters.');
    expect((await call(REPLY, { noteId, body: 'x'.repeat(2001) }, { session: writer })).errors?.[0]?.message).toBe('A reply is 1 to 2000 characters.');
    const count = await env.DB.prepare('SELECT count(*) AS n FROM note_replies WHERE note_id = ?').bind(noteId).first<{ n: number }>();
    expect(count!.n).toBe(2);
  });
});

describe('/p/notereplies/{replyId}', () => {
  it("opens the story at the note for the note's author and the story's writer", async () => {
    for (const session of [reader, writer]) {
      const answer = await page(`/p/notereplies/${replyId}`, session);
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe(`/p/${STORY}/notes/${noteId}?reply=${replyId}`);
      expect(answer.headers.get('cache-control')).toContain('no-store');
      const story = await page(answer.headers.get('location')!, session);
      expect(story.status).toBe(200);
      // The story's text as a reader sees it (the world marks the paragraph's first word bold).
      expect(story.text.replace(/<[^>]+>/g, '')).toContain('Paragraph 1 of Bulk Story 1.');
    }
  });

  it('answers the 404 page to anyone else and to an unknown reply, and sends a visitor to sign in', async () => {
    for (const path of [`/p/notereplies/${replyId}`, '/p/notereplies/doesnotexist1']) {
      const answer = await page(path, stranger);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('x-page-name')).toBe('not-found');
      expect(answer.text).not.toContain('second draft');
    }
    const visitor = await page(`/p/notereplies/${replyId}`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toMatch(/\/m\/signin\?.*redirect=%2Fp%2Fnotereplies%2F/);
  });
});
