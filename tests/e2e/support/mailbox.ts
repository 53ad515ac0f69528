// The development mailbox (/_/dev/mailbox) as browser tests read it: the message with a subject
// sent to an address, if it has arrived.
export interface MailboxMessage {
  subject: string;
  text: string;
  headers: Record<string, string>;
}

export async function mailTo(baseURL: string, email: string, subject: string): Promise<MailboxMessage | undefined> {
  const answer = await fetch(`${baseURL}/_/dev/mailbox?to=${encodeURIComponent(email)}`, { headers: { accept: 'application/json' } });
  const { messages } = (await answer.json()) as { messages: MailboxMessage[] };
  return messages.find((m) => m.subject === subject);
}
