// The native-app context (docs/product/3-routes-data-calls-constants.md §3 client flags,
// "native-app medium"): a page shown inside the Vellum app's web view, whose user agent carries
// the app's product token `VellumApp/{version}` (the app sets it; docs/adr/0131-native-app-context.md).
// Known only in the browser, after hydration, so a page the edge cache shares stays the same.

const NATIVE_APP_TOKEN = /(?:^|\s)VellumApp\/\S+/;

export function isNativeApp(userAgent: string): boolean {
  return NATIVE_APP_TOKEN.test(userAgent);
}
