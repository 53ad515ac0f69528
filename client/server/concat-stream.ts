/** A byte stream of a prefix, a React stream and a suffix, flowing as React renders. */
export function concatHtmlStream(prefix: string, body: ReadableStream<Uint8Array>, suffix: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  void (async () => {
    const writer = writable.getWriter();
    try {
      await writer.write(encoder.encode(prefix));
      const reader = body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        await writer.write(value);
      }
      await writer.write(encoder.encode(suffix));
      await writer.close();
    } catch (error) {
      await writer.abort(error);
    }
  })();
  return readable;
}
