// Values the client build writes into the bundle (scripts/build-client.mjs, `define`).

/** package.json's version: the data client's "lite/" + version header (client/entry.tsx). */
declare const __VELLUM_VERSION__: string;
