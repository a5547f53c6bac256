/**
 * A link an island renders that only navigates (no handler of the island's): a click on it before
 * the island is live goes to the browser at once, instead of waiting for the island's code to be
 * held and replayed (client/entry.ts). The /tv channel cards: the channel's page starts loading the
 * moment they are clicked, however far the list's hydration has got.
 */
export const NATIVE_LINK_ATTRIBUTE = 'data-native-link';
